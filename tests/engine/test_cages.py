"""Killer cages: the digit sets a sum allows, what a cage's candidates keep,
the rule of 45's innies and outies, the cages a board cannot take, givens that break a
sum, and exact verdicts on killers with no givens, counted by CP-SAT."""

from __future__ import annotations

from itertools import combinations, product
from random import Random

import pytest

from solver.engine import solve
from solver.engine.problems import InvalidPuzzle
from solver.engine.puzzle import Puzzle, read_puzzle
from solver.engine.rules import find_conflicts, is_valid_solution, rule_set
from solver.engine.rules.cages import (
    Cage,
    HouseSum,
    Killer,
    allowed,
    areas_of,
    bounded,
    completable,
    digit_sets,
    house_sums,
    sum_range,
)
from solver.engine.solve import Status
from tests.support.killers import cp_sat_count, killer, unique_killer

# The sums with one digit set, by cage size (1 to 9).
ONE_SET = {
    2: {3, 4, 16, 17},
    3: {6, 7, 23, 24},
    4: {10, 11, 29, 30},
    5: {15, 16, 34, 35},
    6: {21, 22, 38, 39},
    7: {28, 29, 41, 42},
    8: set(range(36, 45)),
    9: {45},
}


def mask(*digits: int) -> int:
    return sum(1 << (d - 1) for d in digits)


def test_the_sums_with_one_digit_set_are_the_known_ones():
    for count, sums in ONE_SET.items():
        least, most = sum_range(count, 9)
        single = {s for s in range(least, most + 1) if len(digit_sets(count, s, 9)) == 1}
        assert single == sums, count


def test_the_digit_sets_are_every_set_of_different_digits_with_the_sum():
    total = sum(len(digit_sets(k, s, 9)) for k in range(1, 10) for s in range(1, 46))
    assert total == 511  # every non-empty set of 1 to 9, once
    assert digit_sets(3, 7, 9) == (mask(1, 2, 4),)
    assert digit_sets(12, 100, 25) is None  # too many to list: bounds instead


def test_a_cage_keeps_only_the_digits_of_the_sets_its_cells_can_fill():
    anything = mask(*range(1, 10))
    assert allowed([anything, anything], 3, 9) == [mask(1, 2)] * 2
    assert allowed([mask(1), anything], 3, 9) == [mask(1), mask(2)]
    assert allowed([mask(1, 2), mask(1, 2), anything], 10, 9) == [mask(1, 2), mask(1, 2), mask(7)]
    assert allowed([mask(5), mask(5)], 10, 9) is None  # 5 and 5 differ in no set


def test_a_digit_every_set_holds_goes_to_the_one_cell_that_can_take_it():
    # 6 in three cells is {1, 2, 3}: the 3 can only go in the last cell.
    assert allowed([mask(1, 2), mask(1, 2), mask(1, 2, 3)], 6, 9) == [
        mask(1, 2),
        mask(1, 2),
        mask(3),
    ]


def test_on_big_boards_a_cage_is_pruned_by_bounds():
    anything = mask(*range(1, 26))
    kept = allowed([anything] * 12, 78, 25)  # 1 to 12: the least twelve digits make 78
    assert kept is not None
    assert all(keep.bit_length() <= 12 for keep in kept)


def supported(masks: list[int], total: int, size: int) -> list[int]:
    """What each cell holds in some filling of the cage, by trying every one."""
    found = [0] * len(masks)
    choices = [[d for d in range(1, size + 1) if m >> (d - 1) & 1] for m in masks]
    for digits in product(*choices):
        if len(set(digits)) == len(digits) and sum(digits) == total:
            for i, digit in enumerate(digits):
                found[i] |= mask(digit)
    return found


def test_a_cage_never_loses_a_digit_some_filling_uses_and_fails_only_when_none_works():
    rng = Random(2026)
    for _ in range(2000):
        size = rng.randint(4, 9)
        masks = [rng.randint(1, (1 << size) - 1) for _ in range(rng.randint(1, min(4, size)))]
        total = rng.randint(1, 35)
        truth = supported(masks, total, size)
        kept = allowed(masks, total, size)
        if not any(truth):
            assert kept is None, (masks, total)
            continue
        assert kept is not None, (masks, total)
        assert all(k & t == t for k, t in zip(kept, truth, strict=True)), (masks, total)
        by_bounds = bounded(masks, total)  # the big boards' rule: sound as well
        assert by_bounds is not None
        assert all(k & t == t for k, t in zip(by_bounds, truth, strict=True)), (masks, total)


