"""The single puzzle's pages: read the form, ask the engine, pick the template (or the JSON reply).

The answer page shows the puzzle's level; the steps page (``steps``) shows
the teacher's steps one address at a time, from ``teaching`` as the API does.

The stored batches have views of their own (``batches.views``).
"""

from collections import Counter
from collections.abc import Callable
from functools import lru_cache

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from . import sentences, teaching
from .api import API_PREFIX
from .display import StepMarks, answer_grid, entry_grid, field_problems, problem_id, steps_grid
from .engine import STANDARD, Budget, Grid, format_grid, solve
from .engine.parse import BLANKS
from .forms import FILE_TYPES, LoadForm, PuzzleForm, PuzzleTextForm
from .logs import log_solve
from .models import StatusChoices
from .puzzles.forms import LevelForm


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
        return posted_entry(request, answer_url)
    grid = linked_grid(request)
    if isinstance(grid, HttpResponse):
        return grid
    return _answer_page(request, grid)


def posted_entry(request: HttpRequest, address: Callable[[Grid], str]) -> HttpResponse:
    """The entry form posted to a page (Show Answer, Play): its grid checked
    and redirected to ``address(grid)``, or the entry page again, kept, with
    its problems. See Other: a reload or Back never posts the form again."""
    form = PuzzleForm(request.POST, request.FILES)
    if not form.is_valid():
        return _entry_page(request, form)
    return HttpResponseRedirect(address(form.cleaned_data["grid"]), status=303)


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


def answer_url(grid: Grid) -> str:
    """The permanent address of the answer to ``grid``."""
    return reverse("solver:answer") + "?" + urlencode({"puzzle": format_grid(grid)})


def play_url(grid: Grid) -> str:
    """The address of the game on ``grid`` (``solver.play``)."""
    return reverse("solver:play") + "?" + urlencode({"puzzle": format_grid(grid)})


def edit_url(grid: Grid) -> str:
    """The entry page, filled with ``grid``."""
    return reverse("solver:index") + "?" + urlencode({"puzzle": format_grid(grid)})


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
        "edit_url": edit_url(puzzle),
        "permalink": request.build_absolute_uri(answer_url(puzzle)),
        "statuses": StatusChoices,
        "steps_url": steps_url(puzzle),
        "play_url": play_url(puzzle),
    }
    if result.status.value == StatusChoices.UNIQUE:
        # The level needs the whole lesson; it is kept for the steps page's first visit.
        context["difficulty"] = _difficulty(_lesson_of(format_grid(puzzle), get_language()))
    return render(request, "entry/answer.html", context)


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
        # Where the Hint button (hint.js) asks for the next step.
        "hint_url": API_PREFIX + "hint",
        "candidates_url": API_PREFIX + "candidates",
        "statuses": StatusChoices,
        "level_form": LevelForm(),
    }
    return render(request, "entry/index.html", context)


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


@require_safe
def steps(request):
    """The steps that solve ``?puzzle=``, one per address: ``&step=N`` (from 1)
    shows the board before step N, the step marked on it, and its sentence.

    Bad input goes back to the entry page, kept, as for the answer; a step
    number out of range is sent to the nearest step's address.
    """
    grid = linked_grid(request)
    if isinstance(grid, HttpResponse):
        return grid
    line = format_grid(grid)
    taught = _lesson_of(line, get_language())
    context = {
        "status": taught.status,
        "answer_url": answer_url(grid),
        "edit_url": edit_url(grid),
        "count": len(taught.steps),
        "statuses": StatusChoices,
    }
    if taught.status != StatusChoices.UNIQUE or not taught.steps:
        return render(request, "teaching/steps.html", context)
    asked = request.GET.get("step", "1")
    number = _step_number(asked, len(taught.steps))
    if str(number) != asked:
        return redirect(steps_url(grid, number))
    context.update(_step_context(grid, taught, number))
    return render(request, "teaching/steps.html", context)


def steps_url(grid: Grid, number: int = 1) -> str:
    """The address of step ``number`` (from 1) of the steps that solve ``grid``."""
    query = {"puzzle": format_grid(grid)} | ({"step": number} if number != 1 else {})
    return reverse("solver:steps") + "?" + urlencode(query)


