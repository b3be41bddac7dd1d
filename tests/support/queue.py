"""The queue, for the tests of the celery runner: messages captured instead
of sent, batches whose lease has run out, and the rows a batch must end
with (the engine's own verdicts, solved here puzzle by puzzle).

- ``capture(monkeypatch)``: the celery runner on, and every message the site
  would send (``core.queue.send``) appended to the list it returns, as
  ``(task, args, id)``, for the test to deliver or drop.
- ``deliver(message, handed_back)``: a batch's slice message run as a worker
  runs it, as first delivered or handed back by the broker; ``follow(sent)``
  delivers the messages sent, and those they send, until none is left.
- ``lapse(batch, ago)``: the batch's lease run out and no row saved for
  ``ago``, as after a message lost long since.
- ``expected_rows(puzzles)``: (status, solution, solutions) of each puzzle,
  as the engine alone solves it, by guesses alone, with no clock.
- ``redis_url()``: the project's Redis (`make redis`), at the databases of
  this test process's own.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from datetime import timedelta

from django.utils import timezone

from solver.batches.models import Batch
from solver.batches.tasks import SLICE_TASK, solve_slice
from solver.core import queue
from solver.engine import format_grid, parse_puzzle, solve
from tests.support.budgets import BY_GUESSES

Sent = list[tuple[str, tuple, str | None]]
LONG_AGO = timedelta(hours=1)
REDIS_PORT = 6380  # the Makefile's, where `make redis` runs it


def capture(monkeypatch, settings) -> Sent:
    """Turn the celery runner on and keep the messages sent; the list they go to."""
    settings.SUDOKU_BATCH_RUNNER = queue.CELERY
    sent: Sent = []

    def keep(task: str, *args: str, task_id: str | None = None) -> bool:
        sent.append((task, args, task_id))
        return True

    monkeypatch.setattr(queue, "send", keep)
    return sent


def deliver(message: tuple[str, tuple, str], handed_back: bool = False) -> int:
    """Run ``message`` (task, args, id) as a worker would, as first delivered
    or ``handed_back`` by the broker; the rows it saved."""
    task, args, task_id = message
    assert task == SLICE_TASK
    solve_slice.push_request(id=task_id, delivery_info={"redelivered": handed_back})
    try:
        return solve_slice.run(*args)
    finally:
        solve_slice.pop_request()


def follow(sent: Sent) -> int:
    """Deliver the messages sent, and those they send, until none is left;
    how many were delivered."""
    delivered = 0
    while sent:
        deliver(sent.pop(0))
        delivered += 1
    return delivered


def lapse(batch: Batch, ago: timedelta = LONG_AGO) -> None:
    """The batch's lease run out ``ago``, and no row saved since."""
    then = timezone.now() - ago
    Batch.objects.filter(pk=batch.pk).update(lease_until=then, touched=then)


def expected_rows(puzzles: Iterable[str]) -> list[tuple[str, str, int | None]]:
    """What each puzzle's row must hold once solved: its status, solution and count."""
    rows = []
    for puzzle in puzzles:
        result = solve(parse_puzzle(puzzle), budget=BY_GUESSES)
        solution = format_grid(result.solution) if result.solution else ""
        rows.append((result.status.value, solution, result.solutions))
    return rows


def redis_url() -> str:
    """The project's Redis at this test process's queue database (the caches
    take the next): pytest-xdist's worker n has 2 + 2n (the first two are
    left to the developer's own site), up to 14."""
    worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw6").removeprefix("gw"))
    return f"redis://127.0.0.1:{REDIS_PORT}/{2 + 2 * (worker % 7)}"
