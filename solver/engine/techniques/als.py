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
- sue-de-coq: two or three open cells C where a line crosses a box, holding
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

The finders yield the smallest sets first (the teacher takes the first
instance): ALSs are numbered by size, and pairs and hinges taken in order.

Speed: the ALSs of a board are found once per board (the last board's are
kept, so the three finders asked in turn share them), at most ``MAX_CELLS``
cells each, from each unit's sets (``locked_sets``, kept by the unit's
candidates and shared with the chains' graph); pairs sharing a digit are
only compared within a unit that holds both ALSs' places of the digit,
since cells that all see each other lie in one unit. A Sue de Coq's groups
have at most ``MAX_GROUP`` cells.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from functools import cache, partial
from itertools import combinations
from types import MappingProxyType
from typing import NamedTuple

from ..board import Unit
from ..levels import Level
from ..marks import Marks, Mask, digits_of
from ..steps import Candidate, Pattern, Step, Technique
from .intersections import Segment, segments
from .locked_sets import MAX_CELLS, LockedSet, in_unit, meeting_digit
from .memo import Kept, Nothing, planes
from .unions import within

# The most cells an ALS may have (``locked_sets.MAX_CELLS``, 6), and a group
# of a Sue de Coq's line or box: bigger ones are rare in a person's solving
# and cost time on every board (HoDoKu's regression cases need ALSs of six
# cells, groups of three).
MAX_GROUP = 4

CellSet = int  # a set of cells: bit c for cell c


class Als(NamedTuple):
    """An almost locked set: ``cells`` (``where`` as a cell set) of ``unit``
    and their candidates ``digits``, one more than cells. For each digit,
    ``places`` its cells holding it (a cell set); ``reach`` the cells that
    see all of those and still hold the digit, for the digits where there
    are some, ``reaching`` (a mask). ``meets`` is where it meets other sets
    (``locked_sets.LockedSet``)."""

    cells: tuple[int, ...]
    where: CellSet
    digits: Mask
    unit: Unit
    places: dict[int, CellSet]
    meets: tuple[tuple[int, CellSet], ...]
    reach: dict[int, CellSet]
    reaching: Mask


