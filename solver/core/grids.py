"""How the board is drawn: one ``<table>``, whose cells each feature writes
(the entry grid, the play grid, the steps board), and the answer grid,
which the answer page and the library's puzzle page share. The answer grid
is drawn at every size the engine reads (``sized_answer_grid``); the others
are 9x9.

Each band of boxes (three rows on a 9x9 board) is a ``<tbody>`` and each stack
of box columns a ``<colgroup>``, so the thick box borders come from CSS alone.
Each cell names its row, column and box, for screen readers and for the
scripts that highlight a cell's peers.

The table is written here rather than by a template loop: drawn by Django's
template engine, the 81 cells cost about 2 ms a grid (measured in process),
most of an answer page's time. The markup lives in format strings, and all
of it is made by ``format_html``, which escapes every value put in. For
speed, all of a grid's cells are filled by one ``format_html`` call, and
what never changes (a cell's name, place and label; each kind of answer
cell) is made once and reused: filled cell by cell, an entry grid cost
about twice as much (measured in process), mostly in Django's escaping.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import cache, lru_cache

from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from ..engine import STANDARD, SYMBOLS, Grid, Shape, shape_of_grid
from ..engine.rules import Rules
from . import rules_view

TABLE = (
    '<table class="{classes}"{role}><caption class="visually-hidden">{caption}</caption>'
    "{stacks}{bands}</table>"
)
STACK = '<colgroup span="{}"></colgroup>'
ANSWER_CELL = '<td class="{classes}">{value}</td>'
# On boards other than 9x9 each answer cell says where it is, and its symbol.
SIZED_CELL = '<td class="{classes}" aria-label="{label}">{value}{sum}</td>'
# A killer cage's sum, in the corner of its first cell, whose label says it
# ("the 15 cage at r1c1"): hidden from screen readers, which would hear it twice.
CAGE_SUM = '<span class="cage-sum" aria-hidden="true">{}</span>'
SCROLLER = '<div class="grid-scroll" role="region" tabindex="0" aria-label="{}">{}</div>'

# Made safe once here: as a plain string it would be escaped again in every cell.
NOTHING = escape("")


@cache  # one per cell format and board: few
def bands(cell: str, board: Shape = STANDARD) -> str:
    """A format string for all the cells of ``board``, row by row, each written
    as ``cell`` (a format string of ``{}`` fields): rows in ``<tr>``, bands in
    ``<tbody>``."""
    n, high = board.size, board.box_rows
    row = "<tr>" + cell * n + "</tr>"
    return ("<tbody>" + row * high + "</tbody>") * (n // high)


# One per board, or rule set's geometry, in use: bounded, as rule sets are posted.
@lru_cache(maxsize=64)
def places(board: Shape = STANDARD) -> tuple[tuple[int, int, int], ...]:
    """Where each cell of ``board`` is: its row, column and box (from 1), in
    the engine's cell order."""
    return tuple((*board.row_col(cell), board.box_of(cell)) for cell in range(board.cells))


