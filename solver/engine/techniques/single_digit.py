"""Single-digit patterns: two strong links of one digit, joined at one end.

A strong link is a unit where the digit has exactly two places: one of
them holds it. Two strong links whose ends (one of each) see each other
cannot both put the digit at those ends, so one of the other two ends, the
tips, holds it, and the digit leaves every cell that sees both tips.

- skyscraper: the links lie in two parallel lines (two rows, or two
  columns), and their joined ends share a crossing line. Tips that share a
  crossing line too would make an x-wing, not a skyscraper.
- two-string kite: one link in a row, one in a column, each across two
  boxes; their joined ends are two cells of one box. Two kites joined by
  the same two cells of a box are also said together, as a dual kite
  (HoDoKu's, whose library pairs kites of two digits on the same cells).
- turbot fish: any other two strong links (in rows, columns or boxes)
  joined so: most often a link in a line and one in a box, their joined
  ends in a crossing line.
- empty rectangle: a box whose places for the digit all lie in one row and
  one column of it (the cross), with places off the crossing cell in both,
  and a strong link in a line outside the box with one end in the cross's
  row (or column). The link's other end, if false, puts the digit at that
  end, which empties the cross's row of the box, so the box holds it in the
  cross's column: the digit leaves the cell of that column in the other
  end's line. As a chain: the box is a strong link between its row part
  and its column part.

Message ids are the technique ids, and ``two-string-kite/dual`` for a dual
kite. Params: ``digit``; ``tips`` (two cells) and ``units`` (the links'
units, and a kite's box, as ``(kind, number)``) for the two-link patterns;
a dual kite's ``digits`` and ``tips`` (a pair per kite) and ``box``; an
empty rectangle's ``box``, ``cross`` (its row and column), ``link`` (the
strong link's unit) and ``ends`` (the link's end in the cross's line, then
the other).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial
from itertools import combinations, pairwise

from ..board import Shape, Unit
from ..levels import Level
from ..marks import Marks
from ..steps import Candidate, Link, Pattern, Step, Technique
from .memo import Nothing, by_digit

StrongLink = tuple[Unit, tuple[int, int]]  # a unit, and the digit's two places in it
Chain = tuple[int, int, int, int]  # tip, joined end, joined end, tip


# What each technique found nothing in: a digit's patterns read only its
# places (``memo``).
_NOTHING = {name: Nothing() for name in ("skyscraper", "kite", "turbot", "rectangle")}


def find_skyscraper(marks: Marks) -> Iterator[Step]:
    """Every digit's two strong links in parallel lines with one pair of ends
    in a crossing line and the tips in two, that removes something."""
    return by_digit(marks, _NOTHING["skyscraper"], _skyscrapers)


def _skyscrapers(marks: Marks, digit: int) -> Iterator[Step]:
    """The skyscrapers of ``digit``."""
    links = _strong_links(marks, digit, ("row", "column"))
    for one, two in combinations(links, 2):
        if one[0].kind != two[0].kind:
            continue
        for chain in _chains(marks.shape, one, two):
            if _skyscraper(marks.shape, chain, (one[0], two[0])):
                yield from _step("skyscraper", marks, digit, chain, (one[0], two[0]))


def find_two_string_kite(marks: Marks) -> Iterator[Step]:
    """Every digit's strong link in a row and one in a column, each across two
    boxes, with one end of each in one box (two cells), that removes something;
    then every two of those kites joined by the same two cells, as one step."""
    kites: dict[frozenset[int], list[Step]] = {}
    # A digit skipped has no kite, so none to join either.
    yield from by_digit(marks, _NOTHING["kite"], partial(_kites, kites=kites))
    for same in kites.values():
        for one, two in combinations(same, 2):
            if one.eliminations == two.eliminations:
                continue
            params = {
                "digits": (one.params["digit"], two.params["digit"]),
                "tips": (one.params["tips"], two.params["tips"]),
                "box": one.params["units"][2],
            }
            yield _dual("two-string-kite", one, two, params)


def _kites(marks: Marks, digit: int, kites: dict[frozenset[int], list[Step]]) -> Iterator[Step]:
    """The two-string kites of ``digit``, each also kept in ``kites`` by the
    two cells of the box that join it."""
    rows = _strong_links(marks, digit, ("row",))
    columns = _strong_links(marks, digit, ("column",))
    for row in rows:
        for column in columns:
            for chain in _chains(marks.shape, row, column):
                if not _kite(marks.shape, chain, (row[0], column[0])):
                    continue
                box = marks.shape.units_of[chain[1]][2]
                units = (row[0], column[0], box)
                for step in _step("two-string-kite", marks, digit, chain, units):
                    kites.setdefault(frozenset(chain[1:3]), []).append(step)
                    yield step


def find_turbot_fish(marks: Marks) -> Iterator[Step]:
    """Every digit's two strong links, in any units, with one end of each
    seeing the other's, that removes something and is not a skyscraper (nor an
    x-wing) or a two-string kite."""
    return by_digit(marks, _NOTHING["turbot"], _turbot_fish)


def _turbot_fish(marks: Marks, digit: int) -> Iterator[Step]:
    """The turbot fish of ``digit``."""
    links = _strong_links(marks, digit, ("row", "column", "box"))
    for one, two in combinations(links, 2):
        units = (one[0], two[0])
        for chain in _chains(marks.shape, one, two):
            if _skyscraper(marks.shape, chain, units, x_wing=True):
                continue
            if not _kite(marks.shape, chain, units):
                yield from _step("turbot-fish", marks, digit, chain, units)


def find_empty_rectangle(marks: Marks) -> Iterator[Step]:
    """Every box whose places for a digit lie in a cross of one of its rows
    and one of its columns, with a strong link in a line outside the box from
    the cross's row (or column), that removes the digit from the cell of the
    cross's column (or row) in the line of the link's other end."""
    return by_digit(marks, _NOTHING["rectangle"], _empty_rectangles)


def _empty_rectangles(marks: Marks, digit: int) -> Iterator[Step]:
    """The empty rectangles of ``digit``, box by box, each box's duals after it."""
    shape = marks.shape
    lines = _strong_links(marks, digit, ("row", "column"))
    for box in shape.units[2 * shape.size :]:
        places = marks.places(box, digit)
        found = []
        for cross in _crosses(shape, box, places):
            for link in lines:
                step = _empty_rectangle(marks, digit, box, places, cross, link)
                if step is not None:
                    found.append(step)
                    yield step
        for one, two in combinations(found, 2):
            if one.eliminations != two.eliminations:
                yield _dual("empty-rectangle", one, two, _pair_params(one, two))


