"""The operations that solve and check a puzzle: ``/api/solve`` and
``/api/validate``, each by POST (JSON) or GET (the puzzle in the query).

The puzzle is read and checked by the same form as the answer page
(``VariantTextForm``), so the API gives the same codes and messages, and
takes every size the engine reads (4x4 to 25x25) and every rule set it
knows: the text may be an f-puzzles or SudokuPad link or carry a ``rules:``
line, or ``rules`` names the rule set in the site's short text. Each reply
states the board's ``size`` and ``box``, the ``rules`` read (one id per
kind), their short text, and an f-puzzles link carrying the puzzle. The
rating is classic 9x9 only: the levels are calibrated there.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from ninja import Router
from ninja.decorators import decorate_view

from ..api.errors import failure, require_json
from ..api.schemas import PUZZLE_QUERY, RULES_QUERY, Failure
from ..core.logs import log_solve
from ..core.reading import VariantTextForm
from ..core.slots import solve_fairly
from ..engine import STANDARD, Grid, Status, format_grid
from ..engine.links import fpuzzles_link
from ..teaching import ratings
from ..teaching.lessons import difficulty_json
from .schemas import PuzzleIn, Solved, Verdict

router = Router(tags=["puzzles"])

POSTED = {200: Solved, 400: Failure, 413: Failure, 415: Failure}
POSTED_VERDICT = {200: Verdict, 400: Failure, 413: Failure, 415: Failure}
LINKED = {200: Solved, 400: Failure}
LINKED_VERDICT = {200: Verdict, 400: Failure}


@router.post("/solve", response=POSTED, operation_id="solve", summary="Solve a puzzle")
@decorate_view(require_json)
def solve_posted(request: HttpRequest, body: PuzzleIn):
    """The verdict on the puzzle and a solution, when there is one."""
    return _answer(request, body.puzzle, body.rules, with_solution=True)


@router.get(
    "/solve",
    response=LINKED,
    operation_id="solveLink",
    summary="Solve a puzzle in a link",
)
def solve_linked(request: HttpRequest, puzzle: str = PUZZLE_QUERY, rules: str = RULES_QUERY):
    """As POST /api/solve, with the puzzle in the query (``?puzzle=...``)."""
    return _answer(request, puzzle, rules, with_solution=True)


@router.post(
    "/validate",
    response=POSTED_VERDICT,
    operation_id="validate",
    summary="Check a puzzle",
)
@decorate_view(require_json)
def validate_posted(request: HttpRequest, body: PuzzleIn):
    """The verdict on the puzzle (is it a proper puzzle, with one solution?)
    without the solution."""
    return _answer(request, body.puzzle, body.rules, with_solution=False)


@router.get(
    "/validate",
    response=LINKED_VERDICT,
    operation_id="validateLink",
    summary="Check a puzzle in a link",
)
def validate_linked(request: HttpRequest, puzzle: str = PUZZLE_QUERY, rules: str = RULES_QUERY):
    """As POST /api/validate, with the puzzle in the query."""
    return _answer(request, puzzle, rules, with_solution=False)


def _answer(request: HttpRequest, text: str, rules: str | None, with_solution: bool):
    """The verdict on ``text`` under its rules (with a solution if asked), or
    400 with its problems."""
    form = VariantTextForm({"puzzle": text, "rules": rules or ""})
    if not form.is_valid():
        return failure(400, form.issues)
    puzzle = form.cleaned_data["puzzle_read"]
    givens, read = puzzle.grid, puzzle.rules
    board = read.geometry
    result = solve_fairly(givens, rules=read)
    log_solve(request, "api", result)
    body = {
        "status": result.status.value,
        "solutions": result.solutions,
        "givens": format_grid(givens),
        "guesses": result.guesses,
        "elapsed_ms": round(result.elapsed * 1000, 3),
        "size": board.size,
        "box": [board.box_rows, board.box_cols],
        "rules": read.ids,
        "rules_text": read.key,
        "fpuzzles": fpuzzles_link(puzzle),
    }
    if with_solution:
        body["solution"] = format_grid(result.solution) if result.solution else None
        unique = result.status is Status.UNIQUE and read.is_classic
        body["difficulty"] = _difficulty(givens, result.guesses) if unique else None
    return body


def _difficulty(givens: Grid, guesses: int) -> dict | None:
    """The puzzle's rating when it is known or quick to find (``ratings.for_answer``),
    else None: ``GET /api/rating`` works it out, off the answer's path. None
    for a board other than 9x9: the levels are calibrated on 9x9 puzzles."""
    if not settings.SUDOKU_RATE_ANSWERS or 0 not in givens or len(givens) != STANDARD.cells:
        return None
    kept = ratings.for_answer(givens, guesses)
    return difficulty_json(kept.difficulty) if kept else None
