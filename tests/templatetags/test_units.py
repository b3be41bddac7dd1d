"""``{% grid_units board %}``: the engine's units of a board, as the JSON the
scripts read their peers and units from (static/js/core/grid.js)."""

from __future__ import annotations

import json
import re

import pytest
from django.template import Context, Template

from solver.engine import STANDARD, shape
from solver.engine.board import box_shape
from solver.engine.rules.text import read_rules


def units_on_page(board) -> dict:
    html = Template("{% load units %}{% grid_units board %}").render(Context({"board": board}))
    match = re.fullmatch(r'<script id="grid-units" type="application/json">(.*)</script>', html)
    assert match, html
    return json.loads(match[1])


@pytest.mark.parametrize("size", [4, 6, 8, 9, 12, 16, 20, 25])
def test_the_page_holds_every_unit_of_the_engine_by_kind_and_number(size):
    board = shape(*box_shape(size))
    units = units_on_page(board)
    for unit in board.units:
        assert units[unit.kind][unit.number - 1] == list(unit.cells)
    assert [len(units[kind]) for kind in ("row", "column", "box")] == [size] * 3


def test_a_cells_peers_are_the_other_cells_of_its_units_on_the_page():
    """What the script makes of the units is the engine's own peers."""
    units = units_on_page(STANDARD)
    for cell, peers in enumerate(STANDARD.peers):
        seen = {other for kind in units.values() for unit in kind if cell in unit for other in unit}
        assert sorted(seen - {cell}) == list(peers)


def test_under_a_rule_set_the_page_holds_its_regions_by_kind_in_the_boxes_place():
    rules = read_rules("jigsaw:" + "".join(str(c // 6 + 1) for c in range(36)) + ",diagonal", 6)
    html = Template("{% load units %}{% grid_units board rules %}").render(
        Context({"board": shape(*box_shape(6)), "rules": rules})
    )
    units = json.loads(
        re.fullmatch(r'<script id="grid-units" type="application/json">(.*)</script>', html)[1]
    )
    assert set(units) == {"row", "column", "jigsaw", "diagonal"}
    for kind, listed in units.items():
        ordered = sorted(
            (u for u in rules.geometry.units if u.kind == kind), key=lambda u: u.number
        )
        assert listed == [list(unit.cells) for unit in ordered]
