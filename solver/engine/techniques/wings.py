"""Wings: a few cells of two or three candidates that, whatever they hold,
put a digit in one of two cells, or keep one out of both.

- remote-pair: a chain of four or more cells, each holding only x and y
  and seeing the next. The cells take x and y by turns, so the two ends of a
  chain of even length hold x and y between them, and both digits leave
  every cell that sees both ends. Each two cells of opposite parity along a
  chain end a shorter chain; ends that see each other (a chain of two cells)
  are a plain pair, not a remote one.
- w-wing: two cells holding only x and y that do not see each other, and a
  strong link on x (a unit where x has exactly two places) whose ends see
  one cell each. One end holds x, so the cell it sees cannot: one of the two
  cells holds y, and y leaves every cell that sees both.
- xy-wing: the pivot holds only x and y, one pincer only x and z, the other
  only y and z. Whichever of x or y the pivot takes, one pincer is left
  with z, so z leaves every cell that sees both pincers.
- xyz-wing: the pivot holds only x, y and z, the pincers only x and z and
  only y and z. Now the pivot may hold z itself, so z leaves only the cells
  that see the pivot and both pincers.

Cells see each other through any unit (row, column or box), so the wings
work on every shape.

Messages are the ids. Params: a remote pair's ``digits`` (x, y) and
``chain`` (its cells in order, end to end); a w-wing's ``cells`` (the two
cells of x and y), ``digit`` (y, removed), ``link_digit`` (x), ``link``
(the link's ends, seeing the first and the second cell) and ``unit``
(the link's unit as kind and number); an xy- or xyz-wing's ``pivot``,
``pincers``, ``digits`` (the pivot's other digits) and ``digit`` (removed).

The order is HoDoKu's scores, lowest first (remote pair 110, w-wing 150,
xy-wing 160, xyz-wing 180): a remote pair asks for one kind of cell only; a
w-wing for two cells and a strong link, the fewest cells to look at; the
xyz-wing removes from the fewest cells, seen by all three.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..board import Unit
from ..levels import Level
from ..marks import Marks, Mask, digits_of
from ..steps import Candidate, Link, Pattern, Step, Technique
from .colouring import two_colourings

MIN_CHAIN = 4  # cells in the shortest remote pair


def find_remote_pair(marks: Marks) -> Iterator[Step]:
    """Every two cells of one pair and opposite parity, joined by a chain of at
    least ``MIN_CHAIN`` cells, that still have x or y in a cell seeing both.

    The cells of a pair, linked where they see each other, take x and y by
    turns: two colours (``colouring.two_colourings``). A group of them that
    cannot (a loop of odd length) only stands on broken marks; it is left
    alone."""
    for pair, cells in _cells_by_pair(marks).items():
        if len(cells) < MIN_CHAIN:
            continue
        links = {cell: [other for other in cells if _see(marks, cell, other)] for cell in cells}
        for even, odd in two_colourings(links):
            if len(even) + len(odd) < MIN_CHAIN:
                continue
            for first in even:
                for last in odd:
                    yield from _remote_pair(marks, pair, links, *sorted((first, last)))


def find_w_wing(marks: Marks) -> Iterator[Step]:
    """Every two cells of one pair {x, y}, not peers, and strong link on x
    whose ends see one cell each, that still has y in a cell seeing both."""
    links_of: dict[int, list[tuple[Unit, int, int]]] = {}
    for pair, cells in _cells_by_pair(marks).items():
        for first, second in combinations(cells, 2):
            if _see(marks, first, second):
                continue
            for x in digits_of(pair):
                if x not in links_of:
                    links_of[x] = _strong_links(marks, x)
                for unit, one, two in links_of[x]:
                    yield from _w_wing(marks, (first, second), pair, x, unit, (one, two))


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


def _remote_pair(
    marks: Marks, pair: Mask, links: dict[int, list[int]], first: int, last: int
) -> Iterator[Step]:
    """The step of the chain from ``first`` to ``last`` (two cells of opposite
    parity), if there is one and a cell that sees both still holds x or y."""
    peers = marks.shape.peers
    seen = set(peers[first]) & set(peers[last])
    removed = [
        (cell, digit) for cell in sorted(seen) for digit in digits_of(marks.candidates[cell] & pair)
    ]
    chain = _chain(links, first, last) if removed else None
    if chain is None:
        return
    digits = digits_of(pair)
    yield Step(
        "remote-pair",
        eliminations=tuple(removed),
        pattern=Pattern(cells=chain, digits=digits, links=_pair_links(chain, digits)),
        message="remote-pair",
        params={"digits": digits, "chain": chain},
    )


def _w_wing(
    marks: Marks, cells: tuple[int, int], pair: Mask, x: int, unit: Unit, ends: tuple[int, int]
) -> Iterator[Step]:
    """The step of a w-wing on ``cells`` and a strong link on ``x`` with ``ends``
    (in either order), if y is still in a cell that sees both cells."""
    first, second = cells
    # A cell at an end of the link would have to see itself or the other cell.
    for one, two in (ends, ends[::-1]):
        if _see(marks, first, one) and _see(marks, second, two):
            break
    else:
        return
    y = digits_of(pair & ~(1 << (x - 1)))[0]
    peers = marks.shape.peers
    seen = set(peers[first]) & set(peers[second])
    removed = tuple((cell, y) for cell in sorted(seen) if marks.has(cell, y))
    if not removed:
        return
    chain = (first, one, two, second)
    yield Step(
        "w-wing",
        eliminations=removed,
        pattern=Pattern(
            cells=chain, units=(unit,), digits=digits_of(pair), links=_w_links(chain, x, y)
        ),
        message="w-wing",
        params={
            "cells": cells,
            "digit": y,
            "link_digit": x,
            "link": (one, two),
            "unit": (unit.kind, unit.number),
        },
    )


def _cells_by_pair(marks: Marks) -> dict[Mask, list[int]]:
    """The open cells holding exactly two candidates, by their pair, in order."""
    found: dict[Mask, list[int]] = {}
    for cell, mask in enumerate(marks.candidates):
        if mask.bit_count() == 2:
            found.setdefault(mask, []).append(cell)
    return found


def _strong_links(marks: Marks, digit: int) -> list[tuple[Unit, int, int]]:
    """Each unit where ``digit`` has exactly two places, with those places."""
    links = []
    for unit in marks.shape.units:
        places = marks.places(unit, digit)
        if len(places) == 2:
            links.append((unit, places[0], places[1]))
    return links


def _chain(links: dict[int, list[int]], first: int, last: int) -> tuple[int, ...] | None:
    """The shortest chain from ``first`` to ``last``, two cells of opposite
    parity, that does not take the link between them (if they are peers): so
    a chain of at least ``MIN_CHAIN`` cells, or None if there is none."""
    came_from = {first: first}
    todo = [first]
    for cell in todo:  # todo grows as cells are reached: a queue
        for other in links[cell]:
            if other not in came_from and (cell, other) != (first, last):
                came_from[other] = cell
                todo.append(other)
    if last not in came_from:
        return None
    chain = [last]
    while chain[-1] != first:
        chain.append(came_from[chain[-1]])
    return tuple(reversed(chain))


def _pair_links(chain: tuple[int, ...], digits: tuple[int, ...]) -> tuple[Link, ...]:
    """A remote pair's links as a chain: in each cell, if one digit is not
    there the other is (strong); between cells, the digit one holds the
    next cannot (weak). The first cell starts from its first digit."""
    links: list[Link] = []
    off, on = digits
    for at, cell in enumerate(chain):
        links.append(Link(((cell, off),), ((cell, on),), True))
        if at + 1 < len(chain):
            links.append(Link(((cell, on),), ((chain[at + 1], on),), False))
        off, on = on, off
    return tuple(links)


def _w_links(chain: tuple[int, int, int, int], x: int, y: int) -> tuple[Link, ...]:
    """A w-wing's links: y not in the first cell puts x there, which the link's
    near end cannot hold, so its far end does, and the last cell holds y."""
    first, one, two, last = chain

    def link(start: Candidate, end: Candidate, strong: bool) -> Link:
        return Link((start,), (end,), strong)

    return (
        link((first, y), (first, x), True),
        link((first, x), (one, x), False),
        link((one, x), (two, x), True),
        link((two, x), (last, x), False),
        link((last, x), (last, y), True),
    )


def _see(marks: Marks, a: int, b: int) -> bool:
    """True if two different cells cannot hold one digit: they share a row,
    column or box, or under a variant any region, or a pair rule relates them."""
    board = marks.shape
    if not board.classic:
        return b in board.peers[a]
    units_of = board.units_of
    return a != b and any(u is v for u, v in zip(units_of[a], units_of[b], strict=True))


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
    units = tuple(u for pincer in pincers if (u := _shared_unit(marks, pivot, pincer)))
    yield Step(
        technique,
        eliminations=removed,
        pattern=Pattern(cells=cells, units=units, digits=digits_of(marks.candidates[pivot] | z)),
        message=technique,
        params={"pivot": pivot, "pincers": pincers, "digits": others, "digit": digit},
    )


def _shared_unit(marks: Marks, cell: int, peer: int) -> Unit | None:
    """The first unit (row, column, then box) holding both cells, two peers;
    None for two cells that only a pair rule makes peers (a knight's move)."""
    return next((unit for unit in marks.shape.units_of[cell] if peer in unit.cells), None)


# Hard: short wings of two-candidate cells.
TECHNIQUES = (
    Technique("remote-pair", find_remote_pair, Level.HARD, 30),
    Technique("w-wing", find_w_wing, Level.HARD, 38),
    Technique("xy-wing", find_xy_wing, Level.HARD, 35),
    Technique("xyz-wing", find_xyz_wing, Level.HARD, 40),
)
