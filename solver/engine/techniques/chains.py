"""Chains: alternating strong and weak links (``links``) from one node to
another, and what they prove.

An alternating chain starts and ends with a strong link: if its start is
false, the next node is true, the one after false, and so on to its end,
which is true. So its start or its end is true, and every candidate both
see (``links.victims``) is false.

- x-chain: one digit, single candidates; the ends hold the digit, which
  leaves every cell seeing both.
- xy-chain: cells of two candidates each, strong inside a cell and weak
  between cells; the ends hold the same digit, which leaves every cell
  seeing both.
- aic: any candidates and groups (2 or 3 cells of a digit in a segment).
  As a chain (message ``aic``) it removes what both ends see: the digit of
  both ends from cells seeing both, or for two digits the other end's digit
  from each end's cell, or the other candidates of a cell holding both ends.
  When the ends are weakly linked the chain closes into a continuous nice
  loop (``aic/loop``): every weak link of the loop is then strong too, and
  what each weak link's two nodes both see goes. When a chain returns to its
  start (false start, true start), the start is placed (``aic/placement``,
  a discontinuous nice loop). Only when no such chain is left, almost
  locked sets (n cells of a unit, n + 1 digits) join as nodes, one per
  digit (``links.with_als``): without one of its digits a set holds all the
  others. A chain whose ends see two digits of one set locks its other
  digits in it (``aic/als``), and so does a loop through a set.
- forcing-chain: the last logical resort. Each candidate of a cell with
  few, or each place of a digit in a unit with few, is tried on a copy of
  the board and followed by singles only. What every branch leads to is
  true (``forcing-chain``); a branch that runs into a contradiction is false
  (``forcing-chain/contradiction``).

Chains are searched from every start at once, one strong link more each
round (``_chains``), so the shortest chains come first, as a person prefers,
and the first step comes without searching the rest. A chain has at most
``MAX_STRONG`` strong links (``2 * MAX_STRONG`` nodes).

Steps list the chain's links in order (``pattern.links``; for a loop the
closing weak link last), the cells it passes through and every digit on it.
Params, plain values (cells count from 0):

- x-chain, xy-chain: ``digit`` (of both ends), ``start`` and ``end`` (cells),
  ``length`` (links);
- aic, aic/loop, aic/placement: ``start`` and ``end`` (tuples of cells, one
  for a single candidate), ``start_digit``, ``end_digit``, ``digits`` (every
  digit on the chain), ``length`` (links, a loop's closing link included);
- aic/als: as aic, with ``als`` (the set's cells); its links end with a
  weak link from each end into the set's node it sees;
- forcing-chain: ``cell`` (or ``unit`` as ``(kind, number)``, with
  ``digit``), ``branches`` (the candidates tried), ``outcome`` (``"place"``
  or ``"eliminate"``, or ``"contradiction"`` for the other message). What
  the branches find is a net of singles, not one chain: no links.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache, partial
from itertools import pairwise
from typing import NamedTuple

from ..board import Shape
from ..levels import Level
from ..marks import Marks, digits_of, mask_of
from ..steps import Candidate, Link, Pattern, Step, Technique
from .aic_graph import aic_graph
from .links import (
    XY,
    Graph,
    SetRule,
    SetRules,
    X,
    bits,
    graph,
    grown_targets,
    locked_victims,
    targets,
    victims,
    with_als,
)
from .memo import Nothing, planes

MAX_STRONG = 10  # strong links per chain: HoDoKu's library needs up to 10
MAX_BRANCHES = 3  # branches a forcing chain follows
MAX_ALS = 5  # cells of an almost locked set on an aic: the library needs 5


# The digits whose x-chains found nothing, by their places (``memo``).
_NOTHING_X = Nothing()


def find_x_chain(marks: Marks) -> Iterator[Step]:
    """Every x-chain's eliminations, shortest chain first, each once.

    A digit's x-chains read only its places, and never meet another digit's;
    so the search leaves out the digits whose places are those on which they
    last found nothing, and the rest come in the same order as with them."""
    board, plane = marks.shape, planes(marks)
    digits = range(1, board.size + 1)
    parts = {(board.box_rows, board.box_cols, board.key, digit): plane[digit] for digit in digits}
    live = [part for part, view in parts.items() if not _NOTHING_X.skips(part, view)]
    if not live:
        return
    kept = sum(1 << (digit - 1) for *_, digit in live)
    searched = Marks(board, marks.digits, [mask & kept for mask in marks.candidates])
    found = False
    for step in _same_digit_chains("x-chain", graph(searched, X)):
        found = True
        yield step
    if not found:
        for part in live:
            _NOTHING_X.remember(part, parts[part])


def find_xy_chain(marks: Marks) -> Iterator[Step]:
    """Every xy-chain's eliminations, shortest chain first, each once."""
    yield from _same_digit_chains("xy-chain", graph(marks, XY))


