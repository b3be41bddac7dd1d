"""Marks: the board a person solves on, digits placed and candidates pencilled in.

The teacher (``techniques``) reads and changes this board, one step at a
time, the way a person would: cell by cell and unit by unit, never the whole
board at once as ``bits`` does for the search. It is also the board a person
brings (their own digits and pencil marks), so it may hold candidates that
are not the rules' consequences, or lack some that are.

- ``digits[cell]`` is the digit placed in a cell, or 0 if it is open;
- ``candidates[cell]`` is the set of digits still pencilled in an open cell,
  as a bit mask (bit ``d - 1`` for digit ``d``), and 0 for a placed cell;
- ``rules``, for a variant, is its rule set: ``shape`` is then its geometry
  (every region, and every cell a pair rule makes a peer), and placing a
  digit also rules out what the rule set says beyond equal digits in peers
  (a non-consecutive neighbour's digits one away).

Masks keep the techniques fast enough to explain a puzzle in milliseconds,
and ``digits_of``/``mask_of`` turn them into sets where a set reads better.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .board import Grid, Shape, Unit

if TYPE_CHECKING:
    from .rules import Rules

Mask = int  # a set of digits: bit d - 1 for digit d


def mask_of(digits: Iterable[int]) -> Mask:
    """The mask of some digits."""
    mask = 0
    for digit in digits:
        mask |= 1 << (digit - 1)
    return mask


def digits_of(mask: Mask) -> tuple[int, ...]:
    """The digits of a mask, smallest first."""
    digits = []
    while mask:
        low = mask & -mask
        digits.append(low.bit_length())
        mask ^= low
    return tuple(digits)


@dataclass
class Marks:
    """A board of placed digits and candidates (see the module's docstring)."""

    shape: Shape
    digits: list[int]
    candidates: list[Mask]
    rules: Rules | None = None  # a variant's rule set; None for classic Sudoku

    @classmethod
    def from_grid(cls, grid: Grid, shape: Shape, rules: Rules | None = None) -> Marks:
        """The board of a grid with every candidate its placed digits allow:
        each open cell holds every digit that none of its peers holds, nor
        any rule of ``rules`` forbids (whose geometry replaces ``shape``)."""
        if rules is not None and not rules.is_classic:
            shape = rules.geometry
        else:
            rules = None
        full = (1 << shape.size) - 1
        candidates = []
        for cell, digit in enumerate(grid):
            seen = mask_of(grid[peer] for peer in shape.peers[cell] if grid[peer])
            candidates.append(0 if digit else full & ~seen)
        marks = cls(shape, list(grid), candidates, rules)
        for cell, digit in enumerate(grid):
            if digit:
                marks._rule_out(cell, digit)
        return marks

    def copy(self) -> Marks:
        """An independent copy, to change without changing this one."""
        return Marks(self.shape, list(self.digits), list(self.candidates), self.rules)

    def grid(self) -> Grid:
        """The placed digits as a grid (0 for open cells)."""
        return tuple(self.digits)

    def solved(self) -> bool:
        """True when every cell holds a digit."""
        return all(self.digits)

    def has(self, cell: int, digit: int) -> bool:
        """True if ``digit`` is still a candidate of ``cell``."""
        return bool(self.candidates[cell] >> (digit - 1) & 1)

    def places(self, unit: Unit, digit: int) -> list[int]:
        """The cells of ``unit`` where ``digit`` is still a candidate."""
        bit = 1 << (digit - 1)
        return [cell for cell in unit.cells if self.candidates[cell] & bit]

    def open_cells(self, unit: Unit) -> list[int]:
        """The cells of ``unit`` with no digit placed."""
        return [cell for cell in unit.cells if not self.digits[cell]]

    def place(self, cell: int, digit: int) -> None:
        """Put ``digit`` in ``cell``: it leaves the cell's candidates, and the
        digit leaves its peers' candidates."""
        self.digits[cell] = digit
        self.candidates[cell] = 0
        keep = ~(1 << (digit - 1))
        for peer in self.shape.peers[cell]:
            self.candidates[peer] &= keep
        self._rule_out(cell, digit)

    def _rule_out(self, cell: int, digit: int) -> None:
        """What the rule set forbids beyond peers once ``digit`` is in ``cell``."""
        if self.rules is not None and self.rules.forbids_unequal:
            for other, near in self.rules.removes(cell, digit):
                self.candidates[other] &= ~(1 << (near - 1))

    def eliminate(self, cell: int, digit: int) -> None:
        """Remove ``digit`` from the candidates of ``cell``."""
        self.candidates[cell] &= ~(1 << (digit - 1))

    def pencilled(self) -> Iterator[tuple[int, int]]:
        """Every (cell, digit) still pencilled in, cell by cell."""
        for cell, mask in enumerate(self.candidates):
            for digit in digits_of(mask):
                yield cell, digit
