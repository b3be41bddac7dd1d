"""What the grid partial draws: cells grouped into bands and rows.

A band is a horizontal strip of boxes (three rows on a 9x9 board); each band
becomes a ``<tbody>`` and each stack of box columns a ``<colgroup>``, so the
thick box borders come from CSS alone, whatever the box shape.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .engine import STANDARD, Grid, Shape
from .forms import CELL_NAMES, Issue


@dataclass(frozen=True)
class CellView:
    """One cell as drawn: where it is, what it shows, and how it is marked."""

    name: str  # the form field name, e.g. "r3c7"
    row: int
    column: int
    box: int
    value: str
    kind: str = ""  # "given" or "solved" on the answer page
    problems: str = ""  # the ids of the messages about this cell, space-separated

    @property
    def invalid(self) -> bool:
        return bool(self.problems)


@dataclass(frozen=True)
class GridView:
    """The cells in bands of rows, plus the widths of the box-column stacks."""

    bands: list[list[list[CellView]]]
    stacks: list[int]


def problem_id(index: int) -> str:
    """The HTML id of the ``index``-th (from 1) message in the page's list of problems."""
    return f"problem-{index}"


def field_problems(issues: Sequence[Issue]) -> dict[str, str]:
    """For each field with issues, the ids of their messages, space-separated."""
    return _problem_ids(issues, lambda issue: [issue.field] if issue.field else [])


def entry_grid(values: Sequence[str], issues: Sequence[Issue] = ()) -> GridView:
    """The entry grid showing ``values`` (one string per cell), each cell tied
    to the messages of the ``issues`` that name it."""
    problems = _problem_ids(issues, lambda issue: issue.cells)
    cells = [
        CellView(name, *_where(cell), value=value, problems=problems.get(cell, ""))
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
            *_where(cell),
            value=str(digit) if digit else "",
            kind="given" if puzzle[cell] else ("solved" if digit else ""),
        )
        for cell, (name, digit) in enumerate(zip(CELL_NAMES, shown, strict=True))
    ]
    return _arrange(cells, STANDARD)


def _problem_ids(issues: Sequence[Issue], keys: Callable[[Issue], Iterable]) -> dict:
    """For each key (a cell, a field) some issues name, the ids of their
    messages, space-separated, in page order."""
    ids: dict = {}
    for index, issue in enumerate(issues, 1):
        for key in keys(issue):
            ids.setdefault(key, []).append(problem_id(index))
    return {key: " ".join(names) for key, names in ids.items()}


def _where(cell: int) -> tuple[int, int, int]:
    """The cell's row, column and box, each counted from 1."""
    return (*STANDARD.row_col(cell), STANDARD.box_of(cell))


def _arrange(cells: list[CellView], shape: Shape) -> GridView:
    """Group cells row by row, and rows into bands of ``box_rows``."""
    n = shape.size
    rows = [cells[r * n : (r + 1) * n] for r in range(n)]
    bands = [rows[b : b + shape.box_rows] for b in range(0, n, shape.box_rows)]
    return GridView(bands, [shape.box_cols] * (n // shape.box_cols))
