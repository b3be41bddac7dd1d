"""Plain propagation: each rule on a small board of its own, on every shape,
and a contradiction found the same way the fast propagation finds one."""

import pytest

from solver.engine import STANDARD, parse_puzzle, plain, shape_of_grid, solve
from tests.support.budgets import BY_GUESSES
from tests.support.puzzles import HARD_SOLUTION, NO_SOLUTION, SIZED

EMPTY = (0,) * 81
DIGITS = set(range(1, 10))


def cell(row, col):
    return (row - 1) * 9 + col - 1


def full_board():
    return plain.candidates_of(EMPTY, STANDARD)


def without(candidates, digit, cells):
    """The board with ``digit`` removed from ``cells``."""
    for at in cells:
        candidates[at].discard(digit)
    return candidates


def test_a_given_holds_only_its_digit_and_an_empty_cell_every_digit():
    candidates = plain.candidates_of((5,) + EMPTY[1:], STANDARD)
    assert candidates[0] == {5}
    assert candidates[1] == DIGITS


def test_a_naked_single_removes_its_digit_from_its_peers_only():
    candidates = plain.candidates_of((5,) + EMPTY[1:], STANDARD)
    removed = plain.naked_singles(candidates, STANDARD)
    assert removed == {(peer, 5) for peer in STANDARD.peers[0]}


def test_a_hidden_single_removes_the_other_candidates_of_its_cell():
    # Digit 1 is left only in r1c1 of row 1.
    candidates = without(full_board(), 1, [cell(1, c) for c in range(2, 10)])
    removed = plain.hidden_singles(candidates, STANDARD)
    assert removed == {(cell(1, 1), digit) for digit in range(2, 10)}


def test_pointing_removes_a_digit_from_the_rest_of_the_line_a_box_locks_it_into():
    # In box 1, digit 1 can only go in row 1.
    candidates = without(full_board(), 1, [cell(r, c) for r in (2, 3) for c in (1, 2, 3)])
    assert plain.pointing(candidates, STANDARD) == {(cell(1, c), 1) for c in range(4, 10)}


def test_pointing_works_down_a_column_too():
    # In box 9, digit 2 can only go in column 9.
    candidates = without(full_board(), 2, [cell(r, c) for r in (7, 8, 9) for c in (7, 8)])
    assert plain.pointing(candidates, STANDARD) == {(cell(r, 9), 2) for r in range(1, 7)}


def test_claiming_removes_a_digit_from_the_rest_of_the_box_a_line_locks_it_into():
    # In row 1, digit 1 can only go in box 1; in column 9, digit 3 only in box 9.
    candidates = without(full_board(), 1, [cell(1, c) for c in range(4, 10)])
    candidates = without(candidates, 3, [cell(r, 9) for r in range(1, 7)])
    assert plain.claiming(candidates, STANDARD) == (
        {(cell(r, c), 1) for r in (2, 3) for c in (1, 2, 3)}
        | {(cell(r, c), 3) for r in (7, 8, 9) for c in (7, 8)}
    )


def test_no_rule_removes_anything_from_an_empty_board():
    assert all(not rule(full_board(), STANDARD) for rule in plain.RULES)
    assert plain.propagate(full_board(), STANDARD) == full_board()


def test_propagation_leaves_the_board_it_was_given_alone():
    candidates = plain.candidates_of(parse_puzzle(HARD_SOLUTION)[:80] + (0,), STANDARD)
    settled = plain.propagate(candidates, STANDARD)
    assert candidates[80] == DIGITS
    assert settled[80] == {parse_puzzle(HARD_SOLUTION)[80]}


def test_only_the_rules_asked_for_are_applied():
    # Locked candidates alone remove digit 1 from the rest of row 1; singles see nothing.
    candidates = without(full_board(), 1, [cell(r, c) for r in (2, 3) for c in (1, 2, 3)])
    singles = (plain.naked_singles, plain.hidden_singles)
    assert plain.propagate(candidates, STANDARD, singles) == candidates
    assert 1 not in plain.propagate(candidates, STANDARD)[cell(1, 9)]


@pytest.mark.parametrize(
    "board",
    [
        parse_puzzle(NO_SOLUTION),  # r1c9 has no candidate left
        (5, 5) + EMPTY[2:],  # two 5s in a row
        (5,) + EMPTY[1:10] + (5,) + EMPTY[11:],  # two 5s in a box
    ],
)
def test_a_contradiction_gives_none(board):
    assert plain.propagate(plain.candidates_of(board, STANDARD), STANDARD) is None


def test_a_digit_with_no_place_in_a_unit_is_a_contradiction():
    candidates = without(full_board(), 4, [cell(5, c) for c in range(1, 10)])
    assert plain.broken(candidates, STANDARD)
    assert plain.propagate(candidates, STANDARD) is None


def test_two_boxes_that_lock_a_digit_into_one_row_are_a_contradiction():
    # Boxes 1 and 2 both hold digit 1 only in row 1: each points it out of the other.
    candidates = without(full_board(), 1, [cell(r, c) for r in (2, 3) for c in range(1, 7)])
    assert plain.propagate(candidates, STANDARD) is None


def test_two_hidden_singles_that_want_one_cell_are_a_contradiction():
    candidates = without(full_board(), 1, [cell(1, c) for c in range(2, 10)])
    candidates = without(candidates, 2, [cell(1, c) for c in range(2, 10)])
    assert plain.propagate(candidates, STANDARD) is None


@pytest.mark.parametrize("name", list(SIZED))
def test_on_every_shape_propagation_narrows_the_board_and_keeps_the_solution(name):
    puzzle = parse_puzzle(SIZED[name])
    board = shape_of_grid(puzzle)
    solution = solve(puzzle, budget=BY_GUESSES).solution
    settled = plain.propagate(plain.candidates_of(puzzle, board), board)
    assert all(digit in digits for digit, digits in zip(solution, settled, strict=True))
    assert sum(map(len, settled)) < sum(map(len, plain.candidates_of(puzzle, board)))
