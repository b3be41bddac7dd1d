"""Reading a puzzle from text.

Two ways of writing a puzzle are read, row by row from the top left:

- symbols, one per cell: digits ``1`` to ``9`` and, on boards larger than
  9x9, letters (``A`` = 10, ``B`` = 11, ... ``G`` = 16, ... ``P`` = 25, either
  case) are givens; ``.`` or ``0`` is an empty cell. Whitespace and the
  grid-drawing characters ``|``, ``-`` and ``+`` are ignored, so a puzzle may
  be one line of 81 symbols, nine lines of nine, or a drawn grid;
- numbers separated by commas or whitespace (``0`` or ``.`` for empty), as
  large boards are often written: ``12, 0, 7, ...``. The text is read this
  way when it holds only such numbers, none above 25, and at least one
  comma or one number of two digits.

Anything else is an error. Without a shape, the board's size follows from
the number of cells: 16 for 4x4, 36 for 6x6, 81 for 9x9, ... 625 for 25x25.
"""

from __future__ import annotations

import re
from functools import cache

from .board import MAX_SIZE, STANDARD, SYMBOLS, Grid, Shape, shape_for_cells
from .problems import InvalidPuzzle, Problem, gettext_noop

BLANKS = frozenset(".0")
GRID_ART = frozenset("|-+")
# Full-width digits and stops, as typed with Chinese and Japanese input methods.
_FULL_WIDTH = str.maketrans("０１２３４５６７８９．｜－＋", "0123456789.|-+")
MAX_REPORTED = 5  # past this many bad characters, a summary says how many more
_NUMBER = re.compile(r"\d{1,2}|\.")
_SEPARATORS = re.compile(r"[\s,]+")


def parse_puzzle(text: str, shape: Shape | None = None) -> Grid:
    """The grid written in ``text``, for a board of the given shape (by default,
    of the size the text has, see the module's docstring).

    Raises ``InvalidPuzzle`` naming the position of every unexpected character
    (the first few, then how many more), or, when every character is fine,
    saying how many cells were found instead of N*N.
    """
    text = text.translate(_FULL_WIDTH)
    numbers = _numbers(text)
    if numbers is not None:
        return _read_numbers(numbers, shape)
    if shape is None:
        shape = shape_for_cells(_count_symbols(text)) or STANDARD
    return _read_symbols(text, shape)


def count_cells(text: str) -> int:
    """How many cells ``text`` writes, as ``parse_puzzle`` reads it: one per
    number, or one per character that is neither whitespace nor grid art
    (a bad character too, so that one typo does not change the board size)."""
    text = text.translate(_FULL_WIDTH)
    numbers = _numbers(text)
    return len(numbers) if numbers is not None else _count_symbols(text)


def _numbers(text: str) -> list[int] | None:
    """The numbers of a text written as numbers, or None if it is written in symbols."""
    tokens = [token for token in _SEPARATORS.split(text) if token]
    if not all(_NUMBER.fullmatch(token) for token in tokens):
        return None
    if "," not in text and all(len(token) == 1 for token in tokens):
        return None  # symbols, perhaps spaced out
    numbers = [0 if token == "." else int(token) for token in tokens]
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


def _count_symbols(text: str) -> int:
    """How many cells a text written in symbols has, bad characters included."""
    return sum(1 for char in text if not (char.isspace() or char in GRID_ART))


def _read_symbols(text: str, shape: Shape) -> Grid:
    """The grid of a puzzle written one symbol per cell."""
    symbols = _symbol_values(shape.size)
    digits: list[int] = []
    bad: list[Problem] = []
    lines = text.splitlines()
    for line_number, line in enumerate(lines, 1):
        for position, char in enumerate(line, 1):
            if char in BLANKS:
                digits.append(0)
            elif char in symbols:
                digits.append(symbols[char])
            elif not (char.isspace() or char in GRID_ART):
                where = (line_number if len(lines) > 1 else None, position)
                bad.append(_bad_character(char, where, shape))
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
