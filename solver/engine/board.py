"""The board: the words used everywhere, and the fixed geometry of a Sudoku.

Glossary (one word per concept, in code, templates, tests and messages):

- shape: how boxes divide the board, ``box_rows`` x ``box_cols``; the board is
  N x N with N = box_rows * box_cols (the classic 9x9 is a 3x3 shape).
- digit: an int from 1 to N; 0 means an empty cell.
- cell: an index from 0 to N*N - 1, counted row by row from the top left.
  Rows and columns are numbered from 1 when shown to a person.
- unit: a row, column or box: N cells that must hold every digit exactly once.
  A rule set (``rules``) may add others, or replace the boxes with jigsaw
  regions; a unit of fewer than N cells only holds distinct digits.
- peers: the other cells that may not hold a cell's digit: those sharing a
  unit with it, and under some rules a knight's or a king's move away.
- grid: a tuple of N*N digits, 0 for empty cells. A puzzle is a grid whose
  non-zero digits are its givens; a solution is a grid with no zeros.
- given: a digit the puzzle starts with.
- candidates: the digits still possible in each cell, held for the whole
  board in one integer (see ``bits``).

The geometry of each shape is computed once and cached.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

Grid = tuple[int, ...]
UnitKind = Literal["row", "column", "box", "jigsaw", "diagonal", "window", "disjoint", "extra"]

# Digits above 9 are written as letters (A = 10, ..., P = 25).
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


@dataclass(frozen=True)
class Unit:
    """One row, column, box or other region; ``number`` counts from 1 within its kind.

    A diagonal's number is 1 for the main one (top left to bottom right) and
    2 for the other.
    """

    kind: UnitKind
    number: int
    cells: tuple[int, ...]


@dataclass(frozen=True, eq=False)
class Shape:
    """The geometry of an N x N board with boxes of ``box_rows`` x ``box_cols``."""

    box_rows: int
    box_cols: int
    size: int  # N: digits per unit, rows, columns and boxes
    units: tuple[Unit, ...]  # rows first, then columns, then boxes (or jigsaw regions), then others
    units_of: tuple[tuple[Unit, ...], ...]  # a cell's row, column, box, then any others
    peers: tuple[tuple[int, ...], ...]
    key: str = ""  # the rule set's key (``rules.Rules.key``); "" for classic Sudoku

    def __hash__(self) -> int:
        # The box shape and the rules decide everything else: hashing the
        # units' tuples instead would walk the whole geometry, in every cache
        # keyed by a board.
        return hash((self.box_rows, self.box_cols, self.key))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Shape):
            return NotImplemented
        return (self.box_rows, self.box_cols, self.key) == (
            other.box_rows,
            other.box_cols,
            other.key,
        )

    @property
    def classic(self) -> bool:
        """True for classic Sudoku: rows, columns and boxes, nothing else."""
        return not self.key

    @property
    def cells(self) -> int:
        """How many cells the board has (N * N)."""
        return self.size * self.size

    def row_col(self, cell: int) -> tuple[int, int]:
        """The 1-based (row, column) of a cell."""
        row, col = divmod(cell, self.size)
        return row + 1, col + 1

    def box_of(self, cell: int) -> int:
        """The 1-based number of the box holding a cell, counted row by row."""
        return self.units_of[cell][2].number


@cache
def shape(box_rows: int, box_cols: int) -> Shape:
    """The geometry for boxes of ``box_rows`` x ``box_cols`` (each at least 1)."""
    n = box_rows * box_cols
    rows = [Unit("row", r + 1, tuple(r * n + c for c in range(n))) for r in range(n)]
    cols = [Unit("column", c + 1, tuple(r * n + c for r in range(n))) for c in range(n)]
    boxes = [Unit("box", b + 1, _box_cells(b, box_rows, box_cols)) for b in range(n)]
    units_of = tuple(
        (rows[cell // n], cols[cell % n], next(b for b in boxes if cell in b.cells))
        for cell in range(n * n)
    )
    peers = tuple(
        tuple(sorted({p for unit in units_of[cell] for p in unit.cells} - {cell}))
        for cell in range(n * n)
    )
    return Shape(box_rows, box_cols, n, tuple(rows + cols + boxes), units_of, peers)


def _box_cells(box: int, box_rows: int, box_cols: int) -> tuple[int, ...]:
    """The cells of box number ``box`` (0-based, counted row by row)."""
    n = box_rows * box_cols
    boxes_across = n // box_cols
    top = (box // boxes_across) * box_rows
    left = (box % boxes_across) * box_cols
    return tuple((top + r) * n + left + c for r in range(box_rows) for c in range(box_cols))


STANDARD = shape(3, 3)
MIN_SIZE, MAX_SIZE = 4, 25


def box_shape(size: int) -> tuple[int, int] | None:
    """The usual box shape for an N x N board: the squarest r x c with r <= c.

    None when N is outside 4..25 or has no such shape (a prime N would need
    boxes of 1 x N, which are just rows).
    """
    if not MIN_SIZE <= size <= MAX_SIZE:
        return None
    rows = max((r for r in range(2, size) if size % r == 0 and r * r <= size), default=None)
    return (rows, size // rows) if rows else None


def shape_for_cells(count: int) -> Shape | None:
    """The shape of a board with ``count`` cells (16 for 4x4 ... 625 for 25x25), or None."""
    size = round(count**0.5)
    boxes = box_shape(size) if size * size == count else None
    return shape(*boxes) if boxes else None


def shape_of_grid(grid: Grid) -> Shape:
    """The usual shape for a grid's number of cells; ValueError if no board has as many."""
    board = shape_for_cells(len(grid))
    if board is None:
        raise ValueError(f"no supported board has {len(grid)} cells")
    return board


def format_grid(grid: Grid, blank: str = ".") -> str:
    """The grid as one line of symbols, ``blank`` for empty cells."""
    return "".join(SYMBOLS[d - 1] if d else blank for d in grid)
