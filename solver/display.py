"""How the board is drawn: one ``<table>`` for entry and for the answer.

Each band of boxes (three rows on a 9x9 board) is a ``<tbody>`` and each stack
of box columns a ``<colgroup>``, so the thick box borders come from CSS alone.
Each cell names its row, column and box, for screen readers and for the
scripts that highlight a cell's peers.

The table is written here rather than by a template loop: drawn by Django's
template engine, the 81 cells cost about 2 ms a grid (measured in process),
most of an answer page's time; here they cost a tenth of that. The markup
lives in the format strings below; every value put into them is escaped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from .cells import CELL_NAMES
from .engine import STANDARD, Grid
from .issues import Issue

# Where each cell is: its field name, row, column and box (from 1).
CELLS = tuple(
    (name, *STANDARD.row_col(cell), STANDARD.box_of(cell)) for cell, name in enumerate(CELL_NAMES)
)
ENTRY_CELL = (
    '<td class="{classes}"><input type="text" name="{name}" id="cell-{name}" value="{value}"'
    ' inputmode="numeric" maxlength="1" autocomplete="off" spellcheck="false"'
    ' data-row="{row}" data-column="{column}" data-box="{box}" aria-label="{label}"{fault}></td>'
)
FAULT = ' aria-invalid="true" aria-describedby="{ids}"'
ANSWER_CELL = '<td class="{classes}">{value}</td>'


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
    label = gettext("Row %(row)s, column %(column)s, box %(box)s")
    cells = []
    for cell, ((name, row, column, box), value) in enumerate(zip(CELLS, values, strict=True)):
        ids = problems.get(cell)
        cells.append(
            ENTRY_CELL.format(
                classes="cell invalid" if ids else "cell",
                name=name,
                value=escape(value),
                row=row,
                column=column,
                box=box,
                label=escape(label % {"row": row, "column": column, "box": box}),
                fault=FAULT.format(ids=escape(ids)) if ids else "",
            )
        )
    caption = gettext("Puzzle grid: type one digit from 1 to 9 per cell, or leave it empty.")
    return _table(cells, "grid entry-grid", caption)


def answer_grid(puzzle: Grid, solution: Grid | None, caption: str) -> SafeString:
    """The answer grid: givens marked ``given``, the solution's other digits
    ``solved``; without a solution, only the givens are drawn."""
    cells = [
        ANSWER_CELL.format(
            classes="cell given" if given else ("cell solved" if digit else "cell"),
            value=digit or "",
        )
        for given, digit in zip(puzzle, solution or puzzle, strict=True)
    ]
    return _table(cells, "grid answer-grid", caption)


def _table(cells: list[str], classes: str, caption: str) -> SafeString:
    """The cells (HTML, row by row) in rows, bands of rows and stacks of columns."""
    n, high, wide = STANDARD.size, STANDARD.box_rows, STANDARD.box_cols
    rows = ["<tr>" + "".join(cells[r * n : (r + 1) * n]) + "</tr>" for r in range(n)]
    bands = ["<tbody>" + "".join(rows[b : b + high]) + "</tbody>" for b in range(0, n, high)]
    stacks = f'<colgroup span="{wide}"></colgroup>' * (n // wide)
    # Safe: every value put into the cells and the caption was escaped, or is a number.
    return mark_safe(
        f'<table class="{classes}"><caption class="visually-hidden">{escape(caption)}</caption>'
        + stacks
        + "".join(bands)
        + "</table>"
    )


def _problem_ids(issues: Sequence[Issue], keys: Callable[[Issue], Iterable]) -> dict:
    """For each key (a cell, a field) some issues name, the ids of their
    messages, space-separated, in page order."""
    ids: dict = {}
    for index, issue in enumerate(issues, 1):
        for key in keys(issue):
            ids.setdefault(key, []).append(problem_id(index))
    return {key: " ".join(names) for key, names in ids.items()}
