"""Colouring: one digit's strong links joined into clusters, the cells of
each cluster in two colours, one of which holds the digit in every cell.

A strong link (a conjugate pair) is a unit where the digit has exactly two
places: one of them holds it. Links that share a cell make a cluster, and
colouring its cells by turns along the links gives two colours: one
colour's cells all hold the digit and the other's none do, but which is not
known. Cells "see" each other when they share a row, column or box.

- simple-colors, one cluster:
  - ``simple-colors/trap``: a cell that sees both colours cannot hold the
    digit, whichever colour is true (HoDoKu's Color Trap);
  - ``simple-colors/wrap``: two cells of one colour see each other, so that
    colour cannot be the true one and the digit leaves all its cells
    (Color Wrap). A cluster that wraps is said so, and not also as a trap:
    once a colour is false, the other is placed, and no trap is needed.
- multi-colors, two clusters of one digit: a colour of one and a colour of
  the other that see each other (a cell of one sees a cell of the other)
  are not both true.
  - ``multi-colors/trap``: so one of the two other colours is true, and the
    digit leaves every cell that sees both of those (HoDoKu's Multi-Colors 1,
    code 0502; the cell may be in a cluster, of a colour that sees);
  - ``multi-colors/wrap``: a colour of one cluster sees both colours of the
    other, one of which is true, so that colour is false and the digit
    leaves all its cells (HoDoKu's Multi-Colors 2, code 0503).

Params: ``digit``; for simple colors ``colours``, the two colours' cells,
and for multi-colors ``clusters``, two such pairs; for a wrap, ``false``,
the cells of the colour found false (of the first cluster, for
multi-colors); for ``multi-colors/trap``, ``seeing``, the two colours (one
of each cluster, in order) whose cells see each other.

A cluster whose links cannot take two colours (a loop of odd length) only
stands on broken marks; it is left alone, and a cluster that wraps is left
out of multi-colors.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import partial
from itertools import combinations

from ..levels import Level
from ..marks import Marks
from ..steps import Pattern, Step, Technique
from .memo import Nothing, by_digit

Colour = tuple[int, ...]  # the cells of one colour, in order
Cluster = tuple[Colour, Colour]  # the two colours of one cluster


# What each technique found nothing in: a digit's clusters read only its
# places (``memo``).
_NOTHING = {"simple": Nothing(), "multi": Nothing()}


def find_simple_colors(marks: Marks) -> Iterator[Step]:
    """Every cluster of one digit that wraps, or else traps the digit in some
    cell: one step each."""
    seen = Seen(marks)
    return by_digit(marks, _NOTHING["simple"], partial(_simple_colors, seen=seen))


def _simple_colors(marks: Marks, digit: int, seen: Seen) -> Iterator[Step]:
    """The simple colors of ``digit``'s clusters."""
    places = _places(marks, digit)
    for cluster in clusters(marks, digit):
        false = _wrapped(seen, cluster)
        if false is not None:
            params = {"colours": cluster, "false": false}
            yield _step("simple-colors/wrap", digit, (cluster,), false, params)
            continue
        # In a cluster that does not wrap, no cell of it sees its own colour.
        trapped = places & seen[cluster[0]] & seen[cluster[1]]
        if trapped:
            yield _step("simple-colors/trap", digit, (cluster,), trapped, {"colours": cluster})


def find_multi_colors(marks: Marks) -> Iterator[Step]:
    """Every two clusters of one digit (neither wrapping) with a colour of one
    that sees both colours of the other (a wrap each), then every colour of
    each that see each other and trap the digit in some cell (a trap each)."""
    seen = Seen(marks)
    return by_digit(marks, _NOTHING["multi"], partial(_multi_colors, seen=seen))


def _multi_colors(marks: Marks, digit: int, seen: Seen) -> Iterator[Step]:
    """The multi-colors of two of ``digit``'s clusters."""
    places = _places(marks, digit)
    found = [cluster for cluster in clusters(marks, digit) if _wrapped(seen, cluster) is None]
    for one, two in combinations(found, 2):
        yield from _multi_wraps(seen, digit, one, two)
        yield from _multi_traps(seen, digit, places, one, two)


def clusters(marks: Marks, digit: int) -> list[Cluster]:
    """The clusters of ``digit``'s strong links, each as its two colours (see
    ``two_colourings``)."""
    links: dict[int, list[int]] = {}
    for unit in marks.shape.units:
        places = marks.places(unit, digit)
        if len(places) == 2:
            a, b = places
            links.setdefault(a, []).append(b)
            links.setdefault(b, []).append(a)
    return two_colourings(links)


