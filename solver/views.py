"""Views: read the form, ask the engine, pick the template."""

from django.conf import settings
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_GET, require_http_methods

from .display import answer_grid, entry_grid
from .engine import Budget, format_grid, solve
from .forms import PuzzleForm


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
    """Solve the posted puzzle; bad input goes back to the entry page, kept."""
    if request.method == "GET":
        return redirect("solver:index")
    form = PuzzleForm(request.POST)
    if not form.is_valid():
        return _entry_page(request, form)
    puzzle = form.cleaned_data["grid"]
    result = solve(puzzle, budget=Budget(max_seconds=settings.SUDOKU_SOLVE_SECONDS))
    context = {
        "result": result,
        "grid": answer_grid(puzzle, result.solution),
        "solution_line": format_grid(result.solution) if result.solution else "",
        "elapsed_ms": result.elapsed * 1000,
        "edit_url": reverse("solver:index") + "?" + urlencode({"puzzle": format_grid(puzzle)}),
    }
    return render(request, "solver/answer.html", context)


def _entry_page(request, form: PuzzleForm):
    """The entry page for ``form``, with its grid drawn and its errors tied to cells."""
    context = {
        "form": form,
        "grid": entry_grid(form.cell_values(), form.invalid_cells),
        "paste_value": form.paste_value(),
    }
    return render(request, "solver/index.html", context)
