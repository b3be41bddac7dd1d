"""Locked sets: a unit's almost locked sets, enumerated once and kept.

An almost locked set is ``n`` open cells of one unit holding ``n + 1``
digits between them. Two families read them: ``als`` (pairs and wings of
sets, and their restricted common digits) and the chains' graph
(``links.with_als``: each set's digits as nodes). Both read one
enumeration: a unit's sets depend only on its cells' candidates, so each
unit's are kept with those candidates (``in_unit``), and a board on which a
step changed a few units enumerates only those again (``memo.Kept``: keyed
by the candidates themselves, so right whoever changed the board).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, partial
from typing import NamedTuple

from ..board import shape
from ..marks import Marks, Mask
from .memo import Kept

# The most cells of a set any reader asks for (``als.MAX_CELLS``; the
# chains' ``MAX_ALS`` is fewer).
MAX_CELLS = 6

CellSet = int  # a set of cells: bit c for cell c


class LockedSet(NamedTuple):
    """An almost locked set of one unit: its ``cells`` in the unit's order,
    the same as a cell set (``where``), its ``digits`` (one more than cells),
    and for each digit, in the order met cell by cell, the cells holding it
    (``places``, and as cells in order, ``place_cells``), the cells seeing
    all of those (``seen``) and the units holding all of those (``units``,
    as places in ``shape.units``)."""

    cells: tuple[int, ...]
    where: CellSet
    digits: Mask
    places: dict[int, CellSet]
    place_cells: dict[int, tuple[int, ...]]
    seen: dict[int, CellSet]
    units: dict[int, tuple[int, ...]]


# By (box rows, box columns, unit's place in ``shape.units``): the unit's
# candidates when last asked, and its sets then.
_KEPT: Kept[tuple[LockedSet, ...]] = Kept()


def in_unit(marks: Marks, number: int) -> tuple[LockedSet, ...]:
    """Every set of 1 to ``MAX_CELLS`` open cells of unit ``number`` (its
    place in ``shape.units``) holding one digit more than cells, in the
    order of a search adding the unit's cells in order (a set comes before
    the sets grown from it). Kept with the unit's candidates, and given
    again while they are the same."""
    board = marks.shape
    unit = board.units[number]
    view = tuple(marks.candidates[cell] for cell in unit.cells)
    part = (board.box_rows, board.box_cols, number)
    return _KEPT.get(part, view, partial(_sets_in, marks, unit.cells))


def _sets_in(marks: Marks, unit_cells: Sequence[int]) -> tuple[LockedSet, ...]:
    """``in_unit``, worked out."""
    board = marks.shape
    geometry = _geometry(board.box_rows, board.box_cols)
    return tuple(
        _locked_set(cells, where, digits, marks.candidates, geometry)
        for cells, where, digits in _search(unit_cells, marks.candidates)
    )


def _search(unit_cells: Sequence[int], candidates: Sequence[Mask]) -> list[tuple]:
    """The (cells, cell set, digits) of every set of ``unit_cells``' open cells,
    at most ``MAX_CELLS``, holding one digit more than cells. A branch stops
    once its digits outnumber what its biggest extension could hold."""
    cells = [cell for cell in unit_cells if candidates[cell]]
    found = []

    # A list filled in place, not a generator: nested generators pass each
    # set up through every level, which cost a third of the search. The
    # depth is at most MAX_CELLS.
    def extend(start: int, chosen: tuple[int, ...], where: CellSet, union: Mask) -> None:
        for i in range(start, len(cells)):
            grown = union | candidates[cells[i]]
            count = grown.bit_count()
            if count > MAX_CELLS + 1:
                continue
            picked, held = (*chosen, cells[i]), where | 1 << cells[i]
            if count == len(picked) + 1:
                found.append((picked, held, grown))
            if len(picked) < MAX_CELLS:
                extend(i + 1, picked, held, grown)

    extend(0, (), 0, 0)
    return found


def _locked_set(
    cells: tuple[int, ...],
    where: CellSet,
    digits: Mask,
    candidates: Sequence[Mask],
    geometry: _Geometry,
) -> LockedSet:
    """The set of ``cells``, with each digit's places, the cells seeing them
    all and the units holding them all."""
    places: dict[int, CellSet] = {}
    seen: dict[int, CellSet] = {}
    for cell in cells:
        mask = candidates[cell]
        while mask:
            low = mask & -mask
            digit = low.bit_length()
            places[digit] = places.get(digit, 0) | 1 << cell
            seen[digit] = seen.get(digit, -1) & geometry.peers[cell]
            mask ^= low
    place_cells = {
        digit: tuple(c for c in cells if held >> c & 1) for digit, held in places.items()
    }
    units = {}
    for digit, held in places.items():
        first = (held & -held).bit_length() - 1
        units[digit] = tuple(
            unit for unit in geometry.units_of[first] if held & ~geometry.unit_cells[unit] == 0
        )
    return LockedSet(cells, where, digits, places, place_cells, seen, units)


class _Geometry(NamedTuple):
    """A shape's cells as cell sets: each cell's ``peers``, each unit's
    ``unit_cells`` (by its place in ``shape.units``), and each cell's
    ``units_of`` as those places."""

    peers: tuple[CellSet, ...]
    unit_cells: tuple[CellSet, ...]
    units_of: tuple[tuple[int, ...], ...]


@cache
def _geometry(box_rows: int, box_cols: int) -> _Geometry:
    """The geometry of boards of ``box_rows`` x ``box_cols`` as cell sets."""
    board = shape(box_rows, box_cols)
    number = {unit: i for i, unit in enumerate(board.units)}
    return _Geometry(
        tuple(sum(1 << peer for peer in peers) for peers in board.peers),
        tuple(sum(1 << cell for cell in unit.cells) for unit in board.units),
        tuple(tuple(number[unit] for unit in board.units_of[c]) for c in range(board.cells)),
    )
