"""The library's operations: a puzzle for a seed, a stored one, the day's puzzle.

``picks`` generates and picks; these operations only read the request and
word the reply. Generating is bounded by ``SUDOKU_GENERATE_SECONDS``, like
every other operation's work: when it runs out, the reply is 503 with the
code ``out_of_time``, never a request that runs on. Expert and extreme are
never generated here: they come from the library, and while it holds none
of the level the reply is 503 ``not_ready``. A puzzle made for
``/api/generate`` is not stored: its ``url`` stores it when opened.
"""

from __future__ import annotations

from random import SystemRandom

from django.conf import settings
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from ninja import Path, Query, Router
from ninja.decorators import decorate_view

from ..addresses import new_puzzle_url, play_url, puzzle_url
from ..api.errors import failure, require_json
from ..api.schemas import LEVEL_HELP, Failure, LevelId
from ..choices import level_name
from ..core.boards import board_of_size
from ..core.issues import Issue
from ..engine import Shape, format_grid
from ..engine.levels import Level
from . import picks, stock, store
from .forms import NOT_A_SIZE
from .models import Puzzle
from .schemas import (
    OTHER_SIZES,
    SEED_MAX,
    DailyOut,
    GeneratedOut,
    GenerateIn,
    OtherSize,
    PuzzleOut,
    SizedOut,
)

router = Router(tags=["library"])

MADE = {200: GeneratedOut, 400: Failure, 413: Failure, 415: Failure, 503: Failure}
PICKED = {200: PuzzleOut, 400: Failure, 503: Failure}
LEVEL_QUERY = Query(Level.MEDIUM.value, description=LEVEL_HELP, examples=[Level.HARD.value])
PUZZLE_ID = Path(..., description="The puzzle's id, as the library gives it.")
SIZE_QUERY = Query(
    ...,
    description="The board's side (9x9 puzzles have levels: /api/puzzles/random, /api/generate).",
    examples=[16],
)
SIZED_SEED = Query(
    None,
    ge=0,
    le=SEED_MAX,
    description="The same seed picks the same puzzle while the stock holds the same "
    "puzzles; none draws one.",
)


@router.post("/generate", response=MADE, operation_id="generate", summary="A puzzle for a seed")
@decorate_view(require_json)
def generate(request: HttpRequest, body: GenerateIn):
    """A puzzle of the level asked for, with exactly one solution, for the
    seed (one drawn when none is given). Easy, medium and hard are made from
    the seed and not stored (``created`` null): ``url`` makes the same puzzle
    again, stores it and leads to its page, when opened; an equivalent puzzle
    stored already is returned instead. Expert and extreme are picked by the
    seed from the library, never made on demand. 503 when none was made
    within the site's time (``out_of_time``), or the library holds no puzzle
    of the level yet (``not_ready``)."""
    puzzle, seed = picks.for_seed(body.level, body.symmetry, body.seed)
    if puzzle is None and not picks.on_demand(body.level):
        return _not_ready(body.level)
    if puzzle is None:
        message = _(
            "No %(name)s puzzle was made within %(seconds)s seconds. Try again, or take a "
            "stored one: GET /api/puzzles/random?level=%(level)s."
        )
        return _out_of_time(message, body.level)
    # A puzzle made for this reply is stored only when its address is opened.
    page = None if store.is_stored(puzzle) else new_puzzle_url(puzzle.level, body.symmetry, seed)
    return _puzzle(request, puzzle, page) | {"seed": seed}


@router.get(
    "/puzzles/random",
    response=PICKED,
    operation_id="randomPuzzle",
    summary="A puzzle of a level from the library",
)
def random_puzzle(request: HttpRequest, level: LevelId = LEVEL_QUERY):
    """A stored puzzle of the level, drawn at random. When the library holds
    none of it, easy, medium and hard are made and stored (503 when that
    runs out of time), so the next is drawn; expert and extreme are never
    made on demand (503 ``not_ready`` until the library holds one)."""
    puzzle = picks.drawn_or_made(level)
    if puzzle is None and not picks.on_demand(level):
        return _not_ready(level)
    if puzzle is None:
        message = _(
            "The library holds no %(name)s puzzle, and none was made within %(seconds)s "
            "seconds. Try again, or ask for another level."
        )
        return _out_of_time(message, level)
    return _puzzle(request, puzzle)


