"""The play page's grid: a button per cell, which the page's script fills
with the player's value or candidates and relabels; the server draws the
givens and the empty cells, on ``core.grids``'s table.

The 9x9 grid fits a phone's width; a board of another size is drawn at its
size (values above 9 as letters, as the formats write them) inside a region
of its own that scrolls sideways when the board is wider than the window.
"""

from __future__ import annotations

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from ..core import rules_view
from ..core.grids import NOTHING, bands, cage_sums, places, table
from ..engine import STANDARD, SYMBOLS, Grid, Shape, shape_of_grid
from ..engine.rules import Rules

PLAY_CELL = (
    '<td class="{}"><button type="button" class="play-cell" data-index="{}"'
    ' data-row="{}" data-column="{}" data-box="{}" aria-label="{}">{}</button>{}</td>'
)
# A killer cage's sum, beside its first cell's button (whose content the
# script replaces): not hidden, as the label the script writes names no cage.
PLAY_SUM = '<span class="cage-sum">{}</span>'
PLAY_BANDS = bands(PLAY_CELL)
# No tabindex: the region holds the grid's own Tab stop, whose focus scrolls it.
PLAY_SCROLLER = '<div class="play-scroll" role="region" aria-label="{}">{}</div>'


def play_grid(puzzle: Grid, rules: Rules | None = None) -> SafeString:
    """The play page's grid: a button per cell, each naming its row, column
    and box (for the script's shading) and spoken as its place and content;
    a rule set beyond classic Sudoku drawn as the answer draws it
    (``rules_view``). ValueError if no board has as many cells as ``puzzle``."""
    if len(puzzle) != STANDARD.cells:
        return _sized_play_grid(puzzle, rules)
    caption = gettext("Puzzle grid: choose a cell, then a digit from 1 to 9.")
    # A grid (not a plain table): its cells are gridcells a person moves
    # between with the arrow keys, each named by its button's label.
    cells = _cells(puzzle, STANDARD, PLAY_BANDS, rules)
    return table(cells, "grid play-grid" + _jigsaw(rules), caption, role="grid")


def _jigsaw(rules: Rules | None) -> str:
    """The grid's class for jigsaw regions (their borders then drawn alone)."""
    return " jigsaw" if rules is not None and rules.jigsaw else ""


def _sized_play_grid(puzzle: Grid, rules: Rules | None = None) -> SafeString:
    """The grid of a board other than 9x9, in its sideways-scrolling region."""
    board = shape_of_grid(puzzle)
    size = board.size
    if size > 9:
        caption = gettext(
            "Puzzle grid, %(size)s×%(size)s: choose a cell, then a value from 1 to %(size)s"
            " (10 and above written as letters, A to %(last)s)."
        ) % {"size": size, "last": SYMBOLS[size - 1]}
    else:
        caption = gettext(
            "Puzzle grid, %(size)s×%(size)s: choose a cell, then a digit from 1 to %(size)s."
        ) % {"size": size}
    classes = f"grid play-grid play-sized size-{size}{_jigsaw(rules)}"
    cells = _cells(puzzle, board, bands(PLAY_CELL, board), rules)
    drawn = table(cells, classes, caption, role="grid", board=board)
    return format_html(PLAY_SCROLLER, gettext("Puzzle grid"), drawn)


def _cells(puzzle: Grid, board: Shape, layout: str, rules: Rules | None = None) -> SafeString:
    """Every cell of ``puzzle``, on ``board``, written into ``layout`` (from
    ``bands``), each with the classes that draw ``rules`` (and a cage's sum)."""
    drawn = rules_view.cell_classes(rules) if rules is not None else ("",) * board.cells
    sums = cage_sums(rules, PLAY_SUM) if rules is not None else (NOTHING,) * board.cells
    given_label = gettext("Row %(row)s, column %(column)s: %(digit)s, given")
    empty_label = gettext("Row %(row)s, column %(column)s: empty")
    fields = []
    for index, ((row, column, box), digit) in enumerate(zip(places(board), puzzle, strict=True)):
        symbol = SYMBOLS[digit - 1] if digit else ""
        label = (given_label if digit else empty_label) % {
            "row": row,
            "column": column,
            "digit": symbol,
        }
        classes = ("cell given" if digit else "cell") + drawn[index]
        fields += (classes, index, row, column, box, label, symbol, sums[index])
    return format_html(layout, *fields)
