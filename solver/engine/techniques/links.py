"""Links: a board's candidates as the nodes of chains, and what links them.

A node is a single candidate, or (for grouped chains) a group: the two or
more cells of a segment (a box and a line crossing) that hold one digit,
true when the digit goes in one of them.

- strong link: at least one of two nodes is true. The digit's places in a
  unit are exactly the two nodes (a conjugate pair, or a group and what is
  left), or the nodes are the only two candidates of a cell.
- weak link: at most one of two nodes is true. Two candidates of one cell,
  or two nodes of one digit, apart, whose cells all see each other.

A chain's "victims" are what both of two nodes see (``victims``): the
candidates weakly linked to both, false whenever one of the two is true.

Three kinds of graph, one per chain technique: ``X`` (one digit at a time,
single candidates), ``XY`` (the candidates of two-candidate cells, strong
inside the cell, weak between cells) and ``AIC`` (every candidate and group).
Sets of cells and of nodes are ints used as bit sets, so that the search
(``chains``) can follow every start at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from typing import NamedTuple

from ..board import shape
from ..marks import Marks, digits_of
from ..steps import Candidate
from .intersections import segments

X, XY, AIC = "x", "xy", "aic"


@dataclass
class Graph:
    """The nodes of one kind of chain on a board, and their links.

    Node ``n`` is ``digit[n]`` in one of the cells of ``cells[n]`` (one cell
    for a single candidate); ``cellbits[n]`` is that set of cells and
    ``seen[n]`` the cells that see all of them (a bit per cell). ``strong[n]``
    and ``weak[n]`` list the nodes linked to ``n``; ``weakbits[n]`` is the
    second as a bit set of nodes. ``places[d]`` is every cell holding
    candidate ``d``, node or not.
    """

    marks: Marks
    digit: list[int]
    cells: list[tuple[int, ...]]
    cellbits: list[int]
    seen: list[int]
    strong: list[list[int]]
    weak: list[list[int]]
    weakbits: list[int]
    places: list[int]
    als: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    single_at: list[int] = field(default_factory=list)  # cell * size + digit - 1 -> node, or -1
    index: dict[tuple[int, int], int] = field(default_factory=dict)  # (digit, cellbits) -> node
    sets: list[tuple[tuple[int, ...], dict[int, int]]] = field(default_factory=list)  # ALS

    def candidates(self, node: int) -> tuple[Candidate, ...]:
        """The node as the candidates it stands for."""
        return tuple((cell, self.digit[node]) for cell in self.cells[node])

    def single(self, node: int) -> int | None:
        """The node's cell if it is a single candidate, else None."""
        cells = self.cells[node]
        return cells[0] if len(cells) == 1 else None


@cache
def peer_bits(box_rows: int, box_cols: int) -> tuple[int, ...]:
    """Each cell's peers as a bit set of cells."""
    board = shape(box_rows, box_cols)
    return tuple(sum(1 << peer for peer in peers) for peers in board.peers)


