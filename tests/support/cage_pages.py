"""Killer cages as the pages should draw them, worked out here from a
cage's cells alone (not by ``rules_view``): the sides of each cell its
dashed outline runs along, the sum in its first cell, the name its cells'
labels give it; and the shared killer every page is opened on."""

from __future__ import annotations

import re
from functools import cache

from django.utils.http import urlencode

from solver.engine.rules.cages import Cage
from tests.support.killers import unique_killer

SIDES = ("cage-top", "cage-bottom", "cage-left", "cage-right")
SUM = re.compile(r'<span class="cage-sum"( aria-hidden="true")?>(\d+)</span>')


@cache
def shared_killer():
    """A unique 9x9 killer with no givens: (its puzzle, its solution grid)."""
    return unique_killer(0)


def killer_query() -> str:
    """The shared killer's address query: empty givens and its rules."""
    puzzle, _grid = shared_killer()
    return urlencode({"puzzle": "." * 81, "rules": puzzle.rules.key})


def cages() -> tuple[Cage, ...]:
    return shared_killer()[0].rules.kinds[0].cages


def outline(cage: Cage, size: int = 9) -> dict[int, set[str]]:
    """For each cell of ``cage``, the sides where the next cell is outside
    it or off the board: where the outline runs."""
    inside = set(cage.cells)
    found = {}
    for cell in cage.cells:
        row, column = divmod(cell, size)
        neighbours = {
            "cage-top": (row - 1, column),
            "cage-bottom": (row + 1, column),
            "cage-left": (row, column - 1),
            "cage-right": (row, column + 1),
        }
        found[cell] = {
            side
            for side, (r, c) in neighbours.items()
            if not (0 <= r < size and 0 <= c < size) or r * size + c not in inside
        }
    return found


def name(cage: Cage, size: int = 9) -> str:
    """The cage as a cell's label names it: "the 15 cage at r1c1"."""
    row, column = divmod(cage.cells[0], size)
    total = f"{cage.total} " if cage.total is not None else ""
    return f"the {total}cage at r{row + 1}c{column + 1}"


def drawn_sides(classes: str) -> set[str]:
    """The outline's sides among a cell's classes."""
    return set(classes.split()) & set(SIDES)


def check_cages(cells: list[tuple[str, str, str]], hidden: bool = True) -> None:
    """Assert that ``cells`` ((classes, label, inner HTML) of each cell of a
    9x9 grid, in reading order) draw the shared killer: each cage's outline
    on its cells, its sum in its first cell alone (``hidden`` from screen
    readers, whose label names it) and, when a label is given, its name."""
    assert len(cells) == 81
    for cage in cages():
        for cell, sides in outline(cage).items():
            classes, label, inner = cells[cell]
            assert drawn_sides(classes) == sides, (cage, cell)
            if label:
                assert name(cage) in label, (cage, cell, label)
            sums = SUM.findall(inner)
            if cell == cage.cells[0]:
                assert sums == [(' aria-hidden="true"' if hidden else "", str(cage.total))]
            else:
                assert sums == [], (cage, cell)