def test_completable_agrees_with_trying_every_set():
    for count, total in product(range(1, 5), range(1, 31)):
        for givens in ([], [1], [9], [3, 4]):
            expected = any(
                set(givens) <= set(chosen) and sum(chosen) == total
                for chosen in combinations(range(1, 10), count)
            )
            assert completable(givens, count, total, 9) == expected, (givens, count, total)


def test_the_innies_of_a_house_sum_to_what_its_cages_wholly_inside_leave():
    row = tuple(range(9))
    groups = [((0, 1), 3), ((2, 3, 4), 20), ((8, 17), 10)]
    (found,) = house_sums([row], [(0,)], groups, [row], 9)
    assert found == HouseSum((5, 6, 7, 8), 45 - 23, "innies", (0,))
    assert house_sums([row], [(0,)], [((8, 17), 10)], [row], 9) == []  # none wholly inside


def test_the_outies_of_a_house_are_what_its_covering_cages_make_beyond_it():
    row, column = tuple(range(9)), tuple(range(8, 81, 9))
    groups = [((0, 1, 2), 6), ((3, 4, 5), 15), ((6, 7), 17), ((8, 17), 10)]
    found = house_sums([row], [(0,)], groups, [row, column], 9)
    # 6 + 15 + 17 + 10 = 48 over row 1 and r2c9: r2c9 is 3. The innies are
    # r1c9 alone, which the 10 cage takes: it is in a cage, not wholly inside.
    assert HouseSum((17,), 3, "outies", (0,)) in found


def test_two_rows_innies_count_when_one_region_holds_them():
    rows = [tuple(range(9)), tuple(range(9, 18))]
    box = (6, 7, 8, 15, 16, 17, 24, 25, 26)
    groups = [((0, 1, 2, 3, 4, 5), 21), ((9, 10, 11, 12, 13, 14), 39)]
    (found,) = house_sums(rows, [(0, 1)], groups, [*rows, box], 9)
    assert found == HouseSum((6, 7, 8, 15, 16, 17), 90 - 60, "innies", (0, 1))


def test_the_areas_are_each_house_then_side_by_side_rows_and_columns():
    units = [()] * 27
    areas = areas_of(units, 9)
    assert areas[:27] == [(place,) for place in range(27)]
    assert {(0, 1), (7, 8), (0, 1, 2), (9, 10)} <= set(areas)
    assert (8, 9) not in areas  # row 9 and column 1 do not lie side by side


# What a board cannot take ---------------------------------------------------


@pytest.mark.parametrize(
    ("cages", "cells"),
    [
        ([Cage((0, 1), 20)], {0, 1}),
        ([Cage((0, 1), 2)], {0, 1}),
        ([Cage(tuple(range(10)))], set(range(10))),
        ([Cage((0, 1)), Cage((1, 2))], {1}),
        ([Cage((0, 81))], {0, 81}),
    ],
)
def test_a_cage_the_board_cannot_take_is_named_with_its_cells(cages, cells):
    with pytest.raises(InvalidPuzzle) as raised:
        rule_set(9, [Killer(tuple(cages))])
    (problem,) = raised.value.problems
    assert problem.code == "bad_cage"
    assert set(problem.cells) == cells


def test_givens_a_cage_sum_cannot_take_are_a_conflict_naming_the_cage():
    rules = rule_set(9, [Killer((Cage((10, 11, 12), 7),))])
    grid = [0] * 81
    grid[10], grid[11] = 1, 5  # 7 in three cells is 1, 2, 4
    (problem,) = find_conflicts(grid, rules=rules)
    assert problem.code == "conflict"
    assert set(problem.cells) == {10, 11}
    assert problem.message == (
        "The cage at row 2, column 2 sums to 7, which its givens (1, 5) "
        "cannot make with different digits."
    )


