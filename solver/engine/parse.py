"""Reading a puzzle from text.

First the puzzle is taken out of its container (``formats``): a UTF-8
byte-order mark is dropped; lines starting with ``#`` are comments (SadMan
``.sdk`` metadata such as ``#A author``); of ``[Name]`` sections only
``[Puzzle]`` is read (without one, the lines before the first section); a
link or query string with ``bd=``, ``s=`` or ``puzzle=`` after ``?`` or
``&`` (SudokuWiki, Sudoku Exchange, this site) stands for that parameter's
value, percent-decoded; an array as programs print one (``[[5,3,0,...],...]``,
LeetCode's ``[["5","3","."...],...]``) has its brackets and quotes read as
spaces. Full-width digits and marks, as typed with Chinese
and Japanese input methods, read as ASCII.

What is left is read row by row from the top left, as the first of these
that fits (9x9 examples; every size from 4x4 to 25x25 reads the same way):

1. a table copied from a spreadsheet: N lines that each split on tabs into
   exactly N fields, N the side of a board. Each field is one cell: a
   symbol, a number up to N, or empty (two tabs in a row) for an empty cell.
   The same with commas, as a spreadsheet saves CSV, when a field is empty;
2. numbers separated by commas or whitespace (``0``, ``.``, ``-`` or ``_``
   for empty), as large boards are often written: ``12, 0, 7, ...``, or
   ``4,0,0,0,3,0,0,0,0`` a row a line. Only when the text holds nothing
   else, no number above 25, and a comma or a number of two digits;
3. symbols, one per cell: digits ``1`` to ``9`` and, on boards larger than
   9x9, letters (``A`` = 10, ``B`` = 11, ... ``G`` = 16, ... ``P`` = 25,
   either case) are givens; ``.``, ``0``, ``-`` and ``_`` are empty cells;
   whitespace is ignored. So one line of 81 (``4...3....``, ``4---3----``),
   nine lines of nine, spaced out (``4 . . . 3 . . . .``), or a grid drawn
   with borders: ``+---+`` and ``|``, ``=`` lines, Sudoku Explainer's
   ``*-----------*`` and ``|4..|.3.|...|``, SimpleSudoku ``.ss`` files
   (``..4|.2.|...`` and ``-----------``), box-drawing characters (U+2500 to
   U+257F: ``┌───┬───┐``, ``│``, ``║``, ``═``). A line of border characters
   (``-`` ``+`` ``|`` ``=`` ``*`` ``:`` and box-drawing) and whitespace alone
   is skipped; on other lines ``|``, ``+`` and box-drawing characters
   separate cells. Lines of dashes, bars and whitespace alone are borders,
   or rows of empty cells when the other lines hold no cell, or hold a
   number of cells that makes no board while reading them as rows makes one.

Anything else is an error; a bad character is named with its line and
position in the text as given. Without a shape, the board's size follows
from the number of cells: 16 for 4x4, 36 for 6x6, 81 for 9x9, ... 625 for
25x25. Its boxes are the squarest that divide it (``board.box_shape``):
4x4 (boxes of 2x2), 6x6 (2x3), 8x8 (2x4), 9x9 (3x3), 10x10 (2x5), 12x12
(3x4), 15x15 (3x5), 16x16 (4x4), 20x20 (4x5), 25x25 (5x5), and so on for
every N from 4 to 25 but a prime, which has no boxes.
"""

from __future__ import annotations

import re
from functools import cache

from .board import MAX_SIZE, STANDARD, SYMBOLS, Grid, Shape, shape_for_cells
from .formats import SEPARATORS, Span, cell_rows, count_symbols, table_cells, unwrap
from .problems import InvalidPuzzle, Problem, gettext_noop

BLANKS = frozenset(".0-_")
# Full-width digits and marks, as typed with Chinese and Japanese input methods.
_FULL_WIDTH = str.maketrans("０１２３４５６７８９．｜－＋＿", "0123456789.|-+_")
MAX_REPORTED = 5  # past this many bad characters, a summary says how many more
# Numbers of one or two digits, or a blank, separated by commas or whitespace.
_NUMBERS = re.compile(r"[\s,]*(?:(?:\d{1,2}|[.\-_])(?:[\s,]+|\Z))*")
_SEPARATORS = re.compile(r"[\s,]+")


def parse_puzzle(text: str, shape: Shape | None = None) -> Grid:
    """The grid written in ``text``, for a board of the given shape (by default,
    of the size the text has, see the module's docstring).

    Raises ``InvalidPuzzle`` naming the position of every unexpected character
    (the first few, then how many more), or, when every character is fine,
    saying how many cells were found instead of N*N.
    """
    lines = unwrap(text.translate(_FULL_WIDTH))
    fields = table_cells(lines)
    if fields is not None:
        return _read_fields(fields, shape or shape_for_cells(len(fields)) or STANDARD)
    numbers = _numbers(lines)
    if numbers is not None:
        return _read_numbers(numbers, shape)
    rows = cell_rows(lines)
    if shape is None:
        shape = shape_for_cells(count_symbols(rows)) or STANDARD
    return _read_symbols(rows, shape)


def count_cells(text: str) -> int:
    """How many cells ``text`` writes, as ``parse_puzzle`` reads it: one per
    field of a table, one per number, or one per symbol (a bad character too,
    so that one typo does not change the board size)."""
    lines = unwrap(text.translate(_FULL_WIDTH))
    fields = table_cells(lines)
    if fields is not None:
        return len(fields)
    numbers = _numbers(lines)
    return len(numbers) if numbers is not None else count_symbols(cell_rows(lines))


