"""The canonical writings' benchmark: its table of grids with many symmetries
has a row of milliseconds for each, the 9x9 ones and the 16x16 ones."""

import re

from bench.canonical import sixteen_by_sixteen, symmetric_grids, symmetric_table
from tests.support.puzzles import HARD_SOLUTION


def test_the_symmetric_table_has_a_time_for_each_grid():
    header, rule, *rows = symmetric_table()
    assert (header, rule) == ("| grid with many symmetries | ms |", "|---|---|")
    names = [*symmetric_grids(tuple(map(int, HARD_SOLUTION))), *sixteen_by_sixteen()]
    assert [row.split(" | ")[0].removeprefix("| ") for row in rows] == names
    assert all(re.fullmatch(r"\| .+ \| \d+\.\d \|", row) for row in rows)


def test_the_sixteen_by_sixteen_grids_hold_more_givens_each_time():
    grids = list(sixteen_by_sixteen().values())
    givens = [sum(1 for digit in grid if digit) for grid in grids]
    assert givens == sorted(givens)
    assert givens[-1] == 256
