"""Links: puzzles carried whole in f-puzzles and SudokuPad links, read and written.

f-puzzles keeps a puzzle in its link: ``https://f-puzzles.com/?load=`` then
the payload, the puzzle's JSON packed by lz-string's ``compressToBase64``.
SudokuPad carries the same payload after ``fpuzzles`` (``sudokupad.app/
fpuzzles<payload>``, ``…/?puzzleid=fpuzzles<payload>``, and the same on
``app.crackingthecryptic.com``). A bare payload reads too: it starts
``N4Ig``, as every packed JSON object does.

Read (``read_link``): the board's ``size``; a cell's ``value`` when it is
``given`` (a value without it is a player's entry); each cell's ``region``,
a jigsaw when the regions are not the default boxes; ``diagonal-`` (top left
to bottom right), ``diagonal+``, ``antiknight``, ``antiking``,
``disjointgroups``, ``nonconsecutive``; ``extraregion`` (the four windows of
a windoku among them read as windoku, since f-puzzles has no key of its
own for it); ``title`` and ``author``. Drawings without meaning are ignored:
``text``, ``circle``, ``rectangle``, ``line``, cages without a number,
``ruleset``, ``solution``, colours and the player's pencil marks.

Refused, one ``Problem`` each (the codes are stable):

- ``bad_link``: the link holds no payload or one that does not unpack to a
  JSON object (``params["part"]``: ``"load"`` or ``"puzzleid"``), or a part
  of the puzzle is not as f-puzzles writes it (``"size"``, ``"grid"``, a
  cell such as ``"R3C4"``, ``"extraregion"``, a global rule's key);
- ``needs_network``: a short link (``f-puzzles.com/?id=``, a SudokuPad id,
  TinyURL) whose puzzle lies on another server (``params["site"]``);
- ``unsupported_rule``: every other key that holds something, by name
  (``params["rule"]``: ``killercage``, ``thermometer``, ...), a board this
  site has no boxes for (``"size"``), cells in no region (``"region"``), a
  ``cage`` with a number (it may be a sum), the setter's
  ``givenPencilMarks`` (they restrict a cell), and SudokuPad's own formats
  (``"scl"``, ``"ctc"``, ``"scf"``, ``"classic"``).
  An unknown key is refused as well: solving a puzzle as if one of its
  rules were absent would give a wrong answer;
- ``too_long``: a link over ``MAX_LINK`` characters, or a payload that unpacks
  to more than ``MAX_JSON`` (``params["most"]``).

Then ``rule_set`` checks the rules against the board (windoku without square
boxes, jigsaw regions of the wrong size ...) and raises its own problems.

A text is a link when it starts with one (after whitespace). Lenient about
how links travel: ``+`` arriving as a space, percent escapes (escaped
twice too), line breaks inside, missing or extra ``=`` padding, ``https:/``
with one slash, no scheme, ``www.``.

Written (``fpuzzles_payload``, ``fpuzzles_link``, ``sudokupad_link``): the
keys above only, so every rule set reads back as itself (extra regions that
are exactly a windoku's windows come back as windoku, the same rule).

Roads not taken: decoding with a decoder of the site's own, bounded as it
goes; the pinned ``py-lzstring`` decodes, and ``unpacked_length`` only
measures first (a test holds it to the library's lengths). Ignoring keys
not known here: a new f-puzzles rule would then be solved as if absent.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import cache
from urllib.parse import quote, unquote

import lzstring

from .board import box_shape
from .problems import InvalidPuzzle, Problem, gettext_noop
from .puzzle import Puzzle
from .rules import Rules, rule_set
from .rules import kinds as k

MAX_LINK = 200_000  # characters of a link, well above a 25x25 puzzle's payload
MAX_JSON = 1_000_000  # characters a payload may unpack to (lz-string can grow text quadratically)
MAX_NAME = 200  # characters kept of a title or author

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
# Each character's six bits, highest first; the "=" of padding holds none.
_BITS_OF = {c: f"{i:06b}" for i, c in enumerate(_ALPHABET)} | {"=": "000000"}
# The link's start: scheme (slashes collapsed or missing), www., then a host read here.
_LINK = re.compile(
    r"(?:https?:/{0,2})?(?:www\.)?"
    r"(f-puzzles\.com|sudokupad\.app|(?:app\.)?crackingthecryptic\.com|tinyurl\.com)"
    r"(?=[/?#]|$)(.*)",
    re.IGNORECASE | re.DOTALL,
)
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
# SudokuPad's inline formats other than f-puzzles', none read yet.
_SUDOKUPAD_FORMATS = ("scl", "ctc", "scf", "classic")

_TEMPLATES = {
    "bad_link": gettext_noop("The puzzle in the link is not as f-puzzles writes it (at %(part)s)."),
    "bad_payload": gettext_noop(
        "The link holds no puzzle that unpacks: it may be cut short. Copy the whole link again."
    ),
    "needs_network": gettext_noop(
        "This is a short link: its puzzle is kept on %(site)s, and this site works "
        "offline. Open it and paste the full link instead (f-puzzles: Export, "
        "then Open With Link)."
    ),
    "unsupported_rule": gettext_noop(
        "The puzzle uses %(rule)s, which this site does not solve yet; "
        "solving it without that rule would give a wrong answer."
    ),
    "unsupported_size": gettext_noop(
        "The board is %(size)sx%(size)s; this site solves boards with boxes, 4x4 to 25x25."
    ),
    "too_long": gettext_noop("The link is too long: at most %(most)s characters are read."),
}


def _problem(code: str, template: str | None = None, **params: object) -> Problem:
    """A problem of this module, its template named by ``template`` (``code`` if None)."""
    return Problem(code, _TEMPLATES[template or code], params)


def _fail(code: str, template: str | None = None, **params: object) -> InvalidPuzzle:
    """The exception for one problem."""
    return InvalidPuzzle([_problem(code, template, **params)])


# Reading ---------------------------------------------------------------------


def read_link(text: str) -> Puzzle | None:
    """The puzzle in an f-puzzles or SudokuPad link, or in a bare payload.

    None when ``text`` (stripped) starts with neither such a link nor a
    payload, so that other texts go to the givens' parser. Raises
    ``InvalidPuzzle`` when it does but cannot be read (see the module's
    codes), or when the rules do not fit the board (``rule_set``).
    """
    payload = _find_payload(text)
    if payload is None:
        return None
    return read_fpuzzles(_unpack(payload))


def _find_payload(text: str) -> str | None:
    """The payload a link carries, as it stands in the link (escapes and all).

    None when ``text`` is no link of these sites nor a bare payload; raises
    ``InvalidPuzzle`` for a link too long, a short link (``needs_network``),
    SudokuPad's other formats (``unsupported_rule``), or a link of these
    sites without a puzzle (``bad_link``).
    """
    start = text[:200].lstrip()  # enough to tell; a long text is not scanned
    if start.startswith(("N4Ig", "fpuzzlesN4Ig")):
        _check_length(text)
        return text.strip().removeprefix("fpuzzles")
    found = _LINK.match(start)
    if not found:
        return None
    _check_length(text)
    host, rest = found[1].lower(), _LINK.match(text.lstrip())[2]
    if host == "f-puzzles.com":
        return _fpuzzles_payload(rest)
    if host == "tinyurl.com":
        raise _fail("needs_network", site="tinyurl.com")
    return _sudokupad_payload(rest, host)


def _check_length(text: str) -> None:
    """Raise ``too_long`` for a link over ``MAX_LINK`` characters."""
    if len(text) > MAX_LINK:
        raise _fail("too_long", most=MAX_LINK)


def _fpuzzles_payload(rest: str) -> str:
    """The ``load=`` value of an f-puzzles link's query (``rest`` follows the host)."""
    query = rest.partition("?")[2].partition("#")[0]
    found = _param("load", query)
    if found is not None:
        return found
    if _param("id", query) is not None:
        raise _fail("needs_network", site="f-puzzles.com")
    raise _fail("bad_link", "bad_payload", part="load")


