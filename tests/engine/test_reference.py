"""The reference solver: simple, slow, and trusted to count solutions."""

from solver.engine import parse_puzzle, shape
from solver.engine.reference import count_solutions
from tests.support.puzzles import HARD, HARD_SOLUTION, NO_SOLUTION


def test_a_complete_grid_has_one_solution():
    assert count_solutions(parse_puzzle(HARD_SOLUTION)) == 1


def test_one_missing_cell_has_one_solution():
    assert count_solutions((0,) + parse_puzzle(HARD_SOLUTION)[1:]) == 1


def test_an_impossible_grid_has_none():
    assert count_solutions(parse_puzzle(NO_SOLUTION)) == 0
    assert count_solutions((3, 3) + (0,) * 79) == 0


def test_counting_stops_at_the_limit():
    assert count_solutions((0,) * 81, limit=2) == 2
    assert count_solutions((0,) * 16, shape(2, 2), limit=1000) == 288  # all 4x4 grids


def test_running_out_of_steps_answers_none():
    assert count_solutions(parse_puzzle(HARD), max_steps=100) is None
