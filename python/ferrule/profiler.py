"""ferrule.profiler: where the time of a Python, Go or mixed program goes.

The recorder lives in libferrule, below the ABI, so one profile holds what every language did:
each packed call (with the language that made it), each operator kernel, autograd backward
node, thread-pool work item, GIL release around long work (and the wait to take it back) and
user range, on the thread that ran it. While no profile records, each of those points costs one
relaxed atomic load; there is no separate build.

>>> import ferrule
>>> from ferrule import profiler
>>> x = ferrule.ones((64, 64))
>>> with profiler.profile(record_shapes=True) as prof:
...     with profiler.record("step"):
...         y = (x @ x + 1.0).sum()
>>> [e.name for e in prof.events() if e.category in ("range", "call")]
['step', 'ops.matmul', 'ops.add', 'ops.sum']
>>> print(prof.table(sort_by="total_time", row_limit=3))  # doctest: +SKIP
>>> prof.export_chrome_trace("trace.json")  # doctest: +SKIP

The trace is Chrome trace-event JSON: open it in Perfetto (https://ui.perfetto.dev) or
chrome://tracing. Go and C record into the same profile (``ferrule.Profile``,
``ferrule_profiler_start``); one profile records at a time per process.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Any, TypeVar

from . import _ferrule

__all__ = ["Event", "Profile", "Row", "profile", "record"]

_F = TypeVar("_F", bound=Callable[..., Any])


def _fn(name: str) -> Callable[..., Any]:
    return _ferrule.get_global_func(f"profiler.{name}")


_start = _fn("start")
_stop = _fn("stop")
_range_push = _fn("range_push")
_range_pop = _fn("range_pop")
_name_thread = _fn("name_thread")

#: The profile() block recording now in this process (None when none is).
_active: Profile | None = None
_active_lock = threading.Lock()


@dataclass(frozen=True)
class Event:
    """One recorded event. Times are nanoseconds from the start of the profile."""

    #: The function ("ops.add"), op ("add"), backward node, range or lock event name.
    name: str
    #: "call" (a packed call), "op" (a kernel), "backward", "pool" (a thread-pool work item),
    #: "gil" ("GIL released" / "GIL reacquire") or "range" (a user range).
    category: str
    #: The OS id of the thread it ran on (``threading.get_native_id()``).
    thread_id: int
    #: The name of that thread's track ("Python: MainThread", "ferrule pool worker 0", ...).
    thread: str
    start_ns: int
    duration_ns: int
    #: The language that made a call: "python", "go", "c" or "rust" (None for other events).
    frontend: str | None = None
    #: Each argument's shape (None for one that is not a tensor), with ``record_shapes``.
    shapes: tuple[tuple[int, ...] | None, ...] | None = None
    #: Each argument's dtype name (or type name), with ``record_shapes``.
    dtypes: tuple[str, ...] | None = None
    #: Bytes of tensor memory allocated on its thread inside it, with ``record_memory``.
    bytes_allocated: int | None = None
    #: The items ``(start, stop)`` of a parallel loop a pool event ran.
    items: tuple[int, int] | None = None
    #: The block ``(index, count)`` of a parallel loop a pool event ran.
    block: tuple[int, int] | None = None

    @property
    def end_ns(self) -> int:
        """When it ended."""
        return self.start_ns + self.duration_ns


@dataclass(frozen=True)
class Row:
    """The summary of every event with one name and category (a line of :meth:`Profile.table`)."""

    name: str
    category: str
    calls: int
    #: The durations added up.
    total_ns: int
    #: The durations less the time of the events directly inside them on the same thread.
    self_ns: int
    average_ns: int
    #: ``total_ns`` as a percentage of the profile's wall time.
    percent_of_wall: float


def _tuple(value: Any) -> Any:
    return None if value is None else tuple(value)


class Profile:
    """A profile: records inside its ``with`` block, then answers :meth:`events`, :meth:`table`,
    :meth:`key_averages` and :meth:`export_chrome_trace`. Made by :func:`profile`."""

    def __init__(self, record_shapes: bool = False, record_memory: bool = False) -> None:
        _check_flags("Profile()", record_shapes, record_memory)
        self.record_shapes = record_shapes
        self.record_memory = record_memory
        self._native: Any = None
        self._thread: int | None = None

    def __enter__(self) -> Profile:
        global _active
        with _active_lock:
            if self._native is not None or self._thread is not None:
                raise RuntimeError("profile(): this profile was already used; make a new one with profile()")
            running = _active
            if running is not None:
                where = "inside another profile() block" if running._thread == threading.get_ident() else "elsewhere"
                raise RuntimeError(
                    f"profile(): a profile is already recording ({where}); profile() blocks do not nest, and "
                    "one profile records at a time per process"
                )
            try:
                _start(self.record_shapes, self.record_memory)
            except RuntimeError as e:
                raise RuntimeError(f"profile(): {e} (started by Go or C code in this process?)") from e
            self._thread = threading.get_ident()
            _active = self
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        global _active
        with _active_lock:
            if _active is not self:
                return
            try:
                for t in threading.enumerate():
                    if t.native_id is not None:
                        _name_thread(t.native_id, f"Python: {t.name}")
            finally:
                _active = None
                self._native = _stop()

    def _profile(self, where: str) -> Any:
        if self._native is None:
            state = "is still recording" if _active is self else "has not recorded yet"
            raise RuntimeError(f"{where}: the profile {state}; use it after its with block")
        return self._native

    @property
    def wall_ns(self) -> int:
        """How long it recorded, in nanoseconds."""
        return int(self._profile("Profile.wall_ns")("wall_ns"))

    def events(self) -> list[Event]:
        """Every event, by start time (an enclosing event before the events inside it)."""
        out = []
        for e in self._profile("Profile.events()")("events"):
            e["shapes"] = None if e["shapes"] is None else tuple(_tuple(s) for s in e["shapes"])
            for key in ("dtypes", "items", "block"):
                e[key] = _tuple(e[key])
            out.append(Event(**e))
        return out

    def threads(self) -> dict[int, str]:
        """The name of each thread's track, by OS thread id, in track order."""
        return {t["thread_id"]: t["name"] for t in self._profile("Profile.threads()")("tracks")}

    def key_averages(self) -> list[Row]:
        """One :class:`Row` per event name and category, by name."""
        return [Row(**r) for r in self._profile("Profile.key_averages()")("rows")]

    def table(self, sort_by: str = "self_time", row_limit: int | None = 20) -> str:
        """A printable table of :meth:`key_averages`: name, category, calls, total, self and
        average time and the total's share of the wall time. ``sort_by`` is "self_time",
        "total_time", "calls", "average" or "name"; ``row_limit`` None prints every row."""
        native = self._profile("Profile.table()")
        if not isinstance(sort_by, str):
            raise TypeError(f"Profile.table(): sort_by must be a str, not {type(sort_by).__name__}")
        if row_limit is not None and (not isinstance(row_limit, int) or isinstance(row_limit, bool)):
            raise TypeError(f"Profile.table(): row_limit must be an int or None, not {type(row_limit).__name__}")
        try:
            return str(native("table", sort_by, row_limit))
        except (ValueError, TypeError, OverflowError) as e:
            raise type(e)(str(e).replace("profile.table()", "Profile.table()")) from None

    def chrome_trace(self) -> str:
        """The profile as Chrome trace-event JSON text (what :meth:`export_chrome_trace` writes)."""
        return str(self._profile("Profile.chrome_trace()")("chrome_trace"))

    def export_chrome_trace(self, path: str | os.PathLike[str]) -> None:
        """Writes the trace to ``path`` as Chrome trace-event JSON, for Perfetto
        (https://ui.perfetto.dev) or chrome://tracing: one track per thread, named by its
        language ("Python: MainThread", "Go thread ...") or as a pool worker."""
        text = self._profile("Profile.export_chrome_trace()")("chrome_trace")
        try:
            target = os.fspath(path)
        except TypeError:
            raise TypeError(
                f"Profile.export_chrome_trace(): path must be a str or os.PathLike, not {type(path).__name__}"
            ) from None
        try:
            with open(target, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError as e:
            raise type(e)(
                e.errno, f"Profile.export_chrome_trace(): cannot write the trace to {target!r}: {e.strerror}"
            ) from e

    def __repr__(self) -> str:
        if self._native is None:
            return f"<ferrule.profiler.Profile {'recording' if _active is self else 'not started'}>"
        n = len(self._native("events"))
        return f"<ferrule.profiler.Profile: {n} events, {self.wall_ns / 1e6:.3f} ms>"


def _check_flags(where: str, record_shapes: object, record_memory: object) -> None:
    for name, value in (("record_shapes", record_shapes), ("record_memory", record_memory)):
        if not isinstance(value, bool):
            raise TypeError(f"{where}: {name} must be a bool, not {type(value).__name__}")


def profile(record_shapes: bool = False, record_memory: bool = False) -> Profile:
    """A profile to record inside a ``with`` block::

        with ferrule.profiler.profile() as prof:
            run_the_workload()
        print(prof.table())

    ``record_shapes`` adds each op's argument shapes and dtypes to its events; ``record_memory``
    the bytes of tensor memory allocated inside each op and call. Entering it while another
    profile records (a nested block, another thread, Go or C) raises RuntimeError."""
    _check_flags("profile()", record_shapes, record_memory)
    return Profile(record_shapes, record_memory)


class record(contextlib.ContextDecorator):
    """A user range: ``with record("step"):`` or ``@record("load")`` on a function. Events inside
    it on the same thread are recorded inside it; while no profile records it costs one native
    call."""

    def __init__(self, name: str) -> None:
        if not isinstance(name, str):
            raise TypeError(f"record(): name must be a str, not {type(name).__name__}")
        if "\0" in name:
            raise ValueError("record(): name must not contain NUL characters")
        self.name = name
        self._tokens: list[int] = []

    def _recreate_cm(self) -> record:
        # each call of a decorated function gets its own range (calls may run on many threads)
        return record(self.name)

    def __enter__(self) -> record:
        self._tokens.append(_range_push(self.name))
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._tokens:
            _range_pop(self._tokens.pop())
