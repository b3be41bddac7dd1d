"""Where a puzzle breaks: the singles from its givens to a contradiction, each
one a true single when replayed in order, and none of them idle."""

from __future__ import annotations

from functools import cache

import pytest

from solver.engine import Status, parse_puzzle, shape_of_grid, solve
from solver.engine.board import Grid, Shape
from solver.engine.contradiction import Contradiction, find_contradiction
from solver.engine.marks import Marks
from tests.support.broken import broken_by_one_given, first_broken
from tests.support.puzzles import HARD, NO_SOLUTION, NO_SOLUTION_AFTER_SEARCH, SIZED, sample


def replayed(puzzle: Grid, found: Contradiction) -> Marks:
    """The board after ``found``'s singles, each checked to be a naked or a
    hidden single where it is placed; AssertionError at the first that is not."""
    board = shape_of_grid(puzzle)
    marks = Marks.from_grid(puzzle, board)
    for step in found.singles:
        ((cell, digit),) = step.placements
        if step.technique == "naked-single":
            assert marks.candidates[cell] == 1 << (digit - 1), step
        else:
            assert step.technique == "hidden-single", step
            (unit,) = step.pattern.units
            assert digit not in (marks.digits[other] for other in unit.cells), step
            assert marks.places(unit, digit) == [cell], step
        marks.place(cell, digit)
    return marks


def holds(puzzle: Grid, found: Contradiction) -> bool:
    """True if, after ``found``'s singles, the break it names is there."""
    marks = replayed(puzzle, found)
    if found.cell is not None:
        return not marks.digits[found.cell] and not marks.candidates[found.cell]
    placed = {marks.digits[cell] for cell in found.unit.cells}
    return found.digit not in placed and marks.places(found.unit, found.digit) == []


@cache
def seventeen() -> tuple[str, ...]:
    return sample("seventeen_clue.txt", 5)


def test_a_cell_left_without_candidate_by_the_givens_needs_no_single():
    found = find_contradiction(parse_puzzle(NO_SOLUTION))
    assert found == Contradiction(singles=(), cell=8)  # r1c9: 1-8 in its row, 9 in its column


def test_a_puzzle_singles_solve_breaks_nowhere():
    puzzle = parse_puzzle(seventeen()[0])
    assert solve(puzzle).status is Status.UNIQUE
    assert find_contradiction(puzzle) is None


def test_a_puzzle_that_breaks_deeper_than_singles_gets_no_short_reason():
    puzzle = parse_puzzle(NO_SOLUTION_AFTER_SEARCH)
    assert solve(puzzle).status is Status.NONE
    assert find_contradiction(puzzle) is None


def test_no_short_reason_past_the_cap():
    puzzle, found = first_broken(seventeen(), lambda found: len(found.singles) >= 2)
    assert find_contradiction(puzzle, max_singles=0) is None
    assert holds(puzzle, found)


@pytest.mark.parametrize("text", seventeen())
def test_every_contradiction_found_holds_after_its_singles(text):
    checked = 0
    for puzzle in broken_by_one_given(text):
        found = find_contradiction(puzzle)
        if found is not None:
            assert holds(puzzle, found)
            checked += 1
    assert checked  # a sample where singles never break is no test


def test_every_single_kept_is_needed():
    """Leaving any one single out of the chain, the rest no longer reach the
    break (or are no longer singles): none of them is idle."""
    puzzle, found = first_broken(seventeen(), lambda found: len(found.singles) >= 3)
    for left_out in range(len(found.singles)):
        fewer = found.singles[:left_out] + found.singles[left_out + 1 :]
        shorter = Contradiction(fewer, found.cell, found.unit, found.digit)
        with pytest.raises(AssertionError):
            assert holds(puzzle, shorter)


def test_a_contradiction_that_needs_a_hidden_single():
    def needs_hidden(found):
        return any(step.technique == "hidden-single" for step in found.singles)

    puzzle, found = first_broken(seventeen(), needs_hidden)
    assert holds(puzzle, found)
    # The chain without its hidden singles no longer reaches the break.
    naked = tuple(step for step in found.singles if step.technique == "naked-single")
    with pytest.raises(AssertionError):
        assert holds(puzzle, Contradiction(naked, found.cell, found.unit, found.digit))


def test_a_unit_with_no_place_for_a_digit_is_a_break():
    puzzle, found = first_broken(seventeen(), lambda found: found.unit is not None)
    assert found.cell is None
    assert 1 <= found.digit <= 9
    assert holds(puzzle, found)


@pytest.mark.parametrize("name", ["6x6", "8x8", "12x12", "16x16"])
def test_every_size_breaks_on_its_own_board(name):
    puzzle, found = first_broken([SIZED[name]], lambda found: True)
    board: Shape = shape_of_grid(puzzle)
    assert board.size == int(name.split("x")[0])
    assert holds(puzzle, found)
    digits = [digit for step in found.singles for _, digit in step.placements]
    assert all(1 <= digit <= board.size for digit in digits)


def test_a_unique_hard_puzzle_breaks_nowhere():
    assert find_contradiction(parse_puzzle(HARD)) is None