def _param(name: str, query: str) -> str | None:
    """The value of a query's parameter, as written (the payload's own "="
    padding stays in it); None when absent."""
    found = re.search(rf"(?:^|&){name}=([^&]*)", query)
    return found[1] if found else None


def _sudokupad_payload(rest: str, host: str) -> str:
    """The f-puzzles payload of a SudokuPad link: its ``puzzleid`` or its path."""
    path, _, query = rest.partition("#")[0].partition("?")
    found = _param("puzzleid", query)
    puzzle = (found or path.lstrip("/").removeprefix("sudoku/")).strip()
    if puzzle.lower().startswith("fpuzzles"):
        return puzzle[len("fpuzzles") :]
    for prefix in _SUDOKUPAD_FORMATS:
        # A short id may begin with the same letters; an inline puzzle is long.
        if puzzle.startswith(prefix) and len(puzzle) > 40:
            raise _fail("unsupported_rule", rule=prefix)
    if not puzzle:
        raise _fail("bad_link", "bad_payload", part="puzzleid")
    raise _fail("needs_network", site=host)


def _unpack(payload: str) -> dict:
    """The JSON object a payload packs, read leniently (see the module).

    Raises ``InvalidPuzzle``: ``bad_link`` when it does not unpack to a
    JSON object, ``too_long`` when it unpacks to more than ``MAX_JSON``
    characters (found out before any text is built).
    """
    for packed in _spellings(payload):
        length = unpacked_length(packed, MAX_JSON)
        if length is not None and length > MAX_JSON:
            raise _fail("too_long", most=MAX_JSON)
        found = _json_object(_decompressed(packed)) if length else None
        if found is not None:
            return found
    raise _fail("bad_link", "bad_payload", part="load")


