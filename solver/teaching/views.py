"""The steps page: the steps that solve a puzzle, one address per step; and
a puzzle's level, which the answer page's script asks for.

The lesson is the teacher's (``lessons``, as the API's); a step's board is
drawn by ``grid``, at every size from 4x4 to 25x25, under the puzzle's
rules (a link's, or ``&rules=``), said in words and drawn as the answer
draws them. Bad input goes where the answer sends it
(``entry.pages.linked_game``). The levels are calibrated on classic 9x9
puzzles: on another board, or under variant rules, the pages say there is none.
"""

from __future__ import annotations

from collections import Counter

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_safe

from ..addresses import answer_url, edit_url, steps_url
from ..choices import StatusChoices, level_name
from ..core import rules_view
from ..core.lists import comma
from ..engine import STANDARD, SYMBOLS, Budget, Grid, Status, format_grid, shape_of_grid, solve
from ..engine.difficulty import Difficulty
from ..engine.levels import LEVELS
from ..engine.puzzle import Puzzle
from ..engine.teacher import TRIAL
from ..engine.techniques import TABLE, rank
from ..entry.pages import linked_game, linked_puzzle
from . import drawing, lessons, ratings
from .grid import marks_of, steps_grid
from .pages import difficulty_shown, lesson_of

SUMMARY_PARTS = 3  # a longer step is cut short in the list; its own page says all


@require_safe
def steps(request):
    """The steps that solve ``?puzzle=``, one per address: ``&step=N`` (from 1)
    shows the board before step N, the step marked on it, and its sentence.

    Bad input goes where the answer sends it; a step number out of range is
    sent to the nearest step's address.
    """
    read = linked_game(request)
    if isinstance(read, HttpResponse):
        return read
    grid, rules = read.grid, read.rules
    taught = lesson_of(format_grid(grid), get_language(), rules.key)
    board = shape_of_grid(grid)
    variant = not rules.is_classic
    context = {
        "board": board if board.size != STANDARD.size else None,
        "status": taught.status,
        "answer_url": answer_url(read),
        "edit_url": edit_url(read),
        "count": len(taught.steps),
        "statuses": StatusChoices,
        "variant": variant,
        "rules_said": rules_view.sentences(rules) if variant else [],
    }
    if taught.status != StatusChoices.UNIQUE or not taught.steps:
        return render(request, "teaching/steps.html", context)
    asked = request.GET.get("step", "1")
    number = _step_number(asked, len(taught.steps))
    if str(number) != asked:
        return redirect(steps_url(read, number))
    context.update(_step_context(read, taught, number))
    return render(request, "teaching/steps.html", context)


def _step_number(asked: str, count: int) -> int:
    """The step ``asked`` for (a number from 1), brought within 1 to ``count``;
    1 when it is not a number."""
    try:
        number = int(asked)
    except ValueError:
        return 1
    return min(max(number, 1), count)


def _step_context(read: Puzzle, taught: lessons.Lesson, number: int) -> dict:
    """What the steps page shows for step ``number`` of ``taught``, the
    lesson of ``read`` (its givens and rules)."""
    grid, rules = read.grid, read.rules
    step = taught.steps[number - 1]
    digits, candidates = step.before.digits, step.before.candidates
    caption = gettext("The board before step %(number)s, with its candidates") % {"number": number}
    count = len(taught.steps)
    shape = rules.geometry  # a variant's regions too: a step's unit may be a diagonal
    drawn = drawing.draw(step.step, shape, drawing.marks_before(digits, candidates, shape))
    ruled = None if rules.is_classic else rules
    return {
        "step": step,
        "number": number,
        "grid": steps_grid(
            grid, digits, candidates, marks_of(step, shape), caption, drawing.svg(drawn), ruled
        ),
        "drawn": drawn.kinds,
        "previous_url": steps_url(read, number - 1) if number > 1 else "",
        "next_url": steps_url(read, number + 1) if number < count else "",
        "all_steps": [(s, steps_url(read, s.number), _summary(s)) for s in taught.steps],
        "techniques": _technique_counts(taught),
        "out_of_time_at": _out_of_time_at(taught),
        "to_the_end": _to_the_end(taught),
        # The rating kept for the puzzle (every writing of it shares one), as
        # its answer gives it; else this walk's. None on another board, or
        # under variant rules (the givens' classic rating is not theirs).
        "difficulty": difficulty_shown((ruled is None and _kept(grid)) or taught.difficulty),
    }


