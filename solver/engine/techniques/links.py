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


def graph(marks: Marks, kind: str, max_als: int = 0) -> Graph:
    """The graph of ``kind`` (``X``, ``XY`` or ``AIC``) on ``marks``; for
    ``AIC``, with the nodes of almost locked sets of 2 to ``max_als`` cells."""
    board = marks.shape
    peers = peer_bits(board.box_rows, board.box_cols)
    places = [0] * (board.size + 1)
    for cell, mask in enumerate(marks.candidates):
        for digit in digits_of(mask):
            places[digit] |= 1 << cell
    g = Graph(marks, [], [], [], [], [], [], [], places)
    index: dict[tuple[int, int], int] = {}  # (digit, cellbits) -> node
    for cell, mask in enumerate(marks.candidates):
        if kind != XY or mask.bit_count() == 2:
            for digit in digits_of(mask):
                index[digit, 1 << cell] = _add(g, digit, (cell,), peers[cell])
    if kind == AIC:
        for segment in segments(board.box_rows, board.box_cols):
            for digit in range(1, board.size + 1):
                cells = tuple(c for c in segment.cells if places[digit] >> c & 1)
                if len(cells) >= 2:
                    seen = _all_seen(peers, cells)
                    index[digit, sum(1 << c for c in cells)] = _add(g, digit, cells, seen)
    als_links = _als_nodes(g, index, peers, max_als) if kind == AIC and max_als > 1 else []
    strong = [set() for _ in g.digit]
    if kind != XY:
        _unit_links(g, index, strong, grouped=kind == AIC)
    if kind != X:
        _cell_links(g, index, strong)
    for first, second, als in als_links:
        strong[first].add(second)
        strong[second].add(first)
        g.als.setdefault((first, second), als)
        g.als.setdefault((second, first), als)
    g.strong = [sorted(linked) for linked in strong]
    _weak_links(g, index, same_cell=kind == AIC)
    return g


def _add(g: Graph, digit: int, cells: tuple[int, ...], seen: int) -> int:
    g.digit.append(digit)
    g.cells.append(cells)
    g.cellbits.append(sum(1 << cell for cell in cells))
    g.seen.append(seen)
    return len(g.digit) - 1


def _all_seen(peers: tuple[int, ...], cells: tuple[int, ...]) -> int:
    seen = -1
    for cell in cells:
        seen &= peers[cell]
    return seen


def _als_nodes(
    g: Graph, index: dict[tuple[int, int], int], peers: tuple[int, ...], max_als: int
) -> list[tuple[int, int, tuple[int, ...]]]:
    """The nodes of every almost locked set (n cells of a unit holding n + 1
    digits between them) of 2 to ``max_als`` cells, one per digit: the digit
    in one of the set's cells holding it. Two of them are strongly linked:
    without one digit the set is locked and holds each of the others. The
    links, each with the set's cells."""
    marks = g.marks
    links, done = [], set()
    for unit in marks.shape.units:
        open_cells = [cell for cell in unit.cells if marks.candidates[cell]]
        for count in range(2, min(max_als, len(open_cells) - 1) + 1):
            for cells in combinations(open_cells, count):
                mask = 0
                for cell in cells:
                    mask |= marks.candidates[cell]
                key = sum(1 << cell for cell in cells)
                if mask.bit_count() != count + 1 or key in done:
                    continue
                done.add(key)
                nodes = [_node(g, index, peers, digit, cells) for digit in digits_of(mask)]
                links += [(a, b, cells) for a, b in combinations(nodes, 2)]
    return links


def _node(
    g: Graph, index: dict[tuple[int, int], int], peers: tuple[int, ...], digit: int, cells
) -> int:
    """The node of ``digit`` in those of ``cells`` holding it, made if new."""
    where = tuple(cell for cell in cells if g.marks.candidates[cell] >> (digit - 1) & 1)
    key = (digit, sum(1 << cell for cell in where))
    if key not in index:
        index[key] = _add(g, digit, where, _all_seen(peers, where))
    return index[key]


def _unit_links(
    g: Graph, index: dict[tuple[int, int], int], strong: list[set[int]], grouped: bool
) -> None:
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
                first, second = index.get((digit, part)), index.get((digit, where & ~part))
                if first is not None and second is not None:
                    strong[first].add(second)
                    strong[second].add(first)


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


def _cell_links(g: Graph, index: dict[tuple[int, int], int], strong: list[set[int]]) -> None:
    """Strong links in cells: the two candidates of a two-candidate cell."""
    for cell, mask in enumerate(g.marks.candidates):
        if mask.bit_count() == 2:
            first, second = (index[digit, 1 << cell] for digit in digits_of(mask))
            strong[first].add(second)
            strong[second].add(first)


def _weak_links(g: Graph, index: dict[tuple[int, int], int], same_cell: bool) -> None:
    """Weak links: nodes of one digit that see each other, and (``same_cell``)
    candidates of one cell."""
    by_digit: dict[int, list[int]] = {}
    for node, digit in enumerate(g.digit):
        if len(g.cells[node]) > 1:
            by_digit.setdefault(digit, []).append(node)
    for node, digit in enumerate(g.digit):
        seen = g.seen[node]
        linked = [
            index[digit, 1 << cell]
            for cell in bits(seen & g.places[digit])
            if (digit, 1 << cell) in index
        ]
        linked += [group for group in by_digit.get(digit, ()) if g.cellbits[group] & ~seen == 0]
        cell = g.single(node)
        if same_cell and cell is not None:
            others = digits_of(g.marks.candidates[cell] & ~(1 << (digit - 1)))
            linked += [index[other, 1 << cell] for other in others]
        g.weak.append(linked)
        g.weakbits.append(sum(1 << other for other in linked))


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
