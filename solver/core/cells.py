"""The entry grid's cells as the page names them: ``r1c1`` (row 1, column 1) to ``r9c9``.

The names are the entry form's field names and the inputs' ``name`` attributes,
in the engine's cell order (row by row).
"""

from ..engine import STANDARD

CELL_NAMES = tuple(
    f"r{row}c{col}" for row in range(1, STANDARD.size + 1) for col in range(1, STANDARD.size + 1)
)
