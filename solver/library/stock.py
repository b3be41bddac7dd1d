"""The stock of big boards: puzzles of 20x20 and up, made in the background,
handed out from stock, never made inside a request.

A 25x25 puzzle takes the generator a minute or more (each of some 300
uniqueness checks is a search over 625 cells, about 1.4 ms a guess), so no
request could make one within ``SUDOKU_GENERATE_SECONDS``. Boards of at
least ``STOCKED_CELLS`` cells are therefore made ahead of time, by
``manage.py generate --stock`` (``make run``, ``make library``, a cron line)
or, under the celery runner, by the queue's ``tasks.top_up_stock``, up to
``SUDOKU_STOCK_PER_SIZE`` puzzles of each size.

Words used here, beside ``store``'s:

- stocked board: one of ``STOCKED`` (``stocked(board)``): asked of the
  board's cells, not of its side, so any board that large is one.
- a seed's pick: at a stocked size, ``?seed=`` picks the first stocked id
  at or after a hash of the size and the seed, wrapping round; the same seed
  gives the same puzzle while the stock holds the same puzzles. The stock's
  givens are rotational; a symmetry asked for is not looked for at these
  sizes (there would be none of the others to pick from).
"""

from __future__ import annotations

from random import Random

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction

from ..core import queue
from ..core.boards import BOARDS
from ..engine import Budget, Grid, Shape, Status, format_grid, solve
from ..engine import generate as generator
from .models import Stocked
from .store import puzzle_id

STOCKED_CELLS = 400  # 20x20: a board this large is never made inside a request
STOCKED = tuple(board for board in BOARDS if board.cells >= STOCKED_CELLS)
SYMMETRY = generator.SYMMETRIES[0]  # rotational: the stock's givens
# The proof a stocked puzzle must pass, in guesses (not seconds, so the same
# on every machine): about 0.15 s on 25x25, well inside the game's own solve
# (SUDOKU_SOLVE_SECONDS), which must say the puzzle is solved.
PROOF = Budget(max_guesses=100, max_seconds=30.0)
TOP_UP_TASK = "solver.library.tasks.top_up_stock"
QUEUED_SECONDS = 300  # a top-up asked for is not asked again for so long
QUEUED_KEY = "stock:queued"
RETRY_SECONDS = 120  # Retry-After while a size is being prepared


def stocked(board: Shape) -> bool:
    """True if puzzles of ``board`` come from stock only, never made in a request."""
    return board.cells >= STOCKED_CELLS


def picked(board: Shape, seed: int) -> str | None:
    """The stocked givens of ``board`` that ``seed`` picks (the same while the
    stock holds the same puzzles); None while it holds none of the size."""
    puzzles = Stocked.objects.filter(size=board.size).order_by("id")
    start = puzzle_id(f"{board.size}/{seed}")
    chosen = puzzles.filter(id__gte=start).first() or puzzles.first()
    return None if chosen is None else chosen.givens


def count(board: Shape) -> int:
    """How many puzzles of ``board`` the stock holds."""
    return Stocked.objects.filter(size=board.size).count()


def lacking() -> list[Shape]:
    """The stocked boards of which the stock holds fewer than ``SUDOKU_STOCK_PER_SIZE``."""
    return [board for board in STOCKED if count(board) < settings.SUDOKU_STOCK_PER_SIZE]


def make(board: Shape, seed: int, max_seconds: float | None) -> Grid | None:
    """A puzzle of ``board`` made from ``seed`` (rotational givens) that
    ``PROOF`` shows unique; None when ``max_seconds`` ran out first.

    Each removal while digging is kept only if ``PROOF``'s guesses prove the
    puzzle still unique (50,000 a check would be a minute each on 25x25),
    so the puzzle made is one the game proves at once. Should the proof
    still not fit (the search restarts differently on another writing), the
    puzzle gets givens back from its solution, a few at a time in an order
    the seed draws, until it does."""
    made = generator.generate(
        board, symmetry=SYMMETRY, seed=seed, max_seconds=max_seconds, max_guesses=PROOF.max_guesses
    )
    if made is None:
        return None
    puzzle = list(made.puzzle)
    open_cells = [cell for cell, digit in enumerate(puzzle) if not digit]
    Random(seed).shuffle(open_cells)
    step = max(1, board.size // 4)  # givens given back at a time
    while solve(tuple(puzzle), board, PROOF).status is not Status.UNIQUE:
        for cell in open_cells[:step]:
            puzzle[cell] = made.solution[cell]
        del open_cells[:step]
    return tuple(puzzle)


def add(board: Shape, puzzle: Grid) -> bool:
    """Store ``puzzle`` of ``board`` in the stock; False if it is there already."""
    givens = format_grid(puzzle)
    pattern = generator.symmetry_of(puzzle, board)
    try:
        with transaction.atomic():
            Stocked.objects.create(
                id=puzzle_id(givens), size=board.size, givens=givens, symmetry=pattern
            )
    except IntegrityError:
        return False
    return True


def ask_for_more(again: bool = False) -> None:
    """Under the celery runner, queue a top-up of the stock (at most once in
    ``QUEUED_SECONDS``, unless ``again``: the top-up asking for its next
    piece); without a queue, the commands fill it (``make run``, ``make
    library``, cron), and there is nothing to send."""
    if not queue.queued():
        return
    if again:
        cache.set(QUEUED_KEY, True, QUEUED_SECONDS)
    elif not cache.add(QUEUED_KEY, True, QUEUED_SECONDS):
        return
    queue.send(TOP_UP_TASK)
