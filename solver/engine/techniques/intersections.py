"""Intersections: what a box and a line (a row or a column) that cross tell
each other through the cells they share, their segment.

- locked pointing: a digit's places in a box all lie in one segment, so the
  digit goes there and leaves the rest of the segment's line.
- locked claiming: a digit's places in a line all lie in one segment, so it
  leaves the rest of the segment's box.
- locked pair and locked triple: two (three) open cells of one segment hold
  only two (three) digits between them, so those digits go there and leave
  every other cell of the box and of the line.

- locked regions, under a variant's rules: a digit's places in any region,
  two or more, all rule out the same candidates elsewhere (a cell that every
  one of them sees through a shared region or a pair rule, a diagonal's
  places all in one box; with non-consecutive, a cell beside every place
  loses the digits one away), so those candidates go. Classic Sudoku has
  none beyond pointing and claiming, asked first: it is not looked for there.

- the law of leftovers, with jigsaw regions: k whole rows (or columns) and
  the k regions with the most cells in them hold each digit k times, so the
  rows' cells outside those regions (the innies) and the regions' cells
  outside the rows (the outies) hold the same digits; a candidate of one
  side that no cell of the other can hold goes.

A pointing or claiming digit has at least two places in the segment: with
one, the step is a hidden single. A locked pair or triple eliminates from
both units outside the segment: one that eliminates from only one of them
is a naked pair or triple in that unit, as HoDoKu's regression library
reads it (a case it set aside says so).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from itertools import combinations
from typing import NamedTuple

from ..board import Shape, Unit, shape
from ..levels import Level
from ..marks import Marks, digits_of, mask_of
from ..steps import Pattern, Step, Technique


class Segment(NamedTuple):
    """The cells a box and a line share, and the cells of each outside them."""

    box: Unit
    line: Unit
    cells: tuple[int, ...]
    box_rest: tuple[int, ...]
    line_rest: tuple[int, ...]


@cache
def segments(box_rows: int, box_cols: int) -> tuple[Segment, ...]:
    """Every segment of the classic board of ``box_rows`` x ``box_cols``."""
    return segments_of(shape(box_rows, box_cols))


@lru_cache(maxsize=64)  # a shape per rule set in use: jigsaw maps are many
def segments_of(board: Shape) -> tuple[Segment, ...]:
    """Every segment of a board, box by box, rows before columns. A jigsaw's
    regions stand in the boxes' place: they too tile the board, so a region's
    segments along rows (or columns) make up the region, and a line's
    segments make up the line. A variant's other regions have none."""
    lines = board.units[: 2 * board.size]
    found = []
    for box in board.units[2 * board.size : 3 * board.size]:
        for line in lines:
            cells = tuple(cell for cell in box.cells if cell in line.cells)
            if cells:
                box_rest = tuple(cell for cell in box.cells if cell not in cells)
                line_rest = tuple(cell for cell in line.cells if cell not in cells)
                found.append(Segment(box, line, cells, box_rest, line_rest))
    return tuple(found)


def find_locked_pointing(marks: Marks) -> Iterator[Step]:
    """Every (box, digit) whose places in the box, two or more, lie in one
    line that still has the digit elsewhere."""
    return _confined(marks, pointing=True)


def find_locked_claiming(marks: Marks) -> Iterator[Step]:
    """Every (line, digit) whose places in the line, two or more, lie in one
    box that still has the digit elsewhere."""
    return _confined(marks, pointing=False)


def _confined(marks: Marks, pointing: bool) -> Iterator[Step]:
    """Pointing (a box's digits confined to one of its segments, taken out of
    the rest of the line) or claiming (a line's, taken out of the rest of the
    box): a segment's digits that neither the rest of its unit (its sibling
    segments) holds nor its unit has placed."""
    unions, placed = _unions(marks)
    for number, (segment, box, line, in_box, in_line) in enumerate(_siblings(marks.shape)):
        if pointing:
            unit, others, technique, targets = box, in_box, "locked-pointing", segment.line_rest
        else:
            unit, others, technique, targets = line, in_line, "locked-claiming", segment.box_rest
        rest = placed[unit]
        for other in others:
            rest |= unions[other]
        confined = unions[number] & ~rest
        if confined:
            yield from _locked(technique, marks, segment, confined, targets)


def find_locked_pair(marks: Marks) -> Iterator[Step]:
    """Every two cells of a segment holding two digits between them, with
    those digits elsewhere in both the box and the line."""
    for segment in segments_of(marks.shape):
        yield from _locked_subsets("locked-pair", marks, segment, 2)


def find_locked_triple(marks: Marks) -> Iterator[Step]:
    """Every three cells of a segment holding three digits between them, with
    those digits elsewhere in both the box and the line."""
    for segment in segments_of(marks.shape):
        yield from _locked_subsets("locked-triple", marks, segment, 3)


