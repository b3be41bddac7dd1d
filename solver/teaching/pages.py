"""The teacher's part of the pages: a puzzle's link read at every size, its
lesson, kept for the next click (and its rating kept for every later
answer), and its level as a page shows it (the steps page, the answer
page's level)."""

from __future__ import annotations

from functools import lru_cache

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect

from ..addresses import answer_url
from ..choices import level_name
from ..core.reading import AnySizeTextForm
from ..engine import STANDARD, Grid, Status, count_cells, parse_puzzle
from ..engine.board import shape_for_cells
from ..engine.difficulty import Difficulty
from ..entry.pages import linked_grid
from . import lessons, ratings, sentences


def linked_board(request: HttpRequest) -> Grid | HttpResponse:
    """The grid of the link's ``?puzzle=``, of any size from 4x4 to 25x25;
    else where bad input goes, as for the answer: a board other than 9x9 to
    its answer's address, which names its problems (and draws it at its
    size), a 9x9 one to the entry page showing its problems, no puzzle at
    all to the empty entry page."""
    text = request.GET.get("puzzle", "").strip()
    form = AnySizeTextForm({"puzzle": text})
    if text and form.is_valid():
        return form.cleaned_data["grid"]
    if text and _other_size(text, form):
        return HttpResponseRedirect(answer_url(text))
    return linked_grid(request)


def _other_size(text: str, form: AnySizeTextForm) -> bool:
    """True if ``text`` (read by ``form``, or its cells counted when it could
    not be read) writes a board other than 9x9; a text too long is none."""
    if form.has_error("puzzle", "max_length"):
        return False
    shown = form.grid_shown
    board = shape_for_cells(len(shown) if shown is not None else count_cells(text))
    return board is not None and board.size != STANDARD.size


@lru_cache(maxsize=32)
def lesson_of(line: str, language: str | None) -> lessons.Lesson:
    """The lesson (every step) for the puzzle ``line``, in ``language``.

    Kept for the last few puzzles: each step of the steps page is its own
    address, and walking through them would otherwise explain the puzzle
    again at each click; the answer page's level is the same lesson's.
    """
    board = lessons.read_board(line)
    if isinstance(board, list):  # the form read it, so the teacher should too
        raise ValueError(f"the teacher could not read a puzzle the form read: {board}")
    taught = lessons.lesson(board)
    if taught.status is Status.UNIQUE and taught.steps and taught.difficulty:
        # The whole walk is made: its rating is kept for every later answer
        # (a 9x9 puzzle's: no other board is rated).
        grid = parse_puzzle(line)
        if ratings.known(grid) is None:
            ratings.keep(grid, [view.step for view in taught.steps])
    return taught


def difficulty_shown(difficulty: Difficulty | None) -> dict | None:
    """The level's name and the hardest technique's name, or None without a rating."""
    if difficulty is None:
        return None
    return {
        "level": level_name(difficulty.level),
        "score": difficulty.score,
        "hardest": sentences.name(difficulty.hardest) if difficulty.hardest else "",
    }