@cache  # one per board
def stacks(board: Shape = STANDARD) -> SafeString:
    """The ``<colgroup>`` of each stack of box columns of ``board``."""
    return format_html_join("", STACK, [(board.box_cols,)] * (board.size // board.box_cols))


ANSWER_BANDS = bands("{}")


def answer_grid(puzzle: Grid, solution: Grid | None, caption: str) -> SafeString:
    """The answer grid: givens marked ``given``, the solution's other digits
    ``solved``; without a solution, only the givens are drawn.

    A 9x9 board's (``sized_answer_grid`` draws every size).
    """
    cells = [
        _answer_cell("cell given" if given else ("cell solved" if digit else "cell"), digit)
        for given, digit in zip(puzzle, solution or puzzle, strict=True)
    ]
    return table(format_html(ANSWER_BANDS, *cells), "grid answer-grid", caption)


@cache  # three kinds of cell times N + 1 digits: few, and the same on every page
def _answer_cell(classes: str, digit: int) -> SafeString:
    """One answer cell: ``digit`` (nothing for 0) in a cell of ``classes``."""
    return format_html(ANSWER_CELL, classes=classes, value=digit or "")


def sized_answer_grid(
    puzzle: Grid,
    solution: Grid | None,
    caption: str,
    faults: Collection[int] = (),
    symbols: str = SYMBOLS,
    rules: Rules | None = None,
) -> SafeString:
    """The answer grid of a board of any size, in a region that scrolls
    sideways when the board is wider than the window (never the page).

    As ``answer_grid``, with symbols above 9 written as letters (or each
    value d as ``symbols[d - 1]``), each cell named by its row, column, box
    and symbol, and the cells in ``faults`` marked ``invalid``. ValueError if
    no board has as many cells as ``puzzle``. A rule set beyond classic
    Sudoku is drawn (``rules_view``: jigsaw borders, diagonals, shaded
    windows, killer cages and their sums) and each cell's name says the
    regions it is in.
    """
    variant = rules is not None and not rules.is_classic
    board = rules.geometry if variant else shape_of_grid(puzzle)
    places = ruled_places(rules) if variant else spoken_places(board)
    drawn = rules_view.cell_classes(rules) if variant else ("",) * board.cells
    sums = cage_sums(rules) if variant else (NOTHING,) * board.cells
    # Escaped once: a 25x25 board has 625 cells, drawn twice on the answer page.
    named = escape(gettext("%(place)s: %(symbol)s"))
    cells = []
    for cell, (given, digit) in enumerate(zip(puzzle, solution or puzzle, strict=True)):
        # Symbols are digits and letters: nothing in them to escape.
        symbol = symbols[digit - 1] if digit else ""
        label = named % {"place": places[cell], "symbol": symbol} if symbol else places[cell]
        classes = "cell given" if given else ("cell solved" if digit else "cell")
        classes += drawn[cell] + (" invalid" if cell in faults else "")
        cells.append(SIZED_CELL.format(classes=classes, label=label, value=symbol, sum=sums[cell]))
    classes = f"grid answer-grid sized size-{board.size}"
    classes += " jigsaw" if variant and rules.jigsaw else ""
    # Every piece of ``cells`` is escaped above, or is markup of this module's.
    rows = mark_safe(bands("{}", board).format(*cells))
    return format_html(SCROLLER, caption, table(rows, classes, caption, board=board))


@lru_cache(maxsize=64)  # one per rule set in use (and markup): rule sets are posted
def cage_sums(rules: Rules, markup: str = CAGE_SUM) -> tuple[SafeString, ...]:
    """For each cell, its killer cage's sum written in ``markup`` (a format
    string of one field) in the cage's first cell; nothing elsewhere, and
    nothing anywhere for a rule set without cages."""
    return tuple(
        format_html(markup, total) if total else NOTHING for total in rules_view.cage_sums(rules)
    )


def spoken_places(board: Shape) -> tuple[str, ...]:
    """Each cell's spoken place on ``board`` ("Row 1, column 5, box 2") in
    the reader's language, escaped: the labels of a grid's cells."""
    return _places_from(gettext("Row %(row)s, column %(column)s, box %(box)s"), board)


def ruled_places(rules: Rules) -> tuple[str, ...]:
    """Each cell's spoken place under a rule set, escaped: its row and column,
    its box unless jigsaw regions replace the boxes, then every other region
    that holds it ("Row 1, column 1, box 1, the main diagonal")."""
    if rules.jigsaw:
        label = gettext("Row %(row)s, column %(column)s")
    else:
        label = gettext("Row %(row)s, column %(column)s, box %(box)s")
    comma = gettext(", ")
    return tuple(
        place + escape(comma + names) if names else place
        for place, names in zip(
            _places_from(label, rules.geometry), rules_view.region_names(rules), strict=True
        )
    )


@lru_cache(maxsize=64)  # one per language and board (or rule set's geometry) in use
def _places_from(label: str, board: Shape) -> tuple[str, ...]:
    """Each cell's place on ``board`` from ``label`` (translated, with
    ``row``, ``column`` and ``box`` to fill in), escaped."""
    return tuple(
        escape(label % {"row": row, "column": column, "box": box})
        for row, column, box in places(board)
    )


def table(
    cells: SafeString, classes: str, caption: str, role: str = "", board: Shape = STANDARD
) -> SafeString:
    """The table around ``cells`` (in rows and bands of rows, from ``bands``),
    with ``board``'s stacks of columns, its caption and, if given, an ARIA ``role``."""
    role_attribute = format_html(' role="{}"', role) if role else NOTHING
    return format_html(
        TABLE,
        classes=classes,
        role=role_attribute,
        caption=caption,
        stacks=stacks(board),
        bands=cells,
    )