def _unions(marks: Marks) -> tuple[list[int], list[int]]:
    """Each segment's candidates together (by its place in ``segments``) and
    each unit's placed digits (by its place in ``shape.units``), as masks."""
    candidates, digits = marks.candidates, marks.digits
    unions = []
    for segment in segments_of(marks.shape):
        mask = 0
        for cell in segment.cells:
            mask |= candidates[cell]
        unions.append(mask)
    placed = [0] * len(marks.shape.units)
    units_of = _units_of(marks.shape)
    for cell, digit in enumerate(digits):
        if digit:
            for unit in units_of[cell]:
                placed[unit] |= 1 << (digit - 1)
    return unions, placed


@lru_cache(maxsize=64)
def _units_of(board: Shape) -> tuple[tuple[int, ...], ...]:
    """Each cell's units, as their places in ``shape.units``."""
    number = {unit: i for i, unit in enumerate(board.units)}
    return tuple(tuple(number[unit] for unit in board.units_of[c]) for c in range(board.cells))


@lru_cache(maxsize=64)
def _siblings(
    board: Shape,
) -> tuple[tuple[Segment, int, int, tuple[int, ...], tuple[int, ...]], ...]:
    """Every segment with the places of its box and line in ``shape.units``,
    and the other segments (their places in ``segments``) that make up the
    rest of its box (those along the same kind of line) and the rest of its
    line."""
    number = {unit: i for i, unit in enumerate(board.units)}
    found = segments_of(board)
    return tuple(
        (
            s,
            number[s.box],
            number[s.line],
            tuple(
                i
                for i, other in enumerate(found)
                if other.box == s.box and other.line.kind == s.line.kind and other != s
            ),
            tuple(i for i, other in enumerate(found) if other.line == s.line and other != s),
        )
        for s in found
    )


def _locked(
    technique: str, marks: Marks, segment: Segment, digits: int, targets: tuple[int, ...]
) -> Iterator[Step]:
    """The pointing or claiming steps of a segment's ``digits`` (a mask)."""
    for digit in digits_of(digits):
        places = tuple(cell for cell in segment.cells if marks.has(cell, digit))
        removed = tuple((cell, digit) for cell in targets if marks.has(cell, digit))
        if len(places) >= 2 and removed:
            yield _step(technique, segment, places, (digit,), removed, {"digit": digit})


def _locked_subsets(technique: str, marks: Marks, segment: Segment, count: int) -> Iterator[Step]:
    """The locked pairs (``count`` 2) or triples (3) of ``segment``."""
    open_cells = [cell for cell in segment.cells if marks.candidates[cell]]
    for cells in combinations(open_cells, count):
        mask = _union(marks, cells)
        if mask.bit_count() != count:
            continue
        digits = digits_of(mask)
        in_box = _removed(marks, segment.box_rest, digits)
        in_line = _removed(marks, segment.line_rest, digits)
        if in_box and in_line:
            others = tuple(cell for cell in segment.cells if cell not in cells)
            removed = _removed(marks, others, digits) + in_box + in_line
            yield _step(technique, segment, cells, digits, removed, {"digits": digits})


def _step(
    technique: str,
    segment: Segment,
    cells: tuple[int, ...],
    digits: tuple[int, ...],
    removed: tuple[tuple[int, int], ...],
    params: dict[str, object],
) -> Step:
    """A step of this family: ``cells`` hold ``digits`` locked in ``segment``;
    ``params`` adds the digit or digits to its message's parameters."""
    box, line = segment.box, segment.line
    return Step(
        technique,
        eliminations=removed,
        pattern=Pattern(cells=cells, units=(box, line), digits=digits),
        message=technique,
        params={
            **params,
            "cells": cells,
            "box": (box.kind, box.number),
            "line": (line.kind, line.number),
        },
    )


def find_locked_regions(marks: Marks) -> Iterator[Step]:
    """Under a variant's rules (``marks.rules``), every (region, digit) whose
    places, two or more, all rule out the same candidates (``_ruled_out``):
    unit by unit as ``shape.units`` lists them, digit by digit."""
    rules = marks.rules
    if rules is None:
        return
    for unit in marks.shape.units:
        placed = _placed(marks, unit)
        for digit in range(1, marks.shape.size + 1):
            if placed >> (digit - 1) & 1:
                continue
            places = marks.places(unit, digit)
            if len(places) < 2:
                continue
            common = _ruled_out(marks, places[0], digit)
            for place in places[1:]:
                common &= _ruled_out(marks, place, digit)
                if not common:
                    break
            removed = tuple(sorted(c for c in common if marks.has(*c)))
            if removed:
                yield Step(
                    "locked-regions",
                    eliminations=removed,
                    pattern=Pattern(cells=tuple(places), units=(unit,), digits=(digit,)),
                    message="locked-regions",
                    params={"digit": digit, "unit": (unit.kind, unit.number), "cells": places},
                )