def _decompressed(packed: str) -> str | None:
    """lz-string's text of ``packed``, None if corrupt."""
    try:
        return lzstring.decompress_from_base64(packed)
    except (IndexError, KeyError):  # py-lzstring 0.1.1 raises on a cut-short first character
        return None


def _spellings(payload: str) -> list[str]:
    """The payload in lz-string's alphabet, padded: a space read as the ``+`` it
    usually was and, failing that, as a line break."""
    text = payload
    for _ in range(3):  # escapes escaped again, as links pasted through forms are
        if "%" not in text:
            break
        text = unquote(text)
    text = re.sub(r"[\t\r\n\f\v]", "", text).strip().rstrip("=")
    found = []
    for spelling in dict.fromkeys((text.replace(" ", "+"), text.replace(" ", ""))):
        if spelling and all(c in _ALPHABET for c in spelling):
            found.append(spelling + "=" * (-len(spelling) % 4))
    return found


def _json_object(text: str | None) -> dict | None:
    """The JSON object ``text`` holds, or None."""
    try:
        found = json.loads(text) if text else None
    except (ValueError, RecursionError):  # ValueError covers JSONDecodeError
        return None
    return found if isinstance(found, dict) else None


def unpacked_length(packed: str, most: int) -> int | None:
    """How many characters lz-string's ``decompressFromBase64`` makes of
    ``packed``, counted without making them; the count stops once it passes
    ``most``. None when ``packed`` is corrupt or cut short.

    The decoder's dictionary grows by one entry per code, each entry a
    character longer than one before it, so a short text can unpack to a
    huge one; lengths alone cost a few integers per code.
    """
    bits = "".join(_BITS_OF[c] for c in packed)
    reader = _Bits(bits)
    first = reader.read(2)
    if first == 2:
        return 0
    if first > 2 or reader.read(8 if first == 0 else 16) is None:
        return None
    lengths, word, total, width, grow = [0, 0, 0, 1], 1, 1, 3, 4
    while total <= most:
        code = reader.read(width)
        if code is None:
            return None
        if code == 2:
            return total
        if code < 2:  # a new character: it becomes an entry of its own
            if reader.read(8 if code == 0 else 16) is None:
                return None
            lengths.append(1)
            code, grow = len(lengths) - 1, grow - 1
            width, grow = (width + 1, 2**width) if grow == 0 else (width, grow)
        if code > len(lengths):
            return None
        entry = lengths[code] if code < len(lengths) else word + 1
        total += entry
        lengths.append(word + 1)
        word, grow = entry, grow - 1
        width, grow = (width + 1, 2**width) if grow == 0 else (width, grow)
    return total


