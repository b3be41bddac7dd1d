"""Workers: the work done on each chunk in other processes, the results in order.

``in_order`` is ``map`` over chunks, in ``processes`` processes. It knows nothing
of puzzles: the work (``solving.solve_chunk`` with its settings bound) is
given to it. Three things shape it:

- a bounded window: at most ``WINDOW`` chunks per process are in flight, so
  the chunks are read only that far ahead, however long the input;
- worker death: each worker has its own inbox and outbox, so none can die
  holding a lock another needs; its death is raised as ``WorkerDied``
  rather than waited for, and any worker can be ended at any moment;
- Ctrl-C: the terminal sends it to every process; workers ignore it and the
  main process, which alone answers it, ends them.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import queue
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from multiprocessing.connection import Connection
from typing import Generic, TypeVar

from .interrupts import interrupts_held

WINDOW = 4  # chunks in flight per process: keeps each busy while bounding what is read ahead
PARENT_CHECK_SECONDS = 1.0  # how often an idle worker checks that the main process lives

Chunk = TypeVar("Chunk")
Result = TypeVar("Result")


class WorkerDied(RuntimeError):
    """A worker process ended before giving back the results it owed."""


def in_order(
    work: Callable[[Chunk], Result], chunks: Iterable[Chunk], processes: int = 1
) -> Iterator[Result]:
    """``work(chunk)`` for each chunk, in order: done here when ``processes`` is 1, else
    in ``processes`` processes (``work`` must then pickle: a module-level function or
    a ``functools.partial`` of one).

    At most ``WINDOW * processes`` chunks are in flight. Closing the iterator, or
    Ctrl-C, ends the processes at once. Raises WorkerDied if a process ends
    before giving back its result.
    """
    if processes == 1:
        return (work(chunk) for chunk in chunks)
    return _in_processes(work, chunks, processes)


def _in_processes(
    work: Callable[[Chunk], Result], chunks: Iterable[Chunk], processes: int
) -> Iterator[Result]:
    # Chunk n goes to worker n % processes, so each worker's results come back in
    # input order. Unlike Pool.imap, which reads all its input ahead, this
    # reads only a window ahead; unlike Pool.terminate, which can hang when a
    # worker dies holding a lock the pool shares, ending these workers is safe.
    workers = _start_workers(work, processes)
    try:
        pending: deque[_Worker[Chunk, Result]] = deque()
        for number, chunk in enumerate(chunks):
            worker = workers[number % processes]
            worker.give(chunk)
            pending.append(worker)
            if len(pending) >= WINDOW * processes:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        with interrupts_held():  # a second Ctrl-C must not leave some running
            for worker in workers:
                worker.end()


class _Worker(Generic[Chunk, Result]):
    """A process that does its work on the chunks it is given, in order.

    Its inbox and outbox are its own: no other process needs a lock it could
    die holding, so it can be ended at any moment.
    """

    def __init__(self, work: Callable[[Chunk], Result]):
        self.inbox: multiprocessing.Queue = multiprocessing.Queue()
        self.inbox.cancel_join_thread()  # chunks left unread need not be flushed at exit
        self.outbox, sender = multiprocessing.Pipe(duplex=False)
        self.process = multiprocessing.Process(
            target=_work, args=(work, self.inbox, sender), daemon=True
        )
        self.process.start()
        sender.close()  # the worker's copy is the only one, so its death reads as EOF

    def give(self, chunk: Chunk) -> None:
        """Queue a chunk; never waits (a thread feeds the inbox)."""
        # Ctrl-C is held back meanwhile: raised just as the queue's lock is
        # taken, it would leave the lock taken, and end() would wait on it for
        # ever (seen once: the command hung after Ctrl-C).
        with interrupts_held():
            self.inbox.put(chunk)

    def result(self) -> Result:
        """The result of the oldest chunk given and not yet returned, once done.

        Raises WorkerDied if the process ended first.
        """
        multiprocessing.connection.wait([self.outbox, self.process.sentinel])
        try:
            return self.outbox.recv()
        except EOFError:
            self.process.join()
            code = self.process.exitcode
            raise WorkerDied(f"A solving process ended unexpectedly (exit code {code}).") from None

    def end(self) -> None:
        """End the process at once, whatever it is doing."""
        with interrupts_held():  # a second Ctrl-C must not leave it half ended
            self.process.terminate()
            self.process.join()
            self.inbox.close()
            self.outbox.close()


STOPS = {signal.SIGINT, signal.SIGTERM}  # Ctrl-C, and what the command makes a Ctrl-C


def _start_workers(work: Callable[[Chunk], Result], processes: int) -> list[_Worker[Chunk, Result]]:
    """``processes`` workers, started with Ctrl-C and SIGTERM held back, so that
    none is born before it can ignore the one and die quietly of the other,
    and a fork is never cut short; one sent meanwhile reaches this process after."""
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
    try:
        return [_Worker(work) for _ in range(processes)]
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def _work(
    work: Callable[[Chunk], Result], inbox: multiprocessing.Queue, outbox: Connection
) -> None:
    """A worker's life: do the work on each chunk from the inbox, in order, until ended."""
    # The terminal sends Ctrl-C to every process of the command; only the
    # main one answers it (and ends the workers), so no worker prints a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # The main process ends a worker with SIGTERM, which must kill it quietly
    # even if the command made SIGTERM a Ctrl-C for itself.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPS)  # held back since the fork
    parent = multiprocessing.parent_process()
    while True:
        try:
            chunk = inbox.get(timeout=PARENT_CHECK_SECONDS)
        except queue.Empty:
            # A main process killed outright (SIGKILL) cannot end its
            # workers; each notices the loss itself instead of waiting forever.
            if parent is None or not parent.is_alive():
                return
            continue
        outbox.send(work(chunk))
