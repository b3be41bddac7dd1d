"""Wings: a pivot cell and two pincer cells it sees, whose few candidates
force one digit into a pincer whatever the pivot holds.

- xy-wing: the pivot holds only x and y, one pincer only x and z, the other
  only y and z. Whichever of x or y the pivot takes, one pincer is left
  with z, so z leaves every cell that sees both pincers.
- xyz-wing: the pivot holds only x, y and z, the pincers only x and z and
  only y and z. Now the pivot may hold z itself, so z leaves only the cells
  that see the pivot and both pincers.

The pincers see the pivot through any unit (row, column or box), so the
wings work on every shape.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..board import Unit
from ..marks import Marks, digits_of
from ..steps import Pattern, Step


def find_xy_wing(marks: Marks) -> Iterator[Step]:
    """Every pivot of two candidates with two pincers that make an xy-wing,
    and that still has the pincers' shared digit in a cell seeing both."""
    peers = marks.shape.peers
    for pivot in _cells_with(marks, 2):
        pair = marks.candidates[pivot]
        low = pair & -pair
        for first in _pincers(marks, pivot, low):
            other = pair & ~low
            z = marks.candidates[first] & ~pair
            for second in _pincers(marks, pivot, other):
                if marks.candidates[second] == other | z:
                    seen = set(peers[first]) & set(peers[second])
                    yield from _wing("xy-wing", marks, pivot, (first, second), z, seen)


def find_xyz_wing(marks: Marks) -> Iterator[Step]:
    """Every pivot of three candidates with two pincers that make an xyz-wing,
    and that still has the shared digit in a cell seeing all three."""
    peers = marks.shape.peers
    for pivot in _cells_with(marks, 3):
        triple = marks.candidates[pivot]
        pincers = [
            peer
            for peer in peers[pivot]
            if marks.candidates[peer].bit_count() == 2 and marks.candidates[peer] & ~triple == 0
        ]
        for i, first in enumerate(pincers):
            for second in pincers[i + 1 :]:
                z = marks.candidates[first] & marks.candidates[second]
                if z.bit_count() == 1:
                    seen = set(peers[pivot]) & set(peers[first]) & set(peers[second])
                    yield from _wing("xyz-wing", marks, pivot, (first, second), z, seen)


def _cells_with(marks: Marks, count: int) -> Iterator[int]:
    """The open cells holding exactly ``count`` candidates."""
    for cell, mask in enumerate(marks.candidates):
        if mask.bit_count() == count:
            yield cell


def _pincers(marks: Marks, pivot: int, shared: int) -> Iterator[int]:
    """The pivot's peers of two candidates: ``shared`` (one digit, a mask)
    and one the pivot lacks."""
    pair = marks.candidates[pivot]
    for peer in marks.shape.peers[pivot]:
        mask = marks.candidates[peer]
        if mask.bit_count() == 2 and mask & pair == shared:
            yield peer


def _wing(
    technique: str,
    marks: Marks,
    pivot: int,
    pincers: tuple[int, int],
    z: int,
    seen: set[int],
) -> Iterator[Step]:
    """The step of a wing, if ``z`` (a mask) is still in a cell of ``seen``."""
    removed = tuple((cell, digits_of(z)[0]) for cell in sorted(seen) if marks.candidates[cell] & z)
    if not removed:
        return
    digit = digits_of(z)[0]
    others = digits_of(marks.candidates[pivot] & ~z)
    cells = (pivot, *pincers)
    units = tuple(_shared_unit(marks, pivot, pincer) for pincer in pincers)
    yield Step(
        technique,
        eliminations=removed,
        pattern=Pattern(cells=cells, units=units, digits=digits_of(marks.candidates[pivot] | z)),
        message=technique,
        params={"pivot": pivot, "pincers": pincers, "digits": others, "digit": digit},
    )


def _shared_unit(marks: Marks, cell: int, peer: int) -> Unit:
    """The first unit (row, column, then box) holding both cells, two peers."""
    return next(unit for unit in marks.shape.units_of[cell] if peer in unit.cells)


TECHNIQUES: dict[str, Callable[[Marks], Iterator[Step]]] = {
    "xy-wing": find_xy_wing,
    "xyz-wing": find_xyz_wing,
}
