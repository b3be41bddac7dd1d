"""The API's operations: read a puzzle, ask the engine, answer in JSON.

The puzzle is read and checked by the same form as the pages
(``PuzzleTextForm``), so the API gives the same codes and messages. The
teacher's operations (``/steps``, ``/hint``) read a person's board and
word its steps through ``solver.teaching``, as the pages do.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe
from ninja import NinjaAPI, Query
from ninja.decorators import decorate_view
from ninja.openapi.docs import Swagger

from .. import teaching
from ..engine import Budget, Status, format_grid, solve
from ..engine.difficulty import Difficulty
from ..forms import PASTE_MAX_LENGTH, PuzzleTextForm
from ..issues import Issue
from ..logs import log_solve
from . import puzzles
from .errors import failure, install_handlers, require_json
from .schemas import (
    EXAMPLE,
    PUZZLE_HELP,
    BoardIn,
    Failure,
    Pencilled,
    PuzzleIn,
    Solved,
    StepsIn,
    Taught,
    Verdict,
)

DESCRIPTION = """
Solve and check 9x9 Sudoku puzzles.

Each verdict is exact: `unique`, `multiple` (two or more solutions), `none`
(proved to have none), or `gave_up` when the time budget ran out first. The
puzzle may be written in any format the site reads.

Every failure is JSON: `{"status": "invalid", "errors": [...]}` with status
400 when the input is at fault (each error has a stable `code`, a `message`
and the `cells` at fault as `[row, column]` pairs), or `{"status": "error",
...}` with 404, 405, 413 or 415 when the request itself is, 503 when a new
puzzle could not be made in time (and 500, logged, should the server fail).

The teacher (`/api/steps`, `/api/hint`) works on a person's board: the
givens, the digits placed so far and, if given, the candidates pencilled.
Rows and columns count from 1. Candidates that are merely wrong are
accepted; the reply names the cells where the board departs from the
solution (`wrong`), since steps built on them may be wrong too.

The library (`/api/generate`, `/api/puzzles/...`, `/api/daily`) hands out
new puzzles, each with exactly one solution and the level asked for, stored
under a stable id with a page of its own (`url`). Making one is bounded in
time: when the time runs out the reply is 503 with the code `out_of_time`.

