"""Memo: what the finders worked out on one board, kept for the next.

The teacher asks every finder at every step, and a step changes few
candidates, so most of what a finder works out is about parts of the board
the last step left as they were. Two kinds of memo keep it:

- ``Nothing``: a finder that splits its search into parts, each reading
  only its own view of the board (a digit's places, the candidates of a
  line and a box), keeps the last view on which each part found nothing;
  on the next board a part whose view is the same is skipped, since it
  would find nothing again. A part that found something is searched again.
- ``Kept``: what is worked out from a part's view (a unit's almost locked
  sets, the board's planes) is kept with the view, and given again while
  the view is the same.

Views are compared by value, never by a change counter or by identity: a
memo holds whoever changed the board and however (the candidates a person
brings included), and is only ever a shortcut to the answer worked out
afresh, so the steps and their order are exactly those of the finders
without it. Each memo holds one entry per part (the last view), so it stays
the size of a board. ``forget`` empties them all, for the tests that
compare the two.

``planes`` gives each digit's places, the view of the single-digit
techniques, worked out once per board.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from functools import partial
from typing import Generic, TypeVar

from ..board import Unit
from ..marks import Marks
from ..steps import Step

T = TypeVar("T")


class Kept(Generic[T]):
    """For each part (a key such as a unit's place, with the board's shape),
    the last view asked for and what was worked out from it; replaced when
    the part is asked on another view."""

    def __init__(self) -> None:
        self.last: dict[Hashable, tuple[Hashable, T]] = {}
        _EVERY.append(self)

    def get(self, part: Hashable, view: Hashable, work: Callable[[], T]) -> T:
        """What ``work()`` gives on ``view``: kept from the last time the part
        was asked, if on an equal view; else worked out and kept."""
        last = self.last.get(part)  # one read: another thread may replace it meanwhile
        if last is not None and last[0] == view:
            return last[1]
        found = work()
        self.last[part] = (view, found)
        return found

    def update(
        self,
        part: Hashable,
        view: Hashable,
        work: Callable[[tuple[Hashable, T] | None], T],
    ) -> T:
        """``get``, for a ``work`` that reuses what it can of the part's last
        (view, answer), given to it (None if there is none)."""
        last = self.last.get(part)
        if last is not None and last[0] == view:
            return last[1]
        found = work(last)
        self.last[part] = (view, found)
        return found


class Nothing:
    """For each part of one finder's search (a key such as a digit, with the
    board's shape), the last view of the board on which that part found
    nothing. An entry is replaced when the part finds nothing on another
    view, and is never wrong: a part is skipped only on an equal view."""

    def __init__(self) -> None:
        self.last: dict[Hashable, Hashable] = {}
        _EVERY.append(self)

    def skips(self, part: Hashable, view: Hashable) -> bool:
        """True if ``part`` found nothing on a view equal to ``view``."""
        return self.last.get(part) == view

    def remember(self, part: Hashable, view: Hashable) -> None:
        """Keep that ``part`` found nothing on ``view``."""
        self.last[part] = view

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
_EVERY: list[Kept | Nothing] = []


def forget() -> None:
    """Empty every memo: what each finder works out next is worked out afresh
    (the tests compare the two)."""
    for memo in _EVERY:
        memo.last.clear()


def by_digit(
    marks: Marks, nothing: Nothing, search: Callable[[Marks, int], Iterable[Step]]
) -> Iterator[Step]:
    """The steps of ``search(marks, digit)``, digit by digit, for a search that
    reads only the digit's places: a digit is skipped while its places are
    those on which it last found nothing (``nothing``)."""
    board = marks.shape
    plane = planes(marks)
    for digit in range(1, board.size + 1):
        part = (board.box_rows, board.box_cols, board.key, digit)
        yield from nothing.search(part, plane[digit], partial(search, marks, digit))


def by_unit(
    marks: Marks,
    nothing: Nothing,
    search: Callable[[Marks, Unit], Iterable[Step]],
    units: Iterable[int] | None = None,
) -> Iterator[Step]:
    """The steps of ``search(marks, unit)``, unit by unit (``units``: their
    places in ``shape.units``, in order; every unit by default), for a search
    that reads only the unit's candidates: a unit is skipped while they are
    the ones on which it last found nothing (``nothing``)."""
    board = marks.shape
    views = unit_views(marks)
    return searched(
        nothing,
        (
            (
                (board.box_rows, board.box_cols, board.key, number),
                views[number],
                board.units[number],
            )
            for number in (range(len(board.units)) if units is None else units)
        ),
        partial(search, marks),
    )


def searched(
    nothing: Nothing,
    parts: Iterable[tuple[Hashable, Hashable, T]],
    search: Callable[[T], Iterable[Step]],
) -> Iterator[Step]:
    """The steps of ``search(what)`` for each (part, view, what) of ``parts``
    in turn, a part skipped while its view is the one on which it last found
    nothing (``nothing``)."""
    for part, view, what in parts:
        if nothing.skips(part, view):
            continue
        found = False
        for step in search(what):
            found = True
            yield step
        if not found:
            nothing.remember(part, view)


_UNIT_VIEWS: Kept[tuple[tuple[int, ...], ...]] = Kept()


def unit_views(marks: Marks) -> tuple[tuple[int, ...], ...]:
    """For each unit (in the order of ``shape.units``), its cells'
    candidates; worked out once per board."""
    board = marks.shape
    view = tuple(marks.candidates)
    return _UNIT_VIEWS.get(
        (board.box_rows, board.box_cols, board.key), view, partial(_unit_views, marks)
    )


def _unit_views(marks: Marks) -> tuple[tuple[int, ...], ...]:
    """``unit_views``, worked out."""
    candidates = marks.candidates
    return tuple(tuple(candidates[c] for c in unit.cells) for unit in marks.shape.units)


_PLANES: Kept[tuple[int, ...]] = Kept()


def planes(marks: Marks) -> tuple[int, ...]:
    """For each digit (index 1..N, 0 unused), the cells holding it as a cell
    set (bit c for cell c). The last board's are kept: the finders asked in
    turn on one board share them."""
    board = marks.shape
    view = tuple(marks.candidates)
    return _PLANES.get((board.box_rows, board.box_cols, board.key), view, partial(_planes, marks))


def _planes(marks: Marks) -> tuple[int, ...]:
    """``planes``, worked out."""
    found = [0] * (marks.shape.size + 1)
    for cell, mask in enumerate(marks.candidates):
        while mask:
            low = mask & -mask
            found[low.bit_length()] |= 1 << cell
            mask ^= low
    return tuple(found)
