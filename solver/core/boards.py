"""The boards a person may choose on the site's pages: every size the engine
reads, from 4x4 to 25x25 (each side but the primes, whose boxes would be
rows), named with their boxes' shape."""

from __future__ import annotations

from django.utils.translation import gettext

from ..engine import Shape
from ..engine.board import MAX_SIZE, MIN_SIZE, box_shape, shape

# Smallest first.
BOARDS = tuple(shape(*box_shape(side)) for side in range(MIN_SIZE, MAX_SIZE + 1) if box_shape(side))


BY_SIDE = {board.size: board for board in BOARDS}


def board_of_size(value: object) -> Shape | None:
    """The board whose side ``value`` names (``"16"``), when the engine reads
    one of that size (4 to 25, boxes of more than one row); else None."""
    text = str(value).strip()
    return BY_SIDE.get(int(text)) if text.isdigit() and len(text) <= 2 else None


def size_choices() -> list[tuple[int, str]]:
    """Each board's side and its name, with its boxes' shape ("6x6 (boxes
    2x3)", with multiplication signs), for a list to choose from."""
    name = gettext("%(size)s×%(size)s (boxes %(rows)s×%(columns)s)")
    return [
        (board.size, name % {"size": board.size, "rows": board.box_rows, "columns": board.box_cols})
        for board in BOARDS
    ]
