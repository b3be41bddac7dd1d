"""Cages: what a killer cage's sum tells its cells, as a setter would say it.

- cage combinations: the digit sets that make a cage's sum with different
  digits, and that its cells' candidates can still fill one digit a cell;
  a candidate in no such set goes (a 2-cell 3 is 1 and 2: nothing else
  stays), and a digit every set holds that only one cell can take goes there
  (its other candidates go).
- the rule of 45: a house (every digit once) sums to N(N+1)/2, so the cells
  of a house outside the cages wholly inside it (its innies) sum to what
  those cages leave, and the cells outside it of cages that cover it (its
  outies) to what those cages make beyond it; the same for 2 or 3 rows or
  columns side by side. When such cells are all in one region they differ,
  so they are a cage of their own, and its combinations prune them.

Both read the sums from the rule set (``marks.rules.sums``); they find
nothing in a puzzle without cages. Cells already placed count as one
candidate, so a placed digit takes its set's place too.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..levels import Level
from ..marks import Marks, digits_of
from ..rules.cages import allowed, digit_sets
from ..steps import Pattern, Step, Technique


def find_cage_combinations(marks: Marks) -> Iterator[Step]:
    """Every cage with a sum whose combinations rule out a candidate."""
    for cells, total in marks.rules.sums if marks.rules else ():
        step = _pruned(marks, cells, total, "cage-combinations", {})
        if step:
            yield step


def find_rule_of_45(marks: Marks) -> Iterator[Step]:
    """Every sum the rule of 45 finds (``Rules.house_sums``: the innies or
    outies of one house, or of 2 or 3 side-by-side rows or columns) that
    rules out a candidate of its cells."""
    for found in marks.rules.house_sums if marks.rules else ():
        houses = [marks.shape.units[place] for place in found.houses]
        params = {"units": [(u.kind, u.number) for u in houses], "side": found.side}
        step = _pruned(marks, found.cells, found.total, "rule-of-45", params, tuple(houses))
        if step:
            yield step


def _pruned(
    marks: Marks, cells: tuple[int, ...], total: int, technique: str, params: dict, units=()
) -> Step | None:
    """The step that removes what ``cells`` summing to ``total`` forbids, or None."""
    masks = [_mask(marks, cell) for cell in cells]
    kept = allowed(masks, total, marks.shape.size)
    if kept is None:
        return None  # a broken board: the trial step's, not a technique's
    removed = tuple(
        (cell, digit)
        for cell, mask, keep in zip(cells, masks, kept, strict=True)
        if not marks.digits[cell]
        for digit in digits_of(mask & ~keep)
    )
    if not removed:
        return None
    sets = _live_sets(masks, total, marks.shape.size)
    return Step(
        technique,
        eliminations=removed,
        pattern=Pattern(cells=tuple(cells), units=units),
        message=technique,
        params={**params, "cells": list(cells), "total": total, "sets": sets},
    )


def _mask(marks: Marks, cell: int) -> int:
    """A cell's candidates, or its placed digit as its only one."""
    digit = marks.digits[cell]
    return 1 << (digit - 1) if digit else marks.candidates[cell]


def _live_sets(masks: list[int], total: int, size: int) -> list[list[int]]:
    """The digit sets of the sum that the cells' candidates still allow, as
    lists of digits (none listed when there are too many to list)."""
    sets = digit_sets(len(masks), total, size) or ()
    return [
        list(digits_of(s))
        for s in sets
        if allowed([mask & s for mask in masks], total, size) is not None
    ]


# Medium: a cage's sum read as the sets of digits that make it.
TECHNIQUES = (
    Technique("cage-combinations", find_cage_combinations, Level.MEDIUM, 11),
    Technique("rule-of-45", find_rule_of_45, Level.MEDIUM, 13),
)