def two_colourings(links: Mapping[int, Sequence[int]]) -> list[Cluster]:
    """The clusters of cells joined by ``links`` (each cell's linked cells, both
    ways), each as two colours such that linked cells differ: the colour of
    its smallest cell first, cells in order, clusters in the order of their
    smallest cells. A cluster that cannot take two colours (a loop of odd
    length) is left out."""
    found, seen = [], set()
    for start in sorted(links):
        if start in seen:
            continue
        colour = _colours(links, start)
        seen.update(colour)
        if all(colour[cell] != colour[other] for cell in colour for other in links[cell]):
            first = tuple(sorted(cell for cell in colour if colour[cell] == 0))
            second = tuple(sorted(cell for cell in colour if colour[cell] == 1))
            found.append((first, second))
    return found


def _colours(links: Mapping[int, Sequence[int]], start: int) -> dict[int, int]:
    """Every cell joined to ``start``, coloured 0 or 1 by turns along the links
    that first reach it (``start`` is 0)."""
    colour = {start: 0}
    todo = [start]
    for cell in todo:  # todo grows as cells are reached: a queue
        for other in links[cell]:
            if other not in colour:
                colour[other] = 1 - colour[cell]
                todo.append(other)
    return colour


def _multi_wraps(seen: Seen, digit: int, one: Cluster, two: Cluster) -> Iterator[Step]:
    """A wrap for each colour of either cluster that sees both of the other's."""
    for first, second in ((one, two), (two, one)):
        for colour in first:
            if seen.sees(colour, second[0]) and seen.sees(colour, second[1]):
                params = {"clusters": (first, second), "false": colour}
                yield _step("multi-colors/wrap", digit, (first, second), colour, params)


def _multi_traps(
    seen: Seen, digit: int, places: set[int], one: Cluster, two: Cluster
) -> Iterator[Step]:
    """A trap for each colour of ``one`` and colour of ``two`` that see each
    other, if a cell that sees both other colours still holds the digit."""
    for i, j in ((0, 0), (0, 1), (1, 0), (1, 1)):
        if seen.sees(one[i], two[j]):
            trapped = places & seen[one[1 - i]] & seen[two[1 - j]]
            if trapped:
                params = {"clusters": (one, two), "seeing": (one[i], two[j])}
                yield _step("multi-colors/trap", digit, (one, two), trapped, params)


class Seen(dict[Colour, set[int]]):
    """The cells each colour sees (its cells' peers, so maybe some of its own
    cells), worked out once per colour: ``seen[colour]``."""

    def __init__(self, marks: Marks) -> None:
        super().__init__()
        self.peers = marks.shape.peers

    def __missing__(self, colour: Colour) -> set[int]:
        cells = set().union(*(self.peers[cell] for cell in colour))
        self[colour] = cells
        return cells

    def sees(self, colour: Colour, other: Colour) -> bool:
        """True if some cell of ``colour`` sees some cell of ``other``."""
        return not self[colour].isdisjoint(other)


def _wrapped(seen: Seen, cluster: Cluster) -> Colour | None:
    """The colour of a cluster with two cells that see each other, or None."""
    for colour in cluster:
        if seen.sees(colour, colour):
            return colour
    return None


def _places(marks: Marks, digit: int) -> set[int]:
    """The cells where ``digit`` is still a candidate."""
    bit = 1 << (digit - 1)
    return {cell for cell, mask in enumerate(marks.candidates) if mask & bit}


def _step(
    message: str,
    digit: int,
    found: tuple[Cluster, ...],
    removed: Iterable[int],
    params: dict[str, object],
) -> Step:
    """The step of a message (``technique/form``) that removes ``digit`` from
    the cells ``removed``, on the cells of the clusters ``found``."""
    cells = tuple(cell for cluster in found for colour in cluster for cell in colour)
    return Step(
        message.partition("/")[0],
        eliminations=tuple((cell, digit) for cell in sorted(removed)),
        pattern=Pattern(cells=cells, digits=(digit,)),
        message=message,
        params={"digit": digit, **params},
    )


# Simple colors are hard; joining two clusters (multi-colors) is expert.
TECHNIQUES = (
    Technique("simple-colors", find_simple_colors, Level.HARD, 40),
    Technique("multi-colors", find_multi_colors, Level.EXPERT, 60),
)
