"""How a rule set shows on a page: its drawing on the grid, and its words.

Every grid that draws a puzzle asks here what its rules add to each cell:

- ``cell_classes``: classes a cell takes so CSS draws the rules (``edge-top``
  ... where a jigsaw region's border runs, ``cage-top`` ... where a killer
  cage's dashed outline does, ``diag-main`` / ``diag-anti`` on a diagonal,
  ``window`` and ``extra`` shading); ``cage_sums``: the number each cage
  shows in its first cell's corner. The drawing is made of the
  cells' own borders and backgrounds, so it prints, scales with the cells
  and needs no script;
- ``region_names``: the regions beyond row and column that a cell is in, in
  the reader's language ("jigsaw region 4, the main diagonal", "the 15 cage
  at r1c1"), for the cell's accessible name, which so says a cage's sum;
- ``sentences``: the rules stated in words, one sentence per kind, for the
  text above the grid; ``sentence``: one token's, for the rules the entry
  page offers.

A classic rule set adds nothing anywhere.
"""

from __future__ import annotations

from functools import lru_cache

from django.utils.translation import gettext, gettext_noop

from ..engine.rules import Rules

# One sentence per kind, in the order rule sets list them.
_SENTENCES = {
    "jigsaw": gettext_noop(
        "Each row, column and outlined jigsaw region holds every digit once (there are no boxes)."
    ),
    "maindiagonal": gettext_noop(
        "The main diagonal (top left to bottom right) holds every digit once."
    ),
    "antidiagonal": gettext_noop(
        "The other diagonal (bottom left to top right) holds every digit once."
    ),
    "windoku": gettext_noop("Each shaded window holds every digit once, as a box does."),
    "disjoint": gettext_noop(
        "Disjoint groups: cells in the same place of their boxes hold different digits."
    ),
    "extra": gettext_noop("Each shaded extra region holds different digits."),
    "antiknight": gettext_noop(
        "Anti-knight: equal digits never stand a chess knight's move apart."
    ),
    "antiking": gettext_noop(
        "Anti-king: equal digits never touch, not even at a corner (a chess king's move)."
    ),
    "nonconsecutive": gettext_noop(
        "Non-consecutive: cells side by side never hold digits one apart."
    ),
    "cage": gettext_noop(
        "Killer cages: the digits in each dashed cage differ, and add up to its number "
        "when it has one."
    ),
}
# A token of the short text that names two kinds, as the entry page offers it.
_BOTH = {"diagonal": gettext_noop("Both long diagonals hold every digit once (X Sudoku).")}
_CLASSIC = gettext_noop("Each row, column and box holds every digit once.")
_BOXES = gettext_noop("Each row, column and box holds every digit once; and:")

_NAMES = {
    "jigsaw": gettext_noop("jigsaw region %(number)s"),
    "diagonal1": gettext_noop("the main diagonal"),
    "diagonal2": gettext_noop("the other diagonal"),
    "window": gettext_noop("window %(number)s"),
    "disjoint": gettext_noop("disjoint group %(number)s"),
    "extra": gettext_noop("extra region %(number)s"),
    "cage": gettext_noop("the cage at r%(row)sc%(column)s"),
    # Translators: a killer cage by its sum and its first cell, as in "the 15 cage at r1c1".
    "cage_sum": gettext_noop("the %(total)s cage at r%(row)sc%(column)s"),
}


def sentences(rules: Rules) -> list[str]:
    """The rules in words, in the reader's language: one sentence for the
    rows, columns and boxes (or jigsaw regions), then one per kind."""
    if rules.is_classic:
        return [gettext(_CLASSIC)]
    said = [] if rules.jigsaw else [gettext(_BOXES)]
    tokens = _tokens(rules)
    return said + [gettext(_SENTENCES[token]) for token in tokens]


def sentence(token: str) -> str:
    """The rule a token of the short text names, in words, in the reader's language."""
    return gettext(_BOTH.get(token) or _SENTENCES[token])


def _tokens(rules: Rules) -> list[str]:
    """Each kind's token, once (the extra regions' kind is one, however many)."""
    return list(dict.fromkeys(kind.token for kind in rules.kinds))


