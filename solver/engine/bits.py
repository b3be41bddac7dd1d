"""Bits: a whole board of candidates held in one Python integer.

Propagation and search work on this form because Python pays per operation,
not per bit: one ``&`` over 729 bits costs about what one over 9 bits does.
So every rule is written as a few operations on the whole board at once
instead of a loop over cells.

The layout: the board is N digit planes of N*N bits each. Bit ``d * N*N +
cell`` is set while digit ``d + 1`` is still possible in ``cell`` (cells
counted row by row, as in ``board``). A settled cell has exactly one bit left.

Within a plane, a cell's right-hand neighbour is one bit up and the cell
below it N bits up, so shifting the board right by k lines every cell up
with the one k places after it. A unit is found from its first cell (its
*start*): multiplying a set of starts by a unit's *pattern* (the unit's
cells, seen from its start) gives all the cells of those units, in every
plane at once; no carries happen, since no two units of one kind overlap.

Rows and columns cross boxes in *segments*: the ``box_cols`` cells a row
shares with a box, or the ``box_rows`` cells a column shares with one.
The shift lists below name which neighbours make up a segment, a unit, or
the segments of a unit.

An example, the 4x4 board (boxes of 2 x 2): 4 planes of 16 bits, 64 in
all, ``planes`` = bits 0, 16, 32 and 48. Its cells, and so the bits of each
plane, are numbered::

     0  1 |  2  3
     4  5 |  6  7
    ------+------
     8  9 | 10 11
    12 13 | 14 15

so digit 3 in cell 6 is bit 2 * 16 + 6 = 38. Some masks, drawn as plane 0
with bit 0 at the top left (a starts mask repeats the same in every plane)::

    row        column     box        row_starts  box_starts  row_segment_starts
    1 1 1 1    1 . . .    1 1 . .    1 . . .     1 . 1 .     1 . 1 .
    . . . .    1 . . .    1 1 . .    1 . . .     . . . .     1 . 1 .
    . . . .    1 . . .    . . . .    1 . . .     1 . 1 .     1 . 1 .
    . . . .    1 . . .    . . . .    1 . . .     . . . .     1 . 1 .

``row_starts * row`` is every cell of every row: the whole board, and
``(1 << 4) * row`` the second row, cells 4 to 7. The shifts:
``across_box`` = (1,), from a cell to the next in its row segment;
``down_box`` = (4,), to the cell below in its box; ``across_row`` = (2,),
from a row segment to the next in its row; ``down_column`` = (8,), from a
column segment to the next in its column; ``other_planes`` = (16, 32, 48).
Folding a board onto itself, ``board | board >> shift``, for each of
``plane_folds`` = (16, 32) in turn, brings planes 0 and 1, then those two and
planes 2 and 3, onto plane 0: log2(N) steps instead of N - 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from typing import NamedTuple

from .board import Grid, Shape
from .board import shape as shape_of


class Units(NamedTuple):
    """One kind of unit seen as the segments it is made of."""

    segments: tuple[int, ...]  # shifts from a unit's start to its other segments' starts
    starts: int  # the first cell of each unit, in every plane
    cells: int  # a unit's cells from its start (its pattern)


@dataclass(frozen=True)
class Layout:
    """The masks and shifts for the boards of one shape (see the module's docstring)."""

    size: int  # N
    cells: int  # N * N
    all_cells: int  # every cell of one plane
    full: int  # every candidate of every cell
    planes: int  # the first bit of each plane: cells times this is those cells in every plane
    row_starts: int  # the first cell of each row, in every plane
    column_starts: int
    box_starts: int
    row: int  # a row's cells from its start (multiply starts by it)
    column: int
    box: int
    row_segment_starts: int  # the first cell of each row segment, in every plane
    column_segment_starts: int
    other_planes: tuple[int, ...]  # shifts from plane 0 to each other plane
    plane_folds: tuple[int, ...]  # 1, 2, 4, ... planes: folded in turn, every plane reaches plane 0
    across_box: tuple[int, ...]  # from a cell to the others of its row segment
    down_box: tuple[int, ...]  # from a cell to the others of its column segment
    across_row: tuple[int, ...]  # from a row segment to the others of its row
    down_column: tuple[int, ...]  # from a column segment to the others of its column
    peers: tuple[int, ...]  # each cell's peers, in every plane

    # The same masks and shifts, grouped by the units they describe:
    rows: Units = field(init=False)  # rows as their row segments
    columns: Units = field(init=False)  # columns as their column segments
    boxes_across: Units = field(init=False)  # boxes as their row segments, one below the other
    boxes_down: Units = field(init=False)  # boxes as their column segments, side by side

    def __post_init__(self) -> None:
        """Group the masks and shifts by unit (set once, as a frozen dataclass allows)."""
        groups = {
            "rows": Units(self.across_row, self.row_starts, self.row),
            "columns": Units(self.down_column, self.column_starts, self.column),
            "boxes_across": Units(self.down_box, self.box_starts, self.box),
            "boxes_down": Units(self.across_box, self.box_starts, self.box),
        }
        for name, units in groups.items():
            object.__setattr__(self, name, units)

    @cached_property
    def ruled_out(self) -> Sequence[int]:
        """For each candidate bit, what placing it rules out: its cell's other
        digits and its digit in the cell's peers.

        A table built on first use for boards up to 16x16 (90 KB for 9x9,
        2 MB for 16x16); larger boards would need 33 MB (25x25) in every
        process that solves one, so each entry is worked out when asked.
        """
        if self.size > TABLE_MAX_SIZE:
            return _RuledOut(self)
        return tuple(_ruled_out(self, bit) for bit in range(self.size * self.cells))


# The largest board whose ``ruled_out`` is kept as a table.
TABLE_MAX_SIZE = 16


class _RuledOut:
    """``Layout.ruled_out`` for large boards: each entry worked out on demand."""

    def __init__(self, layout, work=None) -> None:
        self.layout = layout
        self.work = work or _ruled_out

    def __getitem__(self, bit: int) -> int:
        return self.work(self.layout, bit)

    def __len__(self) -> int:
        return self.layout.size * self.layout.cells


def _ruled_out(layout: Layout, bit: int) -> int:
    """What placing candidate ``bit`` rules out: its cell's other digits and its
    digit in the cell's peers."""
    digit, cell = divmod(bit, layout.cells)
    plane = layout.all_cells << (digit * layout.cells)
    return ((layout.peers[cell] & plane) | (layout.planes << cell)) & ~(1 << bit)


def layout(shape: Shape) -> Layout:
    """The layout of boards of ``shape`` (computed once per shape)."""
    return _layout(shape.box_rows, shape.box_cols)


@cache
def _layout(box_rows: int, box_cols: int) -> Layout:
    """The layout for boxes of ``box_rows`` x ``box_cols``."""
    n = box_rows * box_cols
    planes = sum(1 << (digit * n * n) for digit in range(n))

    def cells(pairs) -> int:
        return sum(1 << (row * n + col) for row, col in pairs)

    geometry = shape_of(box_rows, box_cols)
    return Layout(
        size=n,
        cells=n * n,
        all_cells=(1 << (n * n)) - 1,
        full=(1 << (n * n * n)) - 1,
        planes=planes,
        row_starts=cells((row, 0) for row in range(n)) * planes,
        column_starts=cells((0, col) for col in range(n)) * planes,
        box_starts=cells(
            (row, col) for row in range(0, n, box_rows) for col in range(0, n, box_cols)
        )
        * planes,
        row=cells((0, col) for col in range(n)),
        column=cells((row, 0) for row in range(n)),
        box=cells((row, col) for row in range(box_rows) for col in range(box_cols)),
        row_segment_starts=cells((row, col) for row in range(n) for col in range(0, n, box_cols))
        * planes,
        column_segment_starts=cells((row, col) for row in range(0, n, box_rows) for col in range(n))
        * planes,
        other_planes=tuple(digit * n * n for digit in range(1, n)),
        plane_folds=tuple(n * n << k for k in range((n - 1).bit_length())),
        across_box=tuple(range(1, box_cols)),
        down_box=tuple(k * n for k in range(1, box_rows)),
        across_row=tuple(k * box_cols for k in range(1, box_rows)),
        down_column=tuple(k * box_rows * n for k in range(1, box_cols)),
        peers=tuple(sum(1 << peer for peer in peers) * planes for peers in geometry.peers),
    )


def board_of(grid: Grid, layout: Layout) -> int:
    """The candidates of a grid before any deduction: a given's cell holds only it."""
    givens = filled = 0
    for cell, digit in enumerate(grid):
        if digit:
            givens |= 1 << ((digit - 1) * layout.cells + cell)
            filled |= 1 << cell
    return (layout.full & ~(filled * layout.planes)) | givens


def grid_of(board: int, layout: Layout) -> Grid:
    """The grid of a board whose every cell is settled."""
    grid = [0] * layout.cells
    for digit in range(1, layout.size + 1):
        plane = (board >> ((digit - 1) * layout.cells)) & layout.all_cells
        while plane:
            low = plane & -plane
            grid[low.bit_length() - 1] = digit
            plane ^= low
    return tuple(grid)


def tally(bits: int, shifts: tuple[int, ...]) -> tuple[int, int]:
    """Which bits see at least one, and at least two, set bits among themselves and
    the bits ``shifts`` above them: (once, twice)."""
    once, twice = bits, 0
    for shift in shifts:
        above = bits >> shift
        twice |= once & above
        once |= above
    return once, twice


def gather(bits: int, shifts: tuple[int, ...]) -> int:
    """Each bit set if it, or a bit ``shifts`` above it, is set."""
    found = bits
    for shift in shifts:
        found |= bits >> shift
    return found


@dataclass(frozen=True)
class RulesLayout:
    """The masks for boards of any rule set (see ``propagation.propagate_rules``).

    The same planes as ``Layout``, so search, ``board_of`` and ``grid_of``
    work on both; no shifts, since a region need not be a row, column or box:
    each unit is a mask of its cells in plane 0.
    """

    size: int
    cells: int
    all_cells: int
    full: int
    planes: int
    other_planes: tuple[int, ...]
    plane_folds: tuple[int, ...]
    peers: tuple[int, ...]  # each cell's peers, in every plane
    digit_shifts: tuple[int, ...]  # 0 and ``other_planes``: from plane 0 to each plane
    units: tuple[int, ...]  # the units of N cells, each a mask in plane 0
    unequal_pairs: bool  # a pair rule forbids unequal digits (non-consecutive)
    rules: object  # the ``rules.Rules`` laid out
    sums: tuple[tuple[tuple[int, ...], int, int], ...] = ()  # (cells, sum, mask in every plane)

    @cached_property
    def ruled_out(self) -> Sequence[int]:
        """For each candidate bit, what placing it rules out: its cell's other
        digits, its digit in the cell's peers, and what pair rules remove
        (a table up to 16x16, as ``Layout.ruled_out``)."""
        if self.size > TABLE_MAX_SIZE:
            return _RuledOut(self, _ruled_out_by_rules)
        return tuple(_ruled_out_by_rules(self, bit) for bit in range(self.size * self.cells))

    @cached_property
    def seen_by_all(self) -> dict[int, int]:
        """A memo for ``propagation._covered``: for a set of candidate bits
        (places of a digit in a unit, or a cell's candidates), the candidates
        every one of them rules out. Empty until a search fills it."""
        return {}

    @cached_property
    def summed(self) -> dict[tuple[int, int], int | None]:
        """A memo for ``propagation._summed``: for a cage (its index in
        ``sums``) and its candidates, the candidate bits its sum rules out
        (None: nothing works). Empty until a search fills it."""
        return {}


def _ruled_out_by_rules(layout: RulesLayout, bit: int) -> int:
    """``_ruled_out`` plus the candidates the rule set's pair rules remove."""
    gone = _ruled_out(layout, bit)
    digit, cell = divmod(bit, layout.cells)
    for other, near in layout.rules.removes(cell, digit + 1):
        gone |= 1 << ((near - 1) * layout.cells + other)
    return gone


# Bounded: rule sets come from the people who post them, any number of them
# (a jigsaw map each); the few in play stay.
@lru_cache(maxsize=16)
def rules_layout(rules) -> RulesLayout:
    """The layout of a rule set's boards (computed once per rule set in use)."""
    geometry = rules.geometry
    n = geometry.size
    planes = sum(1 << (digit * n * n) for digit in range(n))

    def mask(cells) -> int:
        return sum(1 << cell for cell in cells)

    full_units = [unit for unit in geometry.units if len(unit.cells) == n]
    other_planes = tuple(digit * n * n for digit in range(1, n))
    return RulesLayout(
        size=n,
        cells=n * n,
        all_cells=(1 << (n * n)) - 1,
        full=(1 << (n * n * n)) - 1,
        planes=planes,
        other_planes=other_planes,
        plane_folds=tuple(n * n << k for k in range((n - 1).bit_length())),
        peers=tuple(mask(peers) * planes for peers in geometry.peers),
        digit_shifts=(0, *other_planes),
        units=tuple(mask(unit.cells) for unit in full_units),
        unequal_pairs=any(kind.unequal for kind in rules.kinds),
        rules=rules,
        sums=tuple((cells, total, mask(cells) * planes) for cells, total in _sums(rules)),
    )


def _sums(rules) -> list[tuple[tuple[int, ...], int]]:
    """The groups of different digits with a sum that propagation prunes by:
    the rule set's own (killer cages), then what the rule of 45 finds
    (``Rules.house_sums``)."""
    return list(rules.sums) + [(found.cells, found.total) for found in rules.house_sums]
