"""The graph of aic, put together from what each digit's places make.

``links.graph(marks, AIC)`` builds the graph of aic afresh; this builds the
same graph (the same nodes in the same order, the same links in the same
order) from parts kept digit by digit. A digit's groups, its strong links
in units and its weak links (between its own nodes) depend on its places
alone, so they are worked out once for each places a digit has and kept
with them (``memo.Kept``): a step that leaves a digit's places as they were
leaves its part of the graph too. Parts name their nodes by a key that
does not depend on the rest of the board (``_key``); putting the graph
together numbers the nodes as ``links.graph`` does and turns keys into
nodes. What joins two digits (the candidates of one cell) is read from the
cells, as it costs little.

Measured on the 147 boards where the teacher asks aic on ten puzzles of
``forum_hardest_1106`` (CPU time, in turn, as a walk meets them): 0.19 s
where ``links.graph`` takes 0.27 s; two or three digits of nine change
from one to the next.
"""

from __future__ import annotations

from bisect import insort
from functools import partial
from typing import NamedTuple

from ..marks import Marks
from .links import Graph, bit_set, bits, groups_by_unit, peer_bits, segment_bits, unit_bits
from .memo import Kept, planes


class _Part(NamedTuple):
    """A digit's part of the graph, its nodes as keys (a single's key is its
    cell, a group's the board's cell count plus its segment's place in
    ``intersections.segments``): its groups (segment, cells, cell set,
    cells seeing them all) in the order of the segments; each node's strong
    links in units (sorted); each single's weak links to the digit's
    singles (``before``: they come before the links within its cell) and to
    its groups (``after``: they come after); each group's weak links."""

    groups: tuple[tuple[int, tuple[int, ...], int, int], ...]
    strong: dict[int, list[int]]
    before: dict[int, list[int]]
    after: dict[int, list[int]]
    weak: dict[int, list[int]]


_PARTS: Kept[_Part] = Kept()


def aic_graph(marks: Marks) -> Graph:
    """``links.graph(marks, AIC)``, from each digit's part, kept with its places."""
    board = marks.shape
    size, cells_count = board.size, board.cells
    plane = planes(marks)
    parts = [
        _PARTS.get(
            (board.box_rows, board.box_cols, board.key, d), plane[d], partial(_part, marks, d)
        )
        for d in range(1, size + 1)
    ]
    peers = peer_bits(board.box_rows, board.box_cols)
    g = Graph(marks, [], [], [], [], [], [], [], list(plane))
    # By digit, each key's node (-1: none).
    keys = cells_count + len(segment_bits(board.box_rows, board.box_cols))
    node_of = [[-1] * keys for _ in range(size + 1)]
    digit_of, cells_of, cellbits_of, seen_of, index = g.digit, g.cells, g.cellbits, g.seen, g.index
    single_at = g.single_at = [-1] * (cells_count * size)
    for cell, mask in enumerate(marks.candidates):
        while mask:
            low = mask & -mask
            digit = low.bit_length()
            node = node_of[digit][cell] = single_at[cell * size + digit - 1] = len(digit_of)
            digit_of.append(digit)
            cells_of.append((cell,))
            cellbits_of.append(1 << cell)
            seen_of.append(peers[cell])
            index[digit, 1 << cell] = node
            mask ^= low
    groups = sorted(
        (segment * size + digit, digit, segment, cells, where, seen)
        for digit, part in enumerate(parts, 1)
        for segment, cells, where, seen in part.groups
    )
    for _, digit, segment, cells, where, seen in groups:
        node_of[digit][cells_count + segment] = index[digit, where] = len(digit_of)
        digit_of.append(digit)
        cells_of.append(cells)
        cellbits_of.append(where)
        seen_of.append(seen)
    _links(g, parts, node_of, [(digit, cells_count + segment) for _, digit, segment, *_ in groups])
    return g


def _links(
    g: Graph, parts: list[_Part], node_of: list[list[int]], group_keys: list[tuple[int, int]]
) -> None:
    """The strong and weak links of ``g``'s nodes, from the digits' parts,
    each key turned into its node (``group_keys``: the groups' digits and
    keys, in order)."""
    strong, weak, digit_of = g.strong, g.weak, g.digit
    for cell, mask in enumerate(g.marks.candidates):
        if not mask:
            continue
        first = g.single_at[cell * g.marks.shape.size + (mask & -mask).bit_length() - 1]
        in_cell = range(first, first + mask.bit_count())
        for node in in_cell:
            digit = digit_of[node]
            part, nodes = parts[digit - 1], node_of[digit]
            linked = [nodes[k] for k in part.strong.get(cell, ())]
            if len(in_cell) == 2:
                insort(linked, 2 * first + 1 - node)
            strong.append(linked)
            weak.append(
                [nodes[k] for k in part.before[cell]]
                + [other for other in in_cell if other != node]
                + [nodes[k] for k in part.after.get(cell, ())]
            )
    for digit, key in group_keys:
        part, nodes = parts[digit - 1], node_of[digit]
        strong.append([nodes[k] for k in part.strong.get(key, ())])
        weak.append([nodes[k] for k in part.weak[key]])
    g.weakbits = [bit_set(linked) for linked in weak]


def _part(marks: Marks, digit: int) -> _Part:
    """The part of ``digit`` (``_Part``), from its places on ``marks``."""
    board = marks.shape
    places = planes(marks)[digit]
    peers = peer_bits(board.box_rows, board.box_cols)
    groups = []
    by_cells = {1 << cell: cell for cell in bits(places)}  # cell set -> key
    for segment, cells_in in enumerate(segment_bits(board.box_rows, board.box_cols)):
        where = cells_in & places
        if where.bit_count() >= 2:
            cells = tuple(bits(where))
            seen = -1
            for cell in cells:
                seen &= peers[cell]
            groups.append((segment, cells, where, seen))
            by_cells[where] = board.cells + segment
    strong = _strong(marks, places, by_cells)
    before = {cell: bits(peers[cell] & places) for cell in bits(places)}
    after: dict[int, list[int]] = {}
    weak: dict[int, list[int]] = {board.cells + segment: [] for segment, *_ in groups}
    for i, (segment, _, _, seen) in enumerate(groups):
        key = board.cells + segment
        for cell in bits(seen & places):
            weak[key].append(cell)
            after.setdefault(cell, []).append(key)
        for other_segment, _, other_where, _ in groups[i + 1 :]:
            if other_where & ~seen == 0:
                weak[key].append(board.cells + other_segment)
                weak[board.cells + other_segment].append(key)
    return _Part(tuple(groups), strong, before, after, weak)


def _strong(marks: Marks, places: int, by_cells: dict[int, int]) -> dict[int, list[int]]:
    """The strong links of a digit's nodes (``by_cells``: cell set -> key) in
    units: its places in a unit split into two nodes, each sorted."""
    board = marks.shape
    groups_in = groups_by_unit(board.box_rows, board.box_cols)
    strong: dict[int, set[int]] = {}
    for number, cells_in in enumerate(unit_bits(board.box_rows, board.box_cols)):
        where = places & cells_in
        if where.bit_count() < 2:
            continue
        parts = [1 << cell for cell in bits(where)]
        parts += [b & where for b in groups_in[number] if (b & where).bit_count() >= 2]
        for part in parts:
            first, second = by_cells.get(part), by_cells.get(where & ~part)
            if first is not None and second is not None:
                strong.setdefault(first, set()).add(second)
                strong.setdefault(second, set()).add(first)
    return {key: sorted(linked) for key, linked in strong.items()}
