"""Workers: results come back in input order however many processes do the
job, only a window of chunks is read ahead, and a worker's death is raised
rather than waited for; closing the results ends the workers."""

import multiprocessing
from itertools import count

import pytest

from solver.batch import WINDOW, WorkerDied
from solver.batch.workers import in_order


def test_results_come_back_in_input_order_from_several_processes():
    chunks = [list(range(number)) for number in range(50)]
    assert list(in_order(sum, chunks, jobs=3)) == [sum(chunk) for chunk in chunks]


@pytest.mark.parametrize("jobs", [1, 2])
def test_only_a_window_of_chunks_is_read_ahead(jobs):
    pulled = []

    def endless_chunks():
        for number in count(1):
            pulled.append(number)
            yield [number]

    results = in_order(sum, endless_chunks(), jobs)
    assert next(results) == 1
    results.close()
    assert len(pulled) == (1 if jobs == 1 else WINDOW * jobs)
    assert multiprocessing.active_children() == []  # closing ended the workers


def test_a_worker_that_dies_is_reported_rather_than_waited_for():
    results = in_order(sum, ([number] for number in count(1)), jobs=2)
    next(results)
    for worker in multiprocessing.active_children():
        worker.kill()
    with pytest.raises(WorkerDied, match=r"ended unexpectedly \(exit code -9\)"):
        for _ in results:
            pass
    assert multiprocessing.active_children() == []
