"""The entry page and the answer: read the form, ask the engine, pick the template.

``/index`` is the entry grid (``?puzzle=`` opens it filled); Show Answer
posts it to ``/answer``, which checks it and sends the browser on to the
answer's permanent address, ``/answer?puzzle=…``; ``/load`` fills the grid
from a paste or a file without solving. Bad input always comes back to the
entry page, kept, with its problems named (``pages``).

The answer page takes every size, the entry grid 9x9 only: a board of
another size linked to ``/index``, or posted there in the paste box or a
file, goes to its answer at once; ``/load`` names it and links its answer.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from ..addresses import answer_url, edit_url, level_url, play_url, steps_url
from ..choices import StatusChoices
from ..core.grids import answer_grid, sized_answer_grid
from ..core.logs import log_solve
from ..core.reading import AnySizeTextForm
from ..core.uploads import FILE_MAX_BYTES, read_upload
from ..engine import (
    STANDARD,
    Budget,
    Grid,
    Shape,
    Status,
    count_cells,
    format_grid,
    shape_of_grid,
    solve,
)
from ..engine.board import shape_for_cells
from ..teaching import ratings
from ..teaching.pages import difficulty_shown
from .forms import LoadForm, PuzzleForm
from .pages import entry_page, form_showing_problems, linked_grid, posted_entry, read_link


@require_safe
def index(request):
    """The entry grid; ``?puzzle=`` opens it filled with that puzzle (a board
    of another size, at its answer)."""
    text = request.GET.get("puzzle", "").strip()
    if not text:
        return entry_page(request, PuzzleForm())
    grid = read_link(text)
    if grid is None and (other := _other_size(text)) is not None:
        # The entry grid is 9x9 only: a board of another size opens at its answer.
        return HttpResponseRedirect(answer_url(other))
    form = PuzzleForm.for_grid(grid) if grid is not None else form_showing_problems(text)
    return entry_page(request, form)


@require_http_methods(["GET", "HEAD", "POST"])
def answer(request):
    """The answer to ``?puzzle=`` (a permanent link); a posted entry is checked
    and redirected there, and bad input goes back to the entry page, kept."""
    if request.method == "POST":
        other = _pasted_other_size(request)
        if other is not None:
            return HttpResponseRedirect(answer_url(other), status=303)
        return posted_entry(request, answer_url)
    text = request.GET.get("puzzle", "").strip()
    form = AnySizeTextForm({"puzzle": text})
    if text and form.is_valid():
        return _answer_page(request, form.cleaned_data["grid"])
    board = _other_board(text, form) if text else None
    if board is not None:
        # The entry grid is 9x9 only: a board of another size that cannot be
        # read, or whose givens conflict, has its problems shown here.
        return _invalid_page(request, form, board)
    grid = linked_grid(request)
    if isinstance(grid, HttpResponse):
        return grid
    return _answer_page(request, grid)


@require_POST
def load(request):
    """Fill the grid from a pasted puzzle or a file, without solving it.

    Scripts asking for JSON get the grid as read and its problems (see
    ``_load_reply``), or for a readable board of another size no grid, a
    notice and the link to its answer (``_other_size_reply``); a plain form
    post gets the entry page, filled.
    """
    form = LoadForm(request.POST, request.FILES)
    valid = form.is_valid()
    if request.get_preferred_type(["text/html", "application/json"]) == "application/json":
        other = _loaded_other_size(form)
        return _other_size_reply(other) if other is not None else _load_reply(form)
    if valid:
        filled = PuzzleForm.for_grid(form.cleaned_data["grid"])
        filled.notices = form.notices
        form = filled
    return entry_page(request, form)


def _pasted_other_size(request) -> Grid | str | None:
    """The puzzle posted in the file, else the paste box, when it is a board
    other than 9x9 (see ``_other_size``); else None, and the entry form reads
    the post as ever.

    The entry grid is 9x9 only, so such a puzzle goes straight to its answer.
    """
    uploads = request.FILES.getlist("file")
    if uploads:
        if len(uploads) != 1 or set(request.FILES) != {"file"}:
            return None
        try:
            text = read_upload(uploads[0], FILE_MAX_BYTES)
        except ValidationError:
            return None
        finally:
            uploads[0].seek(0)  # the entry form reads it again when it is not sent on
    else:
        text = request.POST.get("puzzle", "")
    return _other_size(text.strip())


def _other_size(text: str) -> Grid | str | None:
    """The puzzle ``text`` writes when it is a board other than 9x9: its grid,
    or the text itself when it cannot be read (its answer page names the
    problems); else None."""
    if not text:
        return None
    form = AnySizeTextForm({"puzzle": text})
    form.is_valid()
    if _other_board(text, form) is None:
        return None
    return form.grid_shown or text


def _loaded_other_size(form: LoadForm) -> Grid | None:
    """The puzzle a load asked for (its file, else its paste box) when it is
    a readable board other than 9x9, else None."""
    found = _other_size(form.source.strip())
    return None if isinstance(found, str) else found


def _other_size_reply(puzzle: Grid) -> JsonResponse:
    """The load reply for a board the entry grid cannot hold: no grid, no
    problems, a notice naming its size and the link to its answer."""
    size = shape_of_grid(puzzle).size
    notice = gettext(
        "A %(size)s×%(size)s puzzle: the entry grid is 9×9; Show Answer solves it at its size."
    ) % {"size": size}
    body = {
        "grid": None,
        "problems": [],
        "notices": [notice],
        "answer_url": answer_url(puzzle),
        "answer_label": gettext("Show the %(size)s×%(size)s answer") % {"size": size},
    }
    return JsonResponse(body)


def _answer_page(request, puzzle: Grid):
    """Solve ``puzzle`` within the site's budget and show the verdict. The
    pages that play, rate or edit a puzzle take 9x9 only, so only a 9x9
    answer offers them; another board's grid is drawn at its size, with its
    steps and its level (which says there is none off 9x9)."""
    result = solve(puzzle, budget=Budget(max_seconds=settings.SUDOKU_SOLVE_SECONDS))
    log_solve(request, "page", result)
    standard = len(puzzle) == STANDARD.cells
    draw = answer_grid if standard else sized_answer_grid
    context = {
        "result": result,
        "grid": draw(puzzle, result.solution, gettext("Answer grid")),
        "puzzle_grid": draw(puzzle, None, gettext("Puzzle grid")),
        "solution_line": format_grid(result.solution) if result.solution else "",
        "elapsed_ms": result.elapsed * 1000,
        "permalink": request.build_absolute_uri(answer_url(puzzle)),
        "statuses": StatusChoices,
    }
    if not standard:
        context["board"] = shape_of_grid(puzzle)
        if result.status is Status.UNIQUE and 0 in puzzle:  # the steps take every size
            context.update(steps_url=steps_url(puzzle), level_url=level_url(puzzle))
        return render(request, "entry/answer.html", context)
    context.update(
        edit_url=edit_url(puzzle), steps_url=steps_url(puzzle), play_url=play_url(puzzle)
    )
    if result.status is Status.UNIQUE and 0 in puzzle and settings.SUDOKU_RATE_ANSWERS:
        # The level at once when it is known or quick to find; else the page's
        # script asks for it (level_url), off the answer's path.
        kept = ratings.for_answer(puzzle, result.guesses)
        if kept is not None:
            context["difficulty"] = difficulty_shown(kept.difficulty)
        else:
            context["level_url"] = level_url(puzzle)
    return render(request, "entry/answer.html", context)


def _other_board(text: str, form: AnySizeTextForm) -> Shape | None:
    """The board other than 9x9 that ``text`` writes (by its number of cells,
    as read by ``form``, or counted when it could not be read), else None."""
    if form.has_error("puzzle", "max_length"):
        return None
    shown = form.grid_shown
    board = shape_for_cells(len(shown) if shown is not None else count_cells(text))
    return board if board is not None and board.size != STANDARD.size else None


def _invalid_page(request, form: AnySizeTextForm, board: Shape):
    """A puzzle of a board other than 9x9 that cannot be solved as it stands:
    each problem named and, when it could be read, its grid drawn at its size
    with the givens at fault marked."""
    grid = form.grid_shown
    context = {
        "board": board,
        "problems": [issue.message for issue in form.issues],
        "grid": sized_answer_grid(grid, None, gettext("Puzzle grid"), form.invalid_cells)
        if grid is not None
        else "",
    }
    return render(request, "entry/invalid.html", context)


def _load_reply(form: LoadForm) -> JsonResponse:
    """``{"grid": 81 symbols or null, "problems": [...], "notices": [...]}``.

    The grid is the puzzle as read, even when its givens conflict (the
    conflicts are among the problems); it is null when the text or file could
    not be read as a puzzle. Either way the request itself was fine, so the
    status is 200: the page's script reads the reply, and a browser logs no
    failed request for a paste it merely could not read.
    """
    grid = form.grid_shown
    body = {
        "grid": format_grid(grid) if grid is not None else None,
        "problems": [issue.as_json() for issue in form.issues],
        "notices": form.notices,
    }
    return JsonResponse(body)