def bits(mask: int) -> list[int]:
    """The positions of a bit set's bits, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def graph(marks: Marks, kind: str) -> Graph:
    """The graph of ``kind`` (``X``, ``XY`` or ``AIC``) on ``marks``."""
    board = marks.shape
    peers = peer_bits(board.box_rows, board.box_cols)
    places = [0] * (board.size + 1)
    for cell, mask in enumerate(marks.candidates):
        for digit in digits_of(mask):
            places[digit] |= 1 << cell
    g = Graph(marks, [], [], [], [], [], [], [], places)
    g.single_at = [-1] * (board.cells * board.size)
    for cell, mask in enumerate(marks.candidates):
        if kind != XY or mask.bit_count() == 2:
            for digit in digits_of(mask):
                node = _add(g, digit, (cell,), 1 << cell, peers[cell])
                g.single_at[cell * board.size + digit - 1] = node
    if kind == AIC:
        for segment in _segment_bits(board.box_rows, board.box_cols):
            for digit in range(1, board.size + 1):
                where = segment & places[digit]
                if where.bit_count() >= 2:
                    cells = tuple(bits(where))
                    _add(g, digit, cells, where, _all_seen(peers, cells))
    strong: list[set[int]] = [set() for _ in g.digit]
    if kind != XY:
        _unit_links(g, strong, grouped=kind == AIC)
    if kind != X:
        _cell_links(g, strong)
    g.strong = [sorted(linked) for linked in strong]
    _weak_links(g, same_cell=kind == AIC)
    return g


def with_als(g: Graph, max_als: int) -> Graph:
    """A copy of an ``AIC`` graph with the nodes of every almost locked set
    (n cells of a unit holding n + 1 digits between them) of 2 to
    ``max_als`` cells: one per digit, the digit in one of the set's cells
    holding it. Two nodes of a set are strongly linked: without one digit the
    set is locked and holds each of the others (``als`` keeps the set's
    cells for each such link; ``sets`` each set's cells and its node of
    each digit)."""
    board = g.marks.shape
    peers = peer_bits(board.box_rows, board.box_cols)
    new = Graph(
        g.marks,
        list(g.digit),
        list(g.cells),
        list(g.cellbits),
        list(g.seen),
        [list(linked) for linked in g.strong],
        [list(linked) for linked in g.weak],
        [],
        g.places,
        dict(g.als),
        g.single_at,
        dict(g.index),
    )
    first_new = len(new.digit)
    for cells, mask in _almost_locked_sets(g.marks, max_als):
        nodes = [_node(new, peers, digit, cells) for digit in digits_of(mask)]
        new.sets.append((cells, dict(zip(digits_of(mask), nodes, strict=True))))
        while len(new.strong) < len(new.digit):
            new.strong.append([])
            new.weak.append([])
        for a, b in combinations(nodes, 2):
            if (a, b) not in new.als and b not in new.strong[a]:
                new.strong[a].append(b)
                new.strong[b].append(a)
                new.als[a, b] = new.als[b, a] = cells
    _weak_links_of(new, range(first_new, len(new.digit)))
    new.weakbits = [sum(1 << other for other in linked) for linked in new.weak]
    return new


def _almost_locked_sets(marks: Marks, max_als: int) -> list[tuple[tuple[int, ...], int]]:
    """Every set of 2 to ``max_als`` open cells of a unit holding one digit
    more than cells between them, once each, with that mask of digits. Cells
    are added in order, and a set is given up once it holds more digits than
    any set of ``max_als`` cells may."""
    found: dict[tuple[int, ...], int] = {}

    def grow(cells: tuple[int, ...], mask: int, rest: list[int]) -> None:
        if len(cells) >= 2 and mask.bit_count() == len(cells) + 1:
            found.setdefault(cells, mask)
        if len(cells) == max_als:
            return
        for i, cell in enumerate(rest):
            union = mask | marks.candidates[cell]
            if union.bit_count() <= max_als + 1:
                grow((*cells, cell), union, rest[i + 1 :])

    for unit in marks.shape.units:
        grow((), 0, [cell for cell in unit.cells if marks.candidates[cell]])
    return list(found.items())


def _add(g: Graph, digit: int, cells: tuple[int, ...], cellbits: int, seen: int) -> int:
    g.digit.append(digit)
    g.cells.append(cells)
    g.cellbits.append(cellbits)
    g.seen.append(seen)
    g.index[digit, cellbits] = len(g.digit) - 1
    return len(g.digit) - 1


def _all_seen(peers: tuple[int, ...], cells: tuple[int, ...]) -> int:
    seen = -1
    for cell in cells:
        seen &= peers[cell]
    return seen


def _node(g: Graph, peers: tuple[int, ...], digit: int, cells: tuple[int, ...]) -> int:
    """The node of ``digit`` in those of ``cells`` holding it, made if new."""
    where = tuple(cell for cell in cells if g.places[digit] >> cell & 1)
    cellbits = sum(1 << cell for cell in where)
    node = g.index.get((digit, cellbits))
    if node is None:
        node = _add(g, digit, where, cellbits, _all_seen(peers, where))
    return node


def _unit_links(g: Graph, strong: list[set[int]], grouped: bool) -> None:
    """Strong links in units: a digit's places there split into two nodes."""
    board = g.marks.shape
    groups_in = _groups_by_unit(board.box_rows, board.box_cols) if grouped else ()
    for number, unit in enumerate(board.units):
        unit_bits = sum(1 << cell for cell in unit.cells)
        for digit in range(1, board.size + 1):
            where = g.places[digit] & unit_bits
            if where.bit_count() < 2:
                continue
            parts = [1 << cell for cell in bits(where)]
            if grouped:
                parts += [b & where for b in groups_in[number] if (b & where).bit_count() >= 2]
            for part in parts:
                first, second = g.index.get((digit, part)), g.index.get((digit, where & ~part))
                if first is not None and second is not None:
                    strong[first].add(second)
                    strong[second].add(first)