@router.get(
    "/puzzles/sized",
    response={200: SizedOut, 400: Failure, 503: Failure},
    operation_id="sizedPuzzle",
    summary="A puzzle of a board other than 9x9",
)
def sized_puzzle(request: HttpRequest, size: OtherSize = SIZE_QUERY, seed: int | None = SIZED_SEED):
    """A puzzle with one solution of the board of side ``size``, at once from
    the stock of puzzles made ahead of time (``stock``; it has no level: the
    levels are calibrated on 9x9 boards). Boards above 16x16 come from the
    stock only: 503 ``not_ready`` while it holds none of the size, naming
    the sizes ready; a smaller board the stock lacks is made now, within the
    site's time (503 ``out_of_time`` past it). 400 ``unknown_size`` for a
    side that names no board, or 9."""
    board = board_of_size(size)
    if size not in OTHER_SIZES or board is None:
        return failure(400, [Issue("unknown_size", NOT_A_SIZE % {"value": str(size)[:10]})])
    drawn = seed if seed is not None else SystemRandom().randrange(picks.SEEDS)
    made = stock.picked(board, drawn)
    if made is None and stock.made_ahead(board):
        stock.ask_for_more()
        return _size_not_ready(board)
    if made is None:
        made = picks.of_size(board, symmetry=picks.DEFAULT_SYMMETRY, seed=drawn)
    if made is None:
        message = _("No %(size)s×%(size)s puzzle was made within %(seconds)s seconds. Try again.")
        seconds = f"{settings.SUDOKU_GENERATE_SECONDS:g}"
        return failure(503, [Issue("out_of_time", message % {"size": size, "seconds": seconds})])
    givens = made if isinstance(made, str) else format_grid(made)
    page = request.build_absolute_uri(play_url(givens))
    return {"size": board.size, "puzzle": givens, "seed": drawn, "url": page}


@router.get(
    "/puzzles/{puzzle_id}",
    response={200: PuzzleOut, 404: Failure},
    operation_id="puzzle",
    summary="A puzzle of the library, by id",
)
def stored_puzzle(request: HttpRequest, puzzle_id: str = PUZZLE_ID):
    """The stored puzzle with this id; 404 when there is none."""
    puzzle = Puzzle.objects.filter(pk=puzzle_id).first()
    if puzzle is None:
        message = _("The library holds no puzzle with the id “%(id)s”.") % {"id": puzzle_id[:40]}
        return failure(404, [Issue("not_found", message)])
    return _puzzle(request, puzzle)


@router.get(
    "/daily",
    response={200: DailyOut, 400: Failure, 503: Failure},
    operation_id="daily",
    summary="The day's puzzle of a level",
)
def daily(request: HttpRequest, level: LevelId = LEVEL_QUERY):
    """Today's puzzle of the level, the same for everyone all day (the day is
    the server's, in its time zone); 503 when the library holds none of the
    level and none was made in time, or, for expert and extreme, which are
    never made on demand, none is ready yet (``not_ready``)."""
    day = timezone.localdate()
    puzzle = picks.daily_puzzle(level, day=day)
    if puzzle is None and not picks.on_demand(level):
        return _not_ready(level)
    if puzzle is None:
        message = _(
            "There is no %(name)s puzzle today: the library holds none, and none was made "
            "within %(seconds)s seconds. Try again later, or ask for another level."
        )
        return _out_of_time(message, level)
    return _puzzle(request, puzzle) | {"day": day}


def _puzzle(request: HttpRequest, puzzle: Puzzle, page: str | None = None) -> dict:
    """A puzzle as JSON, with the absolute address of ``page``: by default
    the stored puzzle's own page."""
    page = page or puzzle_url(puzzle.pk)
    return {
        "id": puzzle.pk,
        "puzzle": puzzle.givens,
        "solution": puzzle.solution,
        "level": puzzle.level,
        "score": puzzle.score,
        "hardest": puzzle.hardest,
        "symmetry": puzzle.symmetry,
        "source": puzzle.source,
        "created": puzzle.created,
        "url": request.build_absolute_uri(page),
    }


def _out_of_time(message: str, level: str):
    """503 ``out_of_time``: ``message`` filled with the level (its id, as the API
    writes it, and its name in the reader's language) and the time allowed."""
    seconds = f"{settings.SUDOKU_GENERATE_SECONDS:g}"
    values = {"level": level, "name": level_name(level), "seconds": seconds}
    issue = Issue("out_of_time", message % values)
    return failure(503, [issue])


def _not_ready(level: str):
    """503 ``not_ready``, with Retry-After: the library holds no puzzle of
    ``level`` yet, a level made ahead of time and never on demand."""
    message = _(
        "No %(name)s puzzle is ready yet: puzzles of this level take seconds to make, so "
        "they are made ahead of time, never on demand, and are being prepared. Try again "
        "in a few minutes, or ask for an easier level."
    )
    response = failure(503, [Issue("not_ready", message % {"name": level_name(level)})])
    response["Retry-After"] = str(picks.PREPARING_RETRY_SECONDS)
    return response


def _size_not_ready(board: Shape):
    """503 ``not_ready``, with Retry-After: the stock holds no puzzle of
    ``board`` yet, a board never made on demand; the message names the
    sizes ready now."""
    message = _(
        "No %(size)s×%(size)s puzzle is ready yet: boards this large take a minute or more "
        "to make, so they are made ahead of time, never on demand, and are being prepared. "
        "Sizes ready now: %(ready)s."
    )
    ready = pgettext("list", ", ").join(f"{shape.size}" for shape in stock.ready())
    response = failure(503, [Issue("not_ready", message % {"size": board.size, "ready": ready})])
    response["Retry-After"] = str(stock.RETRY_SECONDS)
    return response
