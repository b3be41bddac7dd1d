"""The library's pages: ``/new`` (a puzzle of a level, then its page),
``/p/<id>`` (a puzzle's own page), ``/library`` (every stored puzzle, by
level) and ``/daily`` (the day's puzzle of each level).

Nothing here generates or picks: ``picks`` and ``stock`` do, and a
generator that runs out of ``SUDOKU_GENERATE_SECONDS`` gets a page saying
so (503), never a request that runs on. Expert and extreme, and boards of
20x20 and up, are never generated here: while the library or the stock has
none, the pages say they are being prepared.
"""

from __future__ import annotations

import time
from random import SystemRandom

from django.conf import settings
from django.core.paginator import Paginator
from django.db.models import Count
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from ..addresses import (
    answer_url,
    edit_url,
    library_url,
    new_puzzle_url,
    play_url,
    puzzle_url,
    steps_url,
)
from ..choices import level_name
from ..core.grids import answer_grid
from ..core.pages import page_numbers
from ..engine import STANDARD, Shape, parse_puzzle
from ..engine.levels import LEVELS
from ..teaching.sentences import name as technique_name
from . import picks, stock, store
from .forms import LevelForm, LibraryForm, NewPuzzleForm, SizedPuzzleForm
from .models import Puzzle

PAGE_PUZZLES = 50  # puzzles listed on one page of the library
SYMMETRY_NAMES = {
    "rotational": _("Rotational (half a turn)"),
    "mirror": _("Mirror"),
    "diagonal": _("Diagonal"),
    "none": _("None"),
    "": _("Not known"),
}


@never_cache  # each visit is a new pick
@require_safe
def new_puzzle(request):
    """A puzzle of ``?level=`` (medium if none), then See Other to its page.
    With ``?seed=`` (the links the API gives), the puzzle the seed and
    ``?symmetry=`` (rotational if none) make or pick (``picks.for_seed``),
    stored now if it was made for this visit; without, one drawn from the
    library or, at a level made on demand that it lacks, made and stored.
    Bad input gets the level form again with the problem named (400); a
    level made ahead of time that the library lacks, a page saying it is
    being prepared (503, Retry-After); a generator out of time, a page
    saying so (503)."""
    if "size" in request.GET:
        return _new_of_size(request)
    form = NewPuzzleForm(request.GET)
    if not form.is_valid():
        return _no_puzzle(request, form, status=400)
    level = form.cleaned_data["level"]
    try:
        puzzle = _chosen(**form.cleaned_data)
    except store.Full:
        return _no_puzzle(request, LevelForm(initial={"level": level}), status=503, full=True)
    if puzzle is None:
        return _no_puzzle(request, LevelForm(initial={"level": level}), status=503, level=level)
    return HttpResponseRedirect(puzzle_url(puzzle.pk), status=303)


def _chosen(level: str, symmetry: str, seed: int | None) -> Puzzle | None:
    """The stored puzzle ``new_puzzle`` hands out, or None when there is none."""
    if seed is None:
        return picks.drawn_or_made(level)  # within SUDOKU_GENERATE_SECONDS
    puzzle, _ = picks.for_seed(level, symmetry or picks.DEFAULT_SYMMETRY, seed)
    return None if puzzle is None else store.keep(puzzle)[0]


def _new_of_size(request):
    """A puzzle of a board other than 9x9 (``?size=6``), then See Other to
    its game. It has no level (the levels are calibrated on 9x9 boards) and
    is not kept in the library. Boards above 16x16 come from stock only
    (``stock.picked``), never made here: while the stock holds none of the
    size, a page says so, with the sizes ready now (503, Retry-After), and a
    top-up is asked for. Smaller boards come from stock too, at once, when it
    holds some and no symmetry is asked for; else one is made now within
    ``SUDOKU_GENERATE_SECONDS`` (``picks.of_size``: one the game's own solve
    proves). ``?seed=`` (and ``?symmetry=``, below 18x18) gives the same one
    again. Bad input gets the page naming it (400); no puzzle in time, the
    page saying so (503)."""
    form = SizedPuzzleForm(request.GET)
    if not form.is_valid():
        return _no_puzzle(request, form, status=400)
    asked, board = form.cleaned_data, form.board
    seed = asked["seed"] if asked["seed"] is not None else SystemRandom().randrange(picks.SEEDS)
    made = None
    if stock.made_ahead(board) or (asked["seed"] is None and not asked["symmetry"]):
        made = stock.picked(board, seed)
    if made is None and stock.made_ahead(board):
        stock.ask_for_more()
    elif made is None:
        made = picks.of_size(board, symmetry=asked["symmetry"] or picks.DEFAULT_SYMMETRY, seed=seed)
    if made is None:
        return _no_puzzle(request, LevelForm(), status=503, board=board)
    return HttpResponseRedirect(play_url(made), status=303)