@cache
def _segment_bits(box_rows: int, box_cols: int) -> tuple[int, ...]:
    """Every segment's cells as a bit set."""
    return tuple(sum(1 << cell for cell in s.cells) for s in segments(box_rows, box_cols))


@cache
def _groups_by_unit(box_rows: int, box_cols: int) -> tuple[tuple[int, ...], ...]:
    """Each unit's segments (a line's, a box's), as bit sets of cells, by the
    unit's place in ``shape.units``."""
    board = shape(box_rows, box_cols)
    number = {unit: i for i, unit in enumerate(board.units)}
    found: list[list[int]] = [[] for _ in board.units]
    for segment in segments(box_rows, box_cols):
        cells = sum(1 << cell for cell in segment.cells)
        found[number[segment.box]].append(cells)
        found[number[segment.line]].append(cells)
    return tuple(tuple(cells) for cells in found)


def _cell_links(g: Graph, strong: list[set[int]]) -> None:
    """Strong links in cells: the two candidates of a two-candidate cell."""
    for cell, mask in enumerate(g.marks.candidates):
        if mask.bit_count() == 2:
            first, second = (g.index[digit, 1 << cell] for digit in digits_of(mask))
            strong[first].add(second)
            strong[second].add(first)


def _weak_links(g: Graph, same_cell: bool) -> None:
    """Weak links: nodes of one digit that see each other, and (``same_cell``)
    candidates of one cell."""
    size = g.marks.shape.size
    weak: list[list[int]] = [[] for _ in g.digit]
    groups: dict[int, list[int]] = {}
    for node, digit in enumerate(g.digit):
        if len(g.cells[node]) == 1:
            for cell in bits(g.seen[node] & g.places[digit]):
                other = g.single_at[cell * size + digit - 1]
                if other >= 0:
                    weak[node].append(other)
            if same_cell:
                cell = g.cells[node][0]
                for other_digit in digits_of(g.marks.candidates[cell] & ~(1 << (digit - 1))):
                    weak[node].append(g.single_at[cell * size + other_digit - 1])
        else:
            groups.setdefault(digit, []).append(node)
    for digit, nodes in groups.items():
        for i, group in enumerate(nodes):
            for cell in bits(g.seen[group] & g.places[digit]):
                single = g.single_at[cell * size + digit - 1]
                if single >= 0:
                    weak[group].append(single)
                    weak[single].append(group)
            seen = g.seen[group]
            for other in nodes[i + 1 :]:
                if g.cellbits[other] & ~seen == 0:
                    weak[group].append(other)
                    weak[other].append(group)
    g.weak = weak
    g.weakbits = [sum(1 << other for other in linked) for linked in weak]


def _weak_links_of(g: Graph, fresh: range) -> None:
    """The weak links of the nodes ``fresh`` (groups added to a graph whose
    other nodes are linked already), both ways."""
    size = g.marks.shape.size
    groups: dict[int, list[int]] = {}
    for node in range(fresh.start):
        if len(g.cells[node]) > 1:
            groups.setdefault(g.digit[node], []).append(node)
    for node in fresh:
        digit, seen = g.digit[node], g.seen[node]
        for cell in bits(seen & g.places[digit]):
            single = g.single_at[cell * size + digit - 1]
            if single >= 0:
                g.weak[node].append(single)
                g.weak[single].append(node)
        for other in groups.get(digit, ()):
            if g.cellbits[other] & ~seen == 0:
                g.weak[node].append(other)
                g.weak[other].append(node)
        groups.setdefault(digit, []).append(node)


