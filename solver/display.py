"""What the grid partial draws: cells grouped into bands and rows.

A band is a horizontal strip of boxes (three rows on a 9x9 board); each band
becomes a ``<tbody>`` and each stack of box columns a ``<colgroup>``, so the
thick box borders come from CSS alone, whatever the box shape.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .engine import STANDARD, Grid, Shape
from .forms import CELL_NAMES


@dataclass(frozen=True)
class CellView:
    """One cell as drawn: where it is, what it shows, and how it is marked."""

    name: str  # the form field name, e.g. "r3c7"
    row: int
    column: int
    value: str
    kind: str = ""  # "given" or "solved" on the answer page
    invalid: bool = False


@dataclass(frozen=True)
class GridView:
    """The cells in bands of rows, plus the widths of the box-column stacks."""

    bands: list[list[list[CellView]]]
    stacks: list[int]


def entry_grid(values: Sequence[str], invalid: Collection[int] = ()) -> GridView:
    """The entry grid showing ``values`` (one string per cell), marking ``invalid``."""
    cells = [
        CellView(name, *STANDARD.row_col(cell), value=value, invalid=cell in invalid)
        for cell, (name, value) in enumerate(zip(CELL_NAMES, values, strict=True))
    ]
    return _arrange(cells, STANDARD)


def answer_grid(puzzle: Grid, solution: Grid | None) -> GridView:
    """The answer grid: givens marked ``given``, the solution's other digits ``solved``.

    Without a solution, only the givens are drawn.
    """
    shown = solution or puzzle
    cells = [
        CellView(
            name,
            *STANDARD.row_col(cell),
            value=str(digit) if digit else "",
            kind="given" if puzzle[cell] else ("solved" if digit else ""),
        )
        for cell, (name, digit) in enumerate(zip(CELL_NAMES, shown, strict=True))
    ]
    return _arrange(cells, STANDARD)


def _arrange(cells: list[CellView], shape: Shape) -> GridView:
    """Group cells row by row, and rows into bands of ``box_rows``."""
    n = shape.size
    rows = [cells[r * n : (r + 1) * n] for r in range(n)]
    bands = [rows[b : b + shape.box_rows] for b in range(0, n, shape.box_rows)]
    return GridView(bands, [shape.box_cols] * (n // shape.box_cols))
