"""Reading a puzzle from text.

The format: one symbol per cell, row by row. Digits ``1`` to ``9`` (and, on
boards larger than 9x9, letters: ``A`` = 10 ... ``P`` = 25, either case) are
givens; ``.`` or ``0`` is an empty cell. Whitespace and the grid-drawing
characters ``|``, ``-`` and ``+`` are ignored, so a puzzle may be one line of
81 symbols, nine lines of nine, or a drawn grid. Anything else is an error.
"""

from __future__ import annotations

from functools import cache

from .board import STANDARD, SYMBOLS, Grid, Shape
from .problems import InvalidPuzzle, Problem, gettext_noop

BLANKS = frozenset(".0")
GRID_ART = frozenset("|-+")
# Full-width digits and stops, as typed with Chinese and Japanese input methods.
_FULL_WIDTH = str.maketrans("０１２３４５６７８９．｜－＋", "0123456789.|-+")
MAX_REPORTED = 5  # past this many bad characters, a summary says how many more


def parse_puzzle(text: str, shape: Shape = STANDARD) -> Grid:
    """The grid written in ``text``, for a board of the given shape.

    Raises ``InvalidPuzzle`` naming the position of every unexpected character
    (the first few, then how many more), or, when every character is fine,
    saying how many cells were found instead of N*N.
    """
    symbols = _symbol_values(shape.size)
    digits: list[int] = []
    bad: list[Problem] = []
    lines = text.translate(_FULL_WIDTH).splitlines()
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
