"""The soundness rule every deduction is held to, written once: a step never
contradicts the puzzle's solution. It places only the solution's digits, and
never eliminates one (the house style's principle 9).

    solution = solution_of(grid)                        # what every move is judged by
    contradictions(solution, placements, eliminations)  # [] when sound
    unsound(steps, solution)                            # the steps that are not
    lost(marks, solution)                               # cells a board got wrong

The teacher's walks, each family of techniques, HoDoKu's regression cases and
the generator's givens are all judged here. Cells and digits are the engine's
(cells from 0, digits from 1); a move is a (cell, digit) pair.
"""

from __future__ import annotations

from collections.abc import Iterable

from solver.engine import Status, solve
from solver.engine.board import Grid
from solver.engine.marks import Marks
from solver.engine.steps import Step
from tests.support.budgets import BY_GUESSES

Move = tuple[int, int]  # (cell, digit): a digit placed in, or eliminated from, a cell
# The name of a sweep's ``record_property``: a dict of counts (puzzles, steps, each
# technique's steps), summed over every test at the end of the run (tests/conftest.py).
TALLY = "tally"


def solution_of(grid: Grid) -> Grid:
    """The one solution of ``grid`` (any size), found within the engine's guess
    limit and no clock. AssertionError if the grid has none, or several."""
    result = solve(grid, budget=BY_GUESSES)
    assert result.status is Status.UNIQUE, result.status
    return result.solution


def contradictions(
    solution: Grid, placements: Iterable[Move] = (), eliminations: Iterable[Move] = ()
) -> list[str]:
    """Each move that contradicts ``solution``, said in words: a placement of a
    digit that is not the solution's, an elimination of the solution's digit.
    [] when every move keeps the solution."""
    wrong = [
        f"placed {digit} in cell {cell}, whose digit is {solution[cell]}"
        for cell, digit in placements
        if solution[cell] != digit
    ]
    wrong += [
        f"eliminated {digit} from cell {cell}, whose digit it is"
        for cell, digit in eliminations
        if solution[cell] == digit
    ]
    return wrong


def unsound(steps: Iterable[Step], solution: Grid) -> list[Step]:
    """The steps of ``steps`` that contradict ``solution``, in their order;
    [] when every one keeps it."""
    return [step for step in steps if contradictions(solution, step.placements, step.eliminations)]


def lost(marks: Marks, solution: Grid) -> list[int]:
    """The open cells of ``marks`` whose candidates no longer hold the
    solution's digit, which no sound step can leave; [] when none has."""
    return [
        cell
        for cell, digit in enumerate(marks.digits)
        if not digit and not marks.has(cell, solution[cell])
    ]
