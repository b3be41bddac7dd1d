"""The rule kinds beyond rows, columns and boxes: what each adds to a board.

Three families (killer cages, a region with a sum, are in ``cages``):

- **regions**: units whose cells hold distinct digits (all N digits when
  they have N cells): jigsaw regions (which replace the boxes), diagonals,
  windoku windows, disjoint groups and extra regions. Every unit technique
  works on them unchanged.
- **pair rules**: two cells in a given relation may not hold a given pair of
  digits. Anti-knight and anti-king forbid equal digits a knight's or king's
  move apart (they add peers); non-consecutive forbids digits one apart in
  side-by-side cells (it adds no peers, only removals).

Each kind answers the same questions: its ``id`` (one per kind, as the API
lists them), its ``token`` in the site's short text, the ``units`` it adds,
the candidates a placement ``removes``, whether it ``fits`` a board, and
which rewrites of the board it keeps (``keeps``). ``rules`` gathers the kinds
of one puzzle into a rule set; conflicts are found there, one check per
family.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..board import Unit
from ..problems import Problem, gettext_noop

# The rewrites of a board that restarts, the canonical writing and the
# generator use: digits relabelled, rows and columns moved within their bands
# and stacks (and bands and stacks moved), the board transposed.
RELABEL, LINES, TRANSPOSE = "relabel", "lines", "transpose"
ALL_REWRITES = frozenset({RELABEL, LINES, TRANSPOSE})


@dataclass(frozen=True)
class Board:
    """What a kind needs to know of the board: its size and box shape."""

    size: int
    box_rows: int
    box_cols: int

    def cell(self, row: int, col: int) -> int:
        """The cell at a 0-based (row, column)."""
        return row * self.size + col

    def inside(self, row: int, col: int) -> bool:
        """True when a 0-based (row, column) is on the board."""
        return 0 <= row < self.size and 0 <= col < self.size


class Kind:
    """A rule kind; subclasses say what they add (the defaults add nothing)."""

    id: str = ""
    token: str = ""
    keeps: frozenset[str] = frozenset()
    replaces_boxes = False
    unequal = False  # it forbids pairs of unequal digits (so ``removes`` says which)

    def fits(self, board: Board) -> Problem | None:
        """None if the rule makes sense on ``board``, else the problem."""
        return None

    def units(self, board: Board) -> tuple[Unit, ...]:
        """The regions this rule adds."""
        return ()

    def sees(self, board: Board, cell: int) -> Iterator[int]:
        """The cells that may not hold ``cell``'s digit under this rule, beyond its units."""
        return iter(())

    def removes(self, board: Board, cell: int, digit: int) -> Iterator[tuple[int, int]]:
        """The (cell, digit) candidates that placing ``digit`` in ``cell`` rules
        out under this rule, beyond equal digits in units and seen cells."""
        return iter(())

    def breaks(self, board: Board, a: int, b: int, digit_a: int, digit_b: int) -> bool:
        """True if ``digit_a`` in ``a`` and ``digit_b`` in ``b`` break this pair rule."""
        return False

    def pairs(self, board: Board) -> Iterator[tuple[int, int]]:
        """The pairs of cells (a < b) this pair rule relates."""
        return iter(())

    def sums(self) -> Iterator[tuple[tuple[int, ...], int]]:
        """The groups of different digits this rule makes sum to a number, as (cells, sum)."""
        return iter(())

    def broken(self, board: Board, grid) -> Iterator[Problem]:
        """The problems of a grid's digits under this rule beyond its regions
        and pairs (a cage's givens its sum cannot take)."""
        return iter(())

    # The conflict sentence for two cells breaking a pair rule.
    conflict: str = ""


# Regions -----------------------------------------------------------------


@dataclass(frozen=True)
class Jigsaw(Kind):
    """Irregular regions that take the boxes' place: ``regions[cell]`` is the
    0-based region of each cell."""

    regions: tuple[int, ...]
    id = "jigsaw"
    token = "jigsaw"
    keeps = frozenset({RELABEL})
    replaces_boxes = True

    def fits(self, board: Board) -> Problem | None:
        return jigsaw_problem(self.regions, board.size)

    def units(self, board: Board) -> tuple[Unit, ...]:
        return tuple(
            Unit("jigsaw", r + 1, tuple(c for c, region in enumerate(self.regions) if region == r))
            for r in range(board.size)
        )