def _strong_links(marks: Marks, digit: int, kinds: tuple[str, ...]) -> list[StrongLink]:
    """The units of ``kinds`` where ``digit`` has exactly two places, each pair
    of places once (a line's before a box's, when two cells are both)."""
    links = []
    seen = set()
    for unit in marks.shape.units:
        if unit.kind in kinds:
            places = marks.places(unit, digit)
            if len(places) == 2 and (places[0], places[1]) not in seen:
                seen.add((places[0], places[1]))
                links.append((unit, (places[0], places[1])))
    return links


def _chains(shape: Shape, one: StrongLink, two: StrongLink) -> Iterator[Chain]:
    """Each way to join the two links: (tip, joined end, joined end, tip), four
    cells, the joined ends seeing each other."""
    a, b = one[1]
    c, d = two[1]
    for tip, base in ((a, b), (b, a)):
        for joined, end in ((c, d), (d, c)):
            if len({tip, base, joined, end}) == 4 and joined in shape.peers[base]:
                yield tip, base, joined, end


def _skyscraper(shape: Shape, chain: Chain, units: Sequence[Unit], x_wing: bool = False) -> bool:
    """True if ``chain`` joins two parallel lines through a crossing line with
    its tips in two crossing lines; with ``x_wing``, in one too."""
    kind = units[0].kind
    if kind == "box" or units[1].kind != kind:
        return False
    crossing = 1 if kind == "row" else 0  # units_of index of the crossing line
    tip, base, joined, end = (shape.units_of[cell][crossing] for cell in chain)
    return base == joined and (x_wing or tip != end)


def _kite(shape: Shape, chain: Chain, units: Sequence[Unit]) -> bool:
    """True if ``chain`` joins a row and a column, each across two boxes, by two
    cells of one box."""
    if {unit.kind for unit in units} != {"row", "column"}:
        return False
    tip, base, joined, end = (shape.box_of(cell) for cell in chain)
    return base == joined and tip != base and end != joined


def _step(
    technique: str,
    marks: Marks,
    digit: int,
    chain: Chain,
    units: tuple[Unit, ...],
) -> Iterator[Step]:
    """The step of a pattern ``chain`` (tip, joined end, joined end, tip), if
    ``digit`` is still in a cell that sees both tips."""
    tip, _, _, end = chain
    peers = marks.shape.peers
    seen = (set(peers[tip]) & set(peers[end])) - set(chain)
    removed = tuple((cell, digit) for cell in sorted(seen) if marks.has(cell, digit))
    if not removed:
        return
    yield Step(
        technique,
        eliminations=removed,
        pattern=Pattern(cells=chain, units=units, digits=(digit,), links=_links(digit, chain)),
        message=technique,
        params={
            "digit": digit,
            "tips": (tip, end),
            "units": tuple((unit.kind, unit.number) for unit in units),
        },
    )


