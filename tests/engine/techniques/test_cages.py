"""Cage techniques: a killer cage's combinations and the rule of 45 remove
only what no filling of the sum allows, find nothing without cages, and
with the other techniques explain killers with no givens to the end
without a trial, every step keeping the solution."""

from __future__ import annotations

import pytest

from solver.engine import STANDARD, parse_puzzle
from solver.engine.marks import Marks, digits_of
from solver.engine.rules import rule_set
from solver.engine.rules.cages import Cage, Killer
from solver.engine.teacher import explain
from solver.engine.techniques.cages import find_cage_combinations, find_rule_of_45
from tests.support.killers import unique_killer
from tests.support.puzzles import HARD
from tests.support.soundness import unsound


def marks_of(cages, grid=None) -> Marks:
    rules = rule_set(9, [Killer(tuple(cages))])
    return Marks.from_grid(grid or (0,) * 81, rules.geometry, rules=rules)


def test_a_two_cell_three_keeps_only_1_and_2():
    (step,) = find_cage_combinations(marks_of([Cage((0, 1), 3)]))
    assert step.technique == "cage-combinations"
    assert set(step.eliminations) == {(c, d) for c in (0, 1) for d in range(3, 10)}
    assert step.params["sets"] == [[1, 2]]


def test_a_placed_digit_takes_its_place_in_the_sets():
    grid = [0] * 81
    grid[0] = 4
    marks = marks_of([Cage((0, 1, 2), 10)], grid)
    (step,) = find_cage_combinations(marks)
    # 4 + two of the rest making 6: 1+5 (2+4 repeats the 4), so r1c2 and r1c3 keep 1 and 5.
    kept = set(digits_of(marks.candidates[1])) - {d for c, d in step.eliminations if c == 1}
    assert kept == {1, 5}
    assert step.params["sets"] == [[1, 4, 5]]


def test_the_rule_of_45_sums_a_rows_innies():
    # Row 1's cages make 3 + 12 + 22 in eight cells: the ninth, r1c9, is 45 - 37.
    cages = [Cage((0, 1), 3), Cage((2, 3, 4), 12), Cage((5, 6, 7), 22)]
    steps = list(find_rule_of_45(marks_of(cages)))
    row = next(s for s in steps if s.params["units"] == [("row", 1)])
    assert (row.params["cells"], row.params["total"], row.params["side"]) == ([8], 8, "innies")
    assert set(row.eliminations) == {(8, d) for d in range(1, 10) if d != 8}


def test_nothing_is_found_without_cages():
    marks = Marks.from_grid(parse_puzzle(HARD), STANDARD)
    assert list(find_cage_combinations(marks)) == []
    assert list(find_rule_of_45(marks)) == []


def walk(seed: int):
    """The teacher's steps on a killer with no givens, the board after, and the solution."""
    puzzle, grid = unique_killer(seed)
    marks = Marks.from_grid(puzzle.grid, puzzle.rules.geometry, rules=puzzle.rules)
    return explain(marks, max_seconds=5.0, unique=True), marks, grid


@pytest.mark.parametrize("seed", range(12))
def test_every_step_on_a_killer_keeps_its_solution_to_the_end(seed):
    steps, marks, grid = walk(seed)
    assert unsound(steps, tuple(grid)) == []
    assert list(marks.digits) == grid


# The killers whose walks need no trial: 10 of the first 12 (the others take
# one, for want of a technique such as innies that may repeat digits).
NO_TRIAL = [0, 1, 2, 4, 5, 6, 7, 8, 9, 11]


@pytest.mark.parametrize("seed", NO_TRIAL)
def test_a_killer_with_no_givens_is_explained_by_its_cages_without_a_trial(seed):
    steps, _marks, _grid = walk(seed)
    used = {step.technique for step in steps}
    assert "trial" not in used
    assert "cage-combinations" in used
