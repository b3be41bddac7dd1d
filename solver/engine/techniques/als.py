"""Almost locked sets: groups of cells one digit short of being locked.

An almost locked set (ALS) is ``n`` cells of one unit holding ``n + 1``
digits between them; a cell of two candidates is the smallest. Take one of
its digits away and the other ``n`` are locked in it, one a cell. Two ALSs
share a restricted common digit (an RCC) ``x`` when every cell of one
holding ``x`` sees every cell of the other holding ``x``: they cannot both
take ``x``, so one of them is locked without it.

- als-xz: two ALSs A and B with an RCC x. One is locked without x, so
  holds every other digit it has: a digit z both have (besides x) is in A
  or in B, and leaves every cell that sees all of A's z and all of B's z.
  With two RCCs x and y (``als-xz/double``) A is locked without one of
  them and B without the other: every other digit of A is locked in A and
  leaves the cells that see all its places there (the same for B), and x
  and y, each in A or B, leave the cells that see all their places in both.
- als-xy-wing: three ALSs, a hinge C sharing RCC x with A and RCC y with B.
  C is short of one digit only, so it takes x (A is locked without it) or y
  (B is): a digit z of both A and B, not x or y, is in A or B, and leaves
  every cell that sees all of A's z and all of B's z.
- sue-de-coq: two or more open cells C where a line crosses a box, holding
  at least two digits more than cells; a set D of the line's other cells and
  a set E of the box's other cells, with no digit in both, such that C, D
  and E together have as many cells as digits. A digit of D or C (not of E)
  lies in the line's part, C and D, so it leaves the line's other cells; a
  digit of E or C (not of D) leaves the box's other cells. Each digit fits
  once only: it is in the line's part or the box's part, each within a unit.

ALSs may share cells: a restricted common digit is never in a shared cell
(it would not see itself), and the reasoning above holds cell by cell.

Message ids and params (cells as ints, digits as ints, units as (kind,
number)):

- ``als-xz`` and ``als-xz/double``: ``als`` (A's cells, B's cells),
  ``units`` (a unit holding each), ``digits`` (each ALS's digits), ``rcc``
  (the restricted common digits, one or two), ``z`` (the digits removed);
- ``als-xy-wing``: the same keys for (A, B, C), C the hinge; ``rcc`` is
  (x, y), x shared by A and C, y by B and C;
- ``sue-de-coq``: ``cells`` (C), ``line_cells`` (D), ``box_cells`` (E),
  ``line`` and ``box`` (the units), ``digits``, ``line_digits`` and
  ``box_digits`` (the candidates of C, D and E), ``z`` (the digits removed).

Speed: the ALSs of a board are found once per board (the last board's are
kept, so the three finders asked in turn share them), at most ``MAX_CELLS``
cells each; pairs sharing a digit are only compared within a unit that holds
both ALSs' places of the digit, since cells that all see each other lie in
one unit.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from ..board import Shape, Unit
from ..marks import Marks, Mask, digits_of
from ..steps import Candidate, Pattern, Step

# The most cells an ALS (or a Sue de Coq companion set) may have: bigger
# ones are rare in a person's solving and cost time on every board.
MAX_CELLS = 6

CellSet = int  # a set of cells: bit c for cell c


@dataclass(frozen=True)
class Als:
    """An almost locked set: ``cells`` of ``unit``, their candidates ``digits``
    (one more than cells); ``places[d]`` its cells holding ``d`` and
    ``seen[d]`` the cells that see all of them, both as cell sets."""

    cells: tuple[int, ...]
    where: CellSet
    digits: Mask
    unit: Unit
    places: dict[int, CellSet]
    seen: dict[int, CellSet]


def find_als_xz(marks: Marks) -> Iterator[Step]:
    """Every pair of ALSs with one or two restricted common digits that
    removes a candidate, one step per pair."""
    sets = _sets_of(marks)
    for first, second in _rcc_pairs(marks, sets):
        a, b = sets[first], sets[second]
        rcc = _restricted_commons(a, b)
        if rcc.bit_count() == 2:
            removed = _doubly_linked(marks, a, b, rcc)
            message = "als-xz/double"
        else:
            common = a.digits & b.digits & ~rcc
            removed = _seen_by_both(marks, a, b, common)
            message = "als-xz"
        if removed:
            yield _als_step("als-xz", message, marks, (a, b), rcc, removed)


def find_als_xy_wing(marks: Marks) -> Iterator[Step]:
    """Every hinge ALS with two ALSs on different restricted common digits
    whose shared other digit leaves a cell seeing all its places in both."""
    sets = _sets_of(marks)
    links: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for first, second in _rcc_pairs(marks, sets):
        rcc = _restricted_commons(sets[first], sets[second])
        for digit in digits_of(rcc):
            links[first].append((second, digit))
            links[second].append((first, digit))
    for hinge, partners in links.items():
        for i, (first, x) in enumerate(partners):
            for second, y in partners[i + 1 :]:
                if x == y or first == second:
                    continue
                a, b = sets[first], sets[second]
                z = a.digits & b.digits & ~(1 << (x - 1)) & ~(1 << (y - 1))
                removed = _seen_by_both(marks, a, b, z) if z else ()
                if removed:
                    rcc = (1 << (x - 1)) | (1 << (y - 1))
                    trio = (a, b, sets[hinge])
                    yield _als_step("als-xy-wing", "als-xy-wing", marks, trio, rcc, removed, (x, y))


def find_sue_de_coq(marks: Marks) -> Iterator[Step]:
    """Every Sue de Coq on a line and box crossing that removes a candidate."""
    shape, candidates = marks.shape, marks.candidates
    boxes = [unit for unit in shape.units if unit.kind == "box"]
    for line in shape.units:
        if line.kind == "box":
            continue
        for box in boxes:
            crossing = [c for c in line.cells if c in box.cells and candidates[c]]
            if len(crossing) < 2:
                continue
            line_rest = [c for c in line.cells if c not in box.cells and candidates[c]]
            box_rest = [c for c in box.cells if c not in line.cells and candidates[c]]
            line_sets, box_sets = _groups(marks, line_rest), _groups(marks, box_rest)
            for core in _cores(crossing):
                yield from _sue_de_coq(marks, line, box, core, line_sets, box_sets)


# Almost locked sets and their restricted common digits.


_last: tuple[tuple[int, ...], list[Als]] | None = None


def _sets_of(marks: Marks) -> list[Als]:
    """The board's ALSs of at most ``MAX_CELLS`` cells, each once (a set in
    two units is kept with the first), kept for the next call on the same
    candidates."""
    global _last
    key = (marks.shape.box_rows, marks.shape.box_cols, *marks.candidates)
    if _last is not None and _last[0] == key:
        return _last[1]
    found: dict[CellSet, Als] = {}
    peers = _peer_sets(marks.shape)
    for unit in marks.shape.units:
        for cells, digits in _almost_locked(marks, unit):
            where = _cell_set(cells)
            if where not in found:
                found[where] = _als(marks, peers, unit, cells, where, digits)
    sets = list(found.values())
    _last = (key, sets)
    return sets


def _almost_locked(marks: Marks, unit: Unit) -> Iterator[tuple[tuple[int, ...], Mask]]:
    """Every set of ``unit``'s open cells, at most ``MAX_CELLS``, holding one
    digit more than cells, with its digits. A branch stops once its digits
    outnumber what its biggest extension could hold."""
    candidates = marks.candidates
    cells = [cell for cell in unit.cells if candidates[cell]]
    limit = min(MAX_CELLS, len(cells) - 1)

    def extend(start: int, chosen: tuple[int, ...], union: Mask) -> Iterator:
        for i in range(start, len(cells)):
            grown = union | candidates[cells[i]]
            count = grown.bit_count()
            if count > limit + 1:
                continue
            picked = (*chosen, cells[i])
            if count == len(picked) + 1:
                yield picked, grown
            if len(picked) < limit:
                yield from extend(i + 1, picked, grown)

    return extend(0, (), 0)


def _als(
    marks: Marks,
    peers: Sequence[CellSet],
    unit: Unit,
    cells: tuple[int, ...],
    where: int,
    digits: Mask,
) -> Als:
    """The ALS of ``cells`` in ``unit``, with each digit's places and the
    cells seeing all of them."""
    places, seen = {}, {}
    for digit in digits_of(digits):
        bit = 1 << (digit - 1)
        held = [cell for cell in cells if marks.candidates[cell] & bit]
        places[digit] = _cell_set(held)
        common = -1
        for cell in held:
            common &= peers[cell]
        seen[digit] = common
    return Als(cells, where, digits, unit, places, seen)


def _rcc_pairs(marks: Marks, sets: list[Als]) -> Iterator[tuple[int, int]]:
    """Every pair of ALSs (indices, smaller first) with a restricted common
    digit, each once. The places of such a digit in both all see each other,
    so lie in one unit: only ALSs bucketed in the same unit and digit meet."""
    buckets: dict[tuple[int, int], list[int]] = defaultdict(list)
    units_of = marks.shape.units_of
    unit_sets = _unit_sets(marks.shape)
    for index, als in enumerate(sets):
        for digit, places in als.places.items():
            first = (places & -places).bit_length() - 1
            for unit in units_of[first]:
                if places & ~unit_sets[unit] == 0:
                    buckets[(id(unit), digit)].append(index)
    done: set[tuple[int, int]] = set()
    for (_, digit), members in buckets.items():
        for i, first in enumerate(members):
            places = sets[first].places[digit]
            for second in members[i + 1 :]:
                if places & sets[second].places[digit] == 0 and (first, second) not in done:
                    done.add((first, second))
                    yield first, second


def _restricted_commons(a: Als, b: Als) -> Mask:
    """The digits of both whose places in ``a`` all see their places in ``b``."""
    rcc = 0
    for digit in digits_of(a.digits & b.digits):
        if b.places[digit] & ~a.seen[digit] == 0:
            rcc |= 1 << (digit - 1)
    return rcc


def _seen_by_both(marks: Marks, a: Als, b: Als, digits: Mask) -> list[Candidate]:
    """The candidates of ``digits`` in cells seeing all their places in both ALSs."""
    removed = []
    for digit in digits_of(digits):
        target = a.seen[digit] & b.seen[digit]
        removed.extend((cell, digit) for cell in _holding(marks, target, digit))
    return removed


def _doubly_linked(marks: Marks, a: Als, b: Als, rcc: Mask) -> list[Candidate]:
    """What two ALSs with two restricted common digits remove: each ALS's
    other digits from the cells seeing all their places in it, and the
    common digits from the cells seeing all their places in both; never
    from the cells of either ALS (as the technique is taught, though a digit
    locked in one could leave the other's cells too)."""
    removed = _seen_by_both(marks, a, b, rcc)
    outside = ~(a.where | b.where)
    for als in (a, b):
        for digit in digits_of(als.digits & ~rcc):
            target = als.seen[digit] & outside
            removed.extend((cell, digit) for cell in _holding(marks, target, digit))
    return removed


def _holding(marks: Marks, target: CellSet, digit: int) -> Iterator[int]:
    """The cells of ``target`` where ``digit`` is still a candidate."""
    bit = 1 << (digit - 1)
    while target:
        low = target & -target
        cell = low.bit_length() - 1
        if marks.candidates[cell] & bit:
            yield cell
        target ^= low


def _als_step(
    technique: str,
    message: str,
    marks: Marks,
    sets: tuple[Als, ...],
    rcc: Mask,
    removed: list[Candidate],
    rcc_order: tuple[int, ...] | None = None,
) -> Step:
    """The step of some ALSs linked by ``rcc`` that remove ``removed``."""
    eliminations = tuple(sorted(set(removed)))
    cells = tuple(sorted({cell for als in sets for cell in als.cells}))
    used = 0
    for als in sets:
        used |= als.digits
    units = tuple(dict.fromkeys(als.unit for als in sets))
    params = {
        "als": tuple(als.cells for als in sets),
        "units": tuple((als.unit.kind, als.unit.number) for als in sets),
        "digits": tuple(digits_of(als.digits) for als in sets),
        "rcc": rcc_order or digits_of(rcc),
        "z": tuple(sorted({digit for _, digit in eliminations})),
    }
    return Step(
        technique,
        eliminations=eliminations,
        pattern=Pattern(cells=cells, units=units, digits=digits_of(used)),
        message=message,
        params=MappingProxyType(params),
    )


# Sue de Coq.


@dataclass(frozen=True)
class Group:
    """Some open cells of a line or box outside the crossing, and their candidates."""

    cells: tuple[int, ...]
    digits: Mask


def _cores(crossing: list[int]) -> Iterator[tuple[int, ...]]:
    """The sets of two or more cells of the crossing, smallest first."""
    for size in range(2, len(crossing) + 1):
        yield from _combinations(crossing, size)


def _combinations(cells: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    if size == 0:
        yield ()
        return
    for i in range(len(cells) - size + 1):
        for rest in _combinations(cells[i + 1 :], size - 1):
            yield (cells[i], *rest)


def _groups(marks: Marks, cells: list[int]) -> list[Group]:
    """Every non-empty set of ``cells``, at most ``MAX_CELLS``, with its candidates."""
    groups: list[Group] = []

    def extend(start: int, chosen: tuple[int, ...], union: Mask) -> None:
        for i in range(start, len(cells)):
            picked, grown = (*chosen, cells[i]), union | marks.candidates[cells[i]]
            groups.append(Group(picked, grown))
            if len(picked) < MAX_CELLS:
                extend(i + 1, picked, grown)

    extend(0, (), 0)
    return groups


def _sue_de_coq(
    marks: Marks,
    line: Unit,
    box: Unit,
    core: tuple[int, ...],
    line_sets: list[Group],
    box_sets: list[Group],
) -> Iterator[Step]:
    """The Sue de Coqs on ``core`` (cells of the crossing of ``line`` and
    ``box``) with a group of the line's and one of the box's other cells."""
    digits = 0
    for cell in core:
        digits |= marks.candidates[cell]
    spare = digits.bit_count() - len(core)
    if spare < 2:
        return
    by_take: dict[int, list[Group]] = defaultdict(list)
    for group in box_sets:
        take = _take(group, digits)
        if 1 <= take < spare:
            by_take[take].append(group)
    for line_group in line_sets:
        take = _take(line_group, digits)
        if not 1 <= take < spare:
            continue
        for box_group in by_take[spare - take]:
            if line_group.digits & box_group.digits == 0:
                removed = _sue_de_coq_removes(marks, line, box, core, line_group, box_group)
                if removed:
                    yield _sue_de_coq_step(line, box, core, digits, line_group, box_group, removed)


def _take(group: Group, digits: Mask) -> int:
    """How many of ``digits`` a group must hold: its cells less its other digits."""
    return len(group.cells) - (group.digits & ~digits).bit_count()


def _sue_de_coq_removes(
    marks: Marks, line: Unit, box: Unit, core: tuple[int, ...], in_line: Group, in_box: Group
) -> list[Candidate]:
    """The candidates a Sue de Coq removes from the rest of its line and box."""
    digits = 0
    for cell in core:
        digits |= marks.candidates[cell]
    removed = []
    for unit, part, other in ((line, in_line, in_box), (box, in_box, in_line)):
        gone = (digits | part.digits) & ~other.digits
        kept = set(core) | set(part.cells)
        for cell in unit.cells:
            if cell not in kept:
                removed.extend((cell, digit) for digit in digits_of(marks.candidates[cell] & gone))
    return removed


def _sue_de_coq_step(
    line: Unit,
    box: Unit,
    core: tuple[int, ...],
    digits: Mask,
    in_line: Group,
    in_box: Group,
    removed: list[Candidate],
) -> Step:
    eliminations = tuple(sorted(set(removed)))
    params = {
        "cells": core,
        "line_cells": in_line.cells,
        "box_cells": in_box.cells,
        "line": (line.kind, line.number),
        "box": (box.kind, box.number),
        "digits": digits_of(digits),
        "line_digits": digits_of(in_line.digits),
        "box_digits": digits_of(in_box.digits),
        "z": tuple(sorted({digit for _, digit in eliminations})),
    }
    return Step(
        "sue-de-coq",
        eliminations=eliminations,
        pattern=Pattern(
            cells=tuple(sorted((*core, *in_line.cells, *in_box.cells))),
            units=(line, box),
            digits=digits_of(digits | in_line.digits | in_box.digits),
        ),
        message="sue-de-coq",
        params=MappingProxyType(params),
    )


# The shape's cells as sets, built once per shape.

_geometry: dict[tuple[int, int], tuple[list[CellSet], dict[int, CellSet]]] = {}


def _peer_sets(shape: Shape) -> list[CellSet]:
    """Each cell's peers, as a cell set."""
    return _geometry_of(shape)[0]


def _unit_sets(shape: Shape) -> dict[Unit, CellSet]:
    """Each unit's cells, as a cell set, by unit."""
    return _geometry_of(shape)[1]


def _geometry_of(shape: Shape) -> tuple[list[CellSet], dict]:
    key = (shape.box_rows, shape.box_cols)
    if key not in _geometry:
        peers = [_cell_set(shape.peers[cell]) for cell in range(shape.cells)]
        units = {unit: _cell_set(unit.cells) for unit in shape.units}
        _geometry[key] = (peers, units)
    return _geometry[key]


def _cell_set(cells: Sequence[int]) -> CellSet:
    where = 0
    for cell in cells:
        where |= 1 << cell
    return where


TECHNIQUES: dict[str, Callable[[Marks], Iterator[Step]]] = {
    "sue-de-coq": find_sue_de_coq,
    "als-xz": find_als_xz,
    "als-xy-wing": find_als_xy_wing,
}