def _kept(grid: Grid) -> Difficulty | None:
    if len(grid) != STANDARD.cells:
        return None  # only 9x9 puzzles are rated
    kept = ratings.known(grid)
    return kept.difficulty if kept else None


def _out_of_time_at(taught: lessons.Lesson) -> int:
    """The number of the first step taken because the time for logic ran
    out (a trial, as every step after it), or 0 if the logic had time."""
    for step in taught.steps:
        if step.technique == TRIAL and step.step.params.get("budget"):
            return step.number
    return 0


def _to_the_end(taught: lessons.Lesson) -> bool:
    """True if the steps reach the end: after the last, no cell is open."""
    last = taught.steps[-1]
    open_cells = sum(1 for digit in last.before.digits if not digit)
    return open_cells == len(last.placements)


@require_safe
def level(request):
    """The level of ``?puzzle=``, as the answer page shows it: a fragment of
    HTML, which the answer page's script puts in when the level was not known
    as the page was drawn. It is worked out here (within
    ``SUDOKU_EXPLAIN_SECONDS``) and kept, so this is asked once a puzzle;
    the fragment is empty for a puzzle without exactly one solution. Under
    the celery runner, a level not known yet is queued for the workers
    instead, and the reply is 202 with Retry-After: the script asks again.
    Bad input goes where the answer sends it, as everywhere. A board other
    than 9x9 has no level (the levels are calibrated on 9x9 puzzles): its
    fragment says so, without solving."""
    grid = linked_puzzle(request)
    if isinstance(grid, HttpResponse):
        return grid
    if len(grid) != STANDARD.cells:
        return _unrated(request, grid)
    result = solve(grid, budget=Budget(max_seconds=settings.SUDOKU_SOLVE_SECONDS))
    difficulty = None
    if result.status is Status.UNIQUE and 0 in grid:
        kept = ratings.rated_or_queued(grid)
        if kept is None:
            return _being_rated()
        difficulty = kept.difficulty
    return _level_fragment(request, {"difficulty": difficulty_shown(difficulty)})


LEVEL_MAX_AGE = 24 * 3600


def _unrated(request, grid: Grid) -> HttpResponse:
    """The level's fragment for a board other than 9x9: a note that it has none."""
    return _level_fragment(request, {"board": shape_of_grid(grid)})


def _level_fragment(request, context: dict) -> HttpResponse:
    response = render(request, "teaching/_level.html", context)
    # The same for every visit: a browser may keep it (in the reader's language).
    patch_cache_control(response, max_age=LEVEL_MAX_AGE)
    patch_vary_headers(response, ["Accept-Language", "Cookie"])
    return response


def _being_rated() -> HttpResponse:
    """202 (Accepted) with Retry-After, empty and never kept: the level is
    being worked out. Not 503: the server is well, and Django would log an
    error at each ask."""
    response = HttpResponse(status=202)
    response["Retry-After"] = str(ratings.RETRY_SECONDS)
    patch_cache_control(response, no_store=True)
    return response


def _summary(step: lessons.StepView) -> str:
    """A step in a few symbols, for the list of steps: "r9c3 = 7", "r1c2 ≠ 3, r1c5 ≠ 3"."""
    said = [f"r{r}c{c} = {SYMBOLS[d - 1]}" for r, c, d in step.placements]
    said += [f"r{r}c{c} ≠ {SYMBOLS[d - 1]}" for r, c, d in step.eliminations]
    if len(said) > SUMMARY_PARTS:
        said[SUMMARY_PARTS:] = ["…"]
    return comma().join(said)


def _technique_counts(taught: lessons.Lesson) -> list[tuple[str, str, int]]:
    """Each technique's name, its level's name and how many steps used it,
    simplest first: in the difficulty model's order (``techniques.rank``, as
    the teacher asks them), a technique it does not know last."""
    counts = Counter(step.technique for step in taught.steps)
    names = {step.technique: step.name for step in taught.steps}
    ranked = sorted(counts, key=lambda technique: _rank(technique))
    return [(names[t], _level_of(t), counts[t]) for t in ranked]


def _rank(technique: str) -> tuple[int, int]:
    row = TABLE.get(technique)
    return rank(row) if row else (len(LEVELS), 0)


def _level_of(technique: str) -> str:
    row = TABLE.get(technique)
    return level_name(row.level) if row else ""
