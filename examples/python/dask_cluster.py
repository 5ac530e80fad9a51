"""Dask on a local cluster of worker processes, with ferrule tensors as the array chunks.

A 4 GiB float32 array (262,144 rows x 4,096 columns, in 64 MiB blocks) is made blockwise on the
workers by ``ferrule.random.normal`` (each block from its own seed, so the same array every run),
reduced to per-column means and standard deviations, and normalised blockwise; the normalised
columns are reduced again and checked: their means are 0 and their standard deviations 1. Every
block is a ``ferrule.Tensor`` and every block operation runs in ferrule's kernels; the blocks move
between the two worker processes through pickle protocol 5 with their memory out of band. The
array is never held whole: each pass makes its blocks again on the workers, so memory stays at a
few blocks per worker. Dask's progress bar shows each pass.

Run: .venv/bin/python examples/python/dask_cluster.py [--gib G] [--workers N]
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import dask.array as da
import ferrule
import numpy as np
from distributed import Client, LocalCluster, progress

# (dask and distributed have type hints, but not on these entry points)
_LocalCluster: Any = LocalCluster
_Client: Any = Client
_progress: Any = progress
_map_blocks: Any = da.map_blocks

COLUMNS = 4096
BLOCK_ROWS = 4096  # 4096 x 4096 float32: 64 MiB a block


def make_block(block_id: Any = None, block_info: Any = None) -> ferrule.Tensor:
    """One block of the array: normal samples with a per-column scale and offset (so the
    normalisation has something to undo), seeded by the block's position."""
    rows = block_info[None]["chunk-shape"][0]
    row_block = block_id[0]
    z = ferrule.random.normal(0.0, 1.0, (rows, COLUMNS), seed=1000 + row_block, dtype="float32")
    columns = ferrule.arange(COLUMNS, dtype="float32")
    return z * (1.0 + columns / 1024.0) + columns / 64.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gib", type=float, default=4.0, help="size of the array in GiB (default 4)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    args = parser.parse_args()
    rows = max(BLOCK_ROWS, int(args.gib * 2**30 / 4 / COLUMNS) // BLOCK_ROWS * BLOCK_ROWS)
    nbytes = rows * COLUMNS * 4
    print(f"array: {rows:,} x {COLUMNS:,} float32 = {nbytes / 2**30:.2f} GiB in {rows // BLOCK_ROWS} blocks of 64 MiB")

    with (
        _LocalCluster(
            n_workers=args.workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            memory_limit="6GiB",
        ) as cluster,
        _Client(cluster) as client,
    ):
        print(f"cluster: {len(client.scheduler_info()['workers'])} worker processes on loopback")
        meta = ferrule.empty((0, 0), dtype="float32")
        x = _map_blocks(
            make_block, chunks=((BLOCK_ROWS,) * (rows // BLOCK_ROWS), (COLUMNS,)), dtype=np.float32, meta=meta
        )

        start = time.perf_counter()
        print("pass 1: per-column mean and standard deviation")
        mean, std = x.mean(axis=0), x.std(axis=0)
        stats = client.compute([mean, std])
        _progress(stats)
        print()
        mean_t, std_t = (f.result() for f in stats)
        assert type(mean_t) is ferrule.Tensor and mean_t.shape == (COLUMNS,)

        print("pass 2: normalise blockwise, then check the columns")
        normalised = (x - mean_t) / std_t
        checks = client.compute([normalised.mean(axis=0), normalised.std(axis=0), abs(normalised).max()])
        _progress(checks)
        print()
        col_mean, col_std, largest = (f.result() for f in checks)
        seconds = time.perf_counter() - start

    assert all(type(t) is ferrule.Tensor for t in (col_mean, col_std, largest))
    worst_mean = float(abs(col_mean).max())
    worst_std = float(abs(col_std - 1.0).max())
    expected_scale = 1.0 + np.arange(COLUMNS) / 1024.0
    scale_error = float(np.max(np.abs(np.asarray(std_t) / expected_scale - 1.0)))
    print(
        f"column means before: {float(mean_t[0]):.4f} .. {float(mean_t[-1]):.4f} (offsets 0 .. {(COLUMNS - 1) / 64:.2f})"
    )
    print(
        f"column std before:   {float(std_t[0]):.4f} .. {float(std_t[-1]):.4f} (scales 1 .. {expected_scale[-1]:.2f})"
    )
    print(
        f"after normalising:   |mean| <= {worst_mean:.2e}, |std - 1| <= {worst_std:.2e}, max |z| = {float(largest):.2f}"
    )
    print(f"two passes over {2 * nbytes / 2**30:.1f} GiB in {seconds:.1f} s")
    ok = worst_mean < 1e-3 and worst_std < 1e-3 and scale_error < 0.02 and 3.0 < float(largest) < 8.0
    print("ok" if ok else "FAILED: the normalised columns are off")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
