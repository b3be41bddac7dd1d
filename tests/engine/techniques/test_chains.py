"""Chains: an alternating chain of strong and weak links proves its start or
its end, so what sees both ends goes; a loop makes every weak link strong; a
chain back to its start places it; and a forcing chain keeps what every
branch of a cell leads to.

The soundness rules at the end walk shared puzzles with the earlier
families first, so the chains are asked on boards those leave stuck.
"""

import pytest

from solver.engine import parse_puzzle
from solver.engine.board import shape, shape_of_grid
from solver.engine.marks import Marks
from solver.engine.steps import Link
from solver.engine.teacher import explain
from solver.engine.techniques import chains, finders
from solver.engine.techniques.chains import (
    find_aic,
    find_forcing_chain,
    find_x_chain,
    find_xy_chain,
)
from tests.support.boards import EARLIER, cell, checked_steps, open_board
from tests.support.puzzles import load, sample


def only_at(marks: Marks, digit: int, cells: set[int]) -> Marks:
    """``marks`` with ``digit`` left only in ``cells``."""
    for other in range(marks.shape.cells):
        if other not in cells:
            marks.eliminate(other, digit)
    return marks


def test_an_x_chain_removes_its_digit_where_both_ends_are_seen():
    ends = cell(1, 1), cell(7, 2)
    links = [cell(1, 5), cell(4, 5), cell(4, 8), cell(7, 8)]  # rows 1, 4, 7 hold two places each
    seen_by_both = {cell(2, 2), cell(3, 2), cell(8, 1), cell(9, 1)}
    marks = only_at(open_board(), 1, {*ends, *links, *seen_by_both})
    steps = list(find_x_chain(marks))
    [step] = [s for s in steps if s.params["start"] in ends and s.params["end"] in ends]
    assert set(step.eliminations) == {(c, 1) for c in seen_by_both}
    assert step.params["digit"] == 1
    assert step.params["length"] == 5
    assert step.pattern.digits == (1,)
    assert [link.strong for link in step.pattern.links] == [True, False, True, False, True]
    assert all(len(link.start) == 1 for link in step.pattern.links)


def test_an_xy_chain_walks_two_candidate_cells_to_its_ends_digit():
    marks = open_board(
        pencilled={
            cell(1, 1): {1, 2},
            cell(1, 5): {2, 3},
            cell(5, 5): {3, 4},
            cell(5, 9): {4, 1},
        }
    )
    [step] = find_xy_chain(marks)
    assert step.eliminations == ((cell(1, 9), 1), (cell(5, 1), 1))
    assert step.pattern.cells == (cell(1, 1), cell(1, 5), cell(5, 5), cell(5, 9))
    assert step.pattern.digits == (1, 2, 3, 4)
    assert step.pattern.links[0] == Link(((cell(1, 1), 1),), ((cell(1, 1), 2),), strong=True)
    assert step.params == {"digit": 1, "start": cell(1, 1), "end": cell(5, 9), "length": 7}


def test_an_aic_with_two_digits_at_its_ends_removes_each_from_the_others_cell():
    # 1r1c1 = 3r1c1 - 3r5c1 = 2r5c1 - 2r5c9 = 2r1c9 (2 has two places in column 9)
    marks = open_board(pencilled={cell(1, 1): {1, 3}, cell(5, 1): {2, 3}})
    only_at(marks, 2, {cell(5, 1), cell(5, 9), cell(1, 9)} | {cell(r, 2) for r in range(1, 10)})
    steps = [s for s in find_aic(marks) if (cell(1, 9), 1) in s.eliminations]
    assert steps
    assert steps[0].message == "aic"
    assert steps[0].eliminations == ((cell(1, 9), 1),)
    assert {steps[0].params["start_digit"], steps[0].params["end_digit"]} == {1, 2}


def test_a_continuous_loop_makes_every_weak_link_strong():
    corners = {cell(1, 1): {1, 2}, cell(1, 5): {2, 3}, cell(5, 5): {3, 4}, cell(5, 1): {4, 1}}
    marks = open_board(pencilled=corners)
    step = next(find_aic(marks))
    assert step.message == "aic/loop"
    expected = (
        {(cell(1, c), 2) for c in range(1, 10) if c not in (1, 5)}
        | {(cell(r, 5), 3) for r in range(1, 10) if r not in (1, 5)}
        | {(cell(5, c), 4) for c in range(1, 10) if c not in (1, 5)}
        | {(cell(r, 1), 1) for r in range(1, 10) if r not in (1, 5)}
    )
    assert set(step.eliminations) == expected
    assert len(step.pattern.links) == 8
    assert step.params["length"] == 8
    assert step.pattern.links[-1].strong is False  # the closing link


def test_a_loop_with_nothing_left_to_remove_is_no_step():
    corners = {cell(1, 1): {1, 2}, cell(1, 5): {2, 3}, cell(5, 5): {3, 4}, cell(5, 1): {4, 1}}
    marks = open_board(pencilled=corners)
    for c, d in next(find_aic(marks)).eliminations:
        marks.eliminate(c, d)
    steps = list(find_aic(marks))
    assert all(step.placements or step.eliminations for step in steps)
    assert not [step for step in steps if step.message == "aic/loop"]


