"""Locked sets: a unit's almost locked sets, enumerated once and kept.

An almost locked set is ``n`` open cells of one unit holding ``n + 1``
digits between them. Two families read them: ``als`` (pairs and wings of
sets, and their restricted common digits) and the chains' graph
(``links.with_als``: each set's digits as nodes). Both read one
enumeration: a unit's sets depend only on its cells' candidates, so each
unit's are kept with those candidates (``in_unit``), and a board on which a
step changed a few units enumerates only those again (``memo.Kept``: keyed
by the candidates themselves, so right whoever changed the board). Even
there, a set whose cells kept their candidates is the set it was, and is
taken from the unit's last answer; and what a set's places of a digit are
(their cells, what sees them all, the units holding them) depends on the
board's geometry only, so it is worked out once per shape and places.
Measured on the boards where the teacher asks als-xz (ten puzzles of
``forum_hardest_1106``): the 27 units' sets in half the time it took to
enumerate each changed unit afresh.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, partial
from typing import NamedTuple

from ..board import shape
from ..marks import Marks, Mask
from .memo import Kept
from .unions import within

# The most cells of a set any reader asks for (``als.MAX_CELLS``; the
# chains' ``MAX_ALS`` is fewer).
MAX_CELLS = 6

CellSet = int  # a set of cells: bit c for cell c


class LockedSet(NamedTuple):
    """An almost locked set of one unit: its ``cells`` in the unit's order,
    the same as a cell set (``where``), its ``digits`` (one more than cells),
    and for each digit, smallest first, the cells holding it
    (``places``, and as cells in order, ``place_cells``) and the cells
    seeing all of those (``seen``); ``meets``, for each digit and each unit
    holding all its places, ``meeting(unit, digit)`` (the unit as its place
    in ``shape.units``) and those places: two sets can share a restricted
    common digit only where they meet."""

    cells: tuple[int, ...]
    where: CellSet
    digits: Mask
    places: dict[int, CellSet]
    place_cells: dict[int, tuple[int, ...]]
    seen: dict[int, CellSet]
    meets: tuple[tuple[int, CellSet], ...]


def meeting(unit: int, digit: int) -> int:
    """One key for a unit (its place in ``shape.units``) and a digit."""
    return unit << 5 | digit  # digits are below 32


def meeting_digit(key: int) -> int:
    """The digit of a ``meeting`` key."""
    return key & 31


# By (box rows, box columns, unit's place in ``shape.units``): the unit's
# candidates when last asked, and its sets then.
_KEPT: Kept[tuple[LockedSet, ...]] = Kept()


def in_unit(marks: Marks, number: int) -> tuple[LockedSet, ...]:
    """Every set of 1 to ``MAX_CELLS`` open cells of unit ``number`` (its
    place in ``shape.units``) holding one digit more than cells, in the
    order of a search adding the unit's cells in order (a set before the
    sets grown from it). Kept with the unit's candidates, and given again
    while they are the same; when they change, the sets whose cells kept
    their candidates are given again too."""
    board = marks.shape
    unit = board.units[number]
    view = tuple(marks.candidates[cell] for cell in unit.cells)
    part = (board.box_rows, board.box_cols, board.key, number)
    return _KEPT.update(part, view, partial(_sets_in, marks, unit.cells, view))


def _sets_in(
    marks: Marks,
    unit_cells: Sequence[int],
    view: tuple[int, ...],
    last: tuple[tuple[int, ...], tuple[LockedSet, ...]] | None,
) -> tuple[LockedSet, ...]:
    """``in_unit``, worked out: a set of the ``last`` answer whose cells are
    unchanged since its view is the same set, so it is taken from there."""
    board = marks.shape
    geometry = _geometry(board.box_rows, board.box_cols)
    kept: dict[CellSet, LockedSet] = {}
    changed = 0
    if last is not None:
        for cell, now, then in zip(unit_cells, view, last[0], strict=True):
            if now != then:
                changed |= 1 << cell
        kept = {s.where: s for s in last[1] if not s.where & changed}
    candidates = marks.candidates
    holding: dict[int, CellSet] = {}  # digit -> the unit's cells holding it
    for cell in unit_cells:
        mask = candidates[cell]
        while mask:
            low = mask & -mask
            digit = low.bit_length()
            holding[digit] = holding.get(digit, 0) | 1 << cell
            mask ^= low
    found = []
    for cells, where, digits in _search(unit_cells, candidates):
        same = kept.get(where)
        found.append(same or _locked_set(cells, where, digits, holding, geometry))
    return tuple(found)


def _search(unit_cells: Sequence[int], candidates: Sequence[Mask]) -> list[tuple]:
    """The (cells, cell set, digits) of every set of ``unit_cells``' open cells,
    at most ``MAX_CELLS``, holding one digit more than cells."""
    cells = [cell for cell in unit_cells if candidates[cell]]
    found = []
    for chosen, digits in within([candidates[c] for c in cells], MAX_CELLS, MAX_CELLS + 1, 1):
        picked = tuple(cells[i] for i in chosen)
        where = 0
        for cell in picked:
            where |= 1 << cell
        found.append((picked, where, digits))
    return found


def _locked_set(
    cells: tuple[int, ...],
    where: CellSet,
    digits: Mask,
    holding: dict[int, CellSet],
    geometry: _Geometry,
) -> LockedSet:
    """The set of ``cells``, with each digit's places (``holding``: the
    unit's cells holding each digit), the cells seeing them all and where
    they meet other sets."""
    places: dict[int, CellSet] = {}
    place_cells: dict[int, tuple[int, ...]] = {}
    seen: dict[int, CellSet] = {}
    meets: list[tuple[int, CellSet]] = []
    known = geometry.of_places
    rest = digits
    while rest:
        low = rest & -rest
        digit = low.bit_length()
        held = places[digit] = holding[digit] & where
        place_cells[digit], seen[digit], units = known.get(held) or _of_places(geometry, held)
        meets.extend((meeting(unit, digit), held) for unit in units)
        rest ^= low
    return LockedSet(cells, where, digits, places, place_cells, seen, tuple(meets))


def _of_places(geometry: _Geometry, held: CellSet) -> tuple[tuple[int, ...], CellSet, tuple]:
    """Some cells of a unit (a cell set) as cells in order, the cells seeing
    them all and the units holding them all; kept in ``geometry``."""
    cells, seen = [], -1
    rest = held
    while rest:
        low = rest & -rest
        cells.append(low.bit_length() - 1)
        seen &= geometry.peers[cells[-1]]
        rest ^= low
    units = tuple(
        unit for unit in geometry.units_of[cells[0]] if held & ~geometry.unit_cells[unit] == 0
    )
    if len(geometry.of_places) > _MOST_KNOWN:
        geometry.of_places.clear()
    found = geometry.of_places[held] = (tuple(cells), seen, units)
    return found


# The most places ``_of_places`` keeps per shape: every few cells of a 9x9
# unit number under 15,000; a big board's are far more, and few are met.
_MOST_KNOWN = 1 << 16


class _Geometry(NamedTuple):
    """A shape's cells as cell sets: each cell's ``peers``, each unit's
    ``unit_cells`` (by its place in ``shape.units``), and each cell's
    ``units_of`` as those places; ``of_places`` keeps what ``_of_places``
    works out."""

    peers: tuple[CellSet, ...]
    unit_cells: tuple[CellSet, ...]
    units_of: tuple[tuple[int, ...], ...]
    of_places: dict[CellSet, tuple[tuple[int, ...], CellSet, tuple[int, ...]]]


@cache
def _geometry(box_rows: int, box_cols: int) -> _Geometry:
    """The geometry of boards of ``box_rows`` x ``box_cols`` as cell sets."""
    board = shape(box_rows, box_cols)
    number = {unit: i for i, unit in enumerate(board.units)}
    return _Geometry(
        tuple(sum(1 << peer for peer in peers) for peers in board.peers),
        tuple(sum(1 << cell for cell in unit.cells) for unit in board.units),
        tuple(tuple(number[unit] for unit in board.units_of[c]) for c in range(board.cells)),
        {},
    )