def find_aic(marks: Marks) -> Iterator[Step]:
    """Every alternating inference chain's, nice loop's and discontinuous
    loop's outcome, grouped nodes included, shortest chain first, each once:
    on the graph of aic, then (made only when asked for) the same with
    almost locked sets, so that chains through them come after the rest."""
    said: set[tuple] = set()
    plain = aic_graph(marks)
    reach = targets(plain)
    yield from _aic_search(plain, list(reach), said)
    with_sets = with_als(plain, MAX_ALS)
    yield from _aic_search(with_sets, grown_targets(with_sets, plain, reach), said)


def _aic_search(g: Graph, wanted: list[int], said: set[tuple]) -> Iterator[Step]:
    """The aic steps of ``g`` not ``said`` yet, from the ends' ``targets``
    (``wanted``, which this adds to)."""
    for node, cells in enumerate(g.cells):
        if len(cells) == 1:
            wanted[node] |= 1 << node  # a chain back to its start places it
    rules = SetRules(g)
    rules.add_starts(wanted)
    for start, end, walk in _chains(g, wanted):
        for placements, eliminations, path, *more in _aic_outcomes(
            g, start, end, walk, rules.of(end)
        ):
            if (placements, eliminations) not in said:
                said.add((placements, eliminations))
                yield from _aic_step(g, placements, eliminations, path or walk(), *more)


def _aic_outcomes(
    g: Graph, start: int, end: int, walk: Callable[[], list[int]], rules: list[SetRule]
) -> Iterator[tuple]:
    """What one aic chain does, as the arguments of ``_aic_step``: a
    placement if it returns to its start; else, if its ends are weakly
    linked, the loop it closes; what both ends see (part of the loop's
    outcome but an instance of its own); and what the almost locked sets its
    ends see into lock (``rules``, the end's). The path is None when it was
    not needed yet: a loop's outcome needs it, the others only once kept."""
    if start == end:
        # A chain back to its start proves the start true: a placement when
        # it is one candidate. A group's truth places nothing (which of its
        # cells holds the digit is open), so it is no placement.
        if g.single(start) is not None:
            yield (g.candidates(start)[0],), (), None
        return
    path = None
    if start > end and g.weakbits[start] >> end & 1:  # a loop: once, from the end met first
        path = walk()
        loop_removed = _loop_victims(g, path) if _apart(g, path) else ()
        if loop_removed:
            yield (), loop_removed, path, True
    removed = tuple(victims(g, start, end))
    if removed:
        yield (), removed, path
    for rule in rules:
        if rule.starts >> start & 1:
            yield (), rule.removed, path, False, rule


def _same_digit_chains(technique: str, g: Graph) -> Iterator[Step]:
    """The steps of the chains of ``g`` whose two ends (apart) hold one digit."""
    by_digit: dict[int, int] = {}
    for node, digit in enumerate(g.digit):
        by_digit[digit] = by_digit.get(digit, 0) | 1 << node
    wanted = [
        reach & by_digit[g.digit[node]] & ~(1 << node) for node, reach in enumerate(targets(g))
    ]
    said: set[tuple[Candidate, ...]] = set()
    for start, end, walk in _chains(g, wanted):
        removed = tuple(victims(g, start, end))
        if removed and removed not in said:
            said.add(removed)
            path = walk()
            params = {
                "digit": g.digit[start],
                "start": g.cells[path[0]][0],
                "end": g.cells[path[-1]][0],
                "length": len(path) - 1,
            }
            yield _step(technique, technique, g, path, params, eliminations=removed)


