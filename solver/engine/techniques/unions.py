"""Small unions: the combinations of a few masks whose union stays small.

Subsets, fish, almost locked sets and Sue de Coq all look for a few cells
(or digits, or lines) whose candidates (or places) are few between them.
The search grows combinations in index order and drops a branch as soon as
its union is too big, as a union only grows.

The searches are plain functions that call themselves, with what they
share passed along, not closures: a closure that calls itself is a
reference cycle (the function holds the cell that holds the function), so
each search would leave its lists for the garbage collector, which then
took a tenth of the teacher's time.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..marks import Mask

Combination = tuple[int, ...]  # indices into the masks, increasing


def exactly(masks: Sequence[Mask], n: int, at_most: bool = False) -> list[Combination]:
    """Every ``n`` indices whose masks' union has exactly ``n`` members (at
    most ``n`` with ``at_most``), in order."""
    found: list[Combination] = []
    _exactly(masks, n, at_most, found, 0, (), 0)
    return found


def _exactly(
    masks: Sequence[Mask],
    n: int,
    at_most: bool,
    found: list[Combination],
    start: int,
    chosen: Combination,
    union: Mask,
) -> None:
    """``exactly``'s combinations that extend ``chosen`` (whose union is
    ``union``) with indices from ``start``, appended to ``found``."""
    if len(chosen) == n:
        if at_most or union.bit_count() == n:
            found.append(chosen)
        return
    for i in range(start, len(masks) - (n - len(chosen)) + 1):
        grown = union | masks[i]
        if grown.bit_count() <= n:
            _exactly(masks, n, at_most, found, i + 1, (*chosen, i), grown)


def within(
    masks: Sequence[Mask], most: int, most_members: int, excess: int | None = None
) -> list[tuple[Combination, Mask]]:
    """Every combination of 1 to ``most`` indices whose masks' union has at
    most ``most_members`` members, with its union; each combination before
    its extensions, in index order. With ``excess``, only those whose union
    has that many members more than the combination has indices (an almost
    locked set is a combination of cells with an excess of one)."""
    found: list[tuple[Combination, Mask]] = []
    _within(masks, most, most_members, excess, found, 0, (), 0)
    return found


def _within(
    masks: Sequence[Mask],
    most: int,
    most_members: int,
    excess: int | None,
    found: list[tuple[Combination, Mask]],
    start: int,
    chosen: Combination,
    union: Mask,
) -> None:
    """``within``'s combinations that extend ``chosen`` (whose union is
    ``union``) with indices from ``start``, appended to ``found``."""
    for i in range(start, len(masks)):
        grown = union | masks[i]
        members = grown.bit_count()
        if members > most_members:
            continue
        picked = (*chosen, i)
        if excess is None or members == len(picked) + excess:
            found.append((picked, grown))
        if len(picked) < most:
            _within(masks, most, most_members, excess, found, i + 1, picked, grown)
