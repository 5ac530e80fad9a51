"""The API fuzzer's worker: a child process that runs one call at a time and reports how it ended.

It runs :mod:`fuzzing.prelude`, then loops: receive a call's source, run it in a fresh namespace,
use its result (a returned tensor's values are read), check the read-only buffers it was lent,
and send back ``(kind, exception type, message)``. A crash, an abort or a hang is what the parent
sees when no answer comes. Ctrl-C (SIGINT from the parent, after its time limit) must interrupt a
call: KeyboardInterrupt comes back as ``interrupted``.
"""

from __future__ import annotations

import faulthandler
import os
import pathlib
import resource
import signal
from multiprocessing.connection import Connection
from typing import Any

PRELUDE = pathlib.Path(__file__).with_name("prelude.py").read_text()


def _rows(shape: tuple[int, ...]) -> int:
    """How many lists ``tolist()`` makes for ``shape``: the product of the sizes before the
    first 0 (or of all of them)."""
    n = 1
    for d in shape:
        if d == 0:
            break
        n *= d
    return n


def _use(result: Any, tensor_type: type) -> None:
    """Reads a returned tensor's values (and those in a returned tuple or list): a result whose
    metadata points outside its memory fails here, not in some later user's code."""
    items = result if isinstance(result, (tuple, list)) else (result,)
    for item in items[:8]:
        # (an empty tensor has no values to read, but its list could still hold 2**63 empty rows)
        if isinstance(item, tensor_type) and item.size <= 10_000 and _rows(item.shape) <= 10_000:
            (item.astype("float32") if item.dtype == "bfloat16" else item).tolist()  # numpy has no bfloat16


def _run(src: str, base: dict[str, Any]) -> tuple[str, str, str]:
    base["READONLY"].clear()
    ns = dict(base)
    try:
        exec(compile(src, "<fuzzed call>", "exec"), ns)
        try:
            _use(ns.get("result"), base["ferrule"].Tensor)
        except Exception as e:
            return ("bad-result", _type_name(e), _message(e))
        outcome = ("ok", type(ns.get("result")).__name__, "")
    except KeyboardInterrupt:
        raise
    except SystemError as e:
        outcome = ("systemerror", _type_name(e), _message(e))
    except Exception as e:
        outcome = ("error", _type_name(e), _message(e))
    except BaseException as e:  # SystemExit, GeneratorExit: nothing a library call should raise
        outcome = ("baseexception", _type_name(e), _message(e))
    if base["readonly_written"]():
        outcome = ("readonly-written", *outcome[1:])
    ns.clear()  # releases the call's objects now, so a crash on release is this call's
    return outcome


def _type_name(e: BaseException) -> str:
    return f"{type(e).__module__}.{type(e).__qualname__}"


def _message(e: BaseException) -> str:
    try:
        text = str(e)
    except Exception as inner:  # an exception whose str fails is itself worth a look
        text = f"<str() of the exception failed: {inner!r}>"
    notes = getattr(e, "__notes__", None)
    if isinstance(notes, list):
        text += "".join(f"\n{note}" for note in notes)
    return text[:4000]


def main(fd: int, log_path: str, memory_limit: int) -> None:
    """The worker loop, talking through the socket ``fd``; stdout and stderr go to ``log_path``."""
    conn = Connection(fd)
    fd = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.close(fd)
    faulthandler.enable()  # a Python traceback in the log on SIGSEGV/SIGABRT
    signal.signal(signal.SIGINT, signal.default_int_handler)
    if memory_limit:
        resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))
    base: dict[str, Any] = {"__name__": "__fuzzed__"}
    exec(compile(PRELUDE, "prelude.py", "exec"), base)
    while True:
        try:
            src = conn.recv()
        except KeyboardInterrupt:  # a late SIGINT, after the call it was meant for had ended
            continue
        except EOFError:
            return
        try:
            reply = _run(src, base)
        except KeyboardInterrupt:
            reply = ("interrupted", "KeyboardInterrupt", "")
        while True:
            try:
                conn.send(reply)
                break
            except KeyboardInterrupt:
                continue
