"""Reading: a source of lines, and the entries (puzzles as read) in it.

One puzzle or many: the input is one puzzle written over several lines when
its first puzzle line is drawn (holds ``|`` or ``+``, or only ``-``), or holds
one row of a board rather than a whole board (9 cells, 25 cells, ...), or
when the input is exactly 16 lines of 16 cells (one 16x16 board, not sixteen
4x4 ones). Otherwise every line is a puzzle: always so when the first is a
link (``http...``) or an f-puzzles payload (``fpuzzles...``), whose
characters say nothing of drawn grids. Cells are counted as the parser
reads them (``count_cells``). Blank lines and lines starting with ``#`` are
skipped either way.

Memory stays bounded however long the input: lines are read one at a time,
none longer than ``MAX_LINE``, and a puzzle over several lines is at most
``MAX_PUZZLE`` characters.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import chain, count, islice
from typing import BinaryIO

from solver.engine import count_cells
from solver.engine.board import shape_for_cells

MAX_LINE = 64 * 1024  # bytes in one line of input, newline included
MAX_PUZZLE = 64 * 1024  # characters in one puzzle written over several lines


class InputError(Exception):
    """The input cannot be read as puzzles: a missing file, bytes that are not UTF-8, ..."""


class Source:
    """The lines of a binary stream, decoded as UTF-8, with a count of the bytes read.

    ``size`` is the stream's length in bytes when it is a regular file, else
    None. A line that is not UTF-8, or longer than ``MAX_LINE`` bytes, ends the
    lines early and is recorded in ``error``; every line before it is read.
    Closing the source closes the stream unless it is standard input.
    """

    def __init__(self, stream: BinaryIO, name: str, owned: bool = True):
        self.stream, self.name, self.owned = stream, name, owned
        self.size = _file_size(stream)
        self.bytes_read = 0
        self.error: InputError | None = None

    def lines(self) -> Iterator[str]:
        """Each line as text, newline included, read only when asked for."""
        for number in count(1):
            raw = self.stream.readline(MAX_LINE + 1)
            if not raw:
                return
            self.bytes_read += len(raw)
            text = self._decode(raw, number)
            if text is None:
                return
            yield text

    def _decode(self, raw: bytes, number: int) -> str | None:
        """The line as text; None, with ``error`` set, when it cannot be one."""
        if len(raw) > MAX_LINE:
            self.error = InputError(
                f"{self.name}, line {number}: longer than {MAX_LINE:,} bytes; "
                "is this a file of puzzles?"
            )
            return None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            self.error = InputError(
                f"{self.name}, line {number}: not UTF-8 text "
                f"(byte 0x{raw[error.start]:02x} at position {error.start + 1})."
            )
            return None
        # Some editors start a UTF-8 file with a byte-order mark.
        return text.removeprefix("\ufeff") if number == 1 else text

    def __enter__(self) -> Source:
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self.owned:
            self.stream.close()


def open_input(name: str, stdin: BinaryIO | None = None) -> Source:
    """The source named on the command line: a file, or ``-`` for standard input.

    Raises InputError saying why when the file cannot be opened.
    """
    if name == "-":
        return Source(stdin or sys.stdin.buffer, "standard input", owned=False)
    try:
        stream = open(name, "rb")  # noqa: SIM115 (the Source closes it)
    except OSError as error:
        raise InputError(f"Cannot read {name}: {error.strerror}.") from None
    return Source(stream, name)


def _file_size(stream: BinaryIO) -> int | None:
    """The length of a stream that is a regular file, else None (pipes, terminals)."""
    try:
        status = os.fstat(stream.fileno())
    except (OSError, ValueError):
        return None
    return status.st_size if stat.S_ISREG(status.st_mode) else None


@dataclass(frozen=True)
class Entry:
    """One puzzle as read: its text and the number (from 1) of the line it starts on."""

    line: int
    text: str


def read_entries(lines: Iterable[str]) -> Iterator[Entry]:
    """The puzzles of ``lines``, each yielded as soon as it is read.

    The module's docstring says when the lines are one puzzle or many. To
    decide, at most 17 puzzle lines are read ahead. Raises InputError when one
    puzzle written over several lines is longer than ``MAX_PUZZLE`` characters.
    """
    content = puzzle_lines(lines)
    head = list(islice(content, 1))
    if not head:
        return
    first = head[0][1]
    cells = count_cells(first)
    if _links(first):
        yield from (Entry(number, text) for number, text in chain(head, content))
        return
    if _draws(first) or (_is_side(cells) and not _is_board(cells)):
        yield _one_puzzle(head, content)
        return
    if _is_side(cells):  # 16 cells: a whole 4x4 board, or one row of a 16x16
        head += islice(content, cells)
        if len(head) == cells and all(count_cells(text) == cells for _, text in head):
            yield _one_puzzle(head, content)
            return
    for number, text in chain(head, content):
        yield Entry(number, text)


def puzzle_lines(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """(line number, stripped text) of each line that is neither blank nor a comment."""
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if text and not text.startswith("#"):
            yield number, text


def _one_puzzle(head: list[tuple[int, str]], rest: Iterable[tuple[int, str]]) -> Entry:
    """One entry of every puzzle line, ``head`` then ``rest``, joined by newlines."""
    texts = [text for _, text in head]
    length = sum(len(text) + 1 for text in texts)
    for _, text in rest:
        length += len(text) + 1
        if length > MAX_PUZZLE:
            raise InputError(
                "The input reads as one puzzle written over several lines (its first "
                f"puzzle line draws a grid or holds one row), but it is longer than "
                f"{MAX_PUZZLE:,} characters. To solve many puzzles, write one a line."
            )
        texts.append(text)
    return Entry(head[0][0], "\n".join(texts))


def _links(line: str) -> bool:
    """True if the line is a link or an f-puzzles payload: a puzzle of its own
    (a payload's base64 may hold ``+``, which a drawn grid holds too)."""
    return line.lower().startswith(("http://", "https://", "fpuzzles"))


def _draws(line: str) -> bool:
    """True if the line is part of a drawn grid: it holds ``|`` or ``+``, or is only dashes."""
    return "|" in line or "+" in line or set(line) <= {"-", " "}


def _is_side(cells: int) -> bool:
    """True if some board has rows of ``cells`` cells."""
    return shape_for_cells(cells * cells) is not None


def _is_board(cells: int) -> bool:
    """True if some board has ``cells`` cells in all."""
    return shape_for_cells(cells) is not None
