"""How a board's values are written on the site's pages: as the puzzle
formats write them (``1`` to ``9``, then ``A`` = 10 ... ``P`` = 25), or, on a
16x16 board, as hexadoku writes them: ``0`` to ``9`` then ``A`` to ``F``,
sixteen symbols with ``0`` the first value (so ``0`` is a value, never an
empty cell, and ``F`` is 16).

A writing is named in addresses (``&writing=hex``) and forms; "" is the
formats' own. The engine, the links' ``?puzzle=`` and the API always use
the formats' symbols: a writing is only how a page shows and reads cells.
"""

from __future__ import annotations

from ..engine import SYMBOLS, Grid, Shape

HEX = "hex"
HEX_SYMBOLS = "0123456789ABCDEF"
HEX_BLANKS = ".-_"  # hexadoku's empty cells: 0 is a value there
# Full-width digits, as CJK input methods type them.
_FULL_WIDTH = str.maketrans("０１２３４５６７８９", "0123456789")


def writing_of(value: object, board: Shape) -> str:
    """The writing ``value`` names for ``board``: HEX for ``"hex"`` on a 16x16
    board, else "" (the formats' own)."""
    return HEX if value == HEX and board.size == len(HEX_SYMBOLS) else ""


def symbols_of(board: Shape, writing: str = "") -> str:
    """The symbols of ``board``'s values in ``writing``, the value d's at d - 1."""
    return HEX_SYMBOLS if writing == HEX else SYMBOLS[: board.size]


def written(grid: Grid, writing: str = "", blank: str = ".") -> str:
    """``grid`` as one line in ``writing``, ``blank`` for an empty cell."""
    symbols = HEX_SYMBOLS if writing == HEX else SYMBOLS
    return "".join(symbols[digit - 1] if digit else blank for digit in grid)


def hex_value(text: str) -> int | None:
    """The value of one hexadoku symbol (``0`` is 1, ``f`` or ``F`` 16), 0 for
    an empty cell (nothing, ``.``, ``-`` or ``_``), None for anything else."""
    if not text or text in HEX_BLANKS:
        return 0
    symbol = text.translate(_FULL_WIDTH).upper()
    return HEX_SYMBOLS.index(symbol) + 1 if len(symbol) == 1 and symbol in HEX_SYMBOLS else None


def from_hex(text: str) -> str:
    """``text`` with each hexadoku symbol written as the formats write its
    value (``0`` as ``1`` ... ``F`` as ``G``), so the engine reads it; every
    other character kept."""
    return text.translate(_FROM_HEX)


_FROM_HEX = str.maketrans(
    HEX_SYMBOLS + "abcdef" + "０１２３４５６７８９",
    SYMBOLS[:16] + SYMBOLS[10:16] + SYMBOLS[:10],
)
