"""The teacher is sound over the shared sets: explained from its givens, every
puzzle of top1465 and forum_hardest_1106 and a sample of seventeen_clue gets
only right placements and eliminations, ends solved, and can be rated."""

import pytest

from solver.engine import parse_puzzle, solve
from solver.engine.board import shape_of_grid
from solver.engine.difficulty import rate
from solver.engine.marks import Marks
from solver.engine.teacher import explain
from tests.support.puzzles import load, sample

SEVENTEEN_SAMPLE = 500
# Each set in this many parts, one test each (every k-th puzzle), so a slow or
# failing stretch shows where it is and the parts can run side by side.
PARTS = {"top1465.txt": 12, "forum_hardest_1106.txt": 3, "seventeen_clue.txt": 4}


def puzzles(name):
    """Every puzzle of ``name``, or for seventeen_clue a sample spread through it."""
    if name == "seventeen_clue.txt":
        return sample(name, SEVENTEEN_SAMPLE)
    return load(name)


def wrong_steps(text):
    """What goes wrong when ``text`` is explained from its givens: each step that
    places a digit not the solution's or removes the solution's digit, and the
    board if it does not end as the solution."""
    grid = parse_puzzle(text)
    solution = solve(grid).solution
    marks = Marks.from_grid(grid, shape_of_grid(grid))
    steps = explain(marks, unique=True)  # every technique: each puzzle has one solution
    rate(steps)  # every technique the walk used has a weight (else KeyError)
    wrong = [
        step
        for step in steps
        if any(solution[cell] != digit for cell, digit in step.placements)
        or any(solution[cell] == digit for cell, digit in step.eliminations)
    ]
    if tuple(marks.digits) != solution:
        wrong.append("the walk ends unsolved")
    return wrong


@pytest.mark.slow  # every puzzle of two sets; the full suite runs it
@pytest.mark.parametrize(
    ("name", "part"), [(name, part) for name, parts in PARTS.items() for part in range(parts)]
)
def test_every_step_keeps_the_solution_and_the_walk_ends_solved(name, part):
    for text in puzzles(name)[part :: PARTS[name]]:
        assert wrong_steps(text) == [], text