POST bodies are JSON (`Content-Type: application/json`), at most 64 KB.
"""

api = NinjaAPI(
    title="Sudoku solver API",
    version="1",
    description=DESCRIPTION,
    urls_namespace="api",
    # No badge from validator.swagger.io: the docs page makes no request off this site.
    docs=Swagger(settings={"validatorUrl": None}),
    # The schema and the docs page are read-only: another method gets 405 (as
    # JSON), not the CSRF check's 403.
    docs_decorator=lambda view: csrf_exempt(require_safe(view)),
)
install_handlers(api)
# The library's operations (generate, puzzles, daily) live in their own module.
api.add_router("", puzzles.router)

POSTED = {200: Solved, 400: Failure, 413: Failure, 415: Failure}
POSTED_VERDICT = {200: Verdict, 400: Failure, 413: Failure, 415: Failure}
LINKED = {200: Solved, 400: Failure}
LINKED_VERDICT = {200: Verdict, 400: Failure}
TAUGHT = {200: Taught, 400: Failure, 413: Failure, 415: Failure}
PENCILLED = {200: Pencilled, 400: Failure, 413: Failure, 415: Failure}
TAGS = ["puzzles"]
TEACHER_TAGS = ["teacher"]
PUZZLE_QUERY = Query(..., max_length=PASTE_MAX_LENGTH, description=PUZZLE_HELP, examples=[EXAMPLE])


@api.post("/solve", response=POSTED, operation_id="solve", summary="Solve a puzzle", tags=TAGS)
@decorate_view(require_json)
def solve_posted(request: HttpRequest, body: PuzzleIn):
    """The verdict on the puzzle and a solution, when there is one."""
    return _answer(request, body.puzzle, with_solution=True)


@api.get(
    "/solve",
    response=LINKED,
    operation_id="solveLink",
    summary="Solve a puzzle in a link",
    tags=TAGS,
)
def solve_linked(request: HttpRequest, puzzle: str = PUZZLE_QUERY):
    """As POST /api/solve, with the puzzle in the query (``?puzzle=...``)."""
    return _answer(request, puzzle, with_solution=True)


@api.post(
    "/validate",
    response=POSTED_VERDICT,
    operation_id="validate",
    summary="Check a puzzle",
    tags=TAGS,
)
@decorate_view(require_json)
def validate_posted(request: HttpRequest, body: PuzzleIn):
    """The verdict on the puzzle (is it a proper puzzle, with one solution?)
    without the solution."""
    return _answer(request, body.puzzle, with_solution=False)


@api.get(
    "/validate",
    response=LINKED_VERDICT,
    operation_id="validateLink",
    summary="Check a puzzle in a link",
    tags=TAGS,
)
def validate_linked(request: HttpRequest, puzzle: str = PUZZLE_QUERY):
    """As POST /api/validate, with the puzzle in the query."""
    return _answer(request, puzzle, with_solution=False)


@api.post(
    "/steps",
    response=TAUGHT,
    operation_id="steps",
    summary="Explain a board step by step",
    tags=TEACHER_TAGS,
)
@decorate_view(require_json)
def steps_posted(request: HttpRequest, body: StepsIn):
    """The steps from the board given to the end (or to the time budget, after
    which the steps are trial steps); with ``"all": true``, every instance of
    the allowed techniques on this board, applying none."""
    return _teach(body, next_only=False)


@api.post(
    "/hint",
    response=TAUGHT,
    operation_id="hint",
    summary="The next step from a board",
    tags=TEACHER_TAGS,
)
@decorate_view(require_json)
def hint_posted(request: HttpRequest, body: StepsIn):
    """As POST /api/steps, with the next step only (none when the board is
    solved or its digits have no solution); ``all`` is not used."""
    return _teach(body, next_only=True)


@api.post(
    "/candidates",
    response=PENCILLED,
    operation_id="candidates",
    summary="The candidates and conflicts of a board",
    tags=TEACHER_TAGS,
)
@decorate_view(require_json)
def candidates_posted(request: HttpRequest, body: BoardIn):
    """Each cell's candidates as the digits placed allow them, and the digits
    that clash: what a player's Fill candidates and conflict marks show. No
    solving, so it answers in well under a millisecond of engine time."""
    pencilled = teaching.pencil(body.puzzle, body.progress)
    if not isinstance(pencilled, teaching.Pencilled):
        return failure(400, pencilled)
    conflicts = [issue.as_json() for issue in pencilled.conflicts]
    return {"candidates": list(pencilled.candidates), "conflicts": conflicts}


def _teach(body: StepsIn, next_only: bool):
    """The lesson on the body's board, or 400 naming what could not be read."""
    board = teaching.read_board(body.puzzle, body.progress, body.candidates)
    if not isinstance(board, teaching.Board):
        return failure(400, board)
    unknown = teaching.unknown_techniques(body.techniques or ())
    if unknown:
        return failure(400, [_unknown_techniques(unknown)])
    if next_only:
        taught = teaching.hint(board, body.techniques)
    else:
        taught = teaching.lesson(board, body.techniques, all=body.all)
    return {
        "status": taught.status.value,
        "difficulty": _difficulty(taught.difficulty),
        "steps": [_step(view) for view in taught.steps],
        "wrong": [list(board.shape.row_col(cell)) for cell in taught.wrong],
        "warning": teaching.wrong_message(taught.wrong) if taught.wrong else None,
    }


def _unknown_techniques(names: list[str]) -> Issue:
    """The issue naming the ids of ``techniques`` that name none (the first few)."""
    named = ", ".join(f"“{name[:40]}”" for name in names[:5])
    message = _("No technique is called %(names)s; the ids are listed in /api/docs.")
    return Issue("unknown_technique", message % {"names": named})


def _step(view: teaching.StepView) -> dict:
    def moves(triples):
        return [{"cell": [row, column], "digit": digit} for row, column, digit in triples]

    return {
        "number": view.number,
        "technique": view.technique,
        "message": view.message,
        "name": view.name,
        "text": view.text,
        "look": view.look,
        "placements": moves(view.placements),
        "eliminations": moves(view.eliminations),
        "pattern": view.pattern,
    }


def _difficulty(difficulty: Difficulty | None) -> dict | None:
    """A ``Difficulty`` as JSON, or None."""
    if difficulty is None:
        return None
    return {"level": difficulty.level, "score": difficulty.score, "hardest": difficulty.hardest}


def _answer(request: HttpRequest, text: str, with_solution: bool):
    """The verdict on ``text`` (with a solution if asked), or 400 with its problems."""
    form = PuzzleTextForm({"puzzle": text})
    if not form.is_valid():
        return failure(400, form.issues)
    givens = form.cleaned_data["grid"]
    result = solve(givens, budget=Budget(max_seconds=settings.SUDOKU_SOLVE_SECONDS))
    log_solve(request, "api", result)
    body = {
        "status": result.status.value,
        "solutions": result.solutions,
        "givens": format_grid(givens),
        "guesses": result.guesses,
        "elapsed_ms": round(result.elapsed * 1000, 3),
    }
    if with_solution:
        body["solution"] = format_grid(result.solution) if result.solution else None
        unique = result.status is Status.UNIQUE
        body["difficulty"] = _difficulty(teaching.rate_puzzle(givens)) if unique else None
    return body
