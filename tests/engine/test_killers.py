"""solver.engine.killers: a killer made from a seed has no givens and one
solution, as CP-SAT counts them; the same seed makes the same puzzle; cages
grow side by side without a repeated digit; a split keeps every sum true."""

from __future__ import annotations

from random import Random

import pytest

from solver.engine.board import shape
from solver.engine.generate import solved_grid
from solver.engine.killers import grow_cages, make_killer, split
from solver.engine.rules import is_valid_solution
from tests.support.killers import cp_sat_count


@pytest.mark.parametrize("seed", range(4))
def test_a_made_killer_has_no_givens_and_one_solution_by_cp_sat(seed):
    made = make_killer(seed)
    assert not any(made.puzzle.grid)
    assert is_valid_solution(made.puzzle.grid, made.solution, rules=made.puzzle.rules)
    assert cp_sat_count(made.puzzle) == 1


def test_the_same_seed_makes_the_same_killer():
    assert make_killer(7).puzzle.rules.key == make_killer(7).puzzle.rules.key
    assert make_killer(7).puzzle.rules.key != make_killer(8).puzzle.rules.key


def test_a_6x6_killer_is_made_at_its_own_size():
    made = make_killer(3, shape(2, 3))
    assert made.puzzle.rules.size == 6
    assert cp_sat_count(made.puzzle) == 1


def test_cages_grow_side_by_side_without_a_digit_twice_and_cover_the_board():
    board = shape(3, 3)
    grid = solved_grid(board, Random(1))
    cages = grow_cages(grid, 9, Random(2))
    assert sorted(c for cage in cages for c in cage.cells) == list(range(81))
    for cage in cages:
        assert 1 <= len(cage.cells) <= 5
        assert len({grid[c] for c in cage.cells}) == len(cage.cells)
        assert cage.total == sum(grid[c] for c in cage.cells)
        rows_cols = [divmod(c, 9) for c in cage.cells]
        for r, c in rows_cols[1:]:
            assert any(abs(r - r2) + abs(c - c2) == 1 for r2, c2 in rows_cols if (r2, c2) != (r, c))


def test_a_split_takes_a_cell_into_a_cage_of_its_own_keeping_the_sums_true():
    board = shape(3, 3)
    grid = solved_grid(board, Random(1))
    cages = list(grow_cages(grid, 9, Random(2)))
    cell = next(cage.cells[1] for cage in cages if len(cage.cells) > 2)
    after = split(cages, cell, grid)
    assert len(after) == len(cages) + 1
    assert any(cage.cells == (cell,) and cage.total == grid[cell] for cage in after)
    assert all(cage.total == sum(grid[c] for c in cage.cells) for cage in after)
