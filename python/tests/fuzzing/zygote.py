"""A process that has ``ferrule`` and numpy imported and forks a fresh fuzzing worker on request,
so replacing a crashed worker costs milliseconds instead of an interpreter start.

(``multiprocessing``'s fork server would re-import the parent's main module in every child.) The
parent holds one end of a socket pair; each request is one message on it:

- ``b"fork <memory limit> <log path>"``: fork a worker; the answer is its pid, with the worker's end of a new
  socket pair attached (SCM_RIGHTS) for the parent to talk to it through;
- ``b"wait <pid>"``: reap that worker (the parent kills it first if it is alive); the answer is
  its wait status.

It forks before any ferrule kernel has run, so no thread pool exists yet in the forked child.
"""

from __future__ import annotations

import os
import signal
import socket
import sys


def main(control_fd: int) -> None:
    """Serves requests on ``control_fd`` until the parent closes it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a terminal's Ctrl-C is for the parent
    import ferrule  # noqa: F401  (what the forked workers inherit ready-made)
    import numpy  # noqa: F401

    from . import worker

    control = socket.socket(fileno=control_fd)
    while True:
        try:
            request = control.recv(65536)
        except OSError:
            return
        if not request:
            return
        verb, _, arg = request.decode().partition(" ")
        if verb == "fork":
            ours, theirs = socket.socketpair()
            pid = os.fork()
            if pid == 0:
                control.close()
                ours.close()
                signal.signal(signal.SIGINT, signal.default_int_handler)
                code = 0
                limit, _, log_path = arg.partition(" ")
                try:
                    worker.main(theirs.detach(), log_path, int(limit))
                except BaseException:
                    code = 70
                finally:
                    os._exit(code)
            theirs.close()
            socket.send_fds(control, [str(pid).encode()], [ours.fileno()])
            ours.close()
        elif verb == "wait":
            _, status = os.waitpid(int(arg), 0)
            control.send(str(status).encode())


if __name__ == "__main__":
    main(int(sys.argv[1]))
