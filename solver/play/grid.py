"""The play page's grid: a button per cell, which the page's script fills
with the player's digit or candidates and relabels; the server draws the
givens and the empty cells, on ``core.grids``'s table."""

from __future__ import annotations

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from ..core.grids import CELLS, bands, table
from ..engine import Grid

PLAY_CELL = (
    '<td class="{}"><button type="button" class="play-cell" data-index="{}"'
    ' data-row="{}" data-column="{}" data-box="{}" aria-label="{}">{}</button></td>'
)
PLAY_BANDS = bands(PLAY_CELL)


def play_grid(puzzle: Grid) -> SafeString:
    """The play page's grid: a button per cell, each naming its row, column
    and box (for the script's shading) and spoken as its place and content."""
    given_label = gettext("Row %(row)s, column %(column)s: %(digit)s, given")
    empty_label = gettext("Row %(row)s, column %(column)s: empty")
    fields = []
    for (index, (_, row, column, box)), digit in zip(enumerate(CELLS), puzzle, strict=True):
        label = (given_label if digit else empty_label) % {
            "row": row,
            "column": column,
            "digit": digit,
        }
        classes = "cell given" if digit else "cell"
        fields += (classes, index, row, column, box, label, digit or "")
    caption = gettext("Puzzle grid: choose a cell, then a digit from 1 to 9.")
    # A grid (not a plain table): its cells are gridcells a person moves
    # between with the arrow keys, each named by its button's label.
    return table(format_html(PLAY_BANDS, *fields), "grid play-grid", caption, role="grid")