def find_als_xz(marks: Marks) -> Iterator[Step]:
    """Every pair of ALSs with one or two restricted common digits that
    removes a candidate, one step per pair."""
    sets, links = _survey(marks)
    count = len(sets)
    for key in sorted(links):
        rcc = links[key]
        a, b = sets[key // count], sets[key % count]
        if rcc.bit_count() > 2:
            continue  # each set lacks at most one digit: such a board has no solution
        if rcc.bit_count() == 2:
            removed = _doubly_linked(a, b, rcc)
            message = "als-xz/double"
        else:
            common = a.reaching & b.reaching & ~rcc
            if not common or not _any_seen_by_both(a, b, common):
                continue
            removed = _seen_by_both(a, b, common)
            message = "als-xz"
        if removed:
            yield _als_step("als-xz", message, (a, b), digits_of(rcc), removed)


def find_als_xy_wing(marks: Marks) -> Iterator[Step]:
    """Every hinge ALS with two ALSs on different restricted common digits
    whose shared other digit leaves a cell seeing all its places in both."""
    sets, links = _survey(marks)
    count = len(sets)
    partners: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for key, rcc in links.items():
        first, second = divmod(key, count)
        for digit in digits_of(rcc):
            bit = 1 << (digit - 1)
            # A partner whose other digits reach no cell cannot be a wing.
            if sets[second].reaching & ~bit:
                partners[first].append((second, digit))
            if sets[first].reaching & ~bit:
                partners[second].append((first, digit))
    for hinge in sorted(partners):
        linked = sorted(partners[hinge])
        for i, (first, x) in enumerate(linked):
            a = sets[first]
            for second, y in linked[i + 1 :]:
                b = sets[second]
                z = a.reaching & b.reaching & ~(1 << (x - 1)) & ~(1 << (y - 1))
                if x == y or first == second or not z or not _any_seen_by_both(a, b, z):
                    continue
                removed = _seen_by_both(a, b, z)
                if removed:
                    trio = (a, b, sets[hinge])
                    yield _als_step("als-xy-wing", "als-xy-wing", trio, (x, y), removed)


# The crossings whose Sue de Coqs found nothing: a crossing's read only the
# candidates of its line and its box (``memo``). The groups of a line's (or
# a box's) cells outside the crossing are kept with those cells' candidates,
# as a step often changes the box and not the line, or the other way round.
_NOTHING_SUE_DE_COQ = Nothing()
_GROUPS: Kept[list[Group]] = Kept()


def find_sue_de_coq(marks: Marks) -> Iterator[Step]:
    """Every Sue de Coq on a line and box crossing that removes a candidate,
    line by line, and on each line box by box; a crossing is skipped while
    its line's and box's candidates are those on which it found nothing."""
    board, candidates = marks.shape, marks.candidates
    for number, crossing in enumerate(_crossings(board.box_rows, board.box_cols)):
        view = tuple(candidates[cell] for cell in crossing.cells)
        part = (board.box_rows, board.box_cols, board.key, number)
        search = partial(_sue_de_coqs_at, marks, number, crossing.segment)
        yield from _NOTHING_SUE_DE_COQ.search(part, view, search)


def _sue_de_coqs_at(marks: Marks, number: int, segment: Segment) -> Iterator[Step]:
    """The Sue de Coqs on the crossing of a segment's line and box (the
    ``number``-th crossing)."""
    candidates = marks.candidates
    crossing = [c for c in segment.cells if candidates[c]]
    if len(crossing) < 2:
        return
    board = marks.shape
    line_sets, box_sets = (
        _GROUPS.get(
            (board.box_rows, board.box_cols, board.key, number, side),
            tuple(candidates[c] for c in rest),
            partial(_groups, marks, [c for c in rest if candidates[c]]),
        )
        for side, rest in (("line", segment.line_rest), ("box", segment.box_rest))
    )
    for core in _cores(crossing):
        yield from _sue_de_coq(marks, segment.line, segment.box, core, line_sets, box_sets)


class _Crossing(NamedTuple):
    """A line and a box that cross (``segment``), and the cells of both."""

    segment: Segment
    cells: tuple[int, ...]


@cache
def _crossings(box_rows: int, box_cols: int) -> tuple[_Crossing, ...]:
    """Every line and box that cross, line by line (rows, then columns), and
    on each line box by box."""
    found = sorted(
        segments(box_rows, box_cols),
        key=lambda s: (s.line.kind != "row", s.line.number, s.box.number),
    )
    return tuple(_Crossing(s, tuple(sorted({*s.line.cells, *s.box.cells}))) for s in found)


# Almost locked sets and their restricted common digits.

Links = dict[int, Mask]  # pair of ALSs (first * count + second) -> their RCCs

_last: tuple[tuple[int, ...], list[Als], Links] | None = None


def _survey(marks: Marks) -> tuple[list[Als], Links]:
    """The board's ALSs (``_sets_of``) and the pairs of them with restricted
    common digits (``_links``); kept for the next call on the same board, as
    the family's finders are asked in turn on one board."""
    global _last
    key = (marks.shape.box_rows, marks.shape.box_cols, marks.shape.key, *marks.candidates)
    if _last is None or _last[0] != key:
        sets = _sets_of(marks)
        _last = (key, sets, _links(sets))
    return _last[1], _last[2]


def _sets_of(marks: Marks) -> list[Als]:
    """The board's ALSs of at most ``MAX_CELLS`` cells (and fewer than the
    unit's open cells), each once (a set in two units is kept with the
    first), smallest first."""
    found: dict[CellSet, Als] = {}
    holders = planes(marks)
    for number, unit in enumerate(marks.shape.units):
        limit = min(MAX_CELLS, sum(1 for cell in unit.cells if marks.candidates[cell]) - 1)
        for locked in in_unit(marks, number):
            if len(locked.cells) <= limit and locked.where not in found:
                found[locked.where] = _als(holders, unit, locked)
    return sorted(found.values(), key=lambda als: len(als.cells))


def _als(holders: Sequence[CellSet], unit: Unit, locked: LockedSet) -> Als:
    """The ALS of a unit's locked set, with the cells seeing all of a digit's
    places there that hold the digit (``holders``: each digit's cells)."""
    reach, reaching = {}, 0
    for digit, common in locked.seen.items():
        held = common & holders[digit]
        if held:
            reach[digit] = held
            reaching |= 1 << (digit - 1)
    return Als(
        locked.cells,
        locked.where,
        locked.digits,
        unit,
        locked.places,
        locked.meets,
        reach,
        reaching,
    )


def _links(sets: list[Als]) -> Links:
    """Every pair of ALSs with a restricted common digit, with all of theirs.

    The places of such a digit in both ALSs all see each other, so they lie
    in one unit: ALSs meet only in a bucket of a unit and digit holding their
    places (``meets``), and there, grouped by places, two groups with no
    place in common make every pair across them restricted on the digit.
    """
    buckets: dict[int, dict[CellSet, list[int]]] = {}
    for index, als in enumerate(sets):
        for meeting, places in als.meets:
            by_places = buckets.get(meeting)
            if by_places is None:
                buckets[meeting] = {places: [index]}
            elif places in by_places:
                by_places[places].append(index)
            else:
                by_places[places] = [index]
    links: Links = {}
    count = len(sets)
    for meeting, by_places in buckets.items():
        if len(by_places) < 2:
            continue
        bit = 1 << (meeting_digit(meeting) - 1)
        groups = list(by_places.items())
        for i, (places, members) in enumerate(groups):
            for others_places, others in groups[i + 1 :]:
                if places & others_places:
                    continue
                for one in members:
                    for other in others:
                        key = one * count + other if one < other else other * count + one
                        links[key] = links.get(key, 0) | bit
    return links


def _seen_by_both(a: Als, b: Als, digits: Mask) -> list[Candidate]:
    """The candidates of ``digits`` in cells seeing all their places in both ALSs."""
    removed = []
    for digit in digits_of(digits):
        target = a.reach.get(digit, 0) & b.reach.get(digit, 0)
        removed.extend((cell, digit) for cell in _cells_of(target))
    return removed


def _any_seen_by_both(a: Als, b: Als, digits: Mask) -> bool:
    """True if a cell sees all the places of one of ``digits`` in both ALSs
    (``_seen_by_both`` finds some): the quick test, as most pairs have none."""
    reach_a, reach_b = a.reach, b.reach
    while digits:
        low = digits & -digits
        digit = low.bit_length()
        if reach_a.get(digit, 0) & reach_b.get(digit, 0):
            return True
        digits ^= low
    return False


def _doubly_linked(a: Als, b: Als, rcc: Mask) -> list[Candidate]:
    """What two ALSs with two restricted common digits remove: each ALS's
    other digits from the cells seeing all their places in it, and the
    common digits from the cells seeing all their places in both; never
    from the cells of either ALS (as the technique is taught, though a digit
    locked in one could leave the other's cells too)."""
    removed = _seen_by_both(a, b, rcc)
    outside = ~(a.where | b.where)
    for als in (a, b):
        for digit in digits_of(als.reaching & ~rcc):
            removed.extend((cell, digit) for cell in _cells_of(als.reach[digit] & outside))
    return removed


def _cells_of(target: CellSet) -> Iterator[int]:
    """The cells of a cell set, smallest first."""
    while target:
        low = target & -target
        yield low.bit_length() - 1
        target ^= low


def _als_step(
    technique: str,
    message: str,
    sets: tuple[Als, ...],
    rcc: tuple[int, ...],
    removed: list[Candidate],
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
        "rcc": rcc,
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


class Group(NamedTuple):
    """Some open cells of a line or box outside the crossing, and their candidates."""

    cells: tuple[int, ...]
    digits: Mask


def _cores(crossing: list[int]) -> Iterator[tuple[int, ...]]:
    """The sets of two or three cells of the crossing, pairs first."""
    for size in (2, 3):
        yield from combinations(crossing, size)


def _groups(marks: Marks, cells: list[int]) -> list[Group]:
    """Every non-empty set of ``cells``, at most ``MAX_GROUP``, with its
    candidates, but those with more than ``MAX_GROUP + 3`` digits: a group
    of a Sue de Coq holds at most as many digits as its cells and the
    crossing's (``_sue_de_coq``), and bigger sets only grow."""
    masks = [marks.candidates[cell] for cell in cells]
    return [
        Group(tuple(cells[i] for i in chosen), digits)
        for chosen, digits in within(masks, MAX_GROUP, MAX_GROUP + 3)
    ]


def _sue_de_coq(
    marks: Marks,
    line: Unit,
    box: Unit,
    core: tuple[int, ...],
    line_sets: list[Group],
    box_sets: list[Group],
) -> Iterator[Step]:
    """The Sue de Coqs on ``core`` (cells of the crossing of ``line`` and
    ``box``) with a group of the line's and one of the box's other cells.

    A group takes from the core's digits as many as it has cells beyond its
    own other digits (its take); the two takes must make the core's spare
    digits, its digits beyond its cells, each take at least one. Then a
    group holds at most its cells and the core's cells in digits: its other
    digits are its cells less its take, its core digits at most the core's
    digits less the other group's take, which is at least its own.
    """
    digits = 0
    for cell in core:
        digits |= marks.candidates[cell]
    spare = digits.bit_count() - len(core)
    if spare < 2:
        return
    most = len(core)
    # These loops run for every core: each take is worked out in line.
    by_take: dict[int, list[Group]] = {}
    for group in box_sets:
        cells, held = group
        if held.bit_count() <= len(cells) + most:
            take = len(cells) - (held & ~digits).bit_count()
            if 1 <= take < spare:
                by_take.setdefault(take, []).append(group)
    for in_line in line_sets:
        cells, held = in_line
        take = len(cells) - (held & ~digits).bit_count()
        if not 1 <= take < spare or held.bit_count() > len(cells) + most:
            continue
        for in_box in by_take.get(spare - take, ()):
            if held & in_box.digits == 0:
                removed = _sue_de_coq_removes(marks, line, box, core, digits, in_line, in_box)
                if removed:
                    yield _sue_de_coq_step(line, box, core, digits, in_line, in_box, removed)


def _sue_de_coq_removes(
    marks: Marks,
    line: Unit,
    box: Unit,
    core: tuple[int, ...],
    digits: Mask,
    in_line: Group,
    in_box: Group,
) -> list[Candidate]:
    """The candidates a Sue de Coq removes from the rest of its line and box:
    the core's and line group's digits but the box group's from the line,
    the core's and box group's but the line group's from the box."""
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
    """The step of a Sue de Coq on ``core`` that removes ``removed``."""
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


# Expert: almost locked sets.
TECHNIQUES = (
    Technique("sue-de-coq", find_sue_de_coq, Level.EXPERT, 75),
    Technique("als-xz", find_als_xz, Level.EXPERT, 80),
    Technique("als-xy-wing", find_als_xy_wing, Level.EXPERT, 90),
)
