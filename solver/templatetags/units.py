"""``{% grid_units board rules %}``: the board's units as the engine defines them
(``Shape.units``: rows, columns, boxes, or a rule set's regions), for the page's scripts, in a
``<script type="application/json" id="grid-units">`` element (data, not
code: the Content-Security-Policy runs no inline script, and this one is
never run). The scripts find a cell's peers and a unit's cells here
(static/js/core/grid.js), so no rule of Sudoku is written in them.
"""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.utils.html import json_script
from django.utils.safestring import SafeString

from ..engine import Shape
from ..engine.rules import Rules

register = template.Library()

ELEMENT_ID = "grid-units"


@register.simple_tag
def grid_units(board: Shape, rules: Rules | None = None) -> SafeString:
    """The units of ``board`` as JSON: {"row": [...], "column": [...],
    "box": [...]}, each a list of units by number (from 1) and each unit the
    indices of its cells in reading order. Under ``rules`` beyond classic
    Sudoku, the units of their geometry, by kind: jigsaw regions in the
    boxes' place ("jigsaw"), then "diagonal", "window", "disjoint" or
    "extra" as the rules add them (a lone anti-diagonal, number 2, is
    the first and only diagonal listed)."""
    return _units_script(rules.geometry if rules is not None else board)


# One per board or rule set in use (a 25x25 board's is some 8 KB to write);
# bounded, as rule sets are posted, any number of them.
@lru_cache(maxsize=64)
def _units_script(board: Shape) -> SafeString:
    units: dict[str, list[list[int]]] = {"row": [], "column": []}
    for unit in sorted(board.units, key=lambda unit: unit.number):  # each kind in number order
        units.setdefault(unit.kind, []).append(list(unit.cells))
    return json_script(units, ELEMENT_ID)
