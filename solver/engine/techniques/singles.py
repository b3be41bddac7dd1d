"""Singles: the steps that place a digit, the first a person looks for.

- full house: a unit with one open cell left; the one digit it lacks goes there.
- naked single: an open cell with one candidate left; that digit goes there.
- hidden single: a digit with one place left in a unit; it goes there.

Each finder yields every instance on the board, one per unit for the unit
kinds (a cell that is the last place of a digit in its box and in its row is
two hidden singles), and applies none of them. ``Step.apply`` places the
digit and so removes it from the cell's peers.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from ..board import Shape, Unit
from ..levels import Level
from ..marks import Marks, digits_of
from ..steps import Pattern, Step, Technique


def find_full_house(marks: Marks) -> Iterator[Step]:
    """Every unit with one open cell whose missing digit is still a candidate
    there. A unit that lacks more than one digit (its placed digits repeat
    one) or whose open cell has lost that candidate gives none."""
    full = (1 << marks.shape.size) - 1
    for unit in _boxes_first(marks):
        open_cells = marks.open_cells(unit)
        if len(open_cells) != 1:
            continue
        cell = open_cells[0]
        missing = full
        for other in unit.cells:
            if other != cell:
                missing &= ~(1 << (marks.digits[other] - 1))
        if missing & (missing - 1) == 0 and missing & marks.candidates[cell]:
            yield _placement("full-house", cell, digits_of(missing)[0], unit)


def find_naked_single(marks: Marks) -> Iterator[Step]:
    """Every open cell with exactly one candidate, cell by cell."""
    for cell, mask in enumerate(marks.candidates):
        if mask and mask & (mask - 1) == 0:
            digit = digits_of(mask)[0]
            yield Step(
                "naked-single",
                placements=((cell, digit),),
                pattern=Pattern(cells=(cell,), digits=(digit,)),
                message="naked-single",
                params={"digit": digit, "cell": cell},
            )


def find_hidden_single(marks: Marks) -> Iterator[Step]:
    """Every (unit, digit) where the digit, not yet placed in the unit, has
    one place left in it: boxes first, then rows, then columns."""
    candidates, placed_digits = marks.candidates, marks.digits
    for unit in _boxes_first(marks):
        # The digits held once in the unit's cells (not twice), not placed there.
        once = twice = placed = 0
        for cell in unit.cells:
            mask = candidates[cell]
            twice |= once & mask
            once |= mask
            if placed_digits[cell]:
                placed |= 1 << (placed_digits[cell] - 1)
        single = once & ~twice & ~placed
        while single:
            low = single & -single
            cell = next(cell for cell in unit.cells if candidates[cell] & low)
            yield _placement("hidden-single", cell, low.bit_length(), unit)
            single ^= low


def _boxes_first(marks: Marks) -> tuple[Unit, ...]:
    """The units in the order a person scans them: boxes (or jigsaw regions),
    rows, columns, then a variant's other regions."""
    return _scan_order(marks.shape)


@lru_cache(maxsize=64)  # a shape per rule set in use: jigsaw maps are many
def _scan_order(board: Shape) -> tuple[Unit, ...]:
    """``_boxes_first`` for a board's shape."""
    size, units = board.size, board.units
    return (*units[2 * size : 3 * size], *units[:size], *units[size : 2 * size], *units[3 * size :])


def _placement(technique: str, cell: int, digit: int, unit: Unit) -> Step:
    """A step that places ``digit`` in ``cell`` because of ``unit``."""
    return Step(
        technique,
        placements=((cell, digit),),
        pattern=Pattern(cells=(cell,), units=(unit,), digits=(digit,)),
        message=technique,
        params={"digit": digit, "cell": cell, "unit": (unit.kind, unit.number)},
    )


# The only easy techniques. With the candidates shown, a cell left with one is
# plainer than a digit left with one place in a unit.
TECHNIQUES = (
    Technique("full-house", find_full_house, Level.EASY, 1),
    Technique("naked-single", find_naked_single, Level.EASY, 2),
    Technique("hidden-single", find_hidden_single, Level.EASY, 3),
)
