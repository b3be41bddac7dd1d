"""The entry grid: an input per cell, each cell at fault marked and tied to
the messages that name it (``aria-describedby``), drawn on ``core.grids``'s
table, at every size the engine reads (a board wider than 9x9 in a region
that scrolls sideways, never the page)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from functools import cache

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from ..core import rules_view
from ..core.cells import cell_names
from ..core.grids import NOTHING, SCROLLER, bands, cage_sums, places, ruled_places, table
from ..core.issues import Issue
from ..engine import STANDARD, Shape
from ..engine.rules import Rules
from .forms import values_written

# An entry cell's fields, in order: classes, FIELD, value, PLACE, FAULT (or
# nothing), its cage's sum (``CAGE_SUM``, or nothing). Up to 9x9 a cell
# holds one digit; above, a letter or a number of two digits (12), which the
# keyboard for text offers.
ENTRY_CELL = (
    '<td class="{}"><input type="text" {} value="{}"'
    ' inputmode="numeric" maxlength="1" autocomplete="off" spellcheck="false"'
    " {}{}>{}</td>"
)
WIDE_ENTRY_CELL = ENTRY_CELL.replace('"numeric" maxlength="1"', '"text" maxlength="2"')
HEX_ENTRY_CELL = ENTRY_CELL.replace('"numeric"', '"text"')  # one of 0-9 and A-F
FIELD = 'name="{name}" id="cell-{name}"'
PLACE = 'data-row="{row}" data-column="{column}" data-box="{box}" aria-label="{label}"'
FAULT = ' aria-invalid="true" aria-describedby="{ids}"'
# Made safe once here: as plain strings they would be escaped again in every cell.
CELL, INVALID_CELL, NO_FAULT = escape("cell"), escape("cell invalid"), escape("")
DOUBTFUL_CELL = escape("cell doubtful")


def doubtful_suffix() -> str:
    """What a doubtful cell's spoken label ends with (after its place)."""
    return gettext(", read with low confidence: please check")


def problem_id(index: int) -> str:
    """The HTML id of the ``index``-th (from 1) message in the page's list of problems."""
    return f"problem-{index}"


def field_problems(issues: Sequence[Issue]) -> dict[str, str]:
    """For each field with issues, the ids of their messages, space-separated."""
    return _problem_ids(issues, lambda issue: [issue.field] if issue.field else [])


def entry_grid(
    values: Sequence[str],
    issues: Sequence[Issue] = (),
    board: Shape = STANDARD,
    writing: str = "",
    doubtful: Collection[int] = (),
    rules: Rules | None = None,
) -> SafeString:
    """The entry grid of ``board``: an input per cell showing ``values`` (one
    string per cell, in ``writing``), each cell at fault marked and tied to
    the messages that name it, and each cell in ``doubtful`` (read from a
    photo with low confidence) marked, in its class and its spoken label.
    A rule set beyond classic Sudoku (on ``board``) is drawn as the answer
    grid draws it (``rules_view``, a cage's sum in its first cell's corner),
    and each cell's label names its regions."""
    variant = rules is not None and not rules.is_classic
    problems = _problem_ids(issues, lambda issue: issue.cells)
    label = gettext("Row %(row)s, column %(column)s, box %(box)s")
    places = _ruled_places(rules) if variant else _places(label, board)
    if doubtful:
        checked = _places(label + doubtful_suffix(), board)
        places = [checked[cell] if cell in doubtful else place for cell, place in enumerate(places)]
    ruled = rules_view.cell_classes(rules) if variant else ("",) * board.cells
    sums = cage_sums(rules) if variant else (NOTHING,) * board.cells
    fields = []
    for cell, (field, place, value) in enumerate(zip(_fields(board), places, values, strict=True)):
        ids = problems.get(cell)
        fault = format_html(FAULT, ids=ids) if ids else NO_FAULT
        kind = INVALID_CELL if ids else DOUBTFUL_CELL if cell in doubtful else CELL
        classes = escape(kind + ruled[cell]) if ruled[cell] else kind
        fields += (classes, field, value, place, fault, sums[cell])
    jigsaw = " jigsaw" if variant and rules.jigsaw else ""
    if board is STANDARD:
        caption = gettext("Puzzle grid: type one digit from 1 to 9 per cell, or leave it empty.")
        return table(format_html(bands(ENTRY_CELL), *fields), "grid entry-grid" + jigsaw, caption)
    caption = gettext(
        "Puzzle grid, %(size)s×%(size)s: type one value (%(values)s) per cell, or leave it empty."
    ) % {"size": board.size, "values": values_written(board, writing)}
    cell = HEX_ENTRY_CELL if writing else ENTRY_CELL if board.size <= 9 else WIDE_ENTRY_CELL
    classes = f"grid entry-grid sized size-{board.size}{jigsaw}"
    drawn = table(format_html(bands(cell, board), *fields), classes, caption, board=board)
    return format_html(SCROLLER, caption, drawn)


@cache  # one per board: few
def _fields(board: Shape) -> tuple[SafeString, ...]:
    """Each cell's name and id attributes."""
    return tuple(format_html(FIELD, name=name) for name in cell_names(board))


@cache  # one entry per language the site speaks and board
def _places(label: str, board: Shape = STANDARD) -> tuple[SafeString, ...]:
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
        for row, column, box in places(board)
    )


def _ruled_places(rules: Rules) -> tuple[SafeString, ...]:
    """As ``_places``, each cell's label saying the regions of ``rules`` that
    hold it (and no box when jigsaw regions replace the boxes)."""
    return tuple(
        format_html(PLACE, row=row, column=column, box=box, label=label)
        for (row, column, box), label in zip(
            places(rules.geometry), ruled_places(rules), strict=True
        )
    )


def _problem_ids(issues: Sequence[Issue], keys: Callable[[Issue], Iterable]) -> dict:
    """For each key (a cell, a field) some issues name, the ids of their
    messages, space-separated, in page order."""
    ids: dict = {}
    for index, issue in enumerate(issues, 1):
        for key in keys(issue):
            ids.setdefault(key, []).append(problem_id(index))
    return {key: " ".join(names) for key, names in ids.items()}