def _numbers(lines: list[Span]) -> list[int] | None:
    """The numbers of a text written as numbers, or None if it is written in symbols."""
    text = "\n".join(line.text for line in lines)
    if not _NUMBERS.fullmatch(text):
        return None
    tokens = [token for token in _SEPARATORS.split(text) if token]
    if "," not in text and all(len(token) == 1 for token in tokens):
        return None  # symbols, perhaps spaced out
    numbers = [int(token) if token.isdigit() else 0 for token in tokens]
    # "12 34" on a 4x4 board is two pairs of symbols: no board has a digit 34.
    return numbers if max(numbers, default=0) <= MAX_SIZE else None


def _read_numbers(numbers: list[int], shape: Shape | None) -> Grid:
    """The grid of a puzzle written as numbers, checked against the shape."""
    shape = shape or shape_for_cells(len(numbers)) or STANDARD
    if len(numbers) != shape.cells:
        raise InvalidPuzzle([_wrong_count(len(numbers), shape)])
    bad = [
        _number_too_large(number, index, shape)
        for index, number in enumerate(numbers, 1)
        if number > shape.size
    ]
    if bad:
        raise InvalidPuzzle(_summarise(bad))
    return tuple(numbers)


def _read_symbols(rows: list[Span], shape: Shape) -> Grid:
    """The grid of a puzzle written one symbol per cell."""
    symbols = _symbol_values(shape.size)
    digits: list[int] = []
    bad: list[Problem] = []
    for row in rows:
        for index, char in enumerate(row.text, row.start + 1):
            if char in BLANKS:
                digits.append(0)
            elif char in symbols:
                digits.append(symbols[char])
            elif not (char.isspace() or char in SEPARATORS):
                bad.append(_bad_character(char, (row.line_number, index), shape))
    return _checked(digits, bad, shape)


def _read_fields(fields: list[Span], shape: Shape) -> Grid:
    """The grid of a table, one cell per field: empty, a symbol, or a number up to N."""
    symbols = _symbol_values(shape.size)
    digits: list[int] = []
    bad: list[Problem] = []
    for field in fields:
        text = field.text.strip()
        if not text or text in BLANKS:
            digits.append(0)
        elif text in symbols:
            digits.append(symbols[text])
        elif text.isascii() and text.isdigit() and int(text) <= shape.size:
            digits.append(int(text))
        else:
            position = field.start + field.text.index(text) + 1
            bad.append(_bad_character(text, (field.line_number, position), shape))
    return _checked(digits, bad, shape)


def _checked(digits: list[int], bad: list[Problem], shape: Shape) -> Grid:
    """The digits read as a grid; raises InvalidPuzzle for bad characters, else a wrong count."""
    if bad:
        raise InvalidPuzzle(_summarise(bad))
    if len(digits) != shape.cells:
        raise InvalidPuzzle([_wrong_count(len(digits), shape)])
    return tuple(digits)


def read_symbol(char: str, shape: Shape = STANDARD) -> int | None:
    """The digit one typed symbol stands for: 0 for blank, None if it is no symbol."""
    char = char.translate(_FULL_WIDTH)
    if char in BLANKS:
        return 0
    return _symbol_values(shape.size).get(char)


@cache
def _symbol_values(size: int) -> dict[str, int]:
    """Each symbol that may stand for a digit on an N x N board, with its value."""
    values = {symbol: digit for digit, symbol in enumerate(SYMBOLS[:size], 1)}
    values.update({s.lower(): d for s, d in values.items() if s.isalpha()})
    return values


def _digit_range(shape: Shape) -> str:
    """How the digits of this board are written, e.g. ``1-9`` or ``1-9, A-G``."""
    if shape.size <= 9:
        return f"1-{shape.size}"
    return f"1-9, A-{SYMBOLS[shape.size - 1]}"


def _bad_character(char: str, where: tuple[int | None, int], shape: Shape) -> Problem:
    """The problem of an unexpected character at (line or None, position)."""
    line, position = where
    shown = char if char.isprintable() else f"U+{ord(char):04X}"
    params = {"char": shown, "line": line, "position": position}
    params["digits"] = _digit_range(shape)
    if line is None:
        template = gettext_noop(
            "Unexpected character “%(char)s” at position %(position)s: use "
            "%(digits)s for givens and . or 0 for empty cells."
        )
    else:
        template = gettext_noop(
            "Unexpected character “%(char)s” at line %(line)s, position "
            "%(position)s: use %(digits)s for givens and . or 0 for empty cells."
        )
    return Problem("bad_character", template, params)


def _number_too_large(number: int, index: int, shape: Shape) -> Problem:
    """The problem of a number above N, written as the ``index``-th (from 1)."""
    template = gettext_noop(
        "Number %(number)s (number %(index)s in the list) is too large: a "
        "%(size)sx%(size)s puzzle uses 1 to %(size)s, and 0 or . for empty cells."
    )
    params = {"number": number, "index": index, "size": shape.size}
    return Problem("bad_character", template, params)


def _summarise(bad: list[Problem]) -> list[Problem]:
    """The first few bad-character problems, then one saying how many more."""
    if len(bad) <= MAX_REPORTED:
        return bad
    more = Problem(
        "bad_character",
        gettext_noop("… and %(count)s more unexpected characters."),
        {"count": len(bad) - MAX_REPORTED},
    )
    return [*bad[:MAX_REPORTED], more]


def _wrong_count(found: int, shape: Shape) -> Problem:
    """The problem of a puzzle with ``found`` cells instead of N*N."""
    code = "too_few_cells" if found < shape.cells else "too_many_cells"
    template = gettext_noop(
        "The puzzle has %(found)s cells; a %(size)sx%(size)s puzzle needs "
        "%(needed)s (one digit, . or 0 for each cell)."
    )
    params = {"found": found, "size": shape.size, "needed": shape.cells}
    return Problem(code, template, params)