def _chains(g: Graph, wanted: list[int]) -> Iterator[tuple[int, int, Callable[[], list[int]]]]:
    """For each pair of nodes (start ``s``, end ``z``) with ``s`` in
    ``wanted[z]`` (a bit set), the shortest alternating chain from ``s`` to
    ``z`` with at most ``MAX_STRONG`` strong links, shortest first, as
    ``(s, z, walk)``: ``walk()`` gives the chain's nodes in order (walking
    back costs, so only the chains kept are walked); both directions come.

    Round ``k`` finds, for every node and every start at once (bits of an
    int), the nodes true with ``k`` strong links once the start is false
    (``on``) and those false after them (``off``); each round's sets are
    kept to walk a chain back from its end. Links go both ways, so a round
    pushes only what is new along them: the starts a node gained last round
    (most nodes gain none after the first few rounds). The sets of a node
    with no strong link are never read: nothing is pushed to it.
    """
    count = len(g.digit)
    strong = g.strong
    # A node with no strong link is on no chain: it is never true, and what
    # makes it false goes no further, so the search leaves it out.
    weak = [[other for other in linked if strong[other]] for linked in g.weak]
    off = [1 << node for node in range(count)]
    on = [0] * count
    ons, offs = [on], [off]
    gained_off = {node: off[node] for node in range(count) if strong[node]}
    for rounds in range(1, MAX_STRONG + 1):
        before, on = on, list(on)
        gained_on = _push(strong, gained_off, on, before)
        ons.append(on)
        for end in sorted(gained_on):
            fresh = gained_on[end] & wanted[end]
            if fresh:
                for start in bits(fresh):
                    yield start, end, partial(_walk_back, g, ons, offs, start, end, rounds)
        before, off = off, list(off)
        gained_off = _push(weak, gained_on, off, before)
        offs.append(off)
        if not gained_off:
            return


def _push(
    links: list[list[int]], gained: dict[int, int], sets: list[int], before: list[int]
) -> dict[int, int]:
    """Add each node's ``gained`` starts to the ``sets`` of the nodes linked
    to it (``sets`` is a copy of ``before``); what each of those gained."""
    reached: set[int] = set()
    for node, starts in gained.items():
        linked = links[node]
        for other in linked:
            sets[other] |= starts
        reached.update(linked)
    return {node: sets[node] & ~before[node] for node in reached if sets[node] != before[node]}


def _walk_back(
    g: Graph, ons: list[list[int]], offs: list[list[int]], start: int, end: int, rounds: int
) -> list[int]:
    """The chain from ``start`` to ``end`` found in round ``rounds``: from the
    end, a strong link back to a node false a round earlier, then a weak link
    back to a node true in that round, and so on to the start. Each round's
    sets hold what the one before them made, so the next link always exists.
    Nodes in order from the lower of the two ends."""
    bit = 1 << start
    path, node = [end], end
    for k in range(rounds, 0, -1):
        node = next(other for other in g.strong[node] if offs[k - 1][other] & bit)
        path.append(node)
        if node == start:
            break
        node = next(other for other in g.weak[node] if ons[k - 1][other] & bit)
        path.append(node)
    # the lower node first, so that a chain reads one way whichever end it was found from
    return path if path[0] < path[-1] else path[::-1]


def _apart(g: Graph, path: list[int]) -> bool:
    """True if no two nodes of the path share a candidate."""
    seen: set[Candidate] = set()
    for node in path:
        for candidate in g.candidates(node):
            if candidate in seen:
                return False
            seen.add(candidate)
    return True


def _loop_victims(g: Graph, path: list[int]) -> tuple[Candidate, ...]:
    """What a continuous loop removes: for each of its weak links (the closing
    one, from the end back to the start, included), what both nodes see."""
    weak_links = [(path[i], path[i + 1]) for i in range(1, len(path) - 1, 2)]
    weak_links.append((path[-1], path[0]))
    found = {victim for first, second in weak_links for victim in victims(g, first, second)}
    for first, second in zip(path[::2], path[1::2], strict=False):
        cells = g.set_of(first, second)
        if cells:  # exactly one of the two digits: the set's other digits are locked in it
            mask = 0
            for cell in cells:
                mask |= g.marks.candidates[cell]
            others = tuple(d for d in digits_of(mask) if d not in (g.digit[first], g.digit[second]))
            found.update(locked_victims(g, cells, others))
    return tuple(sorted(found))


