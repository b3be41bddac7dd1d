"""The single puzzle's pages: read the form, ask the engine, pick the template (or the JSON reply).

The stored batches have views of their own (``batches.views``).
"""

from django.conf import settings
from django.http import HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from .display import answer_grid, entry_grid, field_problems, problem_id
from .engine import Budget, Grid, format_grid, solve
from .engine.parse import BLANKS
from .forms import FILE_TYPES, LoadForm, PuzzleForm, PuzzleTextForm
from .logs import log_solve
from .models import StatusChoices


@require_safe
def ping(request):
    """A health check for operators (and the load benchmark's floor): "ok", nothing else."""
    return HttpResponse("ok", content_type="text/plain")


@require_safe
def index(request):
    """The entry grid; ``?puzzle=`` opens it filled with that puzzle."""
    text = request.GET.get("puzzle", "").strip()
    if not text:
        return _entry_page(request, PuzzleForm())
    grid = _read_link(text)
    form = PuzzleForm.for_grid(grid) if grid is not None else _form_showing_problems(text)
    return _entry_page(request, form)


@require_http_methods(["GET", "HEAD", "POST"])
def answer(request):
    """The answer to ``?puzzle=`` (a permanent link); a posted entry is checked
    and redirected there, and bad input goes back to the entry page, kept."""
    if request.method == "POST":
        form = PuzzleForm(request.POST, request.FILES)
        if not form.is_valid():
            return _entry_page(request, form)
        # See Other: a reload or Back never posts the form again.
        return HttpResponseRedirect(_answer_url(form.cleaned_data["grid"]), status=303)
    text = request.GET.get("puzzle", "").strip()
    if not text:
        return redirect("solver:index")
    grid = _read_link(text)
    if grid is None:
        return _entry_page(request, _form_showing_problems(text))
    return _answer_page(request, grid)


def _read_link(text: str) -> Grid | None:
    """The grid in a link's ``?puzzle=`` text, or None if it has problems.

    A link holds only text, so the one-field form reads it: the full form
    builds 81 cell fields first, which costs more than most solves. The
    page's own form is made only to show problems, from the same text.
    """
    form = PuzzleTextForm({"puzzle": text})
    return form.cleaned_data["grid"] if form.is_valid() else None


def _form_showing_problems(text: str) -> PuzzleForm:
    """The entry page's form for a link's text that has problems: validated,
    so it lists them, with the text kept in the paste box."""
    form = PuzzleForm({"puzzle": text})
    form.is_valid()
    return form


@require_POST
def load(request):
    """Fill the grid from a pasted puzzle or a file, without solving it.

    Scripts asking for JSON get the grid as read and its problems (see
    ``_load_reply``); a plain form post gets the entry page, filled.
    """
    form = LoadForm(request.POST, request.FILES)
    valid = form.is_valid()
    if request.get_preferred_type(["text/html", "application/json"]) == "application/json":
        return _load_reply(form)
    if valid:
        filled = PuzzleForm.for_grid(form.cleaned_data["grid"])
        filled.notices = form.notices
        form = filled
    return _entry_page(request, form)


def _answer_url(grid: Grid) -> str:
    """The permanent address of the answer to ``grid``."""
    return reverse("solver:answer") + "?" + urlencode({"puzzle": format_grid(grid)})


def _answer_page(request, puzzle: Grid):
    """Solve ``puzzle`` within the site's budget and show the verdict."""
    result = solve(puzzle, budget=Budget(max_seconds=settings.SUDOKU_SOLVE_SECONDS))
    log_solve(request, "page", result)
    context = {
        "result": result,
        "grid": answer_grid(puzzle, result.solution, gettext("Answer grid")),
        "puzzle_grid": answer_grid(puzzle, None, gettext("Puzzle grid")),
        "solution_line": format_grid(result.solution) if result.solution else "",
        "elapsed_ms": result.elapsed * 1000,
        "edit_url": reverse("solver:index") + "?" + urlencode({"puzzle": format_grid(puzzle)}),
        "permalink": request.build_absolute_uri(_answer_url(puzzle)),
        "statuses": StatusChoices,
    }
    return render(request, "solver/answer.html", context)


def _entry_page(request, form: PuzzleForm):
    """The entry page for ``form``, with its grid drawn and each problem tied to its cells."""
    context = {
        "form": form,
        "grid": entry_grid(form.cell_values(), form.issues),
        "problems": [(problem_id(index), issue) for index, issue in enumerate(form.issues, 1)],
        "field_problems": field_problems(form.issues),
        "paste_value": form.paste_value(),
        "file_types": FILE_TYPES,
        # What a typed cell may hold as empty, from the engine, for the page's script.
        "blanks": "".join(sorted(BLANKS)),
    }
    return render(request, "solver/index.html", context)


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
