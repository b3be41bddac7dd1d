"""The teacher is sound over the shared sets: explained from its givens with
every technique, a puzzle gets only right placements and eliminations, ends
solved, and can be rated.

`make test` walks an even sample of each set (``SAMPLE``, the same puzzles
every run: about 200 s of one core); `make soundness` walks every puzzle of the
three sets, 51,000 in all (its figures are in docs/teacher.md). serg_multi is
left out: its puzzles have several solutions, and a step is judged against the
one solution.
"""

from collections import Counter

import pytest

from solver.engine import parse_puzzle
from solver.engine.board import shape_of_grid
from solver.engine.difficulty import rate
from solver.engine.marks import Marks
from solver.engine.teacher import explain
from tests.support.soundness import TALLY, solution_of, unsound

# Puzzles spread through each set in the suite's sample: a fifth of top1465
# (0.3 s each), a third of forum_hardest (the slowest to explain, 0.8 s each)
# and a thousand of the 17-clue puzzles (5 ms each). Between them they use
# every technique of the teacher's table.
SAMPLE = {"top1465.txt": 300, "forum_hardest_1106.txt": 125, "seventeen_clue.txt": 1_000}
# Each set in this many parts, one test each (every k-th puzzle), so a slow or
# failing stretch shows where it is and the parts can run side by side.
PARTS = {"top1465.txt": 12, "forum_hardest_1106.txt": 5, "seventeen_clue.txt": 4}


def walk(text):
    """The steps that explain ``text`` from its givens, and what goes wrong on the
    way: each step that contradicts the solution, and the board if it does not
    end as the solution."""
    grid = parse_puzzle(text)
    solution = solution_of(grid)
    marks = Marks.from_grid(grid, shape_of_grid(grid))
    steps = explain(marks, unique=True)  # every technique: each puzzle has one solution
    rate(steps)  # every technique the walk used has a weight (else KeyError)
    wrong = unsound(steps, solution)
    if tuple(marks.digits) != solution:
        wrong.append("the walk ends unsolved")
    return steps, wrong


@pytest.mark.sweep
@pytest.mark.parametrize(
    ("name", "part"), [(name, part) for name, parts in PARTS.items() for part in range(parts)]
)
def test_every_step_keeps_the_solution_and_the_walk_ends_solved(sweep, record_property, name, part):
    puzzles = sweep(name, SAMPLE[name])[part :: PARTS[name]]
    used = Counter()
    for text in puzzles:
        steps, wrong = walk(text)
        assert wrong == [], text
        used.update(step.technique for step in steps)
    # What was checked, summed over the parts at the end of the run (tests/conftest.py).
    record_property(TALLY, {"puzzles": len(puzzles), "steps": used.total(), **used})
