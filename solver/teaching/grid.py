"""The steps page's board, at every size from 4x4 to 25x25: each open cell
shows its candidates in a small block (digit d in the d-th place; a 3x3
block on a 9x9 board, 4x4 on 16x16, 5x5 on 25x25), with a step's marks on
them and a spoken note, drawn on ``core.grids``'s table. Digits above 9 are
written as letters (``SYMBOLS``); a board other than 9x9 scrolls sideways
inside its own region, as the answer's does, never the page."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from math import isqrt

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from ..core import rules_view
from ..core.grids import NOTHING, SCROLLER, bands, cage_sums, table
from ..core.lists import comma, semicolon
from ..engine import STANDARD, SYMBOLS, Grid, Shape, shape_of_grid
from ..engine.rules import Rules

STEP_CELL = (
    '<td class="{classes}"><span class="visually-hidden">{place}</span>{content}{note}{sum}</td>'
)
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
# A board and the step's drawing laid over it (a positioned box around both).
DRAWN = '<div class="drawn-board">{}{}</div>'
# A board other than 9x9: its size, and how many candidates a cell's block holds across.
SIZED_CLASSES = "grid steps-grid sized-steps size-{size} marks-{across}"


def steps_grid(
    givens: Grid,
    digits: Sequence[int],
    candidates: Sequence[Iterable[int]],
    mark: StepMarks,
    caption: str,
    drawing: SafeString | str = "",
    rules: Rules | None = None,
) -> SafeString:
    """The board a step is taken on: the givens marked ``given``, digits placed
    since ``solved``, each open cell's ``candidates``, and ``mark``'s pattern
    cells, placed digits and removed candidates marked on them (the removed
    ones struck through, so colour is not the only sign). The board's size
    is the givens'; ValueError if no board has as many cells. ``drawing``
    (an SVG, ``drawing.svg``) is laid over the board's cells; a variant's
    ``rules`` are drawn as the answer draws them (``rules_view``, a cage's
    sum in its first cell's corner), and each cell's spoken place names
    the regions that hold it."""
    board = shape_of_grid(givens)
    if rules is not None:
        parts = rules_view.cell_classes(rules), rules_view.region_names(rules), cage_sums(rules)
        ruled = list(zip(*parts, strict=True))
    else:
        ruled = [("", "", NOTHING)] * board.cells
    cells = [
        _step_cell(board, cell, givens[cell], digits[cell], set(candidates[cell]), mark, each)
        for cell, each in enumerate(ruled)
    ]
    drawn = format_html(bands("{}", board), *cells)
    jigsaw = " jigsaw" if rules is not None and rules.jigsaw else ""
    if board.size == STANDARD.size:
        return _with_drawing(table(drawn, "grid steps-grid" + jigsaw, caption), drawing)
    classes = SIZED_CLASSES.format(size=board.size, across=marks_across(board.size)) + jigsaw
    sized = _with_drawing(table(drawn, classes, caption, board=board), drawing)
    return format_html(SCROLLER, caption, sized)


def _with_drawing(board: SafeString, drawing: SafeString | str) -> SafeString:
    return format_html(DRAWN, board, drawing) if drawing else board


def marks_across(size: int) -> int:
    """How many candidates a cell's block holds across on a board of ``size``:
    the smallest square block that holds them all (3 on 9x9, 5 on 25x25)."""
    return isqrt(size - 1) + 1


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


def _step_cell(
    board: Shape,
    cell: int,
    given: int,
    digit: int,
    candidates: set,
    mark: StepMarks,
    ruled: tuple[str, str, SafeString] = ("", "", NOTHING),
) -> SafeString:
    """One cell of the steps board, with its classes, spoken place and note;
    ``ruled``: what a variant's rules add to it (the classes that draw them,
    the names of its regions, its cage's sum)."""
    drawn, regions, total = ruled
    row, column = board.row_col(cell)
    where = {"row": row, "column": column, "regions": regions}
    classes = [GIVEN_CELL if given else (SOLVED_CELL if digit else OPEN_CELL)]
    classes += [name for name, on in _step_classes(cell, mark) if on]
    classes += drawn.split()
    if digit:
        if regions:
            place = gettext("Row %(row)s, column %(column)s, %(regions)s:") % where
        else:
            place = gettext("Row %(row)s, column %(column)s:") % where
        content = format_html("{}", SYMBOLS[digit - 1])
    else:
        if regions:
            place = gettext("Row %(row)s, column %(column)s, %(regions)s, candidates:") % where
        else:
            place = gettext("Row %(row)s, column %(column)s, candidates:") % where
        slots = (
            _candidate(mark.role(cell, d), d) if d in candidates else NO_CANDIDATE
            for d in range(1, board.size + 1)
        )
        content = format_html(CANDIDATES, SafeString("".join(slots)))
    note = _step_note(cell, mark)
    return format_html(
        STEP_CELL, classes=" ".join(classes), place=place, content=content, note=note, sum=total
    )


def _step_classes(cell: int, mark: StepMarks) -> list[tuple[str, bool]]:
    return [
        ("pattern", cell in mark.pattern),
        ("unit", cell in mark.units and cell not in mark.pattern),
        ("placing", cell in mark.placed),
        ("removing", cell in mark.removed),
    ]


@cache  # four roles times 25 digits: a 25x25 board draws up to 15,000 candidates
def _candidate(role: str, digit: int) -> str:
    return format_html(CANDIDATE[role], SYMBOLS[digit - 1])


def _step_note(cell: int, mark: StepMarks) -> SafeString | str:
    """What a screen reader hears after the cell's content: the step's part in it."""
    parts = []
    if cell in mark.placed:
        parts.append(gettext("place %(digit)s") % {"digit": SYMBOLS[mark.placed[cell] - 1]})
    if cell in mark.removed:
        removed = comma().join(SYMBOLS[d - 1] for d in sorted(mark.removed[cell]))
        parts.append(gettext("remove %(digits)s") % {"digits": removed})
    if cell in mark.pattern:
        parts.append(gettext("in the pattern"))
    return format_html(NOTE, semicolon().join(parts)) if parts else ""


def marks_of(step, board: Shape = STANDARD) -> StepMarks:
    """What a step (a ``lessons.StepView``: rows and columns from 1) marks on ``board``."""
    pattern = step.pattern

    def at(row: int, column: int) -> int:  # the cell (from 0) at row, column (from 1)
        return (row - 1) * board.size + (column - 1)

    return StepMarks(
        pattern_cells=[at(row, column) for row, column in pattern["cells"]],
        pattern_digits=pattern["digits"],
        placements=[(at(r, c), d) for r, c, d in step.placements],
        eliminations=[(at(r, c), d) for r, c, d in step.eliminations],
        unit_cells=[cell for unit in pattern["units"] for cell in _unit_cells(unit, board)],
    )


def _unit_cells(unit: dict, board: Shape) -> tuple[int, ...]:
    """The cells of a pattern's unit, given as ``{"kind", "number"}``."""
    for each in board.units:
        if each.kind == unit["kind"] and each.number == unit["number"]:
            return each.cells
    return ()
