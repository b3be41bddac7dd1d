"""The answer page's verdicts, explained: where a puzzle with no solution
breaks, how few givens an almost empty grid has, and where two solutions
differ; each said in the reader's language and drawn on a grid.

The engine finds the reason (``engine.contradiction``) and the two
solutions (``solve`` keeps the second it found); this module words them and
draws them, on ``core.grids``'s table. Every cell of these grids is named
(its place, its symbol, and what the verdict says of it), as on a board
other than 9x9, since what marks a cell here is more than its colour.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from ..core import rules_view
from ..core.grids import NOTHING, SCROLLER, bands, cage_sums, ruled_places, spoken_places, table
from ..core.lists import and_list
from ..engine import STANDARD, SYMBOLS, Grid, Shape
from ..engine.contradiction import Contradiction, find_contradiction
from ..engine.rules import Rules
from ..teaching.sentences import sentence
from ..teaching.sentences.words import Words

# How many of the cells where two solutions differ the sentence names; the
# grids mark them all.
DIFFERENCES_NAMED = 6

CELL = '<td class="{classes}" aria-label="{label}">{order}{value}{sum}</td>'
ORDER = '<span class="order" aria-hidden="true">{}</span>'


class Note:
    """What a grid says of one cell beyond its symbol: a class to draw it
    with, words for a screen reader (escaped here, once for every cell that
    shares the note), and a number shown in its corner."""

    def __init__(self, classes: str, words: str, order: int | None = None):
        self.classes, self.words, self.order = classes, words, order
        self.spoken = escape(words)


def marked_grid(
    puzzle: Grid,
    shown: Grid,
    notes: Mapping[int, Note],
    caption: str,
    board: Shape,
    symbols: str = SYMBOLS,
    rules: Rules | None = None,
) -> SafeString:
    """``shown`` drawn on ``board``: the puzzle's givens marked ``given``, the
    other symbols ``solved``, and each cell of ``notes`` marked as its note
    says; a board other than 9x9 in its scrolling region, as the answer's.
    A variant's ``rules`` are drawn as the answer draws them, and each cell's
    name says its regions.

    Written as ``core.grids`` writes the answer grid, each piece escaped
    once (the places, the labels' patterns, each note): a 25x25 board has
    625 cells, and two of them are drawn for several solutions.
    """
    spoken = ruled_places(rules) if rules else spoken_places(board)
    drawn = rules_view.cell_classes(rules) if rules else ("",) * board.cells
    sums = cage_sums(rules) if rules else (NOTHING,) * board.cells
    labels = _label_patterns()
    cells = []
    for cell, place in enumerate(spoken):
        digit, note = shown[cell], notes.get(cell)
        # Symbols are digits and letters: nothing in them to escape.
        symbol = symbols[digit - 1] if digit else ""
        words = note.spoken if note else ""
        label = labels[bool(symbol), bool(words)]
        label %= {"place": place, "symbol": symbol, "note": words}
        classes = "cell given" if puzzle[cell] else ("cell solved" if digit else "cell")
        order = ORDER.format(note.order) if note and note.order else ""
        classes = f"{classes} {note.classes}" if note else classes
        classes += drawn[cell]
        cells.append(
            CELL.format(classes=classes, label=label, order=order, value=symbol, sum=sums[cell])
        )
    # Every piece of ``cells`` is escaped above, or is markup of this module's.
    rows = mark_safe(bands("{}", board).format(*cells))
    jigsaw = " jigsaw" if rules and rules.jigsaw else ""
    if board is STANDARD:
        return table(rows, "grid answer-grid marked" + jigsaw, caption)
    classes = f"grid answer-grid marked sized size-{board.size}{jigsaw}"
    return format_html(SCROLLER, caption, table(rows, classes, caption, board=board))


def _label_patterns() -> dict[tuple[bool, bool], str]:
    """A cell's spoken name by whether it has a symbol and a note: its place,
    then the symbol, then the note, each pattern escaped."""
    return {
        (True, True): escape(gettext("%(place)s: %(symbol)s (%(note)s)")),
        (True, False): escape(gettext("%(place)s: %(symbol)s")),
        (False, True): escape(gettext("%(place)s (%(note)s)")),
        (False, False): "%(place)s",
    }


def no_solution(puzzle: Grid, board: Shape, symbols: str = SYMBOLS) -> dict[str, object]:
    """What the page says of a puzzle proved to have no solution: the
    contradiction singles reach (``reason``, the singles said one by one in
    ``singles``, drawn in ``grid``), or, when they reach none, ``reason``
    None: the puzzle breaks deeper."""
    found = find_contradiction(puzzle, board)
    if found is None:
        return {"reason": None}
    return {
        "reason": _reason(found, board, symbols),
        "singles": [sentence(step, board) for step in found.singles],
        "grid": marked_grid(
            puzzle,
            _after_singles(puzzle, found),
            _break_notes(found, board, symbols),
            gettext("Where the puzzle breaks"),
            board,
            symbols,
        ),
    }


def _after_singles(puzzle: Grid, found: Contradiction) -> Grid:
    """The puzzle with the singles' digits placed."""
    grid = list(puzzle)
    for step in found.singles:
        for cell, digit in step.placements:
            grid[cell] = digit
    return tuple(grid)


def _reason(found: Contradiction, board: Shape, symbols: str) -> str:
    """ "After 4 singles, row 3, column 5 has no candidate left." or "…, no
    place is left for 7 in box 2." ("From the givens alone, …" with none)."""
    count = len(found.singles)
    if found.cell is not None:
        row, column = board.row_col(found.cell)
        values = {"count": count, "cell": _cell_words(row, column)}
        if not count:
            return gettext("From the givens alone, %(cell)s has no candidate left.") % values
        return (
            ngettext(
                "After %(count)s single, %(cell)s has no candidate left.",
                "After %(count)s singles, %(cell)s has no candidate left.",
                count,
            )
            % values
        )
    values = {
        "count": count,
        "digit": symbols[found.digit - 1],
        "unit": Words(board).unit((found.unit.kind, found.unit.number)),
    }
    if not count:
        return (
            gettext("From the givens alone, no place is left for %(digit)s in %(unit)s.") % values
        )
    return (
        ngettext(
            "After %(count)s single, no place is left for %(digit)s in %(unit)s.",
            "After %(count)s singles, no place is left for %(digit)s in %(unit)s.",
            count,
        )
        % values
    )


def _cell_words(row: int, column: int) -> str:
    return gettext("row %(row)s, column %(column)s") % {"row": row, "column": column}


def _break_notes(found: Contradiction, board: Shape, symbols: str) -> dict[int, Note]:
    """The singles' cells, numbered in order, and where the puzzle breaks:
    the cell left with no candidate, or each cell of the unit with no place
    left for its digit."""
    notes: dict[int, Note] = {}
    if found.unit is not None:
        words = gettext("%(unit)s has no place left for %(digit)s") % {
            "unit": Words(board).unit((found.unit.kind, found.unit.number)),
            "digit": symbols[found.digit - 1],
        }
        for cell in found.unit.cells:
            notes[cell] = Note("broken-unit", words)
    for number, step in enumerate(found.singles, 1):
        cell = step.placements[0][0]
        kept = notes.get(cell)
        words = gettext("single %(number)s") % {"number": number}
        if kept is not None:
            words = f"{words}; {kept.words}"
        notes[cell] = Note(f"single {kept.classes if kept else ''}".strip(), words, number)
    if found.cell is not None:
        notes[found.cell] = Note("broken", gettext("no candidate left"))
    return notes


def several_solutions(
    puzzle: Grid,
    solution: Grid,
    other: Grid,
    board: Shape,
    symbols: str = SYMBOLS,
    rules: Rules | None = None,
) -> dict[str, object]:
    """Two solutions side by side (``grids``: a caption and a grid each), the
    cells where they differ marked in both, and said (``differences``), a
    variant's ``rules`` drawn on both."""
    cells = [cell for cell, (a, b) in enumerate(zip(solution, other, strict=True)) if a != b]
    marks = {cell: Note("differs", gettext("differs from the other solution")) for cell in cells}
    first, second = gettext("Solution 1"), gettext("Solution 2")
    return {
        "differences": _differences(cells, board),
        "grids": [
            (first, marked_grid(puzzle, solution, marks, first, board, symbols, rules)),
            (second, marked_grid(puzzle, other, marks, second, board, symbols, rules)),
        ],
    }


def _differences(cells: list[int], board: Shape) -> str:
    """ "The two solutions differ in 4 cells: r1c2, r1c5, r3c2 and r3c5.",
    naming the first ``DIFFERENCES_NAMED`` only when there are more."""
    words = Words(board)
    named = and_list(words.cell(cell) for cell in cells[:DIFFERENCES_NAMED])
    values = {"count": len(cells), "cells": named}
    if len(cells) <= DIFFERENCES_NAMED:
        return (
            ngettext(
                "The two solutions differ in %(count)s cell: %(cells)s.",
                "The two solutions differ in %(count)s cells: %(cells)s.",
                len(cells),
            )
            % values
        )
    return (
        ngettext(
            "The two solutions differ in %(count)s cell, among them %(cells)s.",
            "The two solutions differ in %(count)s cells, among them %(cells)s.",
            len(cells),
        )
        % values
    )