# The most innies (and so outies) a law of leftovers looks at: more are
# seldom a step a person takes, and say little.
MAX_LEFTOVERS = 4


def find_law_of_leftovers(marks: Marks) -> Iterator[Step]:
    """With jigsaw regions (``marks.rules``), every band of k consecutive
    rows, then columns (k from 1 to N - 1), whose k regions with the most
    cells in it leave at most ``MAX_LEFTOVERS`` innies, and whose innies and
    outies rule each other's candidates out (``_leftovers``)."""
    rules = marks.rules
    if rules is None or rules.jigsaw is None:
        return
    board = marks.shape
    n = board.size
    regions = board.units[2 * n : 3 * n]
    for lines in (board.units[:n], board.units[n : 2 * n]):
        for k in range(1, n):
            for start in range(n - k + 1):
                band = lines[start : start + k]
                step = _leftovers(marks, band, regions)
                if step is not None:
                    yield step


def _leftovers(marks: Marks, band: Sequence[Unit], regions: Sequence[Unit]) -> Step | None:
    """The law of leftovers on ``band`` (k lines) and the k ``regions`` with
    the most cells in it (the first in order on a tie): the digits no outie
    can hold leave the innies, and those no innie can hold leave the
    outies. None if it removes nothing, or the innies are too many."""
    inside = {cell for line in band for cell in line.cells}
    ranked = sorted(regions, key=lambda region: -len(inside.intersection(region.cells)))
    chosen = sorted(ranked[: len(band)], key=lambda region: region.number)
    covered = {cell for region in chosen for cell in region.cells}
    innies, outies = sorted(inside - covered), sorted(covered - inside)
    if not innies or len(innies) > MAX_LEFTOVERS:
        return None
    removed = _not_held(marks, innies, outies) + _not_held(marks, outies, innies)
    if not removed:
        return None
    return Step(
        "law-of-leftovers",
        eliminations=tuple(sorted(removed)),
        pattern=Pattern(cells=(*innies, *outies), units=tuple(chosen)),
        message="law-of-leftovers",
        params={
            "lines": tuple((line.kind, line.number) for line in band),
            "regions": tuple((region.kind, region.number) for region in chosen),
            "innies": tuple(innies),
            "outies": tuple(outies),
        },
    )


def _not_held(marks: Marks, cells: Sequence[int], others: Sequence[int]) -> list[tuple[int, int]]:
    """The candidates of ``cells`` that no cell of ``others`` holds, placed or pencilled."""
    held = 0
    for cell in others:
        digit = marks.digits[cell]
        held |= marks.candidates[cell] | (1 << (digit - 1) if digit else 0)
    return [(cell, d) for cell in cells for d in digits_of(marks.candidates[cell] & ~held)]


def _ruled_out(marks: Marks, cell: int, digit: int) -> set[tuple[int, int]]:
    """The candidates elsewhere that ``digit`` in ``cell`` would rule out: the
    digit in every peer, and what the rule set forbids beside it."""
    found = {(peer, digit) for peer in marks.shape.peers[cell]}
    found.update(marks.rules.removes(cell, digit) if marks.rules else ())
    return found


def _union(marks: Marks, cells: tuple[int, ...]) -> int:
    """The candidates of ``cells`` together, as a mask."""
    mask = 0
    for cell in cells:
        mask |= marks.candidates[cell]
    return mask


def _placed(marks: Marks, unit: Unit) -> int:
    """The digits placed in ``unit``, as a mask."""
    return mask_of(digit for digit in (marks.digits[cell] for cell in unit.cells) if digit)


def _removed(
    marks: Marks, cells: tuple[int, ...], digits: tuple[int, ...]
) -> tuple[tuple[int, int], ...]:
    """The candidates among ``digits`` still pencilled in ``cells``."""
    return tuple((cell, digit) for cell in cells for digit in digits if marks.has(cell, digit))


# Medium: an intersection of a box and a line.
TECHNIQUES = (
    Technique("locked-pointing", find_locked_pointing, Level.MEDIUM, 10),
    Technique("locked-claiming", find_locked_claiming, Level.MEDIUM, 10),
    Technique("locked-pair", find_locked_pair, Level.MEDIUM, 14),
    Technique("locked-triple", find_locked_triple, Level.MEDIUM, 18),
    Technique("locked-regions", find_locked_regions, Level.MEDIUM, 12),
    Technique("law-of-leftovers", find_law_of_leftovers, Level.MEDIUM, 16),
)
