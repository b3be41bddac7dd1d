"""Formats: the puzzle taken out of the container people paste it in.

A pasted puzzle comes wrapped: in a link, in a file with metadata or
sections, in a table copied from a spreadsheet, in a grid drawn with
borders. This module takes the wrapping away and keeps, for each piece of
text left, where it was in the text as pasted, so that the parser can name
the line and position of a bad character. ``parse`` lists the formats
read; each function here states the rule it applies.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple
from urllib.parse import unquote_plus

from .board import shape_for_cells

# Box-drawing characters are U+2500 to U+257F: ─ │ ┌ ┼ ═ ║ ╬ ...
SEPARATORS = frozenset("|+") | frozenset(map(chr, range(0x2500, 0x2580)))
# The same sets as patterns, which scan a line many times faster than a loop.
_LAYOUT = re.compile(r"[\s|+\u2500-\u257f]")  # whitespace or a separator
_BORDER_LINE = re.compile(r"[\s|+\u2500-\u257f\-=*:]*")
_DASHES_LINE = re.compile(r"[\s|]*-[\s|\-]*")
_LINK = re.compile(r"[?&](?:bd|s|puzzle)=([^&#\s]*)")
_SECTION = re.compile(r"\s*\[([A-Za-z][\w ]*)\]\s*")
_ARRAY = re.compile(r"\s*\[\s*[\[\"'\d.]")  # "[[", '["' or "[4": an array, never a section
_ARRAY_MARKS = str.maketrans("[]\"'", "    ")


class Span(NamedTuple):
    """A piece of the pasted text: a line, or part of one.

    ``line_number`` counts from 1 (None when the text is one line, so
    positions need no line); ``start`` is the offset of the piece's first
    character in that line.
    """

    line_number: int | None
    start: int
    text: str


def unwrap(text: str) -> list[Span]:
    """The lines of ``text`` that may hold the puzzle, with their places.

    Dropped: a UTF-8 byte-order mark at the start, comment lines (``#``
    first, after any indent, as in SadMan ``.sdk`` metadata), and whatever
    ``_link`` or ``_puzzle_section`` leave out; ``_array`` blanks out the
    brackets and quotes of an array. Never fails; an empty list means
    nothing is left.
    """
    raw = text.removeprefix("\ufeff").splitlines()
    named = len(raw) > 1
    lines = [
        Span(number if named else None, 0, line)
        for number, line in enumerate(raw, 1)
        if not line.lstrip().startswith("#")
    ]
    return _array(_link(lines) or _puzzle_section(lines))


def _link(lines: list[Span]) -> list[Span]:
    """The puzzle in a link or query string, as the only line; [] if none.

    A parameter ``bd=``, ``s=`` or ``puzzle=`` right after ``?`` or ``&``
    holds the puzzle up to the next ``&``, ``#`` or whitespace; its value is
    decoded (``%2C`` is a comma, ``+`` a space). Of several, the longest
    value is the puzzle (a link may carry a short ``s=`` of its own).
    Positions past a percent escape count decoded characters.
    """
    found = [
        (match, line)
        for line in lines
        if "=" in line.text  # most texts are no links: skip the regular expression
        for match in _LINK.finditer(line.text)
    ]
    if not found:
        return []
    match, line = max(found, key=lambda pair: len(pair[0][1]))
    return [Span(line.line_number, line.start + match.start(1), unquote_plus(match[1]))]


def _puzzle_section(lines: list[Span]) -> list[Span]:
    """The lines of the puzzle in a text that may have ``[Name]`` sections.

    A line ``[Name]`` starts a section, as in SadMan's longer ``.sdk`` files.
    With a ``[Puzzle]`` section, only its lines are read; without one, only
    the lines before the first section. Other sections (``[State]``,
    ``[PencilMarks]``, ...) hold a player's progress, not the puzzle.
    """
    headers = [
        (index, found[1].strip().lower())
        for index, line in enumerate(lines)
        if "[" in line.text and (found := _SECTION.fullmatch(line.text))
    ]
    if not headers:
        return lines
    ends = [index for index, _ in headers[1:]] + [len(lines)]
    for (index, name), end in zip(headers, ends, strict=True):
        if name == "puzzle":
            return lines[index + 1 : end]
    return lines[: headers[0][0]]


def _array(lines: list[Span]) -> list[Span]:
    """The lines with brackets and quotes read as spaces, when they write an
    array as programs print one: ``[[5,3,0,...],...]``, or LeetCode's
    ``[["5","3","."...],...]``; the lines unchanged otherwise.

    Positions stay as they were, so errors still point into the text.
    """
    if not lines or not _ARRAY.match(lines[0].text):
        return lines
    return [line._replace(text=line.text.translate(_ARRAY_MARKS)) for line in lines]


def table_cells(lines: list[Span]) -> list[Span] | None:
    """The cells of a table copied from a spreadsheet, one field each; None
    if the lines are no such table.

    A table has N lines (blank ones aside) that each split on tabs into
    exactly N fields, N being the side of a board (4, 6, 8, 9, ... 25). An
    empty field is an empty cell, so a row of empty cells is N - 1 tabs. A
    spreadsheet saved as CSV is read the same way, split on commas, when
    some field is empty (``4,,,,3,,,,``); without one, a comma-separated
    text is a list of numbers.
    """
    for separator in ("\t", ","):
        fields = _table(lines, separator)
        if fields is not None and (separator == "\t" or any(not f.text.strip() for f in fields)):
            return fields
    return None


def _table(lines: list[Span], separator: str) -> list[Span] | None:
    """The fields of N lines of N fields split on ``separator``, or None."""
    if not any(separator in line.text for line in lines):
        return None
    rows = [line for line in lines if separator in line.text or line.text.strip()]
    size = len(rows)
    if not rows or shape_for_cells(size * size) is None:
        return None
    if any(row.text.count(separator) != size - 1 for row in rows):
        return None
    return [field for row in rows for field in _fields(row, separator)]


def _fields(row: Span, separator: str) -> Iterator[Span]:
    """The fields of a row, each with its place."""
    start = row.start
    for text in row.text.split(separator):
        yield Span(row.line_number, start, text)
        start += len(text) + 1


def cell_rows(lines: list[Span]) -> list[Span]:
    """The lines that hold cells: all but the border lines of a drawn grid.

    A border line holds only border characters and whitespace. A line of
    dashes, bars and whitespace alone (``---------``, ``--- | --- | ---``)
    may also be a row of empty cells written with ``-``: such lines are read
    as rows when the other lines hold no cell, or hold a number of cells
    that makes no board while reading them as rows makes one.
    """
    rows = [line for line in lines if not _is_border(line.text)]
    if not any(_is_dashes(line.text) for line in lines):
        return rows
    kept = count_symbols(rows)
    if kept and shape_for_cells(kept) is not None:
        return rows
    with_dashes = [line for line in lines if not _is_border(line.text) or _is_dashes(line.text)]
    if kept == 0 or shape_for_cells(count_symbols(with_dashes)) is not None:
        return with_dashes
    return rows


def count_symbols(rows: list[Span]) -> int:
    """How many cells rows of symbols hold: every character but whitespace
    and separators (a bad character too, so one typo keeps the board size)."""
    return sum(len(row.text) - len(_LAYOUT.findall(row.text)) for row in rows)


def _is_border(text: str) -> bool:
    """True if the line holds only border characters (``-`` ``+`` ``|`` ``=``
    ``*`` ``:`` and box-drawing) and whitespace."""
    return _BORDER_LINE.fullmatch(text) is not None


def _is_dashes(text: str) -> bool:
    """True if the line is dashes, bars and whitespace, with a dash: a border or a blank row."""
    return _DASHES_LINE.fullmatch(text) is not None