def _no_puzzle(
    request, form, status: int, level: str = "", board: Shape | None = None, full: bool = False
):
    """The page for a new puzzle not given, with the level form to try again:
    the link at fault (400, ``form`` names the problem), or none for
    ``level`` or ``board`` (503): being prepared, or no time left to make
    one; or (503, ``full``) the library full of puzzles it keeps."""
    preparing = bool(level) and not picks.on_demand(level)
    stocked = board is not None and stock.made_ahead(board)
    context = {
        "form": form,
        "level_form": form if isinstance(form, LevelForm) else LevelForm(),
        "level": level_name(level) if level else "",
        "board": board,
        "preparing": preparing,
        "stocked": stocked,
        "ready": stock.ready() if stocked else [],
        "full": full,
        "seconds": settings.SUDOKU_GENERATE_SECONDS,
    }
    response = render(request, "library/no_puzzle.html", context, status=status)
    if full:
        response["Retry-After"] = str(picks.PREPARING_RETRY_SECONDS)
    elif preparing or stocked:
        retry = picks.PREPARING_RETRY_SECONDS if preparing else stock.RETRY_SECONDS
        response["Retry-After"] = str(retry)
    return response


@require_safe
def puzzle_page(request, puzzle_id: str):
    """A stored puzzle's page: its givens, rating and origin, and where to go
    with it (solve, explain, edit); an unknown id gets the 404 page. Opened,
    the puzzle is kept (``store.mark_kept``): its link may now be shared,
    so trimming the library never removes it."""
    puzzle = get_object_or_404(Puzzle, pk=puzzle_id)
    store.mark_kept(puzzle)
    givens = parse_puzzle(puzzle.givens, STANDARD)
    context = {
        "puzzle": puzzle,
        "grid": answer_grid(givens, None, _("Puzzle grid")),
        "level": level_name(puzzle.level),
        "hardest": technique_name(puzzle.hardest) if puzzle.hardest else "",
        "symmetry": SYMMETRY_NAMES.get(puzzle.symmetry, puzzle.symmetry),
        "generated": puzzle.source == store.GENERATED,
        "play_url": play_url(puzzle.givens),
        "answer_url": answer_url(puzzle.givens),
        "steps_url": steps_url(puzzle.givens),
        "edit_url": edit_url(puzzle.givens),
        "another_url": new_puzzle_url(puzzle.level),
        "permalink": request.build_absolute_uri(puzzle_url(puzzle.pk)),
    }
    return render(request, "library/puzzle.html", context)


@require_safe
def library_page(request):
    """The stored puzzles of ``?level=`` (every level if none), ``PAGE_PUZZLES``
    a page (``?page=``; a bad number shows the nearest page), in the order of
    their ids: the index's, so a page far in costs no more than the first.
    An unknown level shows every level, with the problem named (400)."""
    form = LibraryForm(request.GET)
    valid = form.is_valid()
    level = form.cleaned_data["level"] if valid else ""
    puzzles = Puzzle.objects.order_by("id")
    puzzles = puzzles.filter(level=level) if level else puzzles
    page = Paginator(puzzles, PAGE_PUZZLES).get_page(request.GET.get("page"))
    counts = _counts()
    context = {
        "form": form,
        "level": level,
        "level_name": level_name(level) if level else "",
        "filters": _filters(counts),
        "total": sum(counts.values()),
        "page": page,
        "page_numbers": page_numbers(page),
        "rows": [_row(puzzle) for puzzle in page.object_list],
    }
    return render(request, "library/library.html", context, status=200 if valid else 400)


def _counts() -> dict[str, int]:
    """How many puzzles the library holds of each level (one query)."""
    rows = Puzzle.objects.values("level").annotate(count=Count("pk")).order_by()
    return {row["level"]: row["count"] for row in rows}


def _filters(counts: dict[str, int]) -> list[tuple[str, int, str, str]]:
    """(name, count, level, address) of every level, "All" first."""
    every = [(str(_("All")), sum(counts.values()), "", library_url())]
    return every + [
        (level_name(level), counts.get(level, 0), level, library_url(level)) for level in LEVELS
    ]


def _row(puzzle: Puzzle) -> dict:
    """What the library's table shows of ``puzzle``."""
    return {
        "id": puzzle.pk,
        "url": puzzle_url(puzzle.pk),
        "level": level_name(puzzle.level),
        "givens": sum(symbol != "." for symbol in puzzle.givens),
        "hardest": technique_name(puzzle.hardest) if puzzle.hardest else "",
        "source": _source_name(puzzle.source),
    }


@require_safe
def daily_page(request):
    """The day's puzzle of each level, the same for everyone that day
    (``picks.daily_puzzle`` keeps the choice); a level with none says so, or
    that it is being prepared. Levels made on demand that the library lacks
    share one ``SUDOKU_GENERATE_SECONDS`` between them, so the page's work is
    bounded as one generation's is."""
    day = timezone.localdate()
    deadline = time.perf_counter() + settings.SUDOKU_GENERATE_SECONDS
    dailies = []
    for level in LEVELS:
        left = deadline - time.perf_counter()
        puzzle = picks.daily_puzzle(level, day=day, max_seconds=left)
        dailies.append(
            {
                "level": level_name(level),
                "puzzle": puzzle,
                "preparing": puzzle is None and not picks.on_demand(level),
                "url": puzzle_url(puzzle.pk) if puzzle is not None else "",
                "play_url": play_url(puzzle.givens) if puzzle else "",
                "hardest": technique_name(puzzle.hardest) if puzzle and puzzle.hardest else "",
            }
        )
    context = {"day": day, "zone": timezone.get_current_timezone_name(), "dailies": dailies}
    return render(request, "library/daily.html", context)


def _source_name(source: str) -> str:
    """Where a puzzle came from, for people: generated here, or the imported set's name."""
    return str(_("Generated here")) if source == store.GENERATED else source