class _Bits:
    """lz-string's bits, least significant first within each code, from a
    string of the characters' bits (each character's highest bit first)."""

    def __init__(self, bits: str):
        self.bits, self.at = bits, 0

    def read(self, width: int) -> int | None:
        """The next ``width`` bits as a number; None past the end."""
        if self.at + width > len(self.bits):
            return None
        chunk = self.bits[self.at : self.at + width]
        self.at += width
        return int(chunk[::-1], 2)


# The f-puzzles JSON -----------------------------------------------------------


def read_fpuzzles(data: dict) -> Puzzle:
    """The puzzle an f-puzzles JSON object describes.

    Raises ``InvalidPuzzle``: ``bad_link`` for the first part not as
    f-puzzles writes it, else ``unsupported_rule`` for each rule not read
    here, else the rule set's own problems (``rule_set``).
    """
    size = data.get("size")
    if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= 100:
        raise _fail("bad_link", part="size")
    rows = _rows(data.get("grid"), size)
    if box_shape(size) is None:
        raise _fail("unsupported_rule", "unsupported_size", rule="size", size=size)
    grid = tuple(_given(cell, size, at) for at, cell in enumerate(rows))
    regions = [_region(cell, size, at) for at, cell in enumerate(rows)]
    chosen = _flags(data) + _extra(data.get("extraregion"), size)
    refused = _refused(data, rows)
    if None in regions:
        refused.append(_problem("unsupported_rule", rule="region"))
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
        raise _fail("bad_link", part="grid")
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
        raise _fail("bad_link", part=_cell_name(at, size))
    return value


def _region(cell: dict, size: int, at: int) -> int | None:
    """A cell's 0-based region (its default box when absent; None for none)."""
    if "region" not in cell:
        return _boxes(size)[at]
    region = cell["region"]
    if region is None:
        return None
    if not isinstance(region, int) or isinstance(region, bool) or not 0 <= region < size:
        raise _fail("bad_link", part=_cell_name(at, size))
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
            raise _fail("bad_link", part=key)
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
        raise _fail("bad_link", part="extraregion")
    return [k.Extra(tuple(tuple(_cell(c, size) for c in r["cells"]) for r in regions))]


def _cell(name: object, size: int) -> int:
    """The cell ``R{row}C{col}`` names (1-based, any case); ``bad_link`` if off the board."""
    found = _CELL.fullmatch(name) if isinstance(name, str) else None
    row, col = (int(found[1]), int(found[2])) if found else (0, 0)
    if not (1 <= row <= size and 1 <= col <= size):
        raise _fail("bad_link", part="extraregion")
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
    return [_problem("unsupported_rule", rule=str(key)[:40]) for key in refused]


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
    return data


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


def fpuzzles_payload(puzzle: Puzzle) -> str:
    """The payload of a puzzle's f-puzzles link (lz-string base64, ``=`` padded)."""
    # ASCII only: lz-string packs 16-bit characters, and \u escapes are plain JSON.
    text = json.dumps(fpuzzles_json(puzzle), separators=(",", ":"))
    return lzstring.compress_to_base64(text)


def fpuzzles_link(puzzle: Puzzle) -> str:
    """The f-puzzles link that opens a puzzle (its payload percent-quoted)."""
    return "https://f-puzzles.com/?load=" + quote(fpuzzles_payload(puzzle), safe="")


def sudokupad_link(puzzle: Puzzle) -> str:
    """The SudokuPad link that opens a puzzle (its payload as it is, in the path)."""
    return "https://sudokupad.app/fpuzzles" + fpuzzles_payload(puzzle)


__all__ = [
    "MAX_JSON",
    "MAX_LINK",
    "fpuzzles_json",
    "fpuzzles_link",
    "fpuzzles_payload",
    "read_fpuzzles",
    "read_link",
    "sudokupad_link",
    "unpacked_length",
]