def test_every_aic_step_on_the_way_through_a_hard_puzzle_changes_the_board():
    # top1465's puzzle 488 once met a loop whose only outcome was empty: the
    # teacher then took that step, which changed nothing, forever
    grid = parse_puzzle(load("top1465.txt")[488])
    marks = Marks.from_grid(grid, shape_of_grid(grid))
    steps = explain(marks, {**EARLIER, **finders(chains.TECHNIQUES)})
    assert marks.solved()
    assert all(step.placements or step.eliminations for step in steps)


def test_a_chain_back_to_its_start_places_it():
    # 1r1c1 = 2r1c1 - 2r1c5 = 3r1c5 - 3r5c5 = 1r5c5 - 1r5c1 = 1r1c1
    marks = open_board(pencilled={cell(1, 1): {1, 2}, cell(1, 5): {2, 3}, cell(5, 5): {3, 1}})
    column_1 = {cell(r, 1) for r in range(1, 10)}
    only_at(marks, 1, set(range(81)) - column_1 | {cell(1, 1), cell(5, 1)})
    placing = [s for s in find_aic(marks) if s.placements]
    assert placing
    assert placing[0].message == "aic/placement"
    assert placing[0].placements == ((cell(1, 1), 1),)


def test_a_grouped_chain_links_through_the_cells_of_a_segment():
    group = {cell(1, 1), cell(1, 2)}  # row 1's places of 1 in box 1
    seen_by_both = {cell(2, 3), cell(3, 3)}
    places = {*group, cell(1, 7), cell(5, 7), cell(5, 3), cell(8, 7), *seen_by_both}
    marks = only_at(open_board(), 1, places)
    steps = [s for s in find_aic(marks) if set(s.eliminations) == {(c, 1) for c in seen_by_both}]
    assert steps
    assert any(len(link.start) == 2 or len(link.end) == 2 for link in steps[0].pattern.links)
    assert not any(
        set(s.eliminations) & {(c, 1) for c in seen_by_both} for s in find_x_chain(marks)
    )


@pytest.mark.parametrize(("box_rows", "box_cols"), [(2, 2), (2, 3), (4, 4)])
def test_chains_work_on_every_shape(box_rows, box_cols):
    board = shape(box_rows, box_cols)
    far = board.size
    corners = {
        cell(1, 1, board): {1, 2},
        cell(1, far, board): {2, 3},
        cell(far, far, board): {3, 4},
        cell(far, 1, board): {4, 1},
    }
    marks = open_board(board, corners)
    step = next(find_aic(marks))
    assert step.message == "aic/loop"
    assert (cell(2, 1, board), 1) in step.eliminations
    assert (cell(far, 2, board), 4) in step.eliminations
    xy = next(find_xy_chain(marks))
    assert xy.eliminations  # the same cells read as an xy-chain


def test_a_forcing_chain_keeps_what_both_candidates_of_a_cell_lead_to():
    # r1c1 = 1 makes r1c5 3, r1c1 = 2 makes r5c1 3: either way r5c5 is 4
    marks = open_board(
        pencilled={cell(1, 1): {1, 2}, cell(1, 5): {1, 3}, cell(5, 1): {2, 3}, cell(5, 5): {3, 4}}
    )
    step = next(find_forcing_chain(marks))
    assert step.message == "forcing-chain"
    assert step.placements == ((cell(5, 5), 4),)
    assert step.params["cell"] == cell(1, 1)
    assert step.params["branches"] == ((cell(1, 1), 1), (cell(1, 1), 2))
    assert step.params["outcome"] == "place"


def test_a_forcing_chain_removes_a_branch_that_runs_into_a_contradiction():
    # r1c1 = 2 leaves r1c2 and r1c3 both 3
    marks = open_board(pencilled={cell(1, 1): {1, 2}, cell(1, 2): {2, 3}, cell(1, 3): {2, 3}})
    step = next(find_forcing_chain(marks))
    assert step.message == "forcing-chain/contradiction"
    assert step.eliminations == ((cell(1, 1), 2),)


def test_a_forcing_chain_on_a_naked_pair_removes_both_digits_around_it():
    marks = open_board(pencilled={cell(1, 1): {1, 2}, cell(1, 2): {1, 2}})
    step = next(find_forcing_chain(marks))
    removed = {(c, d) for c in (*range(2, 9), 9, 10, 11, 18, 19, 20) for d in (1, 2)}
    assert set(step.eliminations) == removed
    assert step.params["outcome"] == "eliminate"


def doing_something(finder):
    """``finder``, asserting that each step it yields places or removes something
    (a step that does nothing would hold the teacher in place forever)."""

    def find(marks):
        for step in finder(marks):
            assert step.placements or step.eliminations, step
            yield step

    return find


@pytest.mark.slow  # a sweep over shared puzzles; the full suite runs it
@pytest.mark.parametrize("name", ["top1465.txt", "forum_hardest_1106.txt"])
def test_every_chain_on_the_way_agrees_with_the_solution(name):
    family = finders(chains.TECHNIQUES)
    watched = {key: doing_something(family[key]) for key in ("x-chain", "xy-chain", "aic")}
    checked = sum(checked_steps(puzzle, watched) for puzzle in sample(name, 4))
    assert checked > 200


@pytest.mark.slow  # a sweep over shared puzzles; the full suite runs it
def test_every_forcing_chain_on_the_way_agrees_with_the_solution():
    watched = {"forcing-chain": doing_something(find_forcing_chain)}
    checked = sum(checked_steps(puzzle, watched) for puzzle in sample("top1465.txt", 2))
    assert checked > 200
