"""ferrule tensors as Dask array chunks, in one process and on a cluster of worker processes
(issue 21, item 6)."""

from __future__ import annotations

import pickle
import time
from collections.abc import Iterator

import ferrule
import numpy as np
import pytest

da = pytest.importorskip("dask.array")
dask = pytest.importorskip("dask")
distributed = pytest.importorskip("distributed")


@pytest.fixture
def sync_scheduler() -> Iterator[None]:
    with dask.config.set(scheduler="synchronous"):
        yield


def blocks_of(x: da.Array) -> list[object]:
    return [b.compute(scheduler="synchronous") for b in x.to_delayed().ravel()]


def test_from_array_computes_blocks_as_tensors(sync_scheduler: None) -> None:
    a = np.arange(24.0).reshape(4, 6)
    x = da.from_array(ferrule.asarray(a), chunks=(2, 3))
    assert type(x._meta) is ferrule.Tensor
    assert all(type(b) is ferrule.Tensor for b in blocks_of(x))
    result = x.compute()
    assert type(result) is ferrule.Tensor and result.tolist() == a.tolist()


def test_elementwise_reductions_map_blocks_and_matmul(sync_scheduler: None) -> None:
    a = np.arange(24.0).reshape(4, 6) / 10.0
    x = da.from_array(ferrule.asarray(a), chunks=(2, 3))
    cases = [
        (x + 1, a + 1),
        (2 * x - x, a),
        (np.sin(x), np.sin(a)),
        (x.sum(), a.sum()),
        (x.sum(axis=0), a.sum(axis=0)),
        (x.mean(axis=0), a.mean(axis=0)),
        (x.mean(axis=1), a.mean(axis=1)),
        (x.max(axis=1), a.max(axis=1)),
        (x.min(), a.min()),
        (x.std(axis=0), a.std(axis=0)),
        (x.map_blocks(ferrule.sin), np.sin(a)),
        (x @ x.T, a @ a.T),
        ((x - x.mean(axis=0)) / x.std(axis=0), (a - a.mean(axis=0)) / a.std(axis=0)),
    ]
    for lazy, expected in cases:
        got = lazy.compute()
        assert type(got) is ferrule.Tensor, lazy
        np.testing.assert_allclose(np.asarray(got), expected, rtol=1e-12)


def test_tensors_serialise_with_their_memory_out_of_band() -> None:
    """dask.distributed's serialisation hands the tensor's own memory over as a frame."""
    from distributed.protocol import deserialize, serialize

    t = ferrule.asarray(np.arange(4096, dtype=np.float32))
    header, frames = serialize(t)
    address = np.asarray(t).ctypes.data
    shared = [f for f in frames if memoryview(f).nbytes == t.nbytes]
    assert len(shared) == 1 and np.frombuffer(shared[0], dtype=np.float32).ctypes.data == address
    assert sum(memoryview(f).nbytes for f in frames) < t.nbytes + 1024  # no second copy of the data
    back = deserialize(header, frames)
    assert type(back) is ferrule.Tensor and back.tolist() == t.tolist()
    assert pickle.loads(pickle.dumps(ferrule.add)) is ferrule.add


@pytest.fixture(scope="module")
def client() -> Iterator[distributed.Client]:
    """A cluster of two worker processes on loopback, started once for the module.

    The scheduler's active memory manager is off: its default policy (ReduceReplicas, every 2 s)
    drops a copy a worker fetched once nothing waits on it there, so on a loaded machine the
    replica the tensor-moving test looks for could vanish before it looks.
    """
    with dask.config.set({"distributed.scheduler.active-memory-manager.start": False}):
        cluster = distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            memory_limit="2GiB",
        )
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def _make(n: int) -> ferrule.Tensor:
    return ferrule.arange(n, dtype="float32")


def _describe(t: ferrule.Tensor) -> tuple[str, str, float]:
    return type(t).__name__, str(t.dtype), float(ferrule.sum(t))


def test_cluster_submit_registered_functions(client: distributed.Client) -> None:
    x = ferrule.asarray([1.0, 2.0])
    y = ferrule.asarray([10.0, 20.0])
    result = client.submit(ferrule.add, x, y).result()
    assert type(result) is ferrule.Tensor and result.tolist() == [11.0, 22.0]


def test_cluster_moves_tensors_between_workers(client: distributed.Client) -> None:
    first, second = sorted(client.scheduler_info()["workers"])
    made = client.submit(_make, 1000, workers=[first], pure=False)
    seen = client.submit(_describe, made, workers=[second], allow_other_workers=False)
    assert seen.result() == ("Tensor", "float32", float(sum(range(1000))))
    # made on one, copied to the other. The second worker tells the scheduler about its replica
    # in a batched message that can land after seen's result: wait for it (bounded).
    deadline = time.monotonic() + 30
    while set(client.who_has(made)[made.key]) != {first, second} and time.monotonic() < deadline:
        time.sleep(0.05)
    assert set(client.who_has(made)[made.key]) == {first, second}


def test_cluster_dask_array_of_tensors(client: distributed.Client) -> None:
    a = np.arange(64.0 * 48).reshape(64, 48) / 100.0
    x = da.from_array(ferrule.asarray(a), chunks=(16, 16))
    normalised = (x - x.mean(axis=0)) / x.std(axis=0)
    got = normalised.sum(axis=1).compute()
    assert type(got) is ferrule.Tensor
    expected = ((a - a.mean(axis=0)) / a.std(axis=0)).sum(axis=1)
    np.testing.assert_allclose(np.asarray(got), expected, atol=1e-9)
    assert type(x.map_blocks(ferrule.sin).max().compute()) is ferrule.Tensor


def test_operators_between_tensors_and_dask_arrays(sync_scheduler: None) -> None:
    """Dask wraps tensors as chunks (ferrule registers its type when Dask is imported) and a
    tensor's operators defer to a Dask array (NEP 13), in both operand orders."""
    from dask.array.chunk_types import is_valid_chunk_type

    assert is_valid_chunk_type(ferrule.Tensor)
    a = np.arange(6.0).reshape(2, 3)
    x = da.from_array(ferrule.asarray(a), chunks=(1, 3))
    m = ferrule.asarray([1.0, 2.0, 3.0])
    for lazy, expected in ((x - m, a - 1 - np.arange(3.0)), (m - x, np.arange(3.0) + 1 - a), (m * x, a * [1, 2, 3])):
        assert isinstance(lazy, da.Array)
        got = lazy.compute()
        assert type(got) is ferrule.Tensor and got.tolist() == expected.tolist()