@lru_cache(maxsize=64)  # one per rule set in use: rule sets are posted, any number
def cell_classes(rules: Rules) -> tuple[str, ...]:
    """For each cell, the classes (each with a leading space) that draw the rules."""
    geometry = rules.geometry
    n = geometry.size
    found = [""] * geometry.cells
    if rules.jigsaw:
        regions = rules.jigsaw.regions
        for cell in range(geometry.cells):
            for name, other in _sides(cell, n):
                # The board's own edge is the grid's border already.
                if other is not None and regions[other] != regions[cell]:
                    found[cell] += f" edge-{name}"
    for cage in _cages(rules):
        inside = set(cage.cells)
        for cell in cage.cells:
            for name, other in _sides(cell, n):
                if other not in inside:
                    found[cell] += f" cage-{name}"
    for unit in rules.regions:
        mark = {
            "diagonal": " diag-main" if unit.number == 1 else " diag-anti",
            "window": " window",
            "extra": " extra",
        }.get(unit.kind)
        if mark:
            for cell in unit.cells:
                if mark not in found[cell]:
                    found[cell] += mark
    return tuple(found)


def _sides(cell: int, n: int):
    """Each side of a cell ("top" ...) with the cell across it (None past the board's edge)."""
    row, col = divmod(cell, n)
    yield "top", cell - n if row > 0 else None
    yield "bottom", cell + n if row < n - 1 else None
    yield "left", cell - 1 if col > 0 else None
    yield "right", cell + 1 if col < n - 1 else None


def cage_sums(rules: Rules) -> tuple[str, ...]:
    """For each cell, the sum drawn in its corner: its cage's, in the cage's
    first cell ("" elsewhere, and for a cage without a sum)."""
    found = [""] * rules.geometry.cells
    for cage in _cages(rules):
        if cage.total is not None:
            found[cage.cells[0]] = str(cage.total)
    return tuple(found)


def _cages(rules: Rules):
    """The killer cages of a rule set (none for most)."""
    return next((kind.cages for kind in rules.kinds if kind.id == "killer"), ())


def region_name(kind: str, number: int, cells: tuple[int, ...] = (), size: int = 9) -> str:
    """A variant's region by name, in the reader's language: "jigsaw region 4",
    "the main diagonal" (diagonal 1; 2 is the other), "the cage at r2c3" (a
    cage by its first ``cells``, on a board of ``size``)."""
    row, column = divmod(min(cells, default=0), size)
    params = {"number": number, "row": row + 1, "column": column + 1}
    return gettext(_NAMES[f"diagonal{number}" if kind == "diagonal" else kind]) % params


def region_names(rules: Rules) -> tuple[str, ...]:
    """For each cell, the regions beyond its row and column that hold it, in
    the reader's language, joined by commas ("" when none but its box)."""
    return _names_in(rules, gettext(", "), tuple(gettext(t) for t in _NAMES.values()))


@lru_cache(maxsize=64)  # one per rule set in use and language
def _names_in(rules: Rules, comma: str, templates: tuple[str, ...]) -> tuple[str, ...]:
    """``region_names`` with the templates already translated (in ``_NAMES`` order)."""
    by_kind = dict(zip(_NAMES, templates, strict=True))
    names: list[list[str]] = [[] for _ in range(rules.geometry.cells)]
    for unit in rules.regions:
        # Cages come last (rule order), from the kind: a cage of one cell is no unit.
        if unit.kind in ("row", "column", "box", "cage"):
            continue
        key = f"diagonal{unit.number}" if unit.kind == "diagonal" else unit.kind
        row, column = rules.geometry.row_col(unit.cells[0])
        params = {"number": unit.number, "row": row, "column": column}
        for cell in unit.cells:
            names[cell].append(by_kind[key] % params)
    for cage in _cages(rules):
        row, column = rules.geometry.row_col(cage.cells[0])
        params = {"total": cage.total, "row": row, "column": column}
        name = by_kind["cage" if cage.total is None else "cage_sum"] % params
        for cell in cage.cells:
            names[cell].append(name)
    return tuple(comma.join(each) for each in names)
