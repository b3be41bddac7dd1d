"""The rules: every unit holds each digit once.

``find_conflicts`` names the givens that break the rule; ``is_valid_solution``
is the oracle that every solver is checked against.
"""

from __future__ import annotations

from itertools import combinations

from .board import SYMBOLS, Grid, Shape, Unit, shape_for_cells, shape_of_grid
from .problems import Problem, gettext_noop

_TEMPLATES = {
    "row": gettext_noop("Two %(digit)ss in row %(row)s (columns %(first)s and %(second)s)."),
    "column": gettext_noop("Two %(digit)ss in column %(column)s (rows %(first)s and %(second)s)."),
    "box": gettext_noop(
        "Two %(digit)ss in box %(box)s (row %(row1)s, column %(col1)s and "
        "row %(row2)s, column %(col2)s)."
    ),
}


def find_conflicts(grid: Grid, shape: Shape | None = None) -> list[Problem]:
    """Every pair of cells holding the same digit in a shared unit.

    Each pair is reported once, in the first unit it shares (rows before
    columns before boxes), with code ``conflict``; an empty list means none.
    The shape defaults to the usual one for the grid's size.
    """
    shape = shape or shape_of_grid(grid)
    problems: list[Problem] = []
    reported: set[tuple[int, int]] = set()
    for unit in shape.units:
        for a, b in combinations(unit.cells, 2):
            if grid[a] and grid[a] == grid[b] and (a, b) not in reported:
                reported.add((a, b))
                problems.append(_conflict(unit, a, b, grid[a], shape))
    return problems


def _conflict(unit: Unit, a: int, b: int, digit: int, shape: Shape) -> Problem:
    """The problem of ``digit`` standing in both cells ``a`` and ``b`` of ``unit``."""
    (row1, col1), (row2, col2) = shape.row_col(a), shape.row_col(b)
    params: dict[str, object] = {"digit": SYMBOLS[digit - 1]}
    if unit.kind == "row":
        params.update(row=row1, first=col1, second=col2)
    elif unit.kind == "column":
        params.update(column=col1, first=row1, second=row2)
    else:
        params.update(box=unit.number, row1=row1, col1=col1, row2=row2, col2=col2)
    return Problem("conflict", _TEMPLATES[unit.kind], params, (a, b))


def is_valid_solution(puzzle: Grid, solution: Grid | None, shape: Shape | None = None) -> bool:
    """True if ``solution`` is complete, obeys the rules and keeps every given.

    The shape defaults to the usual one for the puzzle's size; a grid of no
    supported size is no solution.
    """
    shape = shape or shape_for_cells(len(puzzle))
    if solution is None or shape is None:
        return False
    digits = set(range(1, shape.size + 1))
    return (
        len(puzzle) == len(solution) == shape.cells
        and all(given in (0, digit) for given, digit in zip(puzzle, solution, strict=True))
        and all({solution[c] for c in unit.cells} == digits for unit in shape.units)
    )
