"""How the board is drawn: one ``<table>`` for entry, for the answer, and
for the steps page (``steps_grid``: each open cell's candidates, a step's marks).

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
from .sentences import comma, semicolon

TABLE = (
    '<table class="{classes}"{role}><caption class="visually-hidden">{caption}</caption>'
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


# A play cell: a button the play page's script fills with the player's digit
# or notes and relabels; the server draws the givens and the empty cells.
PLAY_CELL = (
    '<td class="{}"><button type="button" class="play-cell" data-index="{}"'
    ' data-row="{}" data-column="{}" data-box="{}" aria-label="{}">{}</button></td>'
)
PLAY_BANDS = _bands(PLAY_CELL)


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
    return _table(format_html(PLAY_BANDS, *fields), "grid play-grid", caption, role="grid")


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


def _table(bands: SafeString, classes: str, caption: str, role: str = "") -> SafeString:
    """The table around ``bands`` (the cells in rows and bands of rows), with
    its stacks of columns, its caption and, if given, an ARIA ``role``."""
    role_attribute = format_html(' role="{}"', role) if role else NO_FAULT
    return format_html(
        TABLE, classes=classes, role=role_attribute, caption=caption, stacks=STACKS, bands=bands
    )


def _problem_ids(issues: Sequence[Issue], keys: Callable[[Issue], Iterable]) -> dict:
    """For each key (a cell, a field) some issues name, the ids of their
    messages, space-separated, in page order."""
    ids: dict = {}
    for index, issue in enumerate(issues, 1):
        for key in keys(issue):
            ids.setdefault(key, []).append(problem_id(index))
    return {key: " ".join(names) for key, names in ids.items()}


# The steps page's board: each open cell shows its candidates in a 3x3 block
# (digit d in the d-th place), the step's marks on them, and a spoken note.
STEP_CELL = '<td class="{classes}"><span class="visually-hidden">{place}</span>{content}{note}</td>'
CANDIDATES = '<span class="candidates">{}</span>'
CANDIDATE = {  # a candidate's markup by its part in the step
    "plain": "<span>{}</span>",
    "key": '<span class="key">{}</span>',
    "placed": '<ins class="placed">{}</ins>',
    "removed": '<del class="removed">{}</del>',
}
NO_CANDIDATE = "<span></span>"
GIVEN_CELL, SOLVED_CELL, OPEN_CELL = "cell given", "cell solved", "cell open"
NOTE = '<span class="visually-hidden"> ({})</span>'


def steps_grid(
    givens: Grid,
    digits: Sequence[int],
    candidates: Sequence[Iterable[int]],
    mark: StepMarks,
    caption: str,
) -> SafeString:
    """The board a step is taken on: the givens marked ``given``, digits placed
    since ``solved``, each open cell's ``candidates``, and ``mark``'s pattern
    cells, placed digits and removed candidates marked on them (the removed
    ones struck through, so colour is not the only sign)."""
    cells = [
        _step_cell(cell, givens[cell], digits[cell], set(candidates[cell]), mark)
        for cell in range(len(digits))
    ]
    return _table(format_html(ANSWER_BANDS, *cells), "grid steps-grid", caption)


class StepMarks:
    """What a step marks on the board, by cell (0-based): its pattern's cells,
    digits and units' cells, the digit each placement puts, the candidates it removes."""

    def __init__(
        self, pattern_cells=(), pattern_digits=(), placements=(), eliminations=(), unit_cells=()
    ):
        self.pattern = set(pattern_cells)
        self.units = set(unit_cells)  # the cells of the units the pattern looks at
        self.digits = set(pattern_digits)
        self.placed = dict(placements)  # cell -> digit
        self.removed: dict[int, set[int]] = {}
        for cell, digit in eliminations:
            self.removed.setdefault(cell, set()).add(digit)

    def role(self, cell: int, digit: int) -> str:
        """The part ``digit`` plays in ``cell``: placed, removed, key (a pattern
        digit in a pattern cell) or plain."""
        if self.placed.get(cell) == digit:
            return "placed"
        if digit in self.removed.get(cell, ()):
            return "removed"
        return "key" if cell in self.pattern and digit in self.digits else "plain"


def _step_cell(cell: int, given: int, digit: int, candidates: set, mark: StepMarks) -> SafeString:
    """One cell of the steps board, with its classes, spoken place and note."""
    _, row, column, _ = CELLS[cell]
    classes = [GIVEN_CELL if given else (SOLVED_CELL if digit else OPEN_CELL)]
    classes += [name for name, on in _step_classes(cell, mark) if on]
    if digit:
        place = gettext("Row %(row)s, column %(column)s:") % {"row": row, "column": column}
        content = format_html("{}", digit)
    else:
        label = gettext("Row %(row)s, column %(column)s, candidates:")
        place = label % {"row": row, "column": column}
        slots = (
            _candidate(cell, d, mark) if d in candidates else NO_CANDIDATE for d in range(1, 10)
        )
        content = format_html(CANDIDATES, SafeString("".join(slots)))
    note = _step_note(cell, mark)
    return format_html(
        STEP_CELL, classes=" ".join(classes), place=place, content=content, note=note
    )


def _step_classes(cell: int, mark: StepMarks) -> list[tuple[str, bool]]:
    return [
        ("pattern", cell in mark.pattern),
        ("unit", cell in mark.units and cell not in mark.pattern),
        ("placing", cell in mark.placed),
        ("removing", cell in mark.removed),
    ]


def _candidate(cell: int, digit: int, mark: StepMarks) -> str:
    return format_html(CANDIDATE[mark.role(cell, digit)], digit)


def _step_note(cell: int, mark: StepMarks) -> SafeString | str:
    """What a screen reader hears after the cell's content: the step's part in it."""
    parts = []
    if cell in mark.placed:
        parts.append(gettext("place %(digit)s") % {"digit": mark.placed[cell]})
    if cell in mark.removed:
        removed = comma().join(str(d) for d in sorted(mark.removed[cell]))
        parts.append(gettext("remove %(digits)s") % {"digits": removed})
    if cell in mark.pattern:
        parts.append(gettext("in the pattern"))
    return format_html(NOTE, semicolon().join(parts)) if parts else ""
