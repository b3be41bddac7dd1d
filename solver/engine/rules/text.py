"""The site's short text for a rule set: what its links and keys carry.

A rule set is written as its kinds' tokens, comma-separated, in rule order;
classic Sudoku is the empty text. The tokens::

    jigsaw:<map>       the region of every cell, row by row, one symbol each
                       (1-9, then A-P for regions 10 to 25)
    diagonal           both diagonals (X Sudoku)
    maindiagonal       top left to bottom right only
    antidiagonal       bottom left to top right only
    windoku            four windows (hyper Sudoku), on boards with square boxes
    disjoint           disjoint groups
    extra:<cells>      one extra region, its cells as r<row>c<col> joined by "."
    antiknight, antiking, nonconsecutive
    cage:<sum>:<cells> one killer cage, its sum and its cells as extra's
                       (``cage:<cells>`` for a cage without a sum)

For example ``diagonal,antiknight`` or ``jigsaw:111122223...``. Reading is
lenient about case, spaces and ``;`` for ``,``; writing is canonical, so the
text is also the rule set's key. Only URL-safe characters are used.
"""

from __future__ import annotations

import re

from ..board import SYMBOLS
from ..problems import InvalidPuzzle, Problem, gettext_noop
from . import cages, kinds
from .kinds import Kind

# The most a rule text may hold: a 25x25 jigsaw map plus room for the rest.
MAX_LENGTH = 4_000
_CELL = re.compile(r"r(\d{1,2})c(\d{1,2})")

_PLAIN = {
    "windoku": kinds.Windoku,
    "hyper": kinds.Windoku,
    "disjoint": kinds.Disjoint,
    "antiknight": kinds.AntiKnight,
    "antiking": kinds.AntiKing,
    "nonconsecutive": kinds.NonConsecutive,
}


def write_rules(rules) -> str:
    """The short text of a rule set (``Rules``): "" for classic Sudoku."""
    tokens: list[str] = []
    diagonals = [k for k in rules.kinds if isinstance(k, kinds.Diagonal)]
    for kind in rules.kinds:
        if isinstance(kind, kinds.Jigsaw):
            tokens.append("jigsaw:" + "".join(SYMBOLS[r] for r in kind.regions))
        elif isinstance(kind, kinds.Diagonal):
            if len(diagonals) == 2:
                if kind is diagonals[0]:
                    tokens.append("diagonal")
            else:
                tokens.append(kind.token)
        elif isinstance(kind, kinds.Extra):
            tokens += ["extra:" + _written(region, rules.size) for region in kind.regions]
        elif isinstance(kind, cages.Killer):
            tokens += [
                "cage:" + ("" if c.total is None else f"{c.total}:") + _written(c.cells, rules.size)
                for c in kind.cages
            ]
        else:
            tokens.append(kind.token)
    return ",".join(tokens)


def _written(cells, size: int) -> str:
    """Cells as r<row>c<col> joined by ".", as ``_cells`` reads them."""
    return ".".join(f"r{c // size + 1}c{c % size + 1}" for c in cells)


def read_rules(text: str, size: int):
    """The rule set (``Rules``) an N x N board gets from a short text.

    Raises ``InvalidPuzzle`` naming each token it cannot read (code
    ``unknown_rule``), a text too long (``bad_rules``), or a rule that does
    not fit the board (see ``rule_set``).
    """
    from . import rule_set

    if len(text) > MAX_LENGTH:
        raise InvalidPuzzle(
            [
                Problem(
                    "bad_rules",
                    gettext_noop(
                        "The rules are %(found)s characters long; at most %(most)s are read."
                    ),
                    {"found": len(text), "most": MAX_LENGTH},
                )
            ]
        )
    chosen: list[Kind] = []
    problems: list[Problem] = []
    for token in filter(None, (t.strip() for t in text.replace(";", ",").split(","))):
        name, _, value = token.partition(":")
        name = name.strip().lower().replace("-", "").replace(" ", "")
        try:
            chosen += _kinds(name, value.strip(), size)
        except ValueError:
            problems.append(
                Problem(
                    "unknown_rule",
                    gettext_noop("The rule %(rule)s is not one this site reads."),
                    {"rule": token[:40]},
                )
            )
    if problems:
        raise InvalidPuzzle(problems)
    return rule_set(size, chosen)


def _kinds(name: str, value: str, size: int) -> list[Kind]:
    """The kinds one token names; ValueError if none."""
    if name in _PLAIN and not value:
        return [_PLAIN[name]()]
    if name in ("diagonal", "x", "diagonals") and not value:
        return [kinds.Diagonal(True), kinds.Diagonal(False)]
    if name == "maindiagonal" and not value:
        return [kinds.Diagonal(True)]
    if name == "antidiagonal" and not value:
        return [kinds.Diagonal(False)]
    if name == "jigsaw" and value:
        return [kinds.Jigsaw(read_region_map(value, size))]
    if name == "extra" and value:
        return [kinds.Extra((_cells(value, size),))]
    if name in ("cage", "killer", "killercage") and value:
        total, _, cells = value.rpartition(":")
        if total and not total.strip().isdigit():
            raise ValueError(name)
        found = _cells(cells, size)
        return [cages.Killer((cages.Cage(found, int(total) if total else None),))]
    raise ValueError(name)


def read_region_map(text: str, size: int) -> tuple[int, ...]:
    """The 0-based region of each cell from a map of one symbol per cell.

    Symbols are the digits' (1-9, A-P) or any others: each distinct symbol,
    in order of first appearance, is one region. Whitespace is ignored.
    Raises ``InvalidPuzzle`` (``bad_region``) when the map is not N regions
    of N cells.
    """
    symbols = [c for c in text if not c.isspace()]
    if set(symbols) <= set(SYMBOLS[:size]) and len(set(symbols)) == size:
        regions = tuple(SYMBOLS.index(c) for c in symbols)
    else:
        order: dict[str, int] = {}
        regions = tuple(order.setdefault(c, len(order)) for c in symbols)
    problem = kinds.jigsaw_problem(regions, size)
    if problem:
        raise InvalidPuzzle([problem])
    return regions


def _cells(text: str, size: int) -> tuple[int, ...]:
    """Cells written as r<row>c<col> (1-based), in any separators; ValueError if none."""
    found = [(int(r), int(c)) for r, c in _CELL.findall(text.lower())]
    if not found or any(not (1 <= r <= size and 1 <= c <= size) for r, c in found):
        raise ValueError(text)
    return tuple((r - 1) * size + c - 1 for r, c in found)
