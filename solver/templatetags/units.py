"""``{% grid_units board %}``: the board's units as the engine defines them
(``Shape.units``: rows, columns, boxes), for the page's scripts, in a
``<script type="application/json" id="grid-units">`` element (data, not
code: the Content-Security-Policy runs no inline script, and this one is
never run). The scripts find a cell's peers and a unit's cells here
(static/js/core/grid.js), so no rule of Sudoku is written in them.
"""

from __future__ import annotations

from functools import cache

from django import template
from django.utils.html import json_script
from django.utils.safestring import SafeString

from ..engine import Shape

register = template.Library()

ELEMENT_ID = "grid-units"


@register.simple_tag
def grid_units(board: Shape) -> SafeString:
    """The units of ``board`` as JSON: {"row": [...], "column": [...],
    "box": [...]}, each a list of units by number (from 1) and each unit the
    indices of its cells in reading order."""
    return _units_script(board)


@cache  # one per board: few, and a 25x25 board's is some 8 KB to write
def _units_script(board: Shape) -> SafeString:
    units: dict[str, list[list[int]]] = {"row": [], "column": [], "box": []}
    for unit in board.units:  # by kind, each kind in number order
        units[unit.kind].append(list(unit.cells))
    return json_script(units, ELEMENT_ID)
