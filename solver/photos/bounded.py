"""A read in a child process, under limits of CPU time, memory and wall time.

``header.screen`` refuses, from the header alone, what no phone or
screenshot writes; this is the backstop for the cost no header foretells (a
decoder's own, or a step's on a strange image). ``bounded(work, data)``
forks; the child lets nothing it inherited reach the outside (its stderr,
where libjpeg and libpng write their warnings, goes nowhere, as do its
warnings and logging: the parent's warnings registry is never touched, so
nothing is printed again per request), sets its limits, runs
``work(data)``, writes the outcome to a pipe and ends with ``os._exit``: no
atexit handler runs and none of the parent's database connections or files
is closed or flushed. The parent waits up to WALL_SECONDS, then kills it.

A fork copies nothing until it is written to; what it costs per read is in
bench/README.md (``python -m bench.photo_bounds``).
"""

from __future__ import annotations

import logging
import os
import pickle
import resource
import select
import signal
import sys
import traceback
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from time import monotonic
from typing import NoReturn, TypeVar

from .reading import PhotoError

CPU_SECONDS = 2  # RLIMIT_CPU: past it the kernel ends the child (SIGXCPU, then SIGKILL)
WALL_SECONDS = 2.5  # the longest the parent waits, however busy the machine
MEMORY_BYTES = 256 * 2**20  # RLIMIT_DATA, above what the child holds when it starts

Value = TypeVar("Value")


@dataclass(frozen=True)
class Usage:
    """What a child took: CPU seconds (user and system), and its most resident
    memory above its own at the start (what the fork shares and it never
    touches is not counted)."""

    seconds: float
    peak_bytes: int


def bounded(work: Callable[[bytes], Value], data: bytes) -> Value:
    """``work(data)`` run in a child under the limits. Raises what ``run`` raises."""
    return run(work, data)[0]


def run(work: Callable[[bytes], Value], data: bytes) -> tuple[Value, Usage]:
    """``work(data)``'s value, run in a child under the limits, and what it took.

    Raises the PhotoError ``work`` raised (its code and message), PhotoError
    "too_costly" when the child ran out of CPU, memory or time, and
    RuntimeError (with the child's traceback) for any other exception: a bug,
    never an answer to bad bytes."""
    reading, writing = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(reading)
        _child(work, data, writing)
    os.close(writing)
    try:
        message = _receive(reading, monotonic() + WALL_SECONDS)
    finally:
        os.close(reading)
        os.kill(child, signal.SIGKILL)  # a no-op on a child that has ended, not yet reaped
        _, _, rusage = os.wait4(child, 0)
    resident = int.from_bytes(message[:8], "little")  # the child's first word
    seconds = rusage.ru_utime + rusage.ru_stime
    return _outcome(message[8:]), Usage(seconds, max(0, rusage.ru_maxrss * 1024 - resident))


def _outcome(message: bytes):
    """The value a child's ``message`` holds, or the exception it tells of."""
    kind, *details = pickle.loads(message) if message else ("too_costly",)
    if kind == "value":
        return details[0]
    if kind == "refused":
        raise PhotoError(*details)
    if kind == "too_costly":
        raise PhotoError("too_costly", "Reading the image took more than its bounds.")
    raise RuntimeError(f"the photo reader failed in its child process:\n{details[0]}")


def _receive(pipe: int, deadline: float) -> bytes:
    """What the child writes to ``pipe`` until it closes it or ``deadline``
    passes: its resident size (8 bytes), then its outcome, which is missing
    when a limit ended it or time ran out."""
    chunks = []
    while (left := deadline - monotonic()) > 0 and select.select([pipe], [], [], left)[0]:
        chunk = os.read(pipe, 1 << 16)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
    return b"".join(chunks)[:8]  # cut short: no outcome


def _child(work: Callable[[bytes], Value], data: bytes, pipe: int) -> NoReturn:
    """Runs in the child: ``work(data)`` confined, its outcome pickled to ``pipe``."""
    status = 1
    try:
        os.write(pipe, _status("VmRSS").to_bytes(8, "little"))
        _confine()
        try:
            outcome = ("value", work(data))
        except PhotoError as error:
            outcome = ("refused", error.code, str(error))
        except MemoryError:  # an allocation past RLIMIT_DATA
            outcome = ("too_costly",)
        except Exception:
            outcome = ("failed", traceback.format_exc())
        with os.fdopen(pipe, "wb") as out:
            out.write(pickle.dumps(outcome))
        status = 0
    finally:
        os._exit(status)


def _confine() -> None:
    """The child's limits, and silence: the server's signal handlers (gunicorn's)
    are not its own, and what it would write goes nowhere."""
    for number in signal.valid_signals():
        if callable(signal.getsignal(number)):
            signal.signal(number, signal.SIG_DFL)
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)
    sys.stdout = sys.stderr = open(quiet, "w")  # noqa: SIM115 (the child's, to its end)
    warnings.simplefilter("ignore")
    logging.disable(logging.CRITICAL)
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # SIGXCPU would dump one
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS + 1))
    _, most = resource.getrlimit(resource.RLIMIT_DATA)
    data = _status("VmData") + MEMORY_BYTES
    data = data if most == resource.RLIM_INFINITY else min(data, most)
    resource.setrlimit(resource.RLIMIT_DATA, (data, data))


def _status(field: str) -> int:
    """This process's ``field`` of /proc/self/status (VmRSS, VmData), in bytes."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    raise LookupError(field)