def _aic_step(
    g: Graph,
    placements: tuple[Candidate, ...],
    eliminations: tuple[Candidate, ...],
    path: list[int],
    loop: bool = False,
    rule: SetRule | None = None,
) -> Iterator[Step]:
    """The step of an aic chain, loop or chain into an almost locked set."""
    message = "aic/placement" if placements else "aic/loop" if loop else "aic"
    start, end = path[0], path[-1]
    params = {
        "start": g.cells[start],
        "end": g.cells[end],
        "start_digit": g.digit[start],
        "end_digit": g.digit[end],
        "digits": tuple(sorted({g.digit[node] for node in path})),
        "length": len(path) - 1 + loop,
    }
    step = _step("aic", message, g, path, params, placements, eliminations, loop)
    if rule is not None:
        step = _into_set(g, step, path, rule)
    yield step


def _into_set(g: Graph, step: Step, path: list[int], rule: SetRule) -> Step:
    """An aic step whose ends see into an almost locked set (message
    ``aic/als``): the set's cells and digits join the pattern, and a weak link
    from each end into the set's node it sees ends the links."""
    start, end = (
        (path[0], path[-1])
        if g.weakbits[rule.seen_by_start] >> path[0] & 1
        else (path[-1], path[0])
    )
    links = (
        *step.pattern.links,
        Link(g.candidates(end), g.candidates(rule.seen_by_end), strong=False),
        Link(g.candidates(rule.seen_by_start), g.candidates(start), strong=False),
    )
    mask = 0
    for cell in rule.cells:
        mask |= g.marks.candidates[cell]
    pattern = Pattern(
        cells=tuple(dict.fromkeys((*step.pattern.cells, *rule.cells))),
        digits=tuple(sorted(set(step.pattern.digits) | set(digits_of(mask)))),
        links=links,
    )
    params = {**step.params, "als": rule.cells}
    return Step(
        "aic", eliminations=step.eliminations, pattern=pattern, message="aic/als", params=params
    )


def _step(
    technique: str,
    message: str,
    g: Graph,
    path: list[int],
    params: dict[str, object],
    placements: tuple[Candidate, ...] = (),
    eliminations: tuple[Candidate, ...] = (),
    loop: bool = False,
) -> Step:
    """A chain's step: its links in order (strong first, alternating; a loop's
    closing weak link last), its cells in order and its digits."""
    links = [
        Link(g.candidates(first), g.candidates(second), strong=i % 2 == 0)
        for i, (first, second) in enumerate(pairwise(path))
    ]
    if loop:
        links.append(Link(g.candidates(path[-1]), g.candidates(path[0]), strong=False))
    cells = tuple(dict.fromkeys(cell for node in path for cell in g.cells[node]))
    digits = tuple(sorted({g.digit[node] for node in path}))
    return Step(
        technique,
        placements=placements,
        eliminations=eliminations,
        pattern=Pattern(cells=cells, digits=digits, links=tuple(links)),
        message=message,
        params=params,
    )


def find_forcing_chain(marks: Marks) -> Iterator[Step]:
    """Every set of branches (a cell's candidates, or a digit's places in a
    unit) of at most ``MAX_BRANCHES``, fewest first, whose branches, each
    followed by singles on a copy of the board, agree on a placement or an
    elimination, or of which some branch runs into a contradiction."""
    # A candidate is a branch of its cell and of each of its units: followed
    # once, and what it places and takes out worked out once, digit by digit.
    followed: dict[Candidate, dict[int, int] | None] = {}
    placed_of: dict[Candidate, list[int]] = {}
    gone_of: dict[Candidate, list[int]] = {}
    start = _start(marks)
    for count in range(2, MAX_BRANCHES + 1):
        for branches, params in _branch_sets(marks, count):
            for branch in branches:
                if branch not in followed:
                    followed[branch] = _follow(marks, start, *branch)
            wrong = tuple(b for b in branches if not followed[b])
            if wrong and len(wrong) < len(branches):
                yield _forcing_step(branches, params, (), tuple(sorted(wrong)), "contradiction")
            elif not wrong:
                placed = _common(marks, branches, followed, placed_of, _by_digit)
                if placed:
                    yield _forcing_step(branches, params, placed, (), "place")
                else:
                    removed = _common(marks, branches, followed, gone_of, _removed)
                    if removed:
                        yield _forcing_step(branches, params, (), removed, "eliminate")


