"""The f-puzzles puzzle: its JSON object read as a ``Puzzle``, and written.

f-puzzles describes a puzzle as one JSON object (its links pack it: see
``links``). Read (``read_fpuzzles``): the board's ``size``; a cell's
``value`` when it is ``given`` (a value without it is a player's entry);
each cell's ``region``, a jigsaw when the regions are not the default boxes
(for size n: height floor(sqrt(n)) reduced until it divides n, numbered from
0 left to right, top to bottom); ``diagonal-`` (top left to bottom right),
``diagonal+``, ``antiknight``, ``antiking``, ``disjointgroups``,
``nonconsecutive``, each true or absent; ``killercage`` (cells and a sum,
or none); ``extraregion`` (the four windows of
a windoku among them read as windoku, since f-puzzles has no key of its own
for it); ``title`` and ``author``, as plain text of ``MAX_NAME`` characters at
most. Drawings without meaning are ignored: ``text``, ``circle``,
``rectangle``, ``line``, cages without a number, ``ruleset``, ``solution``,
colours and the player's pencil marks.

Refused, one ``Problem`` each (the codes are stable):

- ``bad_link``: a part not as f-puzzles writes it, named by
  ``params["part"]``: ``"size"``, ``"grid"``, a cell such as ``"R3C4"``,
  ``"extraregion"``, a global rule's key. Only the first is named;
- ``unsupported_rule``: every other key that holds something, by name
  (``params["rule"]``: ``thermometer``, ``littlekillersum``, ``negative`` ...), a
  board this site has no boxes for (``"size"``, with ``params["size"]``),
  cells in no region (``"region"``), a ``cage`` with a number (it may be a
  sum), the setter's ``givenPencilMarks`` (they restrict a cell). An unknown
  key is refused as well: solving a puzzle as if one of its rules were
  absent would give a wrong answer.

Then ``rule_set`` checks the rules against the board (jigsaw regions of the
wrong size, disjoint groups beside jigsaw regions ...) and raises its own
problems.

Written (``fpuzzles_json``): the keys above only, so every rule set reads
back as itself (extra regions that are exactly a windoku's windows come back
as windoku, the same rule).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from .board import box_shape
from .problems import InvalidPuzzle, Problem, gettext_noop
from .puzzle import Puzzle
from .rules import Rules, cages, rule_set
from .rules import kinds as k

MAX_NAME = 200  # characters kept of a title or author

_CELL = re.compile(r"r(\d{1,3})c(\d{1,3})", re.IGNORECASE)

# f-puzzles' global rules, one kind each.
_FLAGS = {
    "diagonal-": k.Diagonal(True),
    "diagonal+": k.Diagonal(False),
    "antiknight": k.AntiKnight(),
    "antiking": k.AntiKing(),
    "disjointgroups": k.Disjoint(),
    "nonconsecutive": k.NonConsecutive(),
}
# Keys that draw or describe and hold no rule a solver could miss.
_IGNORED = frozenset(
    {
        "size",
        "grid",
        "extraregion",
        "killercage",
        "cage",  # a cage with a number is refused in ``_refused``
        "title",
        "author",
        "ruleset",
        "solution",
        "text",
        "circle",
        "rectangle",
        "line",
        "disabledlogic",
        "truecandidatesoptions",
    }
)

_TEMPLATES = {
    "bad_link": gettext_noop("The puzzle in the link is not as f-puzzles writes it (at %(part)s)."),
    "unsupported_rule": gettext_noop(
        "The puzzle uses %(rule)s, which this site does not solve yet; "
        "solving it without that rule would give a wrong answer."
    ),
    "unsupported_size": gettext_noop(
        "The board is %(size)sx%(size)s; this site solves boards with boxes, 4x4 to 25x25."
    ),
}


def unsupported(rule: str) -> Problem:
    """The ``unsupported_rule`` problem naming ``rule``."""
    return Problem("unsupported_rule", _TEMPLATES["unsupported_rule"], {"rule": rule})


def _bad(part: str) -> InvalidPuzzle:
    """The ``bad_link`` exception naming the part at fault."""
    return InvalidPuzzle([Problem("bad_link", _TEMPLATES["bad_link"], {"part": part})])


# Reading ---------------------------------------------------------------------


def read_fpuzzles(data: dict) -> Puzzle:
    """The puzzle an f-puzzles JSON object describes.

    Raises ``InvalidPuzzle``: ``bad_link`` for the first part not as
    f-puzzles writes it, else ``unsupported_rule`` for each rule not read
    here, else the rule set's own problems (``rule_set``).
    """
    size = data.get("size")
    if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= 100:
        raise _bad("size")
    rows = _rows(data.get("grid"), size)
    if box_shape(size) is None:
        template = _TEMPLATES["unsupported_size"]
        raise InvalidPuzzle([Problem("unsupported_rule", template, {"rule": "size", "size": size})])
    grid = tuple(_given(cell, size, at) for at, cell in enumerate(rows))
    regions = [_region(cell, size, at) for at, cell in enumerate(rows)]
    chosen = (
        _flags(data) + _extra(data.get("extraregion"), size) + _killer(data.get("killercage"), size)
    )
    refused = _refused(data, rows)
    if None in regions:
        refused.append(unsupported("region"))
    if refused:
        raise InvalidPuzzle(refused)
    if _partition(regions) != _partition(_boxes(size)):
        chosen.append(k.Jigsaw(tuple(regions)))
    rules = rule_set(size, _windows(chosen, size))
    return Puzzle(grid, rules, _name(data.get("title")), _name(data.get("author")))


def _rows(grid: object, size: int) -> list[dict]:
    """The grid's cells row by row; ``bad_link`` unless it is size x size objects."""
    if not (
        isinstance(grid, list)
        and len(grid) == size
        and all(isinstance(row, list) and len(row) == size for row in grid)
        and all(isinstance(cell, dict) for row in grid for cell in row)
    ):
        raise _bad("grid")
    return [cell for row in grid for cell in row]


