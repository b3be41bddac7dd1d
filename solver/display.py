"""How the board is drawn: one ``<table>`` for entry and for the answer.

Each band of boxes (three rows on a 9x9 board) is a ``<tbody>`` and each stack
of box columns a ``<colgroup>``, so the thick box borders come from CSS alone.
Each cell names its row, column and box, for screen readers and for the
scripts that highlight a cell's peers.

The table is written here rather than by a template loop: drawn by Django's
template engine, the 81 cells cost about 2 ms a grid (measured in process),
most of an answer page's time. The markup lives in the format strings below,
and all of it is made by ``format_html``, which escapes every value put in.
For speed, all of a grid's cells are filled by one ``format_html`` call, and
what never changes (a cell's name, place and label; each kind of answer
cell) is made once and reused: filled cell by cell, an entry grid cost
about twice as much (measured in process), mostly in Django's escaping.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache

from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from .cells import CELL_NAMES
from .engine import STANDARD, Grid
from .issues import Issue

TABLE = (
    '<table class="{classes}"><caption class="visually-hidden">{caption}</caption>'
    "{stacks}{bands}</table>"
)
STACK = '<colgroup span="{}"></colgroup>'
# An entry cell's fields, in order: classes, FIELD, value, PLACE, FAULT (or nothing).
ENTRY_CELL = (
    '<td class="{}"><input type="text" {} value="{}"'
    ' inputmode="numeric" maxlength="1" autocomplete="off" spellcheck="false"'
    " {}{}></td>"
)
FIELD = 'name="{name}" id="cell-{name}"'
PLACE = 'data-row="{row}" data-column="{column}" data-box="{box}" aria-label="{label}"'
FAULT = ' aria-invalid="true" aria-describedby="{ids}"'
ANSWER_CELL = '<td class="{classes}">{value}</td>'

# Where each cell is: its field name, row, column and box (from 1).
CELLS = tuple(
    (name, *STANDARD.row_col(cell), STANDARD.box_of(cell)) for cell, name in enumerate(CELL_NAMES)
)
FIELDS = tuple(format_html(FIELD, name=name) for name in CELL_NAMES)
# Made safe once here: as plain strings they would be escaped again in every cell.
CELL, INVALID_CELL, NO_FAULT = escape("cell"), escape("cell invalid"), escape("")


def _bands(cell: str) -> str:
    """A format string for all the cells, row by row, each written as ``cell``
    (a format string of ``{}`` fields): rows in ``<tr>``, bands in ``<tbody>``."""
    n, high = STANDARD.size, STANDARD.box_rows
    row = "<tr>" + cell * n + "</tr>"
    return ("<tbody>" + row * high + "</tbody>") * (n // high)


ENTRY_BANDS = _bands(ENTRY_CELL)
ANSWER_BANDS = _bands("{}")
STACKS = format_html_join("", STACK, [(STANDARD.box_cols,)] * (STANDARD.size // STANDARD.box_cols))


def problem_id(index: int) -> str:
    """The HTML id of the ``index``-th (from 1) message in the page's list of problems."""
    return f"problem-{index}"


def field_problems(issues: Sequence[Issue]) -> dict[str, str]:
    """For each field with issues, the ids of their messages, space-separated."""
    return _problem_ids(issues, lambda issue: [issue.field] if issue.field else [])


def entry_grid(values: Sequence[str], issues: Sequence[Issue] = ()) -> SafeString:
    """The entry grid: an input per cell showing ``values`` (one string per
    cell), each cell at fault marked and tied to the messages that name it."""
    problems = _problem_ids(issues, lambda issue: issue.cells)
    places = _places(gettext("Row %(row)s, column %(column)s, box %(box)s"))
    fields = []
    for cell, (field, place, value) in enumerate(zip(FIELDS, places, values, strict=True)):
        ids = problems.get(cell)
        fault = format_html(FAULT, ids=ids) if ids else NO_FAULT
        fields += (INVALID_CELL if ids else CELL, field, value, place, fault)
    caption = gettext("Puzzle grid: type one digit from 1 to 9 per cell, or leave it empty.")
    return _table(format_html(ENTRY_BANDS, *fields), "grid entry-grid", caption)


def answer_grid(puzzle: Grid, solution: Grid | None, caption: str) -> SafeString:
    """The answer grid: givens marked ``given``, the solution's other digits
    ``solved``; without a solution, only the givens are drawn."""
    cells = [
        _answer_cell("cell given" if given else ("cell solved" if digit else "cell"), digit)
        for given, digit in zip(puzzle, solution or puzzle, strict=True)
    ]
    return _table(format_html(ANSWER_BANDS, *cells), "grid answer-grid", caption)


@cache  # three kinds of cell times N + 1 digits: few, and the same on every page
def _answer_cell(classes: str, digit: int) -> SafeString:
    """One answer cell: ``digit`` (nothing for 0) in a cell of ``classes``."""
    return format_html(ANSWER_CELL, classes=classes, value=digit or "")


@cache  # one entry per language the site speaks
def _places(label: str) -> tuple[SafeString, ...]:
    """Each cell's row, column and box attributes and its spoken label, from
    ``label`` (translated, with ``row``, ``column`` and ``box`` to fill in)."""
    return tuple(
        format_html(
            PLACE,
            row=row,
            column=column,
            box=box,
            label=label % {"row": row, "column": column, "box": box},
        )
        for _, row, column, box in CELLS
    )


def _table(bands: SafeString, classes: str, caption: str) -> SafeString:
    """The table around ``bands`` (the cells in rows and bands of rows), with
    its stacks of columns and its caption."""
    return format_html(TABLE, classes=classes, caption=caption, stacks=STACKS, bands=bands)


def _problem_ids(issues: Sequence[Issue], keys: Callable[[Issue], Iterable]) -> dict:
    """For each key (a cell, a field) some issues name, the ids of their
    messages, space-separated, in page order."""
    ids: dict = {}
    for index, issue in enumerate(issues, 1):
        for key in keys(issue):
            ids.setdefault(key, []).append(problem_id(index))
    return {key: " ".join(names) for key, names in ids.items()}
