"""Subsets: naked and hidden pairs, triples and quads.

In a unit, ``k`` cells that hold only ``k`` digits between them (a naked
subset) must take those ``k`` digits, so no other cell of the unit can; and
``k`` digits whose only places in a unit are ``k`` cells (a hidden subset)
must fill those cells, so no other digit can. The two are mirrors: the
search for both is one search for ``k`` sets whose union has ``k`` members,
over the candidates of cells (naked) or the places of digits (hidden).

Each unit's subset is its own step, as a person sees it: a naked pair in a
row and a box is found once in the row and once in the box (HoDoKu calls
that one a locked pair, which ``intersections`` finds). Cells with a single
candidate and digits with a single place are singles, and never enter a
subset here.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import partial
from types import MappingProxyType

from ..board import Unit
from ..levels import Level
from ..marks import Marks, Mask, digits_of, mask_of
from ..steps import Candidate, Pattern, Step, Technique
from .memo import Nothing, by_unit
from .unions import exactly

SIZE_NAMES = {2: "pair", 3: "triple", 4: "quad"}


def find_naked_pairs(marks: Marks) -> Iterator[Step]:
    """Every naked pair on the board that eliminates a candidate."""
    return _naked(marks, 2)


def find_naked_triples(marks: Marks) -> Iterator[Step]:
    """Every naked triple on the board that eliminates a candidate."""
    return _naked(marks, 3)


def find_naked_quads(marks: Marks) -> Iterator[Step]:
    """Every naked quad on the board that eliminates a candidate."""
    return _naked(marks, 4)


def find_hidden_pairs(marks: Marks) -> Iterator[Step]:
    """Every hidden pair on the board that eliminates a candidate."""
    return _hidden(marks, 2)


def find_hidden_triples(marks: Marks) -> Iterator[Step]:
    """Every hidden triple on the board that eliminates a candidate."""
    return _hidden(marks, 3)


def find_hidden_quads(marks: Marks) -> Iterator[Step]:
    """Every hidden quad on the board that eliminates a candidate."""
    return _hidden(marks, 4)


# What each kind and size of subset found nothing in: a unit's subsets read
# only its candidates (``memo``).
_NOTHING = {(kind, k): Nothing() for kind in ("naked", "hidden") for k in SIZE_NAMES}


def _naked(marks: Marks, k: int) -> Iterator[Step]:
    """The naked subsets of ``k`` cells, unit by unit."""
    return by_unit(marks, _NOTHING["naked", k], partial(_naked_in, k=k))


def _naked_in(marks: Marks, unit: Unit, k: int) -> Iterator[Step]:
    """The naked subsets of ``k`` cells in ``unit``."""
    candidates = marks.candidates
    cells = [cell for cell in unit.cells if 2 <= candidates[cell].bit_count() <= k]
    for chosen in exactly([candidates[cell] for cell in cells], k):
        subset = tuple(cells[i] for i in chosen)
        digits = _union(candidates[cell] for cell in subset)
        others = (cell for cell in unit.cells if cell not in subset)
        eliminations = _eliminations(marks, others, digits)
        if eliminations:
            yield _step("naked", k, unit, subset, digits, eliminations)


def _hidden(marks: Marks, k: int) -> Iterator[Step]:
    """The hidden subsets of ``k`` digits, unit by unit."""
    return by_unit(marks, _NOTHING["hidden", k], partial(_hidden_in, k=k))


def _hidden_in(marks: Marks, unit: Unit, k: int) -> Iterator[Step]:
    """The hidden subsets of ``k`` digits in ``unit``."""
    places = _places(marks, unit)
    digits = [d for d in range(1, marks.shape.size + 1) if 2 <= places[d].bit_count() <= k]
    for chosen in exactly([places[d] for d in digits], k):
        subset = mask_of(digits[i] for i in chosen)
        where = _union(places[digits[i]] for i in chosen)
        cells = tuple(cell for i, cell in enumerate(unit.cells) if where >> i & 1)
        others = ~subset & ((1 << marks.shape.size) - 1)
        eliminations = _eliminations(marks, cells, others)
        if eliminations:
            yield _step("hidden", k, unit, cells, subset, eliminations)


def _places(marks: Marks, unit: Unit) -> list[Mask]:
    """For each digit (index 1..N), the positions in ``unit`` where it is a
    candidate, as a mask over the unit's cells in order (index 0 unused)."""
    places = [0] * (marks.shape.size + 1)
    for i, cell in enumerate(unit.cells):
        mask = marks.candidates[cell]
        while mask:
            low = mask & -mask
            places[low.bit_length()] |= 1 << i
            mask ^= low
    return places


def _union(masks: Iterable[Mask]) -> Mask:
    """The union of some masks."""
    union = 0
    for mask in masks:
        union |= mask
    return union


def _eliminations(marks: Marks, cells: Iterable[int], digits: Mask) -> tuple[Candidate, ...]:
    """The candidates among ``digits`` still pencilled in ``cells``."""
    return tuple(
        (cell, digit) for cell in cells for digit in digits_of(marks.candidates[cell] & digits)
    )


def _step(
    kind: str,
    k: int,
    unit: Unit,
    cells: tuple[int, ...],
    digits: Mask,
    eliminations: tuple[Candidate, ...],
) -> Step:
    """The step of one subset of ``k`` cells and digits in ``unit``."""
    technique = f"{kind}-{SIZE_NAMES[k]}"
    subset = digits_of(digits)
    return Step(
        technique,
        eliminations=tuple(sorted(eliminations)),
        pattern=Pattern(cells=cells, units=(unit,), digits=subset),
        message=technique,
        params=MappingProxyType(
            {"digits": subset, "cells": cells, "unit": (unit.kind, unit.number), "k": k}
        ),
    )


# Pairs before triples before quads, and at each size naked before hidden:
# a naked subset is read off its cells, a hidden one needs every digit's places.
# Pairs and triples are medium, quads hard (more cells to hold in mind).
TECHNIQUES = (
    Technique("naked-pair", find_naked_pairs, Level.MEDIUM, 12),
    Technique("hidden-pair", find_hidden_pairs, Level.MEDIUM, 15),
    Technique("naked-triple", find_naked_triples, Level.MEDIUM, 18),
    Technique("hidden-triple", find_hidden_triples, Level.MEDIUM, 22),
    Technique("naked-quad", find_naked_quads, Level.HARD, 30),
    Technique("hidden-quad", find_hidden_quads, Level.HARD, 35),
)