def _cell_name(at: int, size: int) -> str:
    """A cell as f-puzzles names it, ``R1C1`` for the top left."""
    return f"R{at // size + 1}C{at % size + 1}"


def _given(cell: dict, size: int, at: int) -> int:
    """The digit given in a cell (0 for none); ``bad_link`` for one out of range."""
    if cell.get("given") is not True:
        return 0  # a value without "given" is a player's entry
    value = cell.get("value")
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= size:
        raise _bad(_cell_name(at, size))
    return value


def _region(cell: dict, size: int, at: int) -> int | None:
    """A cell's 0-based region (its default box when absent; None for none)."""
    if "region" not in cell:
        return _boxes(size)[at]
    region = cell["region"]
    if region is None:
        return None
    if not isinstance(region, int) or isinstance(region, bool) or not 0 <= region < size:
        raise _bad(_cell_name(at, size))
    return region


@cache
def _boxes(size: int) -> tuple[int, ...]:
    """The default box of every cell, numbered from 0 left to right, top to
    bottom (all 0 on a board without boxes, which is refused anyway)."""
    rows, cols = box_shape(size) or (size, size)
    return tuple(
        (at // size // rows) * (size // cols) + at % size // cols for at in range(size * size)
    )


def _partition(regions: Sequence[int | None]) -> list[int]:
    """The regions renumbered in order of first appearance: equal for equal divisions."""
    order: dict[int | None, int] = {}
    return [order.setdefault(r, len(order)) for r in regions]


def _flags(data: dict) -> list[k.Kind]:
    """The kinds of the global rules set to true (false, empty or absent: no
    rule); ``bad_link`` for one set to anything else."""
    chosen = []
    for key, kind in _FLAGS.items():
        value = data.get(key)
        if value is True:
            chosen.append(kind)
        elif not _empty(value):
            raise _bad(key)
    return chosen


def _empty(value: object) -> bool:
    """True for what f-puzzles writes for a rule it does not have."""
    return value in (None, False, [], {}, "")  # False == 0: a zero is no rule either


def _extra(regions: object, size: int) -> list[k.Kind]:
    """The extra regions as one kind ([] for none); ``bad_link`` when not a list
    of ``{"cells": [...]}`` of cells on the board."""
    if regions in (None, []):
        return []
    if not isinstance(regions, list) or not all(
        isinstance(r, dict) and isinstance(r.get("cells"), list) for r in regions
    ):
        raise _bad("extraregion")
    return [k.Extra(tuple(tuple(_cell(c, size) for c in r["cells"]) for r in regions))]


def _killer(found: object, size: int) -> list[k.Kind]:
    """The killer cages as one kind ([] for none); ``bad_link`` when not a list
    of ``{"cells": [...], "value": "<sum>"}`` (the sum a whole number, or absent)."""
    if found in (None, []):
        return []
    if not isinstance(found, list) or not all(
        isinstance(c, dict) and isinstance(c.get("cells"), list) and c["cells"] for c in found
    ):
        raise _bad("killercage")
    read = []
    for cage in found:
        value = cage.get("value")
        total = str(value).strip() if value not in (None, "") else ""
        if total and not (total.isascii() and total.isdigit() and len(total) <= 4):
            raise _bad("killercage")
        cells = tuple(_cell(c, size, "killercage") for c in cage["cells"])
        read.append(cages.Cage(cells, int(total) if total else None))
    return [cages.Killer(tuple(read))]


def _cell(name: object, size: int, part: str = "extraregion") -> int:
    """The cell ``R{row}C{col}`` names (1-based, any case); ``bad_link`` naming
    ``part`` if off the board."""
    found = _CELL.fullmatch(name) if isinstance(name, str) else None
    row, col = (int(found[1]), int(found[2])) if found else (0, 0)
    if not (1 <= row <= size and 1 <= col <= size):
        raise _bad(part)
    return (row - 1) * size + col - 1


def _windows(chosen: list[k.Kind], size: int) -> list[k.Kind]:
    """The kinds with a windoku's four windows, among the extra regions, read as windoku.

    Only with the boxes (not jigsaw regions), where ``rule_set`` accepts windoku."""
    extra = next((kind for kind in chosen if isinstance(kind, k.Extra)), None)
    if extra is None or any(isinstance(kind, k.Jigsaw) for kind in chosen):
        return chosen
    rows, cols = box_shape(size) or (0, 0)
    if rows != cols:
        return chosen
    windows = {u.cells for u in k.Windoku().units(k.Board(size, rows, cols))}
    found = {tuple(sorted(r)) for r in extra.regions}
    if not windows <= found:
        return chosen
    rest = tuple(r for r in extra.regions if tuple(sorted(r)) not in windows)
    others = [kind for kind in chosen if kind is not extra]
    return others + [k.Windoku()] + ([k.Extra(rest)] if rest else [])


def _refused(data: dict, rows: list[dict]) -> list[Problem]:
    """One ``unsupported_rule`` per key that holds a rule not read here."""
    refused = [
        key
        for key, value in data.items()
        if key not in _IGNORED and key not in _FLAGS and not _empty(value)
    ]
    if any(isinstance(c, dict) and c.get("value") not in (None, "") for c in _list(data, "cage")):
        refused.append("cage")  # a cage with a number may be a killer cage's sum
    if any(cell.get("givenPencilMarks") for cell in rows):
        refused.append("givenPencilMarks")  # the setter's candidates restrict the cell
    return [unsupported(str(key)[:40]) for key in refused]


def _list(data: dict, key: str) -> list:
    """``data[key]`` when it is a list, else []."""
    value = data.get(key)
    return value if isinstance(value, list) else []


def _name(value: object) -> str:
    """A title or author as plain text: control characters dropped, ``MAX_NAME`` at most."""
    if not isinstance(value, str):
        return ""
    # lz-string packs JavaScript's UTF-16: an emoji arrives as two surrogates.
    value = value[: 4 * MAX_NAME].encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return "".join(c for c in value if c.isprintable()).strip()[:MAX_NAME]


# Writing ---------------------------------------------------------------------


def fpuzzles_json(puzzle: Puzzle) -> dict:
    """The f-puzzles JSON object of a puzzle (windoku written as its four extra regions)."""
    rules, size = puzzle.rules, puzzle.rules.size
    regions = rules.jigsaw.regions if rules.jigsaw else (None,) * (size * size)
    cells = [
        _written_cell(digit, region) for digit, region in zip(puzzle.grid, regions, strict=True)
    ]
    data: dict = {"size": size, "title": puzzle.title, "author": puzzle.author}
    data["grid"] = [cells[r * size : (r + 1) * size] for r in range(size)]
    data.update({key: True for key, kind in _FLAGS.items() if kind in rules.kinds})
    extra = _written_regions(rules)
    if extra:
        data["extraregion"] = [{"cells": [_cell_name(c, size) for c in r]} for r in extra]
    killer = next((kind for kind in rules.kinds if isinstance(kind, cages.Killer)), None)
    if killer:
        data["killercage"] = [_written_cage(cage, size) for cage in killer.cages]
    return data


def _written_cage(cage: cages.Cage, size: int) -> dict:
    """One killer cage as f-puzzles writes it (the sum as a string, absent when none)."""
    written: dict = {"cells": [_cell_name(c, size) for c in cage.cells]}
    if cage.total is not None:
        written["value"] = str(cage.total)
    return written


def _written_cell(digit: int, region: int | None) -> dict:
    """One cell of the f-puzzles grid."""
    cell: dict = {"value": digit, "given": True} if digit else {}
    if region is not None:
        cell["region"] = region
    return cell


def _written_regions(rules: Rules) -> list[tuple[int, ...]]:
    """The extra regions f-puzzles gets: windoku's windows, then the extra regions."""
    found: list[tuple[int, ...]] = []
    for kind in rules.kinds:
        if isinstance(kind, k.Windoku):
            found += [u.cells for u in kind.units(rules.board)]
        elif isinstance(kind, k.Extra):
            found += list(kind.regions)
    return found


__all__ = ["MAX_NAME", "fpuzzles_json", "read_fpuzzles", "unsupported"]