def _common(
    marks: Marks,
    branches: tuple[Candidate, ...],
    followed: dict[Candidate, dict[int, int] | None],
    known: dict[Candidate, list[int]],
    work: Callable[[Marks, dict[int, int]], list[int]],
) -> tuple[Candidate, ...]:
    """The candidates that every branch's outcome (``followed``) holds, as
    ``work`` reads it (by digit, a cell set), kept in ``known``; sorted."""
    common: list[int] = []
    for branch in branches:
        if branch not in known:
            known[branch] = work(marks, followed[branch])
        sets = known[branch]
        common = [a & b for a, b in zip(common, sets, strict=True)] if common else sets
        if not any(common):
            return ()
    found = [(cell, digit) for digit, cells in enumerate(common) if cells for cell in bits(cells)]
    return tuple(sorted(found))


def _by_digit(marks: Marks, placed: dict[int, int]) -> list[int]:
    """By digit, the cells a branch's outcome places it in."""
    found = [0] * (marks.shape.size + 1)
    for cell, digit in placed.items():
        found[digit] |= 1 << cell
    return found


def _branch_sets(marks: Marks, count: int) -> Iterator[tuple[tuple[Candidate, ...], dict]]:
    """The cells of ``count`` candidates, then the (unit, digit) with
    ``count`` places, each as its branches and its step's params."""
    for cell, mask in enumerate(marks.candidates):
        if mask.bit_count() == count:
            yield tuple((cell, digit) for digit in digits_of(mask)), {"cell": cell}
    for unit in marks.shape.units:
        for digit in range(1, marks.shape.size + 1):
            places = marks.places(unit, digit)
            if len(places) == count:
                params = {"unit": (unit.kind, unit.number), "digit": digit}
                yield tuple((cell, digit) for cell in places), params


class _Start(NamedTuple):
    """What every branch on one board starts from: each digit's places
    (``planes``), and by unit (its place in ``shape.units``) the digits
    placed there (``held``) and those with one place or none and not placed
    (``pending``: a hidden single, or a contradiction, before any branch)."""

    places: tuple[int, ...]
    held: list[int]
    pending: dict[int, int]


def _start(marks: Marks) -> _Start:
    """The start of every branch on ``marks``."""
    board = marks.shape
    places = planes(marks)
    geometry = _geometry(board)
    held, pending = [], {}
    for number, unit in enumerate(board.units):
        placed = mask_of(marks.digits[c] for c in unit.cells if marks.digits[c])
        held.append(placed)
        cells, digits = geometry.unit_cells[number], 0
        for digit in range(1, board.size + 1):
            count = (places[digit] & cells).bit_count()
            if count == 1 or (count == 0 and not placed >> (digit - 1) & 1):
                digits |= 1 << (digit - 1)
        if digits:
            pending[number] = digits
    return _Start(places, held, pending)


