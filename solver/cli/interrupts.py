"""Ctrl-C held back while a block runs, then raised: so that what the block
does (write a CSV row, queue a chunk) is done whole or not at all."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def interrupts_held() -> Iterator[None]:
    """Hold back Ctrl-C while the block runs, then raise it: a CSV row is written
    whole or not at all. A SIGTERM that the command turned into Ctrl-C (by
    giving it ``signal.default_int_handler``) is held back the same way."""
    held = [
        signum
        for signum in (signal.SIGINT, signal.SIGTERM)
        if signal.getsignal(signum) is signal.default_int_handler
    ]
    if threading.current_thread() is not threading.main_thread() or not held:
        yield  # signals reach only the main thread; SIGINT may be ignored on purpose
        return
    caught: list[int] = []
    swapped: list[int] = []
    try:
        # Swapped inside the try: a signal between two swaps raises here, and
        # the finally still puts back the handlers already swapped.
        for signum in held:
            signal.signal(signum, lambda signum, frame: caught.append(signum))
            swapped.append(signum)
        yield
    finally:
        for signum in swapped:
            signal.signal(signum, signal.default_int_handler)
    if caught:
        raise KeyboardInterrupt
