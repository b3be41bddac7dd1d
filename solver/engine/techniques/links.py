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

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple

from ..board import shape
from ..marks import Marks, digits_of
from ..steps import Candidate
from .intersections import segments
from .locked_sets import MAX_CELLS, LockedSet, in_unit
from .memo import planes

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
    single_at: list[int] = field(default_factory=list)  # cell * size + digit - 1 -> node, or -1
    index: dict[tuple[int, int], int] = field(default_factory=dict)  # (digit, cellbits) -> node
    sets: list[tuple[tuple[int, ...], dict[int, int]]] = field(default_factory=list)  # ALS
    board_strong: list[list[int]] = field(default_factory=list)  # strong links before the sets'

    def candidates(self, node: int) -> tuple[Candidate, ...]:
        """The node as the candidates it stands for."""
        return tuple((cell, self.digit[node]) for cell in self.cells[node])

    def single(self, node: int) -> int | None:
        """The node's cell if it is a single candidate, else None."""
        cells = self.cells[node]
        return cells[0] if len(cells) == 1 else None

    def set_of(self, first: int, second: int) -> tuple[int, ...] | None:
        """The cells of the almost locked set whose strong link joins two
        nodes (the first set holding both), or None if no set's does: they
        are linked on the board already, or not at all."""
        board = self.board_strong
        if first < len(board) and second in board[first]:
            return None
        for cells, nodes in self.sets:
            held = nodes.values()
            if first in held and second in held:
                return cells
        return None


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
    size = board.size
    peers = peer_bits(board.box_rows, board.box_cols)
    places = list(planes(marks))
    g = Graph(marks, [], [], [], [], [], [], [], places)
    g.single_at = single_at = [-1] * (board.cells * size)
    digit_of, cells_of, cellbits_of, seen_of, index = g.digit, g.cells, g.cellbits, g.seen, g.index
    for cell, mask in enumerate(marks.candidates):
        if kind != XY or mask.bit_count() == 2:
            while mask:
                low = mask & -mask
                digit = low.bit_length()
                node = single_at[cell * size + digit - 1] = len(digit_of)
                digit_of.append(digit)
                cells_of.append((cell,))
                cellbits_of.append(1 << cell)
                seen_of.append(peers[cell])
                index[digit, 1 << cell] = node
                mask ^= low
    if kind == AIC:
        for segment in segment_bits(board.box_rows, board.box_cols):
            for digit in range(1, size + 1):
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
    ``max_als`` cells (at most ``locked_sets.MAX_CELLS``): one per digit,
    the digit in one of the set's cells holding it. Two nodes of a set are
    strongly linked: without one digit the set is locked and holds each of
    the others (``als`` keeps the set's cells for each such link; ``sets``
    each set's cells and its node of each digit)."""
    if max_als > MAX_CELLS:
        raise ValueError(f"sets of at most {MAX_CELLS} cells are enumerated")
    new = Graph(
        g.marks,
        list(g.digit),
        list(g.cells),
        list(g.cellbits),
        list(g.seen),
        list(g.strong),
        [list(linked) for linked in g.weak],
        list(g.weakbits),
        g.places,
        g.single_at,
        dict(g.index),
        board_strong=g.strong,
    )
    first_new = len(new.digit)
    digit_of, cells_of, cellbits_of, seen_of = new.digit, new.cells, new.cellbits, new.seen
    index = new.index
    joined: dict[int, list[int]] = {}  # node -> the nodes of its sets, set by set
    for locked in _almost_locked_sets(g.marks, max_als):
        digits = digits_of(locked.digits)
        nodes = []
        for digit in digits:
            where = locked.places[digit]
            node = index.get((digit, where))
            if node is None:  # a new group: the digit's places in the set
                node = index[digit, where] = len(digit_of)
                digit_of.append(digit)
                cells_of.append(locked.place_cells[digit])
                cellbits_of.append(where)
                seen_of.append(locked.seen[digit])
            nodes.append(node)
        new.sets.append((locked.cells, dict(zip(digits, nodes, strict=True))))
        for node in nodes:
            joined.setdefault(node, []).extend(nodes)
    grown = len(digit_of) - first_new
    new.strong.extend([] for _ in range(grown))
    new.weak.extend([] for _ in range(grown))
    new.weakbits.extend([0] * grown)
    # Each node is linked to the other nodes of its sets, in order, those
    # linked already (on the board, or by an earlier set) once.
    for node, others in joined.items():
        linked = dict.fromkeys(new.strong[node])
        linked.update(dict.fromkeys(others))
        linked.pop(node)
        new.strong[node] = list(linked)
    _weak_links_of(new, range(first_new, len(new.digit)))
    return new


def _almost_locked_sets(marks: Marks, max_als: int) -> list[LockedSet]:
    """Every set of 2 to ``max_als`` open cells of a unit holding one digit
    more than cells between them, once each (with the first unit holding
    it): each unit's sets (``locked_sets``, kept by its candidates and
    shared with ``als``), unit by unit."""
    found: dict[tuple[int, ...], LockedSet] = {}
    for number in range(len(marks.shape.units)):
        for locked in in_unit(marks, number):
            if 2 <= len(locked.cells) <= max_als:
                found.setdefault(locked.cells, locked)
    return list(found.values())


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


def _unit_links(g: Graph, strong: list[set[int]], grouped: bool) -> None:
    """Strong links in units: a digit's places there split into two nodes
    (two single candidates, or with ``grouped`` a candidate or a group and
    the rest)."""
    board = g.marks.shape
    size = board.size
    groups_in = groups_by_unit(board.box_rows, board.box_cols) if grouped else ()
    single_at, index = g.single_at, g.index
    for number, cells_in in enumerate(unit_bits(board.box_rows, board.box_cols)):
        for digit in range(1, size + 1):
            where = g.places[digit] & cells_in
            count = where.bit_count()
            if count < 2:
                continue
            if count == 2:  # a conjugate pair: two single candidates
                low = where & -where
                first = single_at[(low.bit_length() - 1) * size + digit - 1]
                second = single_at[(where.bit_length() - 1) * size + digit - 1]
                if first >= 0 and second >= 0:
                    strong[first].add(second)
                    strong[second].add(first)
                if not grouped:
                    continue
            elif not grouped:
                continue  # without groups, the rest of three places is no node
            parts = [1 << cell for cell in bits(where)]
            parts += [b & where for b in groups_in[number] if (b & where).bit_count() >= 2]
            for part in parts:
                first, second = index.get((digit, part)), index.get((digit, where & ~part))
                if first is not None and second is not None:
                    strong[first].add(second)
                    strong[second].add(first)


@cache
def unit_bits(box_rows: int, box_cols: int) -> tuple[int, ...]:
    """Each unit's cells as a bit set, in the order of ``shape.units``."""
    return tuple(sum(1 << cell for cell in unit.cells) for unit in shape(box_rows, box_cols).units)


@cache
def segment_bits(box_rows: int, box_cols: int) -> tuple[int, ...]:
    """Every segment's cells as a bit set."""
    return tuple(sum(1 << cell for cell in s.cells) for s in segments(box_rows, box_cols))


@cache
def groups_by_unit(box_rows: int, box_cols: int) -> tuple[tuple[int, ...], ...]:
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
    candidates, single_at, places = g.marks.candidates, g.single_at, g.places
    weak: list[list[int]] = [[] for _ in g.digit]
    groups: dict[int, list[int]] = {}
    for node, digit in enumerate(g.digit):
        cells = g.cells[node]
        if len(cells) == 1:
            linked = weak[node]
            for cell in bits(g.seen[node] & places[digit]):
                other = single_at[cell * size + digit - 1]
                if other >= 0:
                    linked.append(other)
            if same_cell:
                at = cells[0] * size - 1
                others = candidates[cells[0]] & ~(1 << (digit - 1))
                while others:
                    low = others & -others
                    linked.append(single_at[at + low.bit_length()])
                    others ^= low
        else:
            groups.setdefault(digit, []).append(node)
    for digit, nodes in groups.items():
        for i, group in enumerate(nodes):
            for cell in bits(g.seen[group] & places[digit]):
                single = single_at[cell * size + digit - 1]
                if single >= 0:
                    weak[group].append(single)
                    weak[single].append(group)
            seen = g.seen[group]
            for other in nodes[i + 1 :]:
                if g.cellbits[other] & ~seen == 0:
                    weak[group].append(other)
                    weak[other].append(group)
    g.weak = weak
    g.weakbits = [bit_set(linked) for linked in weak]


_SHIFT = (1).__lshift__


def bit_set(nodes: list[int]) -> int:
    """Some nodes (each once) as a bit set: their powers of two summed."""
    return sum(map(_SHIFT, nodes))


def _weak_links_of(g: Graph, fresh: range) -> None:
    """The weak links of the nodes ``fresh`` (groups added to a graph whose
    other nodes are linked already), both ways, and in ``weakbits``.

    A group is weakly linked to another of its digit whose cells it all
    sees; such a group's first cell is among those it sees, so the groups
    are looked up by their first cell. Each node's links come in the order
    of a plain search: singles by cell, then groups by node."""
    size = g.marks.shape.size
    groups: dict[tuple[int, int], list[int]] = {}  # (digit, first cell) -> groups
    for node in range(fresh.start):
        if len(g.cells[node]) > 1:
            groups.setdefault((g.digit[node], g.cells[node][0]), []).append(node)
    for node in fresh:
        digit, seen = g.digit[node], g.seen[node]
        weak, weakbits = g.weak[node], 0
        seen_here = bits(seen & g.places[digit])
        for cell in seen_here:
            single = g.single_at[cell * size + digit - 1]
            if single >= 0:
                weak.append(single)
                weakbits |= 1 << single
                g.weak[single].append(node)
                g.weakbits[single] |= 1 << node
        linked = []
        for cell in seen_here:
            for other in groups.get((digit, cell), ()):
                if g.cellbits[other] & ~seen == 0:
                    linked.append(other)
        if len(linked) > 1:
            linked.sort()
        for other in linked:
            weak.append(other)
            weakbits |= 1 << other
            g.weak[other].append(node)
            g.weakbits[other] |= 1 << node
        g.weakbits[node] |= weakbits
        groups.setdefault((digit, g.cells[node][0]), []).append(node)


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


def grown_targets(g: Graph, plain: Graph, reach: list[int]) -> list[int]:
    """``targets(g)`` for ``g = with_als(plain, ...)``, from ``reach``, the
    targets of ``plain``, whose every candidate is a node.

    A node's targets are what its single candidates' weak links reach. The
    sets' nodes are groups, so an old node's single neighbours are the same:
    it gains only the new nodes they were linked to, pushed from each single
    to the nodes weakly linked to it. A new node's targets are worked out."""
    first_new = len(plain.digit)
    found = list(reach) + [0] * (len(g.digit) - first_new)
    for node in range(first_new):
        gained = g.weakbits[node] & ~plain.weakbits[node]
        if gained and len(g.cells[node]) == 1:
            for other in plain.weak[node]:
                found[other] |= gained
    for node in range(first_new, len(g.digit)):
        for other in g.weak[node]:
            if len(g.cells[other]) == 1:
                found[node] |= g.weakbits[other]
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


class SetRules:
    """The rules of a graph's almost locked sets, by the end a chain must have
    to use them: ``starts(end)``, the starts of all of an end's rules (a bit
    set), and ``of(end)``, those rules in the order of the sets, of their
    pairs of digits (x, y) and of the two ways round (x seen by the start,
    then y).

    A set's other digits are locked in it when the ends see its nodes of
    two digits; what each removes is what sees all its places there (its
    node's ``seen``), so a pair has a rule only if a third digit removes
    something. Most ends are never reached by a chain, so only each node's
    sets (``sets_of``: as a node seen by an end) and starts are kept, and an
    end's rules are put together when first asked for. Weak links go both
    ways: the ends of a node's rules are the nodes weakly linked to it."""

    def __init__(self, g: Graph) -> None:
        self.g = g
        self.removing: list[int] = []  # by set, the digits that remove something (a mask)
        self.sets_of: dict[int, list[tuple[int, int]]] = {}  # node -> (set, its digit there)
        self.starts_by_seen: dict[int, int] = {}
        self._of: dict[int, list[SetRule]] = {}
        self._removed: dict[tuple[int, int], tuple[Candidate, ...]] = {}
        seen, places, weakbits = g.seen, g.places, g.weakbits
        for index, (_, nodes) in enumerate(g.sets):
            removing = 0
            for digit, node in nodes.items():
                if seen[node] & places[digit]:
                    removing |= 1 << (digit - 1)
            self.removing.append(removing)
            if not removing:
                continue
            for digit, node, starts in _starts_seen_by_end(nodes, removing, weakbits):
                self.sets_of.setdefault(node, []).append((index, digit))
                self.starts_by_seen[node] = self.starts_by_seen.get(node, 0) | starts

    def starts(self, end: int) -> int:
        """Every start of the rules of ``end``, as a bit set of nodes."""
        found = 0
        for node in self.g.weak[end]:
            found |= self.starts_by_seen.get(node, 0)
        return found

    def add_starts(self, wanted: list[int]) -> None:
        """Add to each end's ``wanted`` the ``starts`` of its rules: pushed from
        the nodes that have rules to the ends weakly linked to them."""
        weak = self.g.weak
        for node, starts in self.starts_by_seen.items():
            for end in weak[node]:
                wanted[end] |= starts

    def of(self, end: int) -> list[SetRule]:
        """The rules whose end ``end`` may be (it sees their ``seen_by_end``)."""
        if end not in self._of:
            self._of[end] = [rule for _, rule in sorted(self._rules_seen_from(end))]
        return self._of[end]

    def _rules_seen_from(self, end: int) -> Iterator[tuple[tuple[int, ...], SetRule]]:
        """The rules of ``end``, each with its place in the order of ``of``."""
        g = self.g
        for seen in g.weak[end]:
            for index, digit in self.sets_of.get(seen, ()):
                cells, nodes = g.sets[index]
                order = list(nodes)
                at = order.index(digit)
                for other_at, other in enumerate(order):
                    if other == digit or not _third(self.removing[index], other, digit):
                        continue
                    first, second = sorted((at, other_at))
                    place = (index, first, second, at < other_at)
                    removed = self._removed_without(index, other, digit)
                    yield (
                        place,
                        SetRule(g.weakbits[nodes[other]], removed, nodes[other], seen, cells),
                    )

    def _removed_without(self, index: int, x: int, y: int) -> tuple[Candidate, ...]:
        """What set ``index`` removes when its digits x and y are seen by the
        ends: what every other digit's places there see, in order."""
        key = (index, self.removing[index] & ~(1 << (x - 1)) & ~(1 << (y - 1)))
        if key not in self._removed:
            g = self.g
            _, nodes = g.sets[index]
            self._removed[key] = tuple(
                sorted(
                    (cell, digit)
                    for digit, node in nodes.items()
                    if key[1] >> (digit - 1) & 1
                    for cell in bits(g.seen[node] & g.places[digit])
                )
            )
        return self._removed[key]


def _starts_seen_by_end(
    nodes: dict[int, int], removing: int, weakbits: list[int]
) -> Iterator[tuple[int, int, int]]:
    """For each digit of a set (``nodes``: its node of each digit) that has
    a rule as the digit seen by an end, (digit, node, the starts of those
    rules): the nodes weakly linked to the set's nodes of the other digits
    that, with it, leave a third digit of ``removing`` (a mask). With three
    or more such digits every pair leaves one: the starts are then the
    others' links, from the links before and after each node."""
    members = list(nodes.items())
    links = [weakbits[node] for _, node in members]
    if removing.bit_count() >= 3:
        before = [0]
        for found in links:
            before.append(before[-1] | found)
        after = [0] * len(links)  # after[i]: the links of the members after the i-th
        for i in range(len(links) - 1, 0, -1):
            after[i - 1] = after[i] | links[i]
        for i, (digit, node) in enumerate(members):
            yield digit, node, before[i] | after[i]
        return
    for digit, node in members:
        starts, paired = 0, False
        for (other, _), other_starts in zip(members, links, strict=True):
            if other != digit and _third(removing, other, digit):
                starts |= other_starts
                paired = True
        if paired:
            yield digit, node, starts


def _third(removing: int, x: int, y: int) -> bool:
    """True if a digit of ``removing`` (a mask) other than x and y removes something."""
    return bool(removing & ~(1 << (x - 1)) & ~(1 << (y - 1)))