def jigsaw_problem(regions: tuple[int, ...], size: int) -> Problem | None:
    """What is wrong with a region map for an N x N board, if anything: it must
    give every cell one of N regions of N cells each."""
    if len(regions) != size * size:
        return Problem(
            "bad_region",
            gettext_noop(
                "The region map has %(found)s cells; a %(size)sx%(size)s board has %(cells)s."
            ),
            {"found": len(regions), "size": size, "cells": size * size},
        )
    counts = [0] * size
    for region in regions:
        if not 0 <= region < size:
            return Problem(
                "bad_region",
                gettext_noop(
                    "The region map names %(found)s regions; "
                    "a %(size)sx%(size)s board has %(size)s."
                ),
                {"found": len(set(regions)), "size": size},
            )
        counts[region] += 1
    for number, count in enumerate(counts, 1):
        if count != size:
            cells = tuple(c for c, region in enumerate(regions) if region == number - 1)
            return Problem(
                "bad_region",
                gettext_noop("Region %(region)s has %(found)s cells; every region needs %(size)s."),
                {"region": number, "found": count, "size": size},
                cells,
            )
    return None


@dataclass(frozen=True)
class Diagonal(Kind):
    """A diagonal holds each digit once: ``main`` is top left to bottom right
    (f-puzzles' ``diagonal-``), else bottom left to top right (``diagonal+``)."""

    main: bool
    id = "diagonal"
    keeps = frozenset({RELABEL, TRANSPOSE})

    @property
    def token(self) -> str:  # type: ignore[override]
        return "maindiagonal" if self.main else "antidiagonal"

    def units(self, board: Board) -> tuple[Unit, ...]:
        n = board.size
        if self.main:
            return (Unit("diagonal", 1, tuple(board.cell(i, i) for i in range(n))),)
        return (Unit("diagonal", 2, tuple(board.cell(n - 1 - i, i) for i in range(n))),)


@dataclass(frozen=True)
class Windoku(Kind):
    """Windows (hyper Sudoku): boxes shifted by one row and column, one cell
    apart, that hold each digit once. Only on boards with square boxes."""

    id = "windoku"
    token = "windoku"
    keeps = frozenset({RELABEL, TRANSPOSE})

    def fits(self, board: Board) -> Problem | None:
        if board.box_rows != board.box_cols:
            return _does_not_fit("windoku", board)
        return None

    def units(self, board: Board) -> tuple[Unit, ...]:
        b = board.box_rows
        starts = range(1, board.size - b, b + 1)
        return tuple(
            Unit(
                "window",
                k + 1,
                tuple(board.cell(top + r, left + c) for r in range(b) for c in range(b)),
            )
            for k, (top, left) in enumerate((top, left) for top in starts for left in starts)
        )


