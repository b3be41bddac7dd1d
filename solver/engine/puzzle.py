"""A puzzle: its givens and its rule set, read once from whatever was pasted.

Every feature that takes a puzzle's text reads it here (``read_puzzle``),
so a link, a payload or the site's own text means the same on every page,
in the API, on the command line and in a batch. The site's own text is the
givens as ``parse`` reads them, then a line ``rules: <short text>`` (see
``rules.text``); without it, classic Sudoku.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .board import Grid, Shape
from .parse import parse_puzzle
from .rules import Rules, classic
from .rules.text import read_rules

# A line naming the rules: "rules:" (any case) and the short text.
_RULES_LINE = re.compile(r"^\s*rules\s*:(.*)$", re.IGNORECASE | re.MULTILINE)


@dataclass(frozen=True)
class Puzzle:
    """What a person gave: the givens, the rules they obey, and any title and author."""

    grid: Grid
    rules: Rules
    title: str = ""
    author: str = field(default="")

    @property
    def shape(self) -> Shape:
        """The board with every region and peer of the rules."""
        return self.rules.geometry


def read_puzzle(text: str, shape: Shape | None = None) -> Puzzle:
    """The puzzle in ``text``: an f-puzzles or SudokuPad link or payload
    (``links.read_link``, which brings its own board, so ``shape`` is not
    used), or else givens as ``parse_puzzle`` reads them, with the rules of a
    ``rules:`` line if there is one (classic Sudoku if not).

    Raises ``InvalidPuzzle`` naming each problem, from the link, the parser
    or the rules' text.
    """
    from .links import read_link  # links builds Puzzles, so it imports this module

    linked = read_link(text)
    if linked is not None:
        return linked
    found = _RULES_LINE.search(text)
    givens_text = _RULES_LINE.sub("", text) if found else text
    grid = parse_puzzle(givens_text, shape)
    size = round(len(grid) ** 0.5)
    rules = read_rules(found.group(1).strip(), size) if found else classic(size)
    return Puzzle(grid, rules)


def write_puzzle(puzzle: Puzzle) -> str:
    """The site's own text for a puzzle: the givens on one line, then its rules' line."""
    from .board import SYMBOLS

    givens = "".join(SYMBOLS[d - 1] if d else "." for d in puzzle.grid)
    if puzzle.rules.is_classic:
        return givens
    return f"{givens}\nrules: {puzzle.rules.key}"
