"""The teacher: a puzzle solved as a person would, one named step at a time.

``next_step`` asks each technique in turn, simplest first (the order of
``techniques.TECHNIQUES``), and takes the first instance the simplest one
finds. ``explain`` applies steps until the board is solved. When no
technique applies, a ``trial`` step says so plainly: it tries one
candidate of a cell with the fewest, and the exact solver (``solve``) tells
what that leads to, a contradiction (the candidate is eliminated) or a
solution (the digit is placed). A trial step is never wrong and never
silent; it only is not a technique a person could be taught.
"""

from __future__ import annotations

from collections.abc import Mapping

from .marks import Marks, digits_of
from .search import Budget
from .solve import Status, solve
from .steps import Pattern, Step
from .techniques import TECHNIQUES, Finder

TRIAL = "trial"
# Each trial's exact solve; a trial that runs out of it ends the explanation.
TRIAL_BUDGET = Budget(max_seconds=0.5)


def next_step(marks: Marks, techniques: Mapping[str, Finder] = TECHNIQUES) -> Step | None:
    """The first instance of the simplest technique that finds one, else a trial
    step; None when the board is solved or a trial could not be decided."""
    for finder in techniques.values():
        for step in finder(marks):
            return step
    return trial_step(marks)


def explain(
    marks: Marks, techniques: Mapping[str, Finder] = TECHNIQUES, max_steps: int = 1_000
) -> list[Step]:
    """The steps that solve ``marks`` (which they change), at most ``max_steps``;
    fewer when a trial cannot be decided within its budget."""
    steps: list[Step] = []
    while not marks.solved() and len(steps) < max_steps:
        step = next_step(marks, techniques)
        if step is None:
            break
        step.apply(marks)
        steps.append(step)
    return steps


def trial_step(marks: Marks) -> Step | None:
    """Try the smallest candidate of the first open cell with the fewest: eliminate
    it if the placed digits and it have no solution, else place it (a solution
    has it). None if the board is solved, or the solver ran out of budget."""
    open_cells = [cell for cell, digit in enumerate(marks.digits) if not digit]
    if not open_cells:
        return None
    cell = min(open_cells, key=lambda c: marks.candidates[c].bit_count())
    digits = digits_of(marks.candidates[cell])
    if not digits:
        return None  # a cell with no candidate: the marks themselves are broken
    digit = digits[0]
    tried = list(marks.digits)
    tried[cell] = digit
    result = solve(tuple(tried), marks.shape, budget=TRIAL_BUDGET, limit=1)
    pattern = Pattern(cells=(cell,), digits=(digit,))
    if result.status is Status.NONE:
        params = {"cell": cell, "digit": digit, "outcome": "contradiction"}
        return Step(
            TRIAL, eliminations=((cell, digit),), pattern=pattern, message=TRIAL, params=params
        )
    if result.status is Status.SOLVED:
        params = {"cell": cell, "digit": digit, "outcome": "solution", "solution": result.solution}
        return Step(
            TRIAL, placements=((cell, digit),), pattern=pattern, message=TRIAL, params=params
        )
    return None
