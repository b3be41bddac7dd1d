"""The teacher's operations: ``/api/steps``, ``/api/hint`` and
``/api/candidates`` read a person's board and word its steps through
``lessons``, as the pages do; ``/api/rating`` gives a puzzle's rating,
worked out once and kept (``ratings``). Steps and hints take every size
from 4x4 to 25x25 and state the board's ``size`` and ``box``, as
``/api/solve`` does; the candidates and the rating are 9x9's."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja import Router
from ninja.decorators import decorate_view

from ..api.errors import failure, require_json
from ..api.schemas import PUZZLE_QUERY, Failure
from ..core.issues import Issue
from ..core.reading import PuzzleTextForm
from ..engine import Budget, Shape, Status, solve
from ..engine.rules import classic
from . import drawing, lessons, ratings
from .schemas import BoardIn, Pencilled, Rated, StepsIn, Taught

router = Router(tags=["teacher"])

TAUGHT = {200: Taught, 400: Failure, 413: Failure, 415: Failure}
RATED = {200: Rated, 400: Failure, 503: Failure}
PENCILLED = {200: Pencilled, 400: Failure, 413: Failure, 415: Failure}
# The rules a reply states when the board could not be read with its own.
CLASSIC_IDS = tuple(classic().ids)


@router.post(
    "/steps",
    response=TAUGHT,
    operation_id="steps",
    summary="Explain a board step by step",
)
@decorate_view(require_json)
def steps_posted(request: HttpRequest, body: StepsIn):
    """The steps from the board given to the end (or to the time budget, after
    which the steps are trial steps; on a board larger than 9x9 the walk
    stops short of the end once the time for explaining is spent, and the
    last step leaves cells open); with ``"all": true``, every instance of
    the allowed techniques on this board, applying none: at most 500 (200
    on a board larger than 9x9), those found within the time for
    explaining, so the reply is bounded by that count (a 25x25 board's 200
    instances are about 220 KB)."""
    return _teach(body, next_only=False)


@router.post(
    "/hint",
    response=TAUGHT,
    operation_id="hint",
    summary="The next step from a board",
)
@decorate_view(require_json)
def hint_posted(request: HttpRequest, body: StepsIn):
    """As POST /api/steps, with the next step only (none when the board is
    solved or its digits have no solution); ``all`` is not used."""
    return _teach(body, next_only=True)


@router.post(
    "/candidates",
    response=PENCILLED,
    operation_id="candidates",
    summary="The candidates and conflicts of a board",
)
@decorate_view(require_json)
def candidates_posted(request: HttpRequest, body: BoardIn):
    """Each cell's candidates as the digits placed allow them, and the digits
    that clash, on a board of any size, under the puzzle's rules (a link's, or
    the ``rules`` field's for givens that bring none): what a player's Fill
    candidates and conflict marks show, and the entry page's conflicts as one
    types. No solving, so it answers in well under a
    millisecond of engine time on a 9x9 board."""
    pencilled = lessons.pencil(body.puzzle, body.progress, body.rules)
    if not isinstance(pencilled, lessons.Pencilled):
        return failure(400, pencilled)
    board = pencilled.board
    return {
        "rules": pencilled.rules.ids if pencilled.rules else CLASSIC_IDS,
        "size": board.size,
        "box": [board.box_rows, board.box_cols],
        "candidates": list(pencilled.candidates),
        "conflicts": [issue.as_json() for issue in pencilled.conflicts],
    }


def _teach(body: StepsIn, next_only: bool):
    """The lesson on the body's board, or 400 naming what could not be read."""
    board = lessons.read_board(body.puzzle, body.progress, body.candidates, body.rules)
    if not isinstance(board, lessons.Board):
        return failure(400, board)
    unknown = lessons.unknown_techniques(body.techniques or ())
    if unknown:
        return failure(400, [_unknown_techniques(unknown)])
    if next_only:
        taught = lessons.hint(board, body.techniques)
    else:
        taught = lessons.lesson(board, body.techniques, all=body.all)
    shape = board.shape
    return {
        "status": taught.status.value,
        "difficulty": lessons.difficulty_json(taught.difficulty),
        "rules": board.rules.ids,
        "size": shape.size,
        "box": [shape.box_rows, shape.box_cols],
        "steps": [_step(view, shape if next_only else None) for view in taught.steps],
        "wrong": [list(board.shape.row_col(cell)) for cell in taught.wrong],
        "warning": lessons.wrong_message(taught.wrong) if taught.wrong else None,
    }


@router.get("/rating", response=RATED, operation_id="rating", summary="A puzzle's rating")
def rating(request: HttpRequest, puzzle: str = PUZZLE_QUERY):
    """The puzzle's level, score and hardest technique: worked out once by the
    teacher (within the site's time for explaining) and then kept, for this
    puzzle and every puzzle equivalent to it, so that /api/solve and the
    answer page give it at once from then on. Where the queue's workers rate
    puzzles (the celery runner), one not rated yet is queued for them and the
    reply is 503 ``not_ready``, with Retry-After: ask again then."""
    form = PuzzleTextForm({"puzzle": puzzle})
    if not form.is_valid():
        return failure(400, form.issues)
    givens = form.cleaned_data["grid"]
    result = solve(givens, budget=Budget(max_seconds=settings.SUDOKU_SOLVE_SECONDS))
    if result.status is not Status.UNIQUE or 0 not in givens:
        return {"status": result.status.value, "difficulty": None, "cut": False}
    kept = ratings.rated_or_queued(givens)
    if kept is None:
        return _being_rated()
    return {
        "status": result.status.value,
        "difficulty": lessons.difficulty_json(kept.difficulty),
        "cut": kept.cut,
    }


def _being_rated():
    """503 ``not_ready``, with Retry-After: the rating is being worked out."""
    message = _("The puzzle is being rated. Ask again in a moment.")
    response = failure(503, [Issue("not_ready", message)])
    response["Retry-After"] = str(ratings.RETRY_SECONDS)
    return response


def _unknown_techniques(names: list[str]) -> Issue:
    """The issue naming the ids of ``techniques`` that name none (the first few)."""
    named = ", ".join(f"“{name[:40]}”" for name in names[:5])
    message = _("No technique is called %(names)s; the ids are listed in /api/docs.")
    return Issue("unknown_technique", message % {"names": named})


def _step(view: lessons.StepView, drawn_on: Shape | None = None) -> dict:
    """A step as the API writes it; with ``drawn_on`` (a hint's board) its
    drawing too, the SVG the pages lay over their grid."""

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
        "drawing": _drawing(view, drawn_on) if drawn_on else None,
    }


def _drawing(view: lessons.StepView, shape: Shape) -> str:
    before = drawing.marks_before(view.before.digits, view.before.candidates, shape)
    return str(drawing.svg(drawing.draw(view.step, shape, before)))
