"""Fish: x-wing, swordfish and jellyfish, and the same with fins.

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

A finned fish has fins: places of its base lines outside its cover lines,
all in one box. Either a fin holds the digit, or the fish stands without
them; so the digit leaves only the cover lines' cells (off the base lines)
that see every fin, which are those in the fins' box. It is sashimi when a
base line keeps a single place in the cover (its other body cell is the
empty one in the fins' box): without the fins it would be no fish at all,
but the same reasoning holds. Two finned fish on the same base lines (two
covers, two sets of fins) are also said as one step, as HoDoKu's Siamese
fish.

Message ids: the technique id (``x-wing``, ``finned-swordfish``...), with
``/sashimi`` for a sashimi fish and ``/siamese`` for two on one base. Params:
``digit``; ``base`` and ``cover`` as ``(kind, numbers)``; ``n`` (2 to 4);
for finned fish ``fins`` (cells); a Siamese step has ``covers`` and ``fins``
in twos.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import combinations
from types import MappingProxyType

from ..board import Unit
from ..levels import Level
from ..marks import Marks, Mask
from ..steps import Candidate, Pattern, Step, Technique
from .memo import Nothing, by_digit
from .unions import exactly

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


# What each size of fish, basic and finned, found nothing in: a digit's
# fish read only its places (``memo``).
_NOTHING = {n: Nothing() for n in SIZE_NAMES}
_NOTHING_FINNED = {n: Nothing() for n in SIZE_NAMES}


def _fish(marks: Marks, n: int) -> Iterator[Step]:
    """The fish of ``n`` base lines, digit by digit, rows as base lines first."""
    return by_digit(marks, _NOTHING[n], partial(_fish_of, n=n))


def _fish_of(marks: Marks, digit: int, n: int) -> Iterator[Step]:
    """The fish of ``n`` base lines on ``digit``, rows as base lines first."""
    size = marks.shape.size
    rows, columns = marks.shape.units[:size], marks.shape.units[size : 2 * size]
    for lines, crossing in ((rows, columns), (columns, rows)):
        places = [_places(marks, line, digit) for line in lines]
        eligible = [i for i, mask in enumerate(places) if 2 <= mask.bit_count() <= n]
        for chosen in exactly([places[i] for i in eligible], n):
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


def _positions(mask: Mask) -> tuple[int, ...]:
    """The positions (from 0) of a mask's members, smallest first."""
    found = _POSITIONS.get(mask)
    if found is None:
        positions = []
        rest = mask
        while rest:
            low = rest & -rest
            positions.append(low.bit_length() - 1)
            rest ^= low
        if len(_POSITIONS) > 1 << 16:  # a big board's masks are many: keep a few
            _POSITIONS.clear()
        found = _POSITIONS[mask] = tuple(positions)
    return found


# The positions of the masks met so far (a 9x9 board's lines have 512).
_POSITIONS: dict[Mask, tuple[int, ...]] = {}


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


def find_finned_x_wings(marks: Marks) -> Iterator[Step]:
    """Every finned (or sashimi) x-wing on the board that eliminates a candidate."""
    return _finned_fish(marks, 2)


def find_finned_swordfish(marks: Marks) -> Iterator[Step]:
    """Every finned (or sashimi) swordfish on the board that eliminates a candidate."""
    return _finned_fish(marks, 3)


def find_finned_jellyfish(marks: Marks) -> Iterator[Step]:
    """Every finned (or sashimi) jellyfish on the board that eliminates a candidate."""
    return _finned_fish(marks, 4)


def _finned_fish(marks: Marks, n: int) -> Iterator[Step]:
    """The finned fish of ``n`` base lines, digit by digit, rows as base lines
    first; then, where two share their base lines, the two as one (Siamese)."""
    return by_digit(marks, _NOTHING_FINNED[n], partial(_finned_fish_of, n=n))


def _finned_fish_of(marks: Marks, digit: int, n: int) -> Iterator[Step]:
    """The finned fish of ``n`` base lines on ``digit``, rows as base lines
    first; then, where two share their base lines, the two as one (Siamese).

    The fins lie in one box, so in one segment of the base lines (the part of
    a line in one box): for each segment, the base lines are ``n`` lines whose
    places outside it lie in at most ``n`` cover lines, a search like the
    basic fish's."""
    size = marks.shape.size
    rows, columns = marks.shape.units[:size], marks.shape.units[size : 2 * size]
    for lines, crossing in ((rows, columns), (columns, rows)):
        places = [_places(marks, line, digit) for line in lines]
        found: dict[tuple[int, ...], list[Step]] = {}
        for segment in _segments(marks, lines[0]):
            boxes = _boxes_along(marks, lines, segment)
            outside = [mask & ~segment for mask in places]
            eligible = [
                i
                for i, mask in enumerate(places)
                if mask.bit_count() >= 2 and outside[i].bit_count() <= n
            ]
            for chosen in exactly([outside[i] for i in eligible], n, at_most=True):
                base = tuple(eligible[i] for i in chosen)
                for cover, fins in _covers(places, base, n, segment, boxes):
                    fish = Fish(digit, lines, crossing, base, cover, fins)
                    step = _finned_step(marks, places, fish)
                    found.setdefault(base, []).append(step)
                    yield step
        for steps in found.values():
            for one, two in combinations(steps, 2):
                if one.eliminations != two.eliminations:
                    yield _siamese(one, two)


def _segments(marks: Marks, line: Unit) -> tuple[Mask, ...]:
    """The positions of a line, as masks, grouped by the box they lie in: a
    line crosses ``size / box width`` boxes (or height, for a column)."""
    groups: dict[int, Mask] = {}
    for i, cell in enumerate(line.cells):
        box = marks.shape.box_of(cell)
        groups[box] = groups.get(box, 0) | 1 << i
    return tuple(groups.values())


