"""Memo: the parts of a finder's search that found nothing, kept for the next board.

The teacher asks every finder at every step, and a step changes few
candidates, so most of a finder's search covers parts of the board that
the last step left as they were. A finder that splits its search into
parts, each reading only its own view of the board (a digit's places, the
candidates of a unit, of a line and a box), keeps in a ``Nothing`` the last
view on which each part found nothing; on the next board a part whose view
is the same is skipped, since it would find nothing again.

Views are compared by value, never by a change counter or by identity: the
memo holds whoever changed the board and however (the candidates a person
brings included), and is only ever a shortcut to the answer the full
search gives. A part that found something is asked again, so the steps and
their order are exactly those of the search without the memo.

``planes`` gives each digit's places, the view of the single-digit
techniques, worked out once per board.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from functools import partial

from ..marks import Marks
from ..steps import Step


class Nothing:
    """For each part of one finder's search (a key such as a digit, with the
    board's shape), the last view of the board on which that part found
    nothing. An entry is replaced when the part finds nothing on another
    view, and is never wrong: a part is skipped only on an equal view."""

    def __init__(self) -> None:
        self.seen: dict[Hashable, Hashable] = {}
        _EVERY.append(self)

    def skips(self, part: Hashable, view: Hashable) -> bool:
        """True if ``part`` found nothing on a view equal to ``view``."""
        return self.seen.get(part) == view

    def remember(self, part: Hashable, view: Hashable) -> None:
        """Keep that ``part`` found nothing on ``view``."""
        self.seen[part] = view

    def search(
        self, part: Hashable, view: Hashable, find: Callable[[], Iterable[Step]]
    ) -> Iterator[Step]:
        """The steps of ``find()``, the part's search on ``view``: none if the
        part found none on an equal view before; remembered if it finds none."""
        if self.skips(part, view):
            return
        found = False
        for step in find():
            found = True
            yield step
        if not found:
            self.remember(part, view)


# Every memo made, for ``forget``.
_EVERY: list[Nothing] = []


def forget() -> None:
    """Empty every memo: the next search of each finder is a full one (the
    tests compare the two)."""
    global _last_planes
    for nothing in _EVERY:
        nothing.seen.clear()
    _last_planes = None


def by_digit(
    marks: Marks, nothing: Nothing, search: Callable[[Marks, int], Iterable[Step]]
) -> Iterator[Step]:
    """The steps of ``search(marks, digit)``, digit by digit, for a search that
    reads only the digit's places: a digit is skipped while its places are
    those on which it last found nothing (``nothing``)."""
    board = marks.shape
    plane = planes(marks)
    for digit in range(1, board.size + 1):
        part = (board.box_rows, board.box_cols, digit)
        yield from nothing.search(part, plane[digit], partial(search, marks, digit))


_last_planes: tuple[tuple[int, ...], tuple[int, ...]] | None = None


def planes(marks: Marks) -> tuple[int, ...]:
    """For each digit (index 1..N, 0 unused), the cells holding it as a cell
    set (bit c for cell c). The last board's are kept: the finders asked in
    turn on one board share them."""
    global _last_planes
    key = (marks.shape.box_rows, marks.shape.box_cols, *marks.candidates)
    last = _last_planes  # one read: another thread may replace it meanwhile
    if last is not None and last[0] == key:
        return last[1]
    found = [0] * (marks.shape.size + 1)
    for cell, mask in enumerate(marks.candidates):
        while mask:
            low = mask & -mask
            found[low.bit_length()] |= 1 << cell
            mask ^= low
    result = tuple(found)
    _last_planes = (key, result)
    return result