def _links(digit: int, cells: Sequence[int]) -> tuple[Link, ...]:
    """The links of a chain through ``cells``, strong and weak in turn."""
    return tuple(
        Link(((start, digit),), ((stop, digit),), i % 2 == 0)
        for i, (start, stop) in enumerate(pairwise(cells))
    )


def _dual(technique: str, one: Step, two: Step, params: dict[str, object]) -> Step:
    """Two instances of a pattern that share their core (a kite's two box
    cells, an empty rectangle's box), said as one step."""
    removed: set[Candidate] = set(one.eliminations) | set(two.eliminations)
    return Step(
        technique,
        eliminations=tuple(sorted(removed)),
        pattern=Pattern(
            cells=tuple(dict.fromkeys(one.pattern.cells + two.pattern.cells)),
            units=tuple(dict.fromkeys(one.pattern.units + two.pattern.units)),
            digits=tuple(sorted(set(one.pattern.digits + two.pattern.digits))),
            links=one.pattern.links + two.pattern.links,
        ),
        message=technique + "/dual",
        params=params,
    )


def _pair_params(one: Step, two: Step) -> dict[str, object]:
    """A dual empty rectangle's params: its digit and box, and each part's
    ``cross``, ``link`` and ``ends`` in twos (``crosses``, ``links``, ``ends``)."""
    first, second = one.params, two.params
    return {
        "digit": first["digit"],
        "box": first["box"],
        "crosses": (first["cross"], second["cross"]),
        "links": (first["link"], second["link"]),
        "ends": (first["ends"], second["ends"]),
    }


def _crosses(shape: Shape, box: Unit, places: Sequence[int]) -> Iterator[tuple[int, int]]:
    """The crosses of a box's places: each (row, column) of the box, numbered
    from 0, whose two lines hold every place, each line a place off the other
    (places in one line only are a pointing pair or triple, not a rectangle)."""
    at = [divmod(place, shape.size) for place in places]
    for row in sorted({cell // shape.size for cell in box.cells}):
        for column in sorted({cell % shape.size for cell in box.cells}):
            if not all(r == row or c == column for r, c in at):
                continue
            in_row = any(r == row and c != column for r, c in at)
            in_column = any(c == column and r != row for r, c in at)
            if in_row and in_column:
                yield row, column


def _empty_rectangle(
    marks: Marks,
    digit: int,
    box: Unit,
    places: Sequence[int],
    cross: tuple[int, int],
    link: StrongLink,
) -> Step | None:
    """The step of an empty rectangle: a box's ``cross`` (row, column) and a
    strong ``link`` in a line outside the box, one end in the cross's crossing
    line; None if the link does not fit or nothing is removed."""
    shape = marks.shape
    size = shape.size
    unit, (first, second) = link
    # A column link meets the cross's row; a row link meets its column.
    along = 0 if unit.kind == "column" else 1  # which coordinate the link runs along
    meet = cross[along]
    ends = [cell for cell in (first, second) if divmod(cell, size)[along] == meet]
    if len(ends) != 1:
        return None
    near = ends[0]
    far = second if near == first else first
    if near in box.cells or far in box.cells:
        return None
    far_line = divmod(far, size)[along]
    other = cross[1 - along]
    target = far_line * size + other if along == 0 else other * size + far_line
    if target in box.cells or not marks.has(target, digit):
        return None
    row, column = cross
    return Step(
        "empty-rectangle",
        eliminations=((target, digit),),
        pattern=Pattern(
            cells=tuple(places) + (near, far),
            units=(box, unit),
            digits=(digit,),
            links=_links(digit, (far, near)),
        ),
        message="empty-rectangle",
        params={
            "digit": digit,
            "box": (box.kind, box.number),
            "cross": (("row", row + 1), ("column", column + 1)),
            "link": (unit.kind, unit.number),
            "ends": (near, far),
        },
    )


# Simplest first: the skyscraper and kite are turbot fish of fixed shapes.
# Hard: two strong links on one digit.
TECHNIQUES = (
    Technique("skyscraper", find_skyscraper, Level.HARD, 30),
    Technique("two-string-kite", find_two_string_kite, Level.HARD, 32),
    Technique("turbot-fish", find_turbot_fish, Level.HARD, 32),
    Technique("empty-rectangle", find_empty_rectangle, Level.HARD, 32),
)
