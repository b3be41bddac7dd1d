"""Workers: results come back in input order however many processes do the
work, only a window of chunks is read ahead, and a worker's death is raised
rather than waited for; closing the results ends the workers."""

import multiprocessing
import os
import signal
import time
from itertools import count

import pytest

from solver.cli import WINDOW, WorkerDied
from solver.cli.workers import _Worker, in_order


def test_results_come_back_in_input_order_from_several_processes():
    chunks = [list(range(number)) for number in range(50)]
    assert list(in_order(sum, chunks, processes=3)) == [sum(chunk) for chunk in chunks]


@pytest.mark.parametrize("processes", [1, 2])
def test_only_a_window_of_chunks_is_read_ahead(processes):
    pulled = []

    def endless_chunks():
        for number in count(1):
            pulled.append(number)
            yield [number]

    results = in_order(sum, endless_chunks(), processes)
    assert next(results) == 1
    results.close()
    assert len(pulled) == (1 if processes == 1 else WINDOW * processes)
    assert multiprocessing.active_children() == []  # closing ended the workers


def test_a_worker_that_dies_is_reported_rather_than_waited_for():
    results = in_order(sum, ([number] for number in count(1)), processes=2)
    next(results)
    for worker in multiprocessing.active_children():
        worker.kill()
    with pytest.raises(WorkerDied, match=r"ended unexpectedly \(exit code -9\)"):
        for _ in results:
            pass
    assert multiprocessing.active_children() == []


def test_ctrl_c_while_a_chunk_is_queued_comes_once_the_queue_is_free(monkeypatch):
    """Ctrl-C while a chunk is being queued is raised once the chunk is in:
    raised just as the queue takes its lock, it could leave the lock taken,
    and ending the workers would then wait on it for ever."""
    worker = _Worker(sum)
    queued = []
    real_put = worker.inbox.put

    def put_as_ctrl_c_arrives(chunk):
        with worker.inbox._notempty:  # where Queue.put holds its lock
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)  # the signal's handler runs here, lock taken
        real_put(chunk)
        queued.append(chunk)

    monkeypatch.setattr(worker.inbox, "put", put_as_ctrl_c_arrives)
    try:
        with pytest.raises(KeyboardInterrupt):
            worker.give([1, 2])
        assert queued == [[1, 2]]
        assert worker.result() == 3
    finally:
        worker.end()  # would wait for ever on a lock left taken
    assert multiprocessing.active_children() == []
