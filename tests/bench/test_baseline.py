"""The baseline: a Norvig-style yardstick that still has to be right."""

import pytest

from bench.baseline import CELLS, DIGITS, PEERS, UNITS, UNITS_OF, assign, eliminate, solve_first
from solver.engine import is_valid_solution, parse_puzzle, solve
from tests.support.budgets import BY_GUESSES
from tests.support.puzzles import HARD, HARD_SOLUTION, NO_SOLUTION, NO_SOLUTION_AFTER_SEARCH, sample


def test_the_geometry_has_27_units_3_per_cell_and_20_peers_per_cell():
    assert len(UNITS) == 27
    assert all(sorted(unit) == sorted(set(unit)) and len(unit) == 9 for unit in UNITS)
    assert all(len(UNITS_OF[cell]) == 3 for cell in CELLS)
    assert all(len(PEERS[cell]) == 20 and cell not in PEERS[cell] for cell in CELLS)
    assert set(PEERS[0]) == {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 18, 19, 20, 27, 36, 45, 54, 63, 72}


def test_a_hard_puzzle_is_solved_keeping_every_given():
    solution = solve_first(HARD)
    assert solution == HARD_SOLUTION
    assert is_valid_solution(parse_puzzle(HARD), parse_puzzle(solution))


def test_it_agrees_with_the_engine_on_top1465():
    for puzzle in sample("top1465.txt", 25):
        expected = solve(parse_puzzle(puzzle), limit=1, budget=BY_GUESSES).solution
        assert parse_puzzle(solve_first(puzzle)) == expected, puzzle


def test_a_puzzle_without_solution_gives_none():
    assert solve_first(NO_SOLUTION) is None
    assert solve_first(NO_SOLUTION_AFTER_SEARCH) is None


def test_conflicting_givens_give_none():
    assert solve_first("55" + "." * 79) is None
    assert solve_first("5" + "." * 8 + "5" + "." * 71) is None  # same column


def test_the_search_order_is_norvigs():
    """Fewest candidates first (ties to the earliest cell), digits in increasing
    order: on the empty grid, the solution Norvig's own program returns."""
    assert solve_first("." * 81) == (
        "123456789456789123789123456231674895875912364694538217317265948542897631968341572"
    )


def test_a_cell_left_with_one_digit_removes_it_from_its_peers():
    candidates = assign(dict.fromkeys(CELLS, DIGITS), 0, "5")
    assert candidates[0] == "5"
    assert all("5" not in candidates[peer] for peer in PEERS[0])
    assert candidates[80] == DIGITS  # not a peer


def test_a_unit_with_one_place_for_a_digit_puts_it_there():
    candidates = dict.fromkeys(CELLS, DIGITS)
    for cell in range(8):  # no 9 left anywhere in row 1 but its last cell
        candidates = eliminate(candidates, cell, "9")
    assert candidates[8] == "9"
    assert "9" not in candidates[17]  # and its peers lose the 9


def test_text_that_is_not_a_puzzle_line_is_refused():
    with pytest.raises(ValueError, match="81 characters"):
        solve_first(HARD[:80])
    with pytest.raises(ValueError, match="81 characters"):
        solve_first("x" + HARD[1:])
