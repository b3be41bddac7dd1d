"""The steps page: the steps that solve a puzzle, one address per step.

The lesson is the teacher's (``lessons``, as the API's); a step's board is
drawn by ``grid``. Bad input goes back to the entry page, kept, as for the
answer.
"""

from __future__ import annotations

from collections import Counter

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_safe

from ..addresses import answer_url, edit_url, steps_url
from ..choices import StatusChoices
from ..core.lists import comma
from ..engine import Grid, format_grid
from ..entry.pages import linked_grid
from . import lessons
from .grid import marks_of, steps_grid
from .pages import difficulty_shown, lesson_of

SUMMARY_PARTS = 3  # a longer step is cut short in the list; its own page says all


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
    taught = lesson_of(format_grid(grid), get_language())
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


def _step_number(asked: str, count: int) -> int:
    """The step ``asked`` for (a number from 1), brought within 1 to ``count``;
    1 when it is not a number."""
    try:
        number = int(asked)
    except ValueError:
        return 1
    return min(max(number, 1), count)


def _step_context(grid: Grid, taught: lessons.Lesson, number: int) -> dict:
    """What the steps page shows for step ``number`` of ``taught``."""
    step = taught.steps[number - 1]
    digits, candidates = step.before.digits, step.before.candidates
    caption = gettext("The board before step %(number)s, with its candidates") % {"number": number}
    count = len(taught.steps)
    return {
        "step": step,
        "number": number,
        "board": steps_grid(grid, digits, candidates, marks_of(step), caption),
        "previous_url": steps_url(grid, number - 1) if number > 1 else "",
        "next_url": steps_url(grid, number + 1) if number < count else "",
        "all_steps": [(s, steps_url(grid, s.number), _summary(s)) for s in taught.steps],
        "techniques": _technique_counts(taught),
        "difficulty": difficulty_shown(taught),
    }


def _summary(step: lessons.StepView) -> str:
    """A step in a few symbols, for the list of steps: "r9c3 = 7", "r1c2 ≠ 3, r1c5 ≠ 3"."""
    said = [f"r{r}c{c} = {d}" for r, c, d in step.placements]
    said += [f"r{r}c{c} ≠ {d}" for r, c, d in step.eliminations]
    if len(said) > SUMMARY_PARTS:
        said[SUMMARY_PARTS:] = ["…"]
    return comma().join(said)


def _technique_counts(taught: lessons.Lesson) -> list[tuple[str, int]]:
    """Each technique's name and how many steps used it, in order of first use."""
    counts = Counter(step.technique for step in taught.steps)
    names = {step.technique: step.name for step in taught.steps}
    return [(names[technique], count) for technique, count in counts.items()]
