"""What every family's sentences are made of: a technique's ``Wording`` (its
name, and what a hint's first press says to look for), and ``Words``, which
writes cells, units, digits and lists on one board's shape.

Cells are written ``r4c5`` (rows and columns from 1), digits as the board
writes them (letters above 9: "A" for 10), units "row 4",
"column 4", "box 4"; lists are punctuated as the reader's language does
(``core.lists``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NamedTuple

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...core.lists import and_list, comma, semicolon
from ...core.rules_view import region_name
from ...engine import SYMBOLS, Shape
from ...engine.steps import Candidate

Params = Mapping[str, object]


class Wording(NamedTuple):
    """A technique as people read it, one row per technique of the engine's
    table: its ``id``, its ``name`` ("Hidden single"), and what a hint's first
    press says to look for (``look``: the name with its article, as each
    language needs it, "a hidden single")."""

    id: str
    name: str
    look: str


class Words:
    """Cells, units, digits and lists as a sentence writes them, on one shape."""

    def __init__(self, shape: Shape):
        self.shape = shape

    def cell(self, cell: int) -> str:
        row, column = self.shape.row_col(cell)
        return f"r{row}c{column}"

    def cells(self, cells: Iterable[int]) -> str:
        """A list of cells: "r1c3, r7c3"."""
        return comma().join(self.cell(cell) for cell in cells)

    def group(self, cells: Iterable[int]) -> str:
        """Cells that act together: "r1c3 and r7c3"."""
        return and_list(self.cell(cell) for cell in cells)

    def unit(self, unit: tuple[str, int]) -> str:
        """A unit by name: "row 4", "jigsaw region 2", "the main diagonal"."""
        kind, number = unit
        if kind not in UNIT_NAMES:  # a variant's region, named as its rules are said
            return region_name(kind, number)
        return str(UNIT_NAMES[kind]) % {"number": number}

    def units(self, units: Iterable[tuple[str, int]]) -> str:
        """Units named together, those of a kind in one group: "row 4 and column 5",
        or, when a group is a list itself, the groups apart: "rows 2 and 7, column 3"
        (never "and ... and")."""
        groups: list[tuple[str, list[int]]] = []
        for kind, number in units:
            if groups and groups[-1][0] == kind:
                groups[-1][1].append(number)
            else:
                groups.append((kind, [number]))
        named = [self.lines(kind, numbers) for kind, numbers in groups]
        if any(len(numbers) > 1 for _kind, numbers in groups):
            return comma().join(named)
        return and_list(named)

    def lines(self, kind: str, numbers: Iterable[int]) -> str:
        """Units of one kind: "row 2", or "rows 2, 5 and 7"."""
        numbers = list(numbers)
        if len(numbers) == 1 or kind not in UNITS_NAMES:  # a variant's: each by name
            return and_list(self.unit((kind, number)) for number in numbers)
        return str(UNITS_NAMES[kind]) % {"numbers": and_list(map(str, numbers))}

    def digit(self, digit: int) -> str:
        """A digit as the board writes it: "7", or a letter above 9 ("A" for 10)."""
        return SYMBOLS[digit - 1]

    def digits(self, digits: Iterable[int]) -> str:
        return and_list(self.digit(digit) for digit in digits)

    def removed(self, eliminations: Iterable[Candidate]) -> str:
        """Eliminations by digit: "5 from r1c3, r7c3; 7 from r2c2"."""
        by_digit: dict[int, list[int]] = {}
        for cell, digit in eliminations:
            by_digit.setdefault(digit, []).append(cell)
        return semicolon().join(
            _("%(digit)s from %(cells)s") % {"digit": self.digit(digit), "cells": self.cells(cells)}
            for digit, cells in sorted(by_digit.items())
        )

    def actions(self, placements: Iterable[Candidate], eliminations: Iterable[Candidate]) -> str:
        """ "places 5 in r1c1; removes 5 from r1c3" (either part may be missing)."""
        parts = [
            _("places %(digit)s in %(cell)s") % {"digit": self.digit(d), "cell": self.cell(cell)}
            for cell, d in placements
        ]
        if eliminations:
            parts.append(_("removes %(removed)s") % {"removed": self.removed(eliminations)})
        return semicolon().join(parts) or _("changes nothing")


UNIT_NAMES = {
    "row": gettext_lazy("row %(number)s"),
    "column": gettext_lazy("column %(number)s"),
    "box": gettext_lazy("box %(number)s"),
}
UNITS_NAMES = {
    "row": gettext_lazy("rows %(numbers)s"),
    "column": gettext_lazy("columns %(numbers)s"),
    "box": gettext_lazy("boxes %(numbers)s"),
    "jigsaw": gettext_lazy("jigsaw regions %(numbers)s"),
}