def _follow(marks: Marks, start: _Start, cell: int, digit: int) -> dict[int, int] | None:
    """The digits placed (cell -> digit) by placing ``digit`` in ``cell`` and
    then every naked and hidden single that follows, on a copy of the
    candidates (and of ``start``, ``_start``); None if that runs into a
    contradiction (a cell left without candidates, or a unit left without a
    place for a digit it lacks).

    Naked singles are followed as they appear; then the units are looked
    through for hidden singles and for a digit with no place, unit by unit
    and digit by digit, but only the digits that lost a place in a unit
    since the last look (and, the first time, those ``pending`` on the
    board): the others have no hidden single left there (each was placed,
    which took its places) and still have a place. Each digit's places are
    kept beside the candidates, so a digit's places in a unit, or the peers
    that lose it, are found without looking at every cell."""
    geometry = _geometry(marks.shape)
    units_of, unit_cells, peers = geometry.units_of, geometry.unit_cells, geometry.peers
    candidates = list(marks.candidates)
    places, held = list(start.places), list(start.held)
    placed: dict[int, int] = {}
    queue = [(cell, digit)]
    lost = dict(start.pending)  # unit -> the digits to look at there
    while queue:
        while queue:
            cell, digit = queue.pop()
            if placed.get(cell) == digit:
                continue
            bit = 1 << (digit - 1)
            mask = candidates[cell]
            if not mask & bit:
                return None
            placed[cell], candidates[cell] = digit, 0
            for unit in units_of[cell]:
                held[unit] |= bit
                lost[unit] = lost.get(unit, 0) | mask
            while mask:
                low = mask & -mask
                places[low.bit_length()] &= ~(1 << cell)
                mask ^= low
            hit = places[digit] & peers[cell]
            places[digit] ^= hit
            for peer in bits(hit):
                left = candidates[peer] = candidates[peer] & ~bit
                for unit in units_of[peer]:
                    lost[unit] = lost.get(unit, 0) | bit
                if not left:
                    return None
                if left & (left - 1) == 0:
                    queue.append((peer, left.bit_length()))
        for unit in sorted(lost):
            digits_lost = lost[unit]
            while digits_lost:
                low = digits_lost & -digits_lost
                digits_lost ^= low
                where = places[low.bit_length()] & unit_cells[unit]
                if not where and not held[unit] & low:
                    return None
                if where and where & (where - 1) == 0:
                    queue.append((where.bit_length() - 1, low.bit_length()))
        lost = {}
    return placed


class _Geometry(NamedTuple):
    """A shape's cells as bit sets: each cell's ``peers``, each unit's
    ``unit_cells`` (by its place in ``shape.units``), and each cell's
    ``units_of`` as those places."""

    peers: tuple[int, ...]
    unit_cells: tuple[int, ...]
    units_of: tuple[tuple[int, ...], ...]


@lru_cache(maxsize=64)  # a shape per rule set in use: jigsaw maps are many
def _geometry(board: Shape) -> _Geometry:
    """The geometry of a board's shape as bit sets (a variant's regions and
    peers too, so that a branch follows its singles under every region)."""
    number = {unit: i for i, unit in enumerate(board.units)}
    return _Geometry(
        tuple(sum(1 << peer for peer in peers) for peers in board.peers),
        tuple(sum(1 << cell for cell in unit.cells) for unit in board.units),
        tuple(tuple(number[unit] for unit in board.units_of[c]) for c in range(board.cells)),
    )


def _removed(marks: Marks, placed: dict[int, int]) -> list[int]:
    """By digit, the candidates of ``marks`` a branch's placements take out
    (a peer of a cell given the digit, or another digit of a cell placed),
    as cell sets."""
    board = marks.shape
    peers = _geometry(board).peers
    places = planes(marks)
    gone = [0] * (board.size + 1)
    for cell, digit in placed.items():
        gone[digit] |= peers[cell] & places[digit]
        for other in digits_of(marks.candidates[cell] & ~(1 << (digit - 1))):
            gone[other] |= 1 << cell
    return gone


def _forcing_step(
    branches: tuple[Candidate, ...],
    params: dict,
    placements: tuple[Candidate, ...],
    eliminations: tuple[Candidate, ...],
    outcome: str,
) -> Step:
    """A forcing-chain step: its pattern is the branches and what they prove
    (a net of singles, not one chain, so no links)."""
    found = placements or eliminations
    cells = tuple(dict.fromkeys([cell for cell, _ in branches] + [cell for cell, _ in found]))
    digits = tuple(sorted({digit for _, digit in branches + found}))
    message = "forcing-chain/contradiction" if outcome == "contradiction" else "forcing-chain"
    return Step(
        "forcing-chain",
        placements=placements,
        eliminations=eliminations,
        pattern=Pattern(cells=cells, digits=digits),
        message=message,
        params={**params, "branches": branches, "outcome": outcome},
    )


# Chains are expert; a forcing chain, which tries every branch, is extreme.
TECHNIQUES = (
    Technique("x-chain", find_x_chain, Level.EXPERT, 65),
    Technique("xy-chain", find_xy_chain, Level.EXPERT, 65),
    Technique("aic", find_aic, Level.EXPERT, 80),
    Technique("forcing-chain", find_forcing_chain, Level.EXTREME, 150),
)
