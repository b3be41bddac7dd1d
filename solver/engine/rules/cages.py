"""Killer cages: outlined groups of cells whose digits differ and, when the
cage has a number, sum to it.

A cage is a region (its cells hold distinct digits), so every unit technique
sees it; its sum is a rule of its own. What a sum allows is a matter of digit
sets: the sets of k different digits from 1 to N that add up to s
(``digit_sets``). A cage's cells can hold only the digits of the sets that
its cells' candidates can still fill, one digit a cell (``allowed``), and a
digit that every such set holds but one cell alone can take goes there.

On big boards the sets can be too many to list (33.5 million at 25x25 for
some cages); then the cage is pruned by bounds alone: a digit stays when the
other cells' least and greatest candidates leave room for it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import NamedTuple

from ..board import Unit
from ..problems import Problem, gettext_noop
from .kinds import Board, Kind

# The most digit sets listed for one cage's size and sum; past it, bounds.
MAX_SETS = 4_000

_TEMPLATES = {
    "too_big": gettext_noop(
        "The cage at row %(row)s, column %(column)s has %(found)s cells; its digits differ, "
        "so it holds at most %(size)s."
    ),
    "repeated": gettext_noop(
        "The cage at row %(row)s, column %(column)s holds a cell twice, or a cell off the board."
    ),
    "overlap": gettext_noop(
        "Two cages share row %(row)s, column %(column)s; each cell is in one cage at most."
    ),
    "sum": gettext_noop(
        "The cage at row %(row)s, column %(column)s has %(found)s cells, which sum to "
        "%(least)s to %(most)s; %(total)s cannot be made."
    ),
    "givens": gettext_noop(
        "The cage at row %(row)s, column %(column)s sums to %(total)s, "
        "which its givens (%(digits)s) cannot make with different digits."
    ),
}


@dataclass(frozen=True)
class Cage:
    """A killer cage: its cells (0-based, in reading order) and its sum, if it has one."""

    cells: tuple[int, ...]
    total: int | None = None


@dataclass(frozen=True)
class Killer(Kind):
    """Killer cages (f-puzzles' ``killercage``), in the order of their first cells."""

    cages: tuple[Cage, ...]
    id = "killer"
    token = "cage"
    # Relabelling digits changes sums, and the other rewrites would have to
    # move the cages with the cells, which no rewrite here does.
    keeps = frozenset()

    def fits(self, board: Board) -> Problem | None:
        used: set[int] = set()
        for cage in self.cages:
            row, column = _corner(cage, board)
            where = {"row": row, "column": column}
            if len(set(cage.cells)) != len(cage.cells) or any(
                not 0 <= c < board.size * board.size for c in cage.cells
            ):
                return Problem("bad_cage", _TEMPLATES["repeated"], where, cage.cells)
            if len(cage.cells) > board.size:
                found = {"found": len(cage.cells), "size": board.size}
                return Problem("bad_cage", _TEMPLATES["too_big"], where | found, cage.cells)
            shared = used.intersection(cage.cells)
            if shared:
                row, column = divmod(min(shared), board.size)
                at = {"row": row + 1, "column": column + 1}
                return Problem("bad_cage", _TEMPLATES["overlap"], at, tuple(sorted(shared)))
            used.update(cage.cells)
            if cage.total is not None:
                least, most = sum_range(len(cage.cells), board.size)
                if not least <= cage.total <= most:
                    params = where | {
                        "found": len(cage.cells),
                        "least": least,
                        "most": most,
                        "total": cage.total,
                    }
                    return Problem("bad_cage", _TEMPLATES["sum"], params, cage.cells)
        return None

    def units(self, board: Board) -> tuple[Unit, ...]:
        return tuple(
            Unit("cage", number, cage.cells)
            for number, cage in enumerate(self.cages, 1)
            if len(cage.cells) > 1
        )

    def sums(self) -> Iterator[tuple[tuple[int, ...], int]]:
        """Each cage with a sum, as (cells, sum)."""
        return ((cage.cells, cage.total) for cage in self.cages if cage.total is not None)

    def broken(self, board: Board, grid: Sequence[int]) -> Iterator[Problem]:
        """A problem for each cage whose givens its sum cannot take (repeated
        digits are the cage region's own conflict)."""
        for cage in self.cages:
            digits = [grid[c] for c in cage.cells if grid[c]]
            if cage.total is None or len(set(digits)) != len(digits):
                continue
            if not completable(digits, len(cage.cells), cage.total, board.size):
                row, column = _corner(cage, board)
                params = {
                    "row": row,
                    "column": column,
                    "total": cage.total,
                    "digits": ", ".join(map(str, digits)) or "-",
                }
                cells = tuple(c for c in cage.cells if grid[c]) or cage.cells
                yield Problem("conflict", _TEMPLATES["givens"], params, cells)


class HouseSum(NamedTuple):
    """A sum the rule of 45 finds: ``cells`` (different digits, all in one
    region) sum to ``total``; they are the ``side`` ("innies" or "outies") of
    the houses numbered ``houses`` (their places in the geometry's units)."""

    cells: tuple[int, ...]
    total: int
    side: str
    houses: tuple[int, ...]


def house_sums(
    units: Sequence[Sequence[int]],
    areas: Sequence[tuple[int, ...]],
    groups: Sequence[tuple[tuple[int, ...], int]],
    regions: Sequence[Sequence[int]],
    size: int,
) -> list[HouseSum]:
    """The rule of 45, as more sums. k houses that do not overlap (an
    ``area``: places in ``units``, each of N cells holding every digit) sum to
    k times N(N+1)/2. So their cells outside the summed ``groups`` wholly
    within them (the innies) sum to that less those groups; and when summed
    groups cover the area, their cells outside it (the outies) sum to those
    groups less it. Such cells count when they are all in one of ``regions``
    (so they differ, and prune as a cage does)."""
    whole = size * (size + 1) // 2
    sets = [frozenset(region) for region in regions]
    found = []
    for area in areas:
        inside = frozenset(c for place in area for c in units[place])
        total = whole * len(area)
        within = [(cells, s) for cells, s in groups if inside.issuperset(cells)]
        touching = [(cells, s) for cells, s in groups if inside.intersection(cells)]
        covered = {c for cells, _ in within for c in cells}
        innie = tuple(sorted(inside - covered))
        if within and innie and any(r >= set(innie) for r in sets):
            found.append(HouseSum(innie, total - sum(s for _, s in within), "innies", area))
        reach = {c for cells, _ in touching for c in cells}
        outie = tuple(sorted(reach - inside))
        if outie and reach >= inside and any(r >= set(outie) for r in sets):
            found.append(HouseSum(outie, sum(s for _, s in touching) - total, "outies", area))
    return found


def areas_of(units: Sequence[Sequence[int]], size: int, most: int = 3) -> list[tuple[int, ...]]:
    """The areas the rule of 45 looks at: each house alone, then 2 to
    ``most`` side-by-side rows and columns together (places in ``units``,
    whose first N are the rows and next N the columns)."""
    found = [(place,) for place in range(len(units))]
    for start in (0, size):  # rows, then columns
        for k in range(2, most + 1):
            found += [tuple(range(start + i, start + i + k)) for i in range(size - k + 1)]
    return found


def _corner(cage: Cage, board: Board) -> tuple[int, int]:
    """The 1-based (row, column) of the cage's first cell, where its sum is drawn."""
    row, column = divmod(min(cage.cells, default=0), board.size)
    return row + 1, column + 1


def sum_range(count: int, size: int) -> tuple[int, int]:
    """The least and greatest sums of ``count`` different digits from 1 to ``size``."""
    return count * (count + 1) // 2, count * (2 * size - count + 1) // 2


def completable(digits: Sequence[int], count: int, total: int, size: int) -> bool:
    """True if distinct ``digits`` and ``count - len(digits)`` more different
    digits from 1 to ``size`` can sum to ``total``."""
    rest, left = total - sum(digits), count - len(digits)
    if left < 0 or rest < 0:
        return False
    # reach[k]: the sums that k of the free digits seen so far can make.
    reach = [{0}] + [set() for _ in range(left)]
    for digit in set(range(1, size + 1)) - set(digits):
        for k in range(left, 0, -1):
            reach[k] |= {made + digit for made in reach[k - 1] if made + digit <= rest}
    return rest in reach[left]


@lru_cache(maxsize=4096)
def digit_sets(count: int, total: int, size: int) -> tuple[int, ...] | None:
    """The sets of ``count`` different digits from 1 to ``size`` that sum to
    ``total``, each a bit mask (bit d-1 for digit d); None when there would be
    more to list than ``MAX_SETS``."""
    if comb(size, count) > MAX_SETS:
        return None
    return tuple(
        sum(1 << (d - 1) for d in chosen)
        for chosen in combinations(range(1, size + 1), count)
        if sum(chosen) == total
    )


def allowed(masks: Sequence[int], total: int, size: int) -> list[int] | None:
    """The digits each cell of a cage may still hold (bit masks, bit d-1 for
    digit d), from ``masks``, what each holds now; None if none works.

    A digit stays when a digit set of the sum holds it and can give every
    cell one of its digits; a digit that every such set holds, and only one
    cell can take, leaves that cell no other. Without the sets (too many),
    bounds: a digit stays when the others' least and greatest leave room.
    """
    sets = digit_sets(len(masks), total, size)
    if sets is None:
        return bounded(masks, total)
    union = 0
    for mask in masks:
        union |= mask
    live = [s for s in sets if s & ~union == 0 and _fills(masks, s)]
    if not live:
        return None
    any_set, every_set = 0, -1
    for s in live:
        any_set |= s
        every_set &= s
    kept = [mask & any_set for mask in masks]
    for digit in _bits(every_set):
        holders = [i for i, mask in enumerate(kept) if mask & digit]
        if not holders:
            return None
        if len(holders) == 1:
            kept[holders[0]] = digit
    return kept


def _fills(masks: Sequence[int], digits: int) -> bool:
    """True if each cell can take its own digit of the set ``digits``, every
    one used (a perfect matching of cells to digits, by augmenting paths)."""
    taken: dict[int, int] = {}  # digit bit -> the cell holding it

    def place(cell: int, tried: int) -> bool:
        options = masks[cell] & digits & ~tried
        while options:
            digit = options & -options
            options ^= digit
            tried |= digit
            if digit not in taken or place(taken[digit], tried):
                taken[digit] = cell
                return True
        return False

    return all(place(cell, 0) for cell in range(len(masks)))


def bounded(masks: Sequence[int], total: int) -> list[int] | None:
    """``allowed`` by bounds alone: a digit stays when the other cells, with
    different digits each at least their least candidate and at most their
    greatest, can make the rest of the sum."""
    count = len(masks)
    lows = [(m & -m).bit_length() for m in masks]
    highs = [m.bit_length() for m in masks]
    low_sum, high_sum = sum(lows), sum(highs)
    size = max(highs, default=0)
    least, most = sum_range(count - 1, size)
    kept = []
    for i, mask in enumerate(masks):
        keep = 0
        for digit in _digits(mask):
            # The others' least: their own least candidates, and the k-1
            # least digits but this one; their greatest likewise.
            low = max(low_sum - lows[i], least + (count - digit if digit < count else 0))
            top = size - count + 1  # one below the k-1 greatest digits
            high = min(high_sum - highs[i], most - (digit - top if digit > top else 0))
            if low <= total - digit <= high:
                keep |= 1 << (digit - 1)
        if not keep:
            return None
        kept.append(keep)
    return kept


def _digits(mask: int) -> Iterator[int]:
    """The digits of a mask (bit d-1 for digit d), lowest first."""
    while mask:
        low = mask & -mask
        mask ^= low
        yield low.bit_length()


def _bits(mask: int) -> Iterator[int]:
    """Each set bit of ``mask``, as its own mask."""
    while mask:
        low = mask & -mask
        mask ^= low
        yield low