def victims(g: Graph, first: int, second: int) -> list[Candidate]:
    """The candidates weakly linked to both nodes (neither of them), sorted:
    false if either node is true."""
    one, two = g.digit[first], g.digit[second]
    if one == two:
        where = g.seen[first] & g.seen[second] & g.places[one]
        return [(cell, one) for cell in bits(where)]
    a, b = g.single(first), g.single(second)
    found = []
    if a is not None and a == b:
        found = [(a, d) for d in digits_of(g.marks.candidates[a]) if d not in (one, two)]
    else:
        if b is not None and g.seen[first] >> b & 1 and g.places[one] >> b & 1:
            found.append((b, one))
        if a is not None and g.seen[second] >> a & 1 and g.places[two] >> a & 1:
            found.append((a, two))
    return sorted(found)


def targets(g: Graph) -> list[int]:
    """For each node ``z``, the nodes ``s`` with some victim in common with it
    (``victims(g, s, z)`` may be non-empty), as a bit set of nodes."""
    size = g.marks.shape.size
    if g.single_at.count(-1) == len(g.single_at) - sum(m.bit_count() for m in g.places[1:]):
        # every candidate is a node: its weak links are what it is a victim of
        found = []
        for linked in g.weak:
            reach = 0
            for other in linked:
                if len(g.cells[other]) == 1:
                    reach |= g.weakbits[other]
            found.append(reach)
        return found
    weak_to = [0] * (len(g.marks.candidates) * size)  # candidate -> nodes
    for node, digit in enumerate(g.digit):
        bit = 1 << node
        for cell in bits(g.seen[node] & g.places[digit]):
            weak_to[cell * size + digit - 1] |= bit
        cell = g.single(node)
        if cell is not None:
            for other in digits_of(g.marks.candidates[cell] & ~(1 << (digit - 1))):
                weak_to[cell * size + other - 1] |= bit
    found = []
    for node, digit in enumerate(g.digit):
        reach = 0
        for cell in bits(g.seen[node] & g.places[digit]):
            reach |= weak_to[cell * size + digit - 1]
        cell = g.single(node)
        if cell is not None:
            for other in digits_of(g.marks.candidates[cell] & ~(1 << (digit - 1))):
                reach |= weak_to[cell * size + other - 1]
        found.append(reach)
    return found


def locked_victims(g: Graph, cells: tuple[int, ...], digits: tuple[int, ...]) -> list[Candidate]:
    """The candidates of ``digits`` outside ``cells`` that see every cell of
    ``cells`` holding them: false when those digits are locked in ``cells``."""
    board = g.marks.shape
    peers = peer_bits(board.box_rows, board.box_cols)
    found = []
    for digit in digits:
        where = [cell for cell in cells if g.places[digit] >> cell & 1]
        seen = _all_seen(peers, tuple(where)) if where else 0
        found += [(cell, digit) for cell in bits(seen & g.places[digit])]
    return found


class SetRule(NamedTuple):
    """Two ends seeing two digits of an almost locked set (``cells``): the
    start sees its node ``seen_by_start`` (any start of ``starts``, a bit
    set), the end its node ``seen_by_end``. One of the ends is true, so one
    of the two digits is missing from the set and the others are locked in
    it: ``removed`` goes."""

    starts: int
    removed: tuple[Candidate, ...]
    seen_by_start: int
    seen_by_end: int
    cells: tuple[int, ...]


def set_rules(g: Graph) -> list[list[SetRule]]:
    """For each node (as a chain's end), the rules of the almost locked sets
    of ``g`` it sees that remove something."""
    rules: list[list[SetRule]] = [[] for _ in g.digit]
    for cells, nodes in g.sets:
        locked = {digit: locked_victims(g, cells, (digit,)) for digit in nodes}
        for x, y in combinations(nodes, 2):
            removed = tuple(sorted(v for d in nodes if d not in (x, y) for v in locked[d]))
            if not removed:
                continue
            for first, second in ((x, y), (y, x)):
                by_start, by_end = nodes[first], nodes[second]
                rule = SetRule(g.weakbits[by_start], removed, by_start, by_end, cells)
                for end in g.weak[by_end]:
                    rules[end].append(rule)
    return rules