def _step_number(asked: str, count: int) -> int:
    """The step ``asked`` for (a number from 1), brought within 1 to ``count``;
    1 when it is not a number."""
    try:
        number = int(asked)
    except ValueError:
        return 1
    return min(max(number, 1), count)


@lru_cache(maxsize=32)
def _lesson_of(line: str, language: str | None) -> teaching.Lesson:
    """The lesson (every step) for the puzzle ``line``, in ``language``.

    Kept for the last few puzzles: each step of the steps page is its own
    address, and walking through them would otherwise explain the puzzle
    again at each click.
    """
    board = teaching.read_board(line)
    if isinstance(board, list):  # the form read it, so the teacher should too
        raise ValueError(f"the teacher could not read a puzzle the form read: {board}")
    return teaching.lesson(board)


def _difficulty(taught: teaching.Lesson) -> dict | None:
    """The level's name and the hardest technique's name, or None without a rating."""
    difficulty = taught.difficulty
    if difficulty is None:
        return None
    return {
        "level": sentences.level_name(difficulty.level),
        "score": difficulty.score,
        "hardest": sentences.name(difficulty.hardest) if difficulty.hardest else "",
    }


def _step_context(grid: Grid, taught: teaching.Lesson, number: int) -> dict:
    """What the steps page shows for step ``number`` of ``taught``."""
    step = taught.steps[number - 1]
    digits, candidates = step.before.digits, step.before.candidates
    caption = gettext("The board before step %(number)s, with its candidates") % {"number": number}
    count = len(taught.steps)
    return {
        "step": step,
        "number": number,
        "board": steps_grid(grid, digits, candidates, _marks_of(step), caption),
        "previous_url": steps_url(grid, number - 1) if number > 1 else "",
        "next_url": steps_url(grid, number + 1) if number < count else "",
        "all_steps": [(s, steps_url(grid, s.number), _summary(s)) for s in taught.steps],
        "techniques": _technique_counts(taught),
        "difficulty": _difficulty(taught),
    }


def _summary(step) -> str:
    """A step in a few symbols, for the list of steps: "r9c3 = 7", "r1c2 ≠ 3, r1c5 ≠ 3"."""
    said = [f"r{r}c{c} = {d}" for r, c, d in step.placements]
    said += [f"r{r}c{c} ≠ {d}" for r, c, d in step.eliminations]
    return ", ".join(said[:SUMMARY_PARTS]) + (", …" if len(said) > SUMMARY_PARTS else "")


SUMMARY_PARTS = 3  # a longer step is cut short in the list; its own page says all


def _technique_counts(taught: teaching.Lesson) -> list[tuple[str, int]]:
    """Each technique's name and how many steps used it, in order of first use."""
    counts = Counter(step.technique for step in taught.steps)
    names = {step.technique: step.name for step in taught.steps}
    return [(names[technique], count) for technique, count in counts.items()]


def _cell(row: int, column: int) -> int:
    """The cell (from 0) at ``row``, ``column`` (from 1)."""
    return (row - 1) * STANDARD.size + (column - 1)


def _marks_of(step) -> StepMarks:
    """What ``step`` marks on the board, by cell."""
    pattern = step.pattern
    return StepMarks(
        pattern_cells=[_cell(row, column) for row, column in pattern["cells"]],
        pattern_digits=pattern["digits"],
        placements=[(_cell(r, c), d) for r, c, d in step.placements],
        eliminations=[(_cell(r, c), d) for r, c, d in step.eliminations],
        unit_cells=[cell for unit in pattern["units"] for cell in _unit_cells(unit)],
    )


def _unit_cells(unit: dict) -> tuple[int, ...]:
    """The cells of a pattern's unit, given as ``{"kind", "number"}``."""
    for each in STANDARD.units:
        if each.kind == unit["kind"] and each.number == unit["number"]:
            return each.cells
    return ()


def linked_grid(request: HttpRequest):
    """The grid of the link's ``?puzzle=``; else the page to go to instead: the
    entry page when there is none, or the entry page showing its problems."""
    text = request.GET.get("puzzle", "").strip()
    if not text:
        return redirect("solver:index")
    grid = _read_link(text)
    if grid is None:
        return _entry_page(request, _form_showing_problems(text))
    return grid
