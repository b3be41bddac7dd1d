"""The entry grid's cells as the page names them: ``r1c1`` (row 1, column 1)
to ``r9c9`` on a 9x9 board, ``r16c16`` on a 16x16 one.

The names are the entry form's field names and the inputs' ``name`` attributes,
in the engine's cell order (row by row).
"""

from functools import cache

from ..engine import STANDARD, Shape


@cache  # one per board: few
def cell_names(board: Shape) -> tuple[str, ...]:
    """The field name of each cell of ``board``, in the engine's order."""
    side = range(1, board.size + 1)
    return tuple(f"r{row}c{col}" for row in side for col in side)


CELL_NAMES = cell_names(STANDARD)
