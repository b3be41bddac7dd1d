"""Every address the site writes, built here and nowhere else.

The routes themselves are ``solver.urls``'s (and ``/api/``'s operations the
API's); pages and replies link to each other through these functions, so an
address changes in one place. A puzzle travels in its link as ``?puzzle=``
(its 81 symbols) and, beyond classic Sudoku, its rules as ``&rules=`` (the
rule set's short text, ``engine.rules.text``), which is what makes an
answer, a walk of steps or a game a permanent address that needs nothing
stored. Every function taking a ``puzzle`` takes a grid, its text, or an
``engine.puzzle.Puzzle`` (givens and rules).
"""

from __future__ import annotations

from uuid import UUID

from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext

from .engine import Grid, format_grid
from .engine.links import fpuzzles_link, fpuzzles_payload, sudokupad_link
from .engine.puzzle import Puzzle

API_PREFIX = "/api/"  # where the JSON API lives (``solver.api``)


def api_url(operation: str) -> str:
    """The address of the API's ``operation`` ("hint", "candidates"...)."""
    return API_PREFIX + operation


def photo_url() -> str:
    """Where the entry form posts a photo to read without JavaScript (``/photo``)."""
    return reverse("solver:photo")


def entry_url(size: int | None = None) -> str:
    """The entry page, empty; with ``size``, the board of that side (16 for 16x16)."""
    return _with_query("solver:index", {"size": size}, 1)


def edit_url(puzzle: Grid | str, writing: str = "") -> str:
    """The entry page, filled with ``puzzle``, shown in ``writing`` if one is
    named (``core.writings``)."""
    return _with_puzzle("solver:index", puzzle, {"writing": writing} if writing else {})


def answer_url(puzzle: Grid | str, writing: str = "") -> str:
    """The permanent address of the answer to ``puzzle``, shown in ``writing``
    if one is named (``core.writings``)."""
    return _with_puzzle("solver:answer", puzzle, {"writing": writing} if writing else {})


def play_url(puzzle: Grid | str) -> str:
    """The address of the game on ``puzzle``."""
    return _with_puzzle("solver:play", puzzle)


def steps_url(puzzle: Grid | str, number: int = 1) -> str:
    """The address of step ``number`` (from 1) of the steps that solve ``puzzle``."""
    return _with_puzzle("solver:steps", puzzle, {"step": number} if number != 1 else {})


def level_url(puzzle: Grid | str) -> str:
    """Where a page's script asks for ``puzzle``'s level, as a fragment of HTML."""
    return _with_puzzle("solver:level", puzzle)


def elsewhere_links(puzzle: Puzzle) -> list[tuple[str, str]]:
    """The puzzle opened on other sites, givens and rules: (address, words)
    for f-puzzles and SudokuPad, in the reader's language. The payload is
    packed once for both."""
    payload = fpuzzles_payload(puzzle)
    return [
        (fpuzzles_link(puzzle, payload), gettext("Open in f-puzzles")),
        (sudokupad_link(puzzle, payload), gettext("Open in SudokuPad")),
    ]


def puzzle_url(puzzle_id: str) -> str:
    """The address of the library's puzzle ``puzzle_id``."""
    return reverse("solver:puzzle", args=[puzzle_id])


def new_puzzle_url(level: str, symmetry: str = "", seed: int | None = None) -> str:
    """The address that hands out a puzzle of ``level`` (another one at each
    visit); with ``seed``, the one puzzle that the seed and ``symmetry`` make
    or pick, stored when the address is opened."""
    query = {"level": level}
    if seed is not None:
        query |= {"symmetry": symmetry, "seed": seed}
    return reverse("solver:new") + "?" + urlencode(query)


def library_url(level: str = "", page: int = 1) -> str:
    """The library's address showing ``level`` (every level if empty), page ``page``."""
    return _with_query("solver:library", {"level": level}, page)


def batch_url(batch_id: UUID) -> str:
    """A batch's page: its progress, then its results."""
    return reverse("solver:batch_detail", args=[batch_id])


def batch_rows_url(batch_id: UUID, status: str = "", page: int = 1) -> str:
    """A batch's page showing the rows of ``status`` (every row if empty), page ``page``."""
    return _with_query("solver:batch_detail", {"status": status}, page, args=[batch_id])


def batch_step_url(batch_id: UUID) -> str:
    """Where a batch's next slice is asked for."""
    return reverse("solver:batch_step", args=[batch_id])


def batch_progress_url(batch_id: UUID) -> str:
    """Where a batch's page reads how far the queue's workers have got."""
    return reverse("solver:batch_progress", args=[batch_id])


def batch_csv_url(batch_id: UUID) -> str:
    """A finished batch's results as CSV."""
    return reverse("solver:batch_csv", args=[batch_id])


def _with_puzzle(name: str, puzzle: Grid | str | Puzzle, more: dict | None = None) -> str:
    """The address of the page ``name`` for ``puzzle`` (``?puzzle=``, its
    ``rules=`` beyond classic Sudoku, then ``more``)."""
    query: dict = {}
    if isinstance(puzzle, Puzzle):
        query["puzzle"] = format_grid(puzzle.grid)
        if not puzzle.rules.is_classic:
            query["rules"] = puzzle.rules.key
    else:
        query["puzzle"] = puzzle if isinstance(puzzle, str) else format_grid(puzzle)
    return reverse(name) + "?" + urlencode(query | (more or {}))


def _with_query(name: str, filters: dict, page: int, args=None) -> str:
    """The address of the list ``name`` with its non-empty ``filters`` and, past
    the first, its ``page``; no query at all for the first page of everything."""
    query = {key: value for key, value in filters.items() if value}
    query |= {"page": page} if page > 1 else {}
    return reverse(name, args=args) + ("?" + urlencode(query) if query else "")
