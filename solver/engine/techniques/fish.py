"""Fish: x-wing, swordfish and jellyfish.

For one digit, take ``n`` base lines (rows, or columns) whose places for the
digit lie, all together, in ``n`` cover lines (columns, or rows). Each base
line must hold the digit once, and no two of them can hold it in the same
cover line, so the ``n`` digits of the base lines fill the ``n`` cover lines:
no other cell of a cover line can hold the digit.

Each base line holds the digit in 2 to ``n`` places: a line with one place
is a hidden single, and a line with none has the digit placed already. An
x-wing of two rows is also an x-wing of the other seven columns on a 9x9
board; only the smaller fish (``n`` at most 4) is searched, in rows and in
columns alike.

The places of a digit in a line are a mask over the line's positions, which
are the numbers of the crossing lines (less one): the search for base lines
is a search for ``n`` masks whose union has ``n`` members.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from types import MappingProxyType

from ..board import Unit
from ..marks import Marks, Mask
from ..steps import Candidate, Pattern, Step

SIZE_NAMES = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}
CROSSING = {"row": "column", "column": "row"}


def find_x_wings(marks: Marks) -> Iterator[Step]:
    """Every x-wing on the board that eliminates a candidate."""
    return _fish(marks, 2)


def find_swordfish(marks: Marks) -> Iterator[Step]:
    """Every swordfish on the board that eliminates a candidate."""
    return _fish(marks, 3)


def find_jellyfish(marks: Marks) -> Iterator[Step]:
    """Every jellyfish on the board that eliminates a candidate."""
    return _fish(marks, 4)


def _fish(marks: Marks, n: int) -> Iterator[Step]:
    """The fish of ``n`` base lines, digit by digit, rows as base lines first."""
    size = marks.shape.size
    rows, columns = marks.shape.units[:size], marks.shape.units[size : 2 * size]
    for digit in range(1, size + 1):
        for lines, crossing in ((rows, columns), (columns, rows)):
            places = [_places(marks, line, digit) for line in lines]
            eligible = [i for i, mask in enumerate(places) if 2 <= mask.bit_count() <= n]
            for chosen in _bases([places[i] for i in eligible], n):
                base = tuple(eligible[i] for i in chosen)
                step = _step(marks, digit, lines, crossing, places, base)
                if step is not None:
                    yield step


def _places(marks: Marks, line: Unit, digit: int) -> Mask:
    """The positions in ``line`` where ``digit`` is a candidate, as a mask."""
    bit = 1 << (digit - 1)
    mask = 0
    for i, cell in enumerate(line.cells):
        if marks.candidates[cell] & bit:
            mask |= 1 << i
    return mask


def _bases(masks: Sequence[Mask], n: int) -> Iterator[tuple[int, ...]]:
    """The indices of every ``n`` masks whose union has exactly ``n`` members;
    a branch stops as soon as its union has more."""

    def extend(start: int, chosen: tuple[int, ...], union: Mask) -> Iterator[tuple[int, ...]]:
        if len(chosen) == n:
            if union.bit_count() == n:
                yield chosen
            return
        for i in range(start, len(masks) - (n - len(chosen)) + 1):
            grown = union | masks[i]
            if grown.bit_count() <= n:
                yield from extend(i + 1, (*chosen, i), grown)

    return extend(0, (), 0)


def _positions(mask: Mask) -> tuple[int, ...]:
    """The positions (from 0) of a mask's members, smallest first."""
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)


def _step(
    marks: Marks,
    digit: int,
    lines: Sequence[Unit],
    crossing: Sequence[Unit],
    places: Sequence[Mask],
    base: tuple[int, ...],
) -> Step | None:
    """The step of the fish on ``base`` (indices of ``lines``), or None if it
    eliminates nothing: the digit leaves the cover lines outside the base."""
    union = 0
    for i in base:
        union |= places[i]
    cover = _positions(union)
    eliminations: tuple[Candidate, ...] = tuple(
        sorted(
            (lines[i].cells[j], digit)
            for i, mask in enumerate(places)
            if i not in base and mask & union
            for j in _positions(mask & union)
        )
    )
    if not eliminations:
        return None
    cells = tuple(sorted(lines[i].cells[j] for i in base for j in _positions(places[i])))
    base_units = tuple(lines[i] for i in base)
    cover_units = tuple(crossing[j] for j in cover)
    kind = base_units[0].kind
    technique = SIZE_NAMES[len(base)]
    params = {
        "digit": digit,
        "base": (kind, tuple(u.number for u in base_units)),
        "cover": (CROSSING[kind], tuple(u.number for u in cover_units)),
        "n": len(base),
    }
    return Step(
        technique,
        eliminations=eliminations,
        pattern=Pattern(cells=cells, units=base_units + cover_units, digits=(digit,)),
        message=technique,
        params=MappingProxyType(params),
    )


# Smaller fish first: fewer lines to see at once.
TECHNIQUES: dict[str, Callable[[Marks], Iterator[Step]]] = {
    "x-wing": find_x_wings,
    "swordfish": find_swordfish,
    "jellyfish": find_jellyfish,
}
