"""Views: read the form, ask the engine, pick the template (or the JSON reply)."""

from django.conf import settings
from django.http import HttpResponseRedirect, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from .display import answer_grid, entry_grid, field_problems, problem_id
from .engine import Budget, Grid, format_grid, solve
from .engine.parse import BLANKS
from .forms import FILE_TYPES, LoadForm, PuzzleForm


@require_GET
def index(request):
    """The entry grid; ``?puzzle=`` opens it filled with that puzzle."""
    text = request.GET.get("puzzle", "")
    form = PuzzleForm()
    if text:
        form = PuzzleForm({"puzzle": text})
        if form.is_valid():
            form = PuzzleForm.for_grid(form.cleaned_data["grid"])
    return _entry_page(request, form)


@require_http_methods(["GET", "POST"])
def answer(request):
    """The answer to ``?puzzle=`` (a permanent link); a posted entry is checked
    and redirected there, and bad input goes back to the entry page, kept."""
    if request.method == "POST":
        form = PuzzleForm(request.POST, request.FILES)
        if not form.is_valid():
            return _entry_page(request, form)
        # See Other: a reload or Back never posts the form again.
        return HttpResponseRedirect(_answer_url(form.cleaned_data["grid"]), status=303)
    text = request.GET.get("puzzle", "")
    if not text:
        return redirect("solver:index")
    form = PuzzleForm({"puzzle": text})
    if not form.is_valid():
        return _entry_page(request, form)
    return _answer_page(request, form.cleaned_data["grid"])


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
    context = {
        "result": result,
        "grid": answer_grid(puzzle, result.solution),
        "puzzle_grid": answer_grid(puzzle, None),
        "solution_line": format_grid(result.solution) if result.solution else "",
        "elapsed_ms": result.elapsed * 1000,
        "edit_url": reverse("solver:index") + "?" + urlencode({"puzzle": format_grid(puzzle)}),
        "permalink": request.build_absolute_uri(_answer_url(puzzle)),
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
