"""The stock: puzzles of every board but the library's 9x9, made ahead of
time and handed out at once; the boards above 16x16 are never made inside a
request.

A 25x25 puzzle takes the generator a minute or more (each of some 300
uniqueness checks is a search over 625 cells, about 1.4 ms a guess), and an
18x18 about the whole of ``SUDOKU_GENERATE_SECONDS``, so boards of more than
``MADE_AHEAD_CELLS`` cells come from the stock only. Smaller boards are
handed out from it too, when it holds some, so a new game of any size starts
at once; while it holds none of them, one is made for the request. The stock
is filled by ``manage.py generate --stock`` (``make run``, ``make library``,
a cron line) or, under the celery runner, by the queue's
``tasks.top_up_stock``, up to ``SUDOKU_STOCK_PER_SIZE`` puzzles of each
size; a new site starts with the puzzles shipped in ``SHIPPED`` (``load``,
at every migrate), so that it hands out every size at once before its
first top-up has made any.

Words used here, beside ``store``'s:

- stocked board: one of ``STOCKED``, every board but the standard one.
- made ahead: a board of more than ``MADE_AHEAD_CELLS`` cells
  (``made_ahead(board)``), asked of the board's cells, not of its side.
- a seed's pick: ``?seed=`` picks the first stocked id at or after a hash of
  the size and the seed, wrapping round; the same seed gives the same puzzle
  while the stock holds the same puzzles. The stock's givens are
  rotational; a symmetry asked for is not looked for among them.
"""

from __future__ import annotations

from pathlib import Path
from random import Random

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction

from ..core import queue
from ..core.boards import BOARDS
from ..engine import STANDARD, Budget, Grid, Shape, Status, format_grid, parse_puzzle, solve
from ..engine import generate as generator
from ..engine.symmetry import canonical
from .models import Stocked
from .store import puzzle_id

# 16x16: the largest board a request may make (in about a second); an 18x18
# takes the whole of SUDOKU_GENERATE_SECONDS.
MADE_AHEAD_CELLS = 256
STOCKED = tuple(board for board in BOARDS if board is not STANDARD)
SHIPPED = Path(__file__).with_name("shipped_stock.txt")  # "<side> <givens>" a line
SYMMETRY = generator.SYMMETRIES[0]  # rotational: the stock's givens
# The proof a stocked puzzle must pass, in guesses (not seconds, so the same
# on every machine): about 0.15 s on 25x25, well inside the game's own solve
# (SUDOKU_SOLVE_SECONDS), which must say the puzzle is solved.
PROOF = Budget(max_guesses=100, max_seconds=30.0)
TOP_UP_TASK = "solver.library.tasks.top_up_stock"
QUEUED_SECONDS = 300  # a top-up asked for is not asked again for so long
QUEUED_KEY = "stock:queued"
RETRY_SECONDS = 120  # Retry-After while a size is being prepared


def made_ahead(board: Shape) -> bool:
    """True if puzzles of ``board`` come from stock only, never made in a request."""
    return board.cells > MADE_AHEAD_CELLS


def ready() -> list[Shape]:
    """The stocked boards a new puzzle of which is handed out at once: those
    made in a request when need be, and the others the stock holds (one query)."""
    held = set(Stocked.objects.values_list("size", flat=True).distinct())
    return [board for board in STOCKED if not made_ahead(board) or board.size in held]


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
    """Store ``puzzle`` of ``board`` in the stock; False if it is there
    already, in this writing or another (its canonical writing is held)."""
    givens = format_grid(puzzle)
    pattern = generator.symmetry_of(puzzle, board)
    written = format_grid(canonical(puzzle, board))
    try:
        with transaction.atomic():
            Stocked.objects.create(
                id=puzzle_id(givens),
                size=board.size,
                givens=givens,
                canonical=written,
                symmetry=pattern,
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


def load() -> int:
    """Store the shipped puzzles (``SHIPPED``) of each board the stock holds
    none of; how many were stored. Run at every migrate, so a new site's
    first /new?size=N is answered from them."""
    shipped: dict[int, list[str]] = {}
    for line in SHIPPED.read_text(encoding="ascii").splitlines():
        side, givens = line.split()
        shipped.setdefault(int(side), []).append(givens)
    stored = 0
    for board in STOCKED:
        if shipped.get(board.size) and not count(board):
            stored += sum(add(board, parse_puzzle(givens, board)) for givens in shipped[board.size])
    return stored


def ship(boards: list[Shape], per_size: int) -> str:
    """The text of ``SHIPPED``: ``per_size`` puzzles of each of ``boards``,
    made by ``make`` from the seeds 1, 2, ... (the same text on every run)."""
    lines = []
    for board in boards:
        for seed in range(1, per_size + 1):
            made = make(board, seed, max_seconds=None)  # None only when out of time
            lines.append(f"{board.size} {format_grid(made)}")
    return "\n".join(lines) + "\n"
