"""Short solves and dear ones: the share of the workers a long search may take.

nginx knows dear work by its address (the teacher, making puzzles, photos,
batches: deploy/nginx.conf caps them together); a solve it cannot know by its
address, since the same ``/answer`` is a few milliseconds on any 9x9 and up
to the whole ``SUDOKU_SOLVE_SECONDS`` on a big board that needs a long
search. So every solve starts short: within ``SHORT_WORK`` of work, priced on
the board (a guess on a 25x25 board costs 25 times what it costs on a 9x9),
which the hardest known 9x9 puzzles never reach. A search that needs more is
dear, and goes on only in one of ``deploy.limits.dear_workers()`` slots of
this machine; with every one taken it stops at once with ``Busy``, answered
503 and Retry-After, and the workers stay free for the short solves of
everyone else.

A slot is an exclusive ``flock`` on one of the files ``dear-<n>.lock`` in
``settings.SUDOKU_SLOTS_DIR``, taken without waiting and let go when the
request's work ends; the kernel lets it go too when a worker dies, so a
killed worker never keeps one.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from time import perf_counter

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from deploy import limits

from ..engine.board import Grid, Shape, shape_of_grid
from ..engine.rules import Rules
from ..engine.search import Budget
from ..engine.solve import Result, Status, solve

# A short solve's work: guesses times the board's cells times its size, what a
# guess costs (propagating it over every unit: about 40 us a guess on 9x9,
# 130 on 16x16, 1,000 on 25x25, measured 2 Dec 2026). The hardest known 9x9
# puzzles take at most 816 guesses (forum_hardest_1106.txt), Norvig's
# impossible one 1,280: within a third of this, which a 25x25 board spends
# in 192 guesses, about 0.2 s (the solve zone's price, deploy/render.py).
SHORT_WORK = 3_000_000
RETRY_SECONDS = 1  # a slot is held for one solve's time, half a second at most
BUSY_MESSAGE = _("The server is busy with other long searches: try this puzzle again in a moment.")


class Busy(Exception):
    """Every dear slot of this machine is taken: the work is refused, not queued."""


@contextmanager
def dear_slot() -> Iterator[None]:
    """Hold one of this machine's dear slots for the block; Busy at once if
    none is free."""
    directory = settings.SUDOKU_SLOTS_DIR
    directory.mkdir(parents=True, exist_ok=True)
    for number in range(limits.dear_workers()):
        handle = os.open(directory / f"dear-{number}.lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(handle)
            continue
        try:
            yield
        finally:
            os.close(handle)  # closing the file lets the lock go
        return
    raise Busy


def short_budget(board: Shape) -> Budget:
    """The most a short solve on ``board`` may do: ``SHORT_WORK`` in guesses
    on its cells and units, within the site's seconds."""
    guesses = max(1, SHORT_WORK // (board.cells * board.size))
    return Budget(max_guesses=guesses, max_seconds=settings.SUDOKU_SOLVE_SECONDS)


def solve_fairly(grid: Grid, board: Shape | None = None, rules: Rules | None = None) -> Result:
    """``solve`` under ``rules`` (classic Sudoku on ``board`` when None) within
    the site's budget (SUDOKU_SOLVE_SECONDS): short when it can be, else, as
    dear work, in a slot (``dear_slot``), with the seconds that are left.
    Raises Busy when the search needs a slot and none is free."""
    board = rules.geometry if rules is not None else board or shape_of_grid(grid)
    start = perf_counter()
    short = solve(grid, board, budget=short_budget(board), rules=rules)
    if short.status is not Status.GAVE_UP or short.elapsed >= settings.SUDOKU_SOLVE_SECONDS:
        return short
    with dear_slot():
        # The search is the same from its start: at most the short share done twice.
        left = settings.SUDOKU_SOLVE_SECONDS - (perf_counter() - start)
        return solve(grid, board, budget=Budget(max_seconds=max(left, 0.0)), rules=rules)


def busy_page(request: HttpRequest) -> HttpResponse:
    """503 for a page whose search found no dear slot free, with Retry-After."""
    response = render(request, "503.html", {"message": BUSY_MESSAGE}, status=503)
    response["Retry-After"] = str(RETRY_SECONDS)
    return response


class BusySlotsMiddleware:
    """A page ended by ``Busy`` gets ``busy_page`` (the API answers in JSON
    itself, solver.api.errors)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception):
        return busy_page(request) if isinstance(exception, Busy) else None