def test_two_equal_givens_in_a_cage_are_named_by_the_cage():
    rules = rule_set(9, [Killer((Cage((0, 10), 8),))])
    grid = [0] * 81
    grid[0] = grid[10] = 4
    messages = [p.message for p in find_conflicts(grid, rules=rules)]
    # The box sees them first; the cage is a region of its own too.
    assert messages[0].startswith("Two 4s in box 1")
    assert len(messages) == 1


def test_equal_digits_in_a_cage_across_boxes_are_the_cages_conflict():
    rules = rule_set(9, [Killer((Cage((2, 3), 8),))])
    grid = [0] * 81
    grid[2] = 4
    grid[3] = 4
    assert next(p.message for p in find_conflicts(grid, rules=rules)).startswith("Two 4s in row 1")
    grid = [0] * 81
    rules = rule_set(9, [Killer((Cage((2, 12), 8),))])  # r1c3 and r2c4: no shared house
    grid[2] = grid[12] = 4
    (problem,) = find_conflicts(grid, rules=rules)
    assert problem.message == (
        "Two 4s in the cage at row 1, column 3 (row 1, column 3 and row 2, column 4)."
    )


def test_a_solution_must_make_every_sum():
    puzzle, grid = unique_killer(3)
    assert is_valid_solution(puzzle.grid, tuple(grid), rules=puzzle.rules)
    first = puzzle.rules.kinds[0].cages[0]
    broken = list(grid)
    # Swap two digits of one row, one of them in the first cage: a valid
    # Sudoku grid no more (the columns break), and the cage's sum changes.
    broken[first.cells[0]], broken[first.cells[0] + 1] = grid[first.cells[0] + 1], grid[0]
    assert not is_valid_solution(puzzle.grid, tuple(broken), rules=puzzle.rules)


# Exact verdicts -------------------------------------------------------------

SEEDS = range(12)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_killer_with_no_givens_gets_cp_sats_verdict_and_its_solution(seed):
    puzzle, grid = unique_killer(seed)
    assert cp_sat_count(puzzle) == 1
    result = solve(puzzle.grid, rules=puzzle.rules)
    assert result.status is Status.UNIQUE
    assert list(result.solution) == grid


@pytest.mark.parametrize("seed", [0, 1, 5, 7])
def test_a_killer_with_several_solutions_is_said_to_have_several(seed):
    puzzle, _ = killer(seed)
    if cp_sat_count(puzzle) < 2:
        pytest.fail("the seed's killer is unique: pick seeds with several solutions")
    result = solve(puzzle.grid, rules=puzzle.rules)
    assert result.status is Status.MULTIPLE
    for found in (result.solution, result.other):
        assert is_valid_solution(puzzle.grid, found, rules=puzzle.rules)


def test_a_killer_whose_sums_cannot_all_be_made_has_no_solution():
    puzzle, _ = unique_killer(5)
    cages = list(puzzle.rules.kinds[0].cages)
    # One more in one cage, one less in another: each sum possible alone,
    # the whole still 405, yet CP-SAT finds no grid for them.
    a = next(i for i, c in enumerate(cages) if len(c.cells) == 2 and c.total < 17)
    b = next(i for i, c in enumerate(cages) if len(c.cells) == 2 and c.total > 3 and i != a)
    cages[a] = Cage(cages[a].cells, cages[a].total + 1)
    cages[b] = Cage(cages[b].cells, cages[b].total - 1)
    changed = Puzzle(puzzle.grid, rule_set(9, [Killer(tuple(cages))]))
    expected = cp_sat_count(changed)
    result = solve(changed.grid, rules=changed.rules)
    assert result.status is {0: Status.NONE, 1: Status.UNIQUE}.get(expected, Status.MULTIPLE)


def test_a_killer_reads_from_the_sites_text_and_solves_the_same():
    puzzle, grid = unique_killer(7)
    text = "." * 81 + "\nrules: " + puzzle.rules.key
    read = read_puzzle(text)
    assert read.rules == puzzle.rules
    assert list(solve(read.grid, rules=read.rules).solution) == grid


def test_a_4x4_and_a_6x6_killer_solve_at_their_own_size():
    for rows, cols in ((2, 2), (2, 3)):
        puzzle, grid = unique_killer(1, rows, cols)
        assert cp_sat_count(puzzle) == 1
        assert list(solve(puzzle.grid, rules=puzzle.rules).solution) == grid
