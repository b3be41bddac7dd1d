"""Uniqueness: deductions that hold only because the puzzle has one solution.

A deadly pattern is four cells, none given, at the corners of a rectangle
(two rows, two columns, exactly two boxes) whose solution digits are two
digits a and b: a and b could be swapped there, every row, column and box
still whole, and the puzzle would have two solutions. So in a puzzle known
to have one, the four corners never end holding only a and b, and
whatever stops that must happen. In four boxes the swap would break them
(and one box cannot hold a twice). ``Marks`` does not tell a given from a
digit placed later, so only open cells make a rectangle here.

The argument is about the solution, not the pencil marks, so a corner may
have lost a or b to an earlier step (HoDoKu's "missing candidates"): a
rectangle's corners each hold a, b or both. Its floor is the corners
holding exactly a and b, and it needs at least one; its roof is the
corners holding other digits too.

- unique-rectangle-1: three corners hold only a and b; the fourth must not,
  so a and b leave it.
- unique-rectangle-2: the two roof corners share a row or column, and the
  one extra digit c of each is the same. One of them is c, so c leaves every
  cell seeing both.
- unique-rectangle-3: the roof corners share a unit; their extra digits act
  as one virtual cell (one of the roof corners holds one of them), which
  with other cells of that unit makes a naked subset. Its digits leave the
  rest of the unit.
- unique-rectangle-4: the roof corners share a unit where a (say) has no
  places but the two of them. One of them is a, so the other cannot be b: if it were, the
  other roof corner would be a and the rectangle deadly. b leaves both.
- hidden-rectangle: a floor corner, and a digit a whose places in the row
  and in the column of the opposite corner are the corners there, each
  other corner holding a. If that corner were b, a would fill the two
  corners it sees in the rectangle and the floor corner would be b:
  deadly. So b leaves it. A digit with no place at all in that row (it is
  placed there already) forces nothing, which one of HoDoKu's must-find-
  nothing cases checks.
- bug-plus-one: every open cell holds two candidates but one, which holds
  three, and each digit has two places in every unit but one digit, which
  has three in the units of that cell. Without that digit the board would
  be a bivalue universal grave, with two solutions or none; so the digit
  goes in that cell.

Messages are the technique ids, with these params: ``digits`` (a and b),
``cells`` (the four corners, in reading order) and, by type: ``cell`` (the
corner that loses a or b, type 1; the opposite corner, hidden rectangle);
``roof`` (the roof corners, types 2 to 4); ``extra`` (c, type 2);
``extras`` (the roof's extra digits), ``subset`` (the other cells of the
subset), ``subset_digits`` and ``unit`` (type 3); ``digit`` (the digit
with no other place) and ``unit`` (type 4); ``digit`` and ``units`` (the
row and column of the opposite corner, hidden rectangle). Bug-plus-one's
params are ``cell`` and ``digit``. Units are ``(kind, number)``.

``UNIQUENESS`` names these techniques, for the teacher to ask them only
when the puzzle is known to have one solution.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial

from ..board import Unit
from ..levels import Level
from ..marks import Marks, Mask, digits_of
from ..steps import Candidate, Pattern, Step, Technique
from .memo import Kept

# The subsets type 3 looks for, counting the virtual cell: pairs to quads,
# as the subsets family does.
LARGEST_SUBSET = 4


@dataclass(frozen=True)
class Rectangle:
    """Four open corners in two rows, two columns and two boxes, each holding
    one digit of ``pair`` or both; ``floor`` the corners holding exactly
    ``pair``, ``roof`` those holding other digits too."""

    corners: tuple[int, ...]
    pair: Mask
    floor: tuple[int, ...]
    roof: tuple[int, ...]

    def opposite(self, corner: int) -> int:
        """The corner sharing neither row nor column with ``corner``."""
        a, b, c, d = self.corners  # reading order: a and d, b and c are opposite
        return {a: d, d: a, b: c, c: b}[corner]


def find_unique_rectangle_1(marks: Marks) -> Iterator[Step]:
    """Every rectangle of three floor corners whose fourth holds a or b."""
    for rectangle in _rectangles(marks):
        if len(rectangle.floor) == 3:
            [corner] = rectangle.roof
            removed = tuple(
                (corner, d) for d in digits_of(marks.candidates[corner] & rectangle.pair)
            )
            params = {"cell": corner}
            yield _step("unique-rectangle-1", rectangle, removed, (), (), params)


def find_unique_rectangle_2(marks: Marks) -> Iterator[Step]:
    """Every rectangle whose roof, in one row or column, adds the same one
    digit to both corners, that is still in a cell seeing both."""
    peers = marks.shape.peers
    for rectangle in _roof_in_line(marks):
        first, second = rectangle.roof
        extra = marks.candidates[first] & ~rectangle.pair
        if marks.candidates[second] & ~rectangle.pair != extra or extra.bit_count() != 1:
            continue
        [digit] = digits_of(extra)
        seen = sorted(set(peers[first]) & set(peers[second]))
        removed = tuple((cell, digit) for cell in seen if marks.has(cell, digit))
        if removed:
            params = {"roof": rectangle.roof, "extra": digit}
            units = tuple(_shared_units(marks, rectangle.roof))
            yield _step("unique-rectangle-2", rectangle, removed, units, (digit,), params)


def find_unique_rectangle_3(marks: Marks) -> Iterator[Step]:
    """Every rectangle whose roof's extra digits, as one cell, make a naked
    subset with other cells of a unit the roof shares."""
    for rectangle in _roof_in_line(marks):
        first, second = rectangle.roof
        extras = (marks.candidates[first] | marks.candidates[second]) & ~rectangle.pair
        for unit in _shared_units(marks, rectangle.roof):
            for subset, digits in _subsets_with(marks, unit, rectangle.roof, extras):
                rest = [c for c in unit.cells if c not in subset and c not in rectangle.roof]
                removed = _removed(marks, rest, digits)
                if removed:
                    params = {
                        "roof": rectangle.roof,
                        "extras": digits_of(extras),
                        "subset": subset,
                        "subset_digits": digits_of(digits),
                        "unit": (unit.kind, unit.number),
                    }
                    used = digits_of(digits & ~rectangle.pair)
                    yield _step("unique-rectangle-3", rectangle, removed, (unit,), used, params)


def find_unique_rectangle_4(marks: Marks) -> Iterator[Step]:
    """Every rectangle whose roof shares a unit where a or b has no place
    but the roof, and that still holds the other digit."""
    for rectangle in _roof_in_line(marks):
        for unit in _shared_units(marks, rectangle.roof):
            for digit in digits_of(rectangle.pair):
                if set(marks.places(unit, digit)) != set(rectangle.roof):
                    continue
                [other] = digits_of(rectangle.pair & ~(1 << (digit - 1)))
                removed = tuple((c, other) for c in rectangle.roof if marks.has(c, other))
                if not removed:
                    continue
                params = {"roof": rectangle.roof, "digit": digit, "unit": (unit.kind, unit.number)}
                yield _step("unique-rectangle-4", rectangle, removed, (unit,), (), params)


def find_hidden_rectangle(marks: Marks) -> Iterator[Step]:
    """Every rectangle with a floor corner whose opposite corner holds the
    other digit while a or b has no place in the opposite corner's row and
    column but the corners there."""
    for rectangle in _rectangles(marks):
        if len(rectangle.floor) > 2:
            continue
        for floor in rectangle.floor:
            corner = rectangle.opposite(floor)
            row, column, _ = marks.shape.units_of[corner]
            for digit in digits_of(rectangle.pair):
                [other] = digits_of(rectangle.pair & ~(1 << (digit - 1)))
                if marks.has(corner, other) and all(
                    _linked(marks, unit, digit, corner, rectangle) for unit in (row, column)
                ):
                    params = {
                        "cell": corner,
                        "digit": digit,
                        "units": ((row.kind, row.number), (column.kind, column.number)),
                    }
                    removed = ((corner, other),)
                    yield _step("hidden-rectangle", rectangle, removed, (row, column), (), params)


def find_bug_plus_one(marks: Marks) -> Iterator[Step]:
    """The bivalue universal grave plus one, if the board is one: its digit
    placed in its cell of three candidates."""
    cell = _only_triple(marks)
    if cell is None:
        return
    row, column, box = marks.shape.units_of[cell]
    three = [d for d in digits_of(marks.candidates[cell]) if len(marks.places(row, d)) == 3]
    if len(three) != 1:
        return
    digit = three[0]
    grave = marks.copy()
    grave.eliminate(cell, digit)
    if all(_two_places_each(grave, unit) for unit in marks.shape.units):
        yield Step(
            "bug-plus-one",
            placements=((cell, digit),),
            pattern=Pattern(cells=(cell,), units=(row, column, box), digits=(digit,)),
            message="bug-plus-one",
            params={"cell": cell, "digit": digit},
        )


_RECTANGLES: Kept[tuple[Rectangle, ...]] = Kept()


def _rectangles(marks: Marks) -> tuple[Rectangle, ...]:
    """Every rectangle on the board with a floor corner (``_rectangles_of``),
    worked out once per board: the techniques asked in turn share them."""
    board = marks.shape
    part = (board.box_rows, board.box_cols, board.key)
    return _RECTANGLES.get(part, tuple(marks.candidates), partial(_all_rectangles, marks))


def _all_rectangles(marks: Marks) -> tuple[Rectangle, ...]:
    """``_rectangles``, worked out."""
    return tuple(_rectangles_of(marks))


def _rectangles_of(marks: Marks) -> Iterator[Rectangle]:
    """Every rectangle on the board with a floor corner, once for each pair
    of digits it is about (None of ``_rectangle`` left out).

    Each starts from a floor corner (a cell of two candidates): every
    technique here needs one, and they are few, which keeps this quick
    (under a millisecond a call on stuck top1465 positions).
    """
    shape, candidates = marks.shape, marks.candidates
    seen: set[tuple[Mask, tuple[int, ...]]] = set()
    for first, pair in enumerate(candidates):
        if pair.bit_count() != 2:
            continue
        row, column, box = shape.units_of[first]
        across = [c for c in row.cells if c != first and candidates[c] & pair]
        down = [c for c in column.cells if c != first and candidates[c] & pair]
        for beside in across:
            in_box = beside in box.cells
            for below in down:
                if in_box == (below in box.cells):
                    continue  # four boxes, or one box (which cannot hold a twice)
                far = shape.units_of[below][0].cells[shape.units_of[beside][1].number - 1]
                corners = tuple(sorted((first, beside, below, far)))
                if candidates[far] & pair and (pair, corners) not in seen:
                    seen.add((pair, corners))
                    rectangle = _rectangle(marks, corners, pair)
                    if rectangle is not None:
                        yield rectangle


def _rectangle(marks: Marks, corners: tuple[int, ...], pair: Mask) -> Rectangle | None:
    """The rectangle of ``corners`` about ``pair``; None if a corner holds a
    or b alone (a single: the singles' to place, no rectangle's)."""
    floor = tuple(c for c in corners if marks.candidates[c] == pair)
    roof = tuple(c for c in corners if marks.candidates[c] != pair)
    if any(not marks.candidates[c] & ~pair for c in roof):
        return None
    return Rectangle(corners, pair, floor, roof)


def _roof_in_line(marks: Marks) -> Iterator[Rectangle]:
    """The rectangles of two floor corners whose roof is in one row or column."""
    for rectangle in _rectangles(marks):
        if len(rectangle.floor) == 2 and _shared_units(marks, rectangle.roof):
            yield rectangle


def _shared_units(marks: Marks, cells: tuple[int, ...]) -> list[Unit]:
    """The units holding every one of ``cells``."""
    first, *rest = cells
    return [u for u in marks.shape.units_of[first] if all(c in u.cells for c in rest)]


def _subsets_with(
    marks: Marks, unit: Unit, roof: tuple[int, ...], extras: Mask
) -> Iterator[tuple[tuple[int, ...], Mask]]:
    """Every set of cells of ``unit``, outside the roof, that with a virtual
    cell holding ``extras`` make a naked subset: the cells and its digits."""
    cells = [c for c in unit.cells if c not in roof and marks.candidates[c]]

    def extend(
        start: int, chosen: tuple[int, ...], union: Mask
    ) -> Iterator[tuple[tuple[int, ...], Mask]]:
        if chosen and union.bit_count() == len(chosen) + 1:
            yield chosen, union
            return
        if len(chosen) + 1 >= LARGEST_SUBSET:
            return
        for i in range(start, len(cells)):
            grown = union | marks.candidates[cells[i]]
            if grown.bit_count() <= LARGEST_SUBSET:
                yield from extend(i + 1, (*chosen, cells[i]), grown)

    yield from extend(0, (), extras)


def _linked(marks: Marks, unit: Unit, digit: int, corner: int, rectangle: Rectangle) -> bool:
    """True if ``digit`` must go in the corner of ``rectangle`` that shares
    ``unit`` with ``corner`` when ``corner`` does not take it: that corner
    holds it, and no cell of ``unit`` outside the two does."""
    [end] = [c for c in unit.cells if c in rectangle.corners and c != corner]
    return marks.has(end, digit) and all(c in (corner, end) for c in marks.places(unit, digit))


def _only_triple(marks: Marks) -> int | None:
    """The one open cell of three candidates when every other holds two, else None."""
    triple = None
    for cell, mask in enumerate(marks.candidates):
        count = mask.bit_count()
        if count == 2 or (count == 0 and marks.digits[cell]):
            continue
        if count != 3 or triple is not None:
            return None
        triple = cell
    return triple


def _two_places_each(marks: Marks, unit: Unit) -> bool:
    """True if every digit has no place or two in ``unit``."""
    counts: dict[int, int] = {}
    for cell in unit.cells:
        for digit in digits_of(marks.candidates[cell]):
            counts[digit] = counts.get(digit, 0) + 1
    return all(count == 2 for count in counts.values())


def _removed(marks: Marks, cells: list[int], digits: Mask) -> tuple[Candidate, ...]:
    """The candidates of ``digits`` still in ``cells``, cell by cell."""
    return tuple(
        (cell, digit)
        for cell in sorted(cells)
        for digit in digits_of(marks.candidates[cell] & digits)
    )


def _step(
    technique: str,
    rectangle: Rectangle,
    removed: tuple[Candidate, ...],
    units: tuple[Unit, ...],
    extra_digits: tuple[int, ...],
    params: dict[str, object],
) -> Step:
    pair = digits_of(rectangle.pair)
    return Step(
        technique,
        eliminations=tuple(sorted(removed)),
        pattern=Pattern(
            cells=rectangle.corners, units=units, digits=tuple(sorted({*pair, *extra_digits}))
        ),
        message=technique,
        params={"digits": pair, "cells": rectangle.corners, **params},
    )


# Hard: patterns that would give the puzzle two solutions.
TECHNIQUES = (
    Technique("unique-rectangle-1", find_unique_rectangle_1, Level.HARD, 25),
    Technique("unique-rectangle-2", find_unique_rectangle_2, Level.HARD, 30),
    Technique("unique-rectangle-3", find_unique_rectangle_3, Level.HARD, 35),
    Technique("unique-rectangle-4", find_unique_rectangle_4, Level.HARD, 30),
    Technique("hidden-rectangle", find_hidden_rectangle, Level.HARD, 35),
    Technique("bug-plus-one", find_bug_plus_one, Level.HARD, 25),
)

UNIQUENESS = frozenset(row.id for row in TECHNIQUES)
