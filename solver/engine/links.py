"""Links: puzzles carried whole in f-puzzles and SudokuPad links, read and written.

f-puzzles keeps a puzzle in its link: ``https://f-puzzles.com/?load=`` then
the payload, the puzzle's JSON (``fpuzzles``) packed by lz-string's
``compressToBase64``. SudokuPad carries the same payload after ``fpuzzles``
(``sudokupad.app/fpuzzles<payload>``, ``…/?puzzleid=fpuzzles<payload>``, and
the same on ``app.crackingthecryptic.com``). A bare payload reads too: it
starts ``N4Ig``, as every packed JSON object does.

A text is a link when it starts with one (after whitespace); any other text
is left to the givens' parser. Lenient about how links travel: ``+``
arriving as a space, percent escapes (escaped twice too), line breaks
inside, missing or extra ``=`` padding, ``https:/`` with one slash, no
scheme, ``www.``.

Refused, one ``Problem`` each (the codes are stable), beside the puzzle's
own problems (``fpuzzles``: ``bad_link``, ``unsupported_rule``) and its
rule set's (``rule_set``):

- ``bad_link``: the link holds no payload, or one that does not unpack to a
  JSON object (``params["part"]``: ``"load"`` or ``"puzzleid"``);
- ``needs_network``: a short link (``f-puzzles.com/?id=``, a SudokuPad id,
  TinyURL) whose puzzle lies on another server (``params["site"]``);
- ``unsupported_rule``: SudokuPad's own formats (``params["rule"]``:
  ``"scl"``, ``"ctc"``, ``"scf"``, ``"classic"``);
- ``too_long``: a link over ``MAX_LINK`` characters, or a payload that
  unpacks to more than ``MAX_JSON`` (``params["most"]``), found out before
  any of it is unpacked: lz-string can grow a few kilobytes into gigabytes.

Written: ``fpuzzles_payload``, ``fpuzzles_link`` (the payload
percent-quoted) and ``sudokupad_link``; each reads back as the same puzzle.
The payload is packed by ``packing.pack_base64``, the package's bytes at a
fraction of its time (every answer page and API reply carries a link).

Roads not taken: decoding with a decoder of the site's own, bounded as it
goes; the pinned ``py-lzstring`` decodes, and ``unpacked_length`` only
measures first (a test holds it to the library's lengths).
"""

from __future__ import annotations

import json
import re
from urllib.parse import quote, unquote

import lzstring

from .fpuzzles import fpuzzles_json, read_fpuzzles, unsupported
from .packing import pack_base64
from .problems import InvalidPuzzle, Problem, gettext_noop
from .puzzle import Puzzle

MAX_LINK = 200_000  # characters of a link, well above a 25x25 puzzle's payload
MAX_JSON = 1_000_000  # characters a payload may unpack to (lz-string can grow text quadratically)

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
# SudokuPad's inline formats other than f-puzzles', none read yet.
_SUDOKUPAD_FORMATS = ("scl", "ctc", "scf", "classic")

_TEMPLATES = {
    "bad_link": gettext_noop(
        "The link holds no puzzle that unpacks: it may be cut short. Copy the whole link again."
    ),
    "needs_network": gettext_noop(
        "This is a short link: its puzzle is kept on %(site)s, and this site works "
        "offline. Open it and paste the full link instead (f-puzzles: Export, "
        "then Open With Link)."
    ),
    "too_long": gettext_noop("The link is too long: at most %(most)s characters are read."),
}


def _fail(code: str, **params: object) -> InvalidPuzzle:
    """The exception for one problem of this module."""
    return InvalidPuzzle([Problem(code, _TEMPLATES[code], params)])


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
    raise _fail("bad_link", part="load")


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
            raise InvalidPuzzle([unsupported(prefix)])
    if not puzzle:
        raise _fail("bad_link", part="puzzleid")
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
    raise _fail("bad_link", part="load")


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


# Writing ---------------------------------------------------------------------


def fpuzzles_payload(puzzle: Puzzle) -> str:
    """The payload of a puzzle's f-puzzles link (lz-string base64, ``=`` padded)."""
    # ASCII only: lz-string packs 16-bit characters, and \u escapes are plain JSON.
    text = json.dumps(fpuzzles_json(puzzle), separators=(",", ":"))
    return pack_base64(text)


def fpuzzles_link(puzzle: Puzzle, payload: str | None = None) -> str:
    """The f-puzzles link that opens a puzzle (its payload percent-quoted);
    ``payload``, when given, is the puzzle's, packed once for both links."""
    return "https://f-puzzles.com/?load=" + quote(payload or fpuzzles_payload(puzzle), safe="")


def sudokupad_link(puzzle: Puzzle, payload: str | None = None) -> str:
    """The SudokuPad link that opens a puzzle (its payload as it is, in the path)."""
    return "https://sudokupad.app/fpuzzles" + (payload or fpuzzles_payload(puzzle))


__all__ = [
    "MAX_JSON",
    "MAX_LINK",
    "fpuzzles_link",
    "fpuzzles_payload",
    "read_link",
    "sudokupad_link",
    "unpacked_length",
]