def _boxes_along(marks: Marks, lines: Sequence[Unit], segment: Mask) -> tuple[int, ...]:
    """The number of the box that holds each line's part in ``segment``."""
    at = _positions(segment)[0]
    return tuple(marks.shape.box_of(line.cells[at]) for line in lines)


def _covers(
    places: Sequence[Mask], base: tuple[int, ...], n: int, segment: Mask, boxes: Sequence[int]
) -> Iterator[tuple[Mask, Mask]]:
    """Each way to pick ``n`` cover lines among the positions of ``base``, all
    those outside ``segment`` among them, so that the rest (the fins) is not
    empty and lies in one box (``boxes``: each line's in the segment), every
    base line keeps a place in the cover, and a cover line's cell outside
    the base in that box still holds the digit: (cover, fin positions) as
    masks."""
    union = 0
    for i in base:
        union |= places[i]
    needed = union & ~segment
    for extra in combinations(_positions(union & segment), n - needed.bit_count()):
        cover = needed
        for j in extra:
            cover |= 1 << j
        fins = union & ~cover
        box = _fins_box(places, base, cover, fins, boxes) if fins else None
        if box is not None and any(
            places[i] & cover & segment
            for i in range(len(places))
            if boxes[i] == box and i not in base
        ):
            yield cover, fins


def _fins_box(
    places: Sequence[Mask], base: tuple[int, ...], cover: Mask, fins: Mask, boxes: Sequence[int]
) -> int | None:
    """The one box holding the fins, if every base line keeps a place in the
    cover; else None."""
    box = None
    for i in base:
        held = places[i]
        if not held & cover:
            return None
        if held & fins:
            if box is None:
                box = boxes[i]
            elif boxes[i] != box:
                return None
    return box


@dataclass(frozen=True)
class Fish:
    """A finned fish: its digit, base lines (indices of ``lines``), and cover
    lines and fin positions as masks over a line's positions; its fins lie in
    one box, and it eliminates something."""

    digit: int
    lines: Sequence[Unit]
    crossing: Sequence[Unit]
    base: tuple[int, ...]
    cover: Mask
    fins: Mask


def _finned_step(marks: Marks, places: Sequence[Mask], fish: Fish) -> Step:
    """The step of a finned fish: the digit leaves the cover lines' cells,
    outside the base, in the fins' box (those cells see every fin)."""
    lines, base, cover = fish.lines, fish.base, fish.cover
    fins = tuple(sorted(lines[i].cells[j] for i in base for j in _positions(places[i] & fish.fins)))
    box = marks.shape.units_of[fins[0]][2]
    in_box = set(box.cells)
    eliminations = tuple(
        sorted(
            (lines[i].cells[j], fish.digit)
            for i, mask in enumerate(places)
            if i not in base
            for j in _positions(mask & cover)
            if lines[i].cells[j] in in_box
        )
    )
    body = [lines[i].cells[j] for i in base for j in _positions(places[i] & cover)]
    base_units = tuple(lines[i] for i in base)
    cover_units = tuple(fish.crossing[j] for j in _positions(cover))
    kind = base_units[0].kind
    technique = "finned-" + SIZE_NAMES[len(base)]
    sashimi = any((places[i] & cover).bit_count() == 1 for i in base)
    params = {
        "digit": fish.digit,
        "base": (kind, tuple(u.number for u in base_units)),
        "cover": (CROSSING[kind], tuple(u.number for u in cover_units)),
        "fins": fins,
        "n": len(base),
    }
    return Step(
        technique,
        eliminations=eliminations,
        pattern=Pattern(
            cells=tuple(sorted(body + list(fins))),
            units=base_units + cover_units + (box,),
            digits=(fish.digit,),
        ),
        message=technique + "/sashimi" if sashimi else technique,
        params=MappingProxyType(params),
    )


def _siamese(one: Step, two: Step) -> Step:
    """Two finned fish on the same base lines, said as one step."""
    technique = one.technique
    return Step(
        technique,
        eliminations=tuple(sorted(set(one.eliminations) | set(two.eliminations))),
        pattern=Pattern(
            cells=tuple(sorted(set(one.pattern.cells) | set(two.pattern.cells))),
            units=tuple(dict.fromkeys(one.pattern.units + two.pattern.units)),
            digits=one.pattern.digits,
        ),
        message=technique + "/siamese",
        params=MappingProxyType(
            {
                "digit": one.params["digit"],
                "base": one.params["base"],
                "covers": (one.params["cover"], two.params["cover"]),
                "fins": (one.params["fins"], two.params["fins"]),
                "n": one.params["n"],
            }
        ),
    )


# Smaller fish first: fewer lines to see at once; then the same with fins.
# Basic fish and the finned x-wing are hard; larger finned fish expert. A
# larger pattern (more lines) is worth more points.
TECHNIQUES = (
    Technique("x-wing", find_x_wings, Level.HARD, 30),
    Technique("swordfish", find_swordfish, Level.HARD, 40),
    Technique("jellyfish", find_jellyfish, Level.HARD, 45),
    Technique("finned-x-wing", find_finned_x_wings, Level.HARD, 40),
    Technique("finned-swordfish", find_finned_swordfish, Level.EXPERT, 60),
    Technique("finned-jellyfish", find_finned_jellyfish, Level.EXPERT, 70),
)

# The finned fish find a fin's box by the segments of the first base line,
# which the other base lines share only where boxes stack in bands: not with
# jigsaw regions, whose teacher asks the basic fish alone.
FINNED = frozenset(row.id for row in TECHNIQUES if row.id.startswith("finned-"))