@dataclass(frozen=True)
class Disjoint(Kind):
    """Disjoint groups: the cells in the same place of every box hold each digit once."""

    id = "disjoint"
    token = "disjoint"
    keeps = frozenset({RELABEL})

    def units(self, board: Board) -> tuple[Unit, ...]:
        r, c, n = board.box_rows, board.box_cols, board.size
        return tuple(
            Unit(
                "disjoint",
                place + 1,
                tuple(
                    board.cell(top + place // c, left + place % c)
                    for top in range(0, n, r)
                    for left in range(0, n, c)
                ),
            )
            for place in range(n)
        )


@dataclass(frozen=True)
class Extra(Kind):
    """Extra regions: each set of cells holds distinct digits (all N when it has N)."""

    regions: tuple[tuple[int, ...], ...]
    id = "extraregion"
    token = "extra"
    keeps = frozenset({RELABEL})

    def fits(self, board: Board) -> Problem | None:
        for number, cells in enumerate(self.regions, 1):
            if not 2 <= len(cells) <= board.size or len(set(cells)) != len(cells):
                return Problem(
                    "bad_region",
                    gettext_noop(
                        "Extra region %(region)s has %(found)s cells; "
                        "it needs 2 to %(size)s different cells."
                    ),
                    {"region": number, "found": len(cells), "size": board.size},
                    tuple(cells),
                )
            if any(not 0 <= cell < board.size * board.size for cell in cells):
                return Problem(
                    "bad_region",
                    gettext_noop("Extra region %(region)s has a cell off the board."),
                    {"region": number},
                )
        return None

    def units(self, board: Board) -> tuple[Unit, ...]:
        return tuple(
            Unit("extra", k + 1, tuple(sorted(cells))) for k, cells in enumerate(self.regions)
        )


# Pair rules --------------------------------------------------------------


class _Moves(Kind):
    """Equal digits may not stand one of ``moves`` apart."""

    moves: tuple[tuple[int, int], ...] = ()
    keeps = frozenset({RELABEL, TRANSPOSE})

    def sees(self, board: Board, cell: int) -> Iterator[int]:
        row, col = divmod(cell, board.size)
        for dr, dc in self.moves:
            if board.inside(row + dr, col + dc):
                yield board.cell(row + dr, col + dc)

    def breaks(self, board: Board, a: int, b: int, digit_a: int, digit_b: int) -> bool:
        return digit_a == digit_b

    def pairs(self, board: Board) -> Iterator[tuple[int, int]]:
        for cell in range(board.size * board.size):
            yield from ((cell, other) for other in self.sees(board, cell) if other > cell)


@dataclass(frozen=True)
class AntiKnight(_Moves):
    """Equal digits may not stand a chess knight's move apart."""

    id = "antiknight"
    token = "antiknight"
    moves = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))
    conflict = gettext_noop(
        "Two %(digit)ss a knight's move apart (row %(row1)s, column %(col1)s and "
        "row %(row2)s, column %(col2)s): anti-knight forbids it."
    )


@dataclass(frozen=True)
class AntiKing(_Moves):
    """Equal digits may not touch, not even at a corner."""

    id = "antiking"
    token = "antiking"
    moves = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
    conflict = gettext_noop(
        "Two %(digit)ss a king's move apart (row %(row1)s, column %(col1)s and "
        "row %(row2)s, column %(col2)s): anti-king forbids it."
    )


@dataclass(frozen=True)
class NonConsecutive(Kind):
    """Side-by-side cells may not hold digits one apart."""

    id = "nonconsecutive"
    token = "nonconsecutive"
    keeps = frozenset({TRANSPOSE})  # relabelling digits changes which are one apart
    unequal = True
    conflict = gettext_noop(
        "%(digit)s and %(other)s side by side (row %(row1)s, column %(col1)s and "
        "row %(row2)s, column %(col2)s): non-consecutive forbids digits one apart there."
    )

    def removes(self, board: Board, cell: int, digit: int) -> Iterator[tuple[int, int]]:
        for other in _orthogonal(board, cell):
            for near in (digit - 1, digit + 1):
                if 1 <= near <= board.size:
                    yield other, near

    def breaks(self, board: Board, a: int, b: int, digit_a: int, digit_b: int) -> bool:
        return abs(digit_a - digit_b) == 1

    def pairs(self, board: Board) -> Iterator[tuple[int, int]]:
        for cell in range(board.size * board.size):
            yield from ((cell, other) for other in _orthogonal(board, cell) if other > cell)


def _orthogonal(board: Board, cell: int) -> Iterator[int]:
    """The cells that share an edge with ``cell``."""
    row, col = divmod(cell, board.size)
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        if board.inside(row + dr, col + dc):
            yield board.cell(row + dr, col + dc)


def _does_not_fit(rule: str, board: Board) -> Problem:
    """The problem of a rule that a board's size or boxes cannot take."""
    return Problem(
        "rule_size",
        gettext_noop(
            "The %(rule)s rule does not fit a %(size)sx%(size)s board (it needs square boxes)."
        ),
        {"rule": rule, "size": board.size},
    )


# Every kind, in the order rule sets list them (and their short text writes them).
ORDER = (
    "jigsaw",
    "diagonal",
    "windoku",
    "disjoint",
    "extraregion",
    "antiknight",
    "antiking",
    "nonconsecutive",
    "killer",
)
