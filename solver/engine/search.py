"""Search: iterative backtracking over candidates, with propagation at each step.

When propagation stalls, the search guesses: it picks a cell, tries each of
its candidates in turn, and propagates again. Instead of recursion, an
explicit stack holds one frame per open choice: (board before the choice,
the chosen cell's candidates not yet tried). A board is a pair of integers (see
``bits``), so a frame keeps it as is, without copying. Deep searches cost
heap memory, never Python stack frames.

The cell to guess matters more than anything else for speed: among the cells
with two candidates, the search takes the one whose peers hold the most
candidates of those two digits, since either guess then removes the most.
On the hardest shared puzzles this halves the guesses of taking the first
such cell. A candidate removed from a peer with two candidates counts three
times, since it settles that peer and its own removals follow: 234 guesses a
puzzle on forum_hardest instead of 272, and 1.1x the puzzles a second, the
extra count included.

Work is bounded by a ``Budget``; a search that runs out says so instead of
running on.

The same search serves every rule set: a classic board's layout (``Layout``)
propagates with ``propagate``, any other's (``RulesLayout``) with
``propagate_rules``. Given an ``order`` (a random generator), it tries each
chosen cell's candidates in a random order: how a restart varies a search
that may not rewrite its puzzle (see ``restarts``).
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from time import perf_counter

from .bits import Layout, RulesLayout, gather, grid_of
from .board import Grid
from .propagation import Board, propagate, propagate_rules

Frame = tuple[int, int, int]  # (candidates, placed, untried candidates of the chosen cell)

_CLOCK_EVERY = 64  # guesses between looks at the clock, which is not free


@dataclass(frozen=True)
class Budget:
    """The most work one search may do: guesses made and seconds spent."""

    max_guesses: int = 500_000
    max_seconds: float = 1.0


DEFAULT_BUDGET = Budget()


@dataclass(frozen=True)
class SearchOutcome:
    """What a search found.

    ``solutions`` holds at most the requested number of grids; ``complete`` is
    False when the budget ran out first, so fewer solutions than exist may
    have been found. ``guesses`` counts every candidate tried by the search.
    """

    solutions: list[Grid]
    guesses: int
    complete: bool


def search(
    board: Board,
    layout: Layout,
    limit: int = 2,
    budget: Budget = DEFAULT_BUDGET,
    known: frozenset[Grid] = frozenset(),
    order: Random | None = None,
) -> SearchOutcome:
    """Find up to ``limit`` solutions from a propagated board, other than the
    ``known`` ones (which a restarted search has found already), trying
    candidates lowest first or, given ``order``, in a random order."""
    step = propagate_rules if isinstance(layout, RulesLayout) else propagate
    deadline = perf_counter() + budget.max_seconds
    solutions: list[Grid] = []
    stack: list[Frame] = []
    guesses = 0
    found: Board | None = board
    while True:
        if found is not None:
            candidates, placed = found
            if placed.bit_count() == layout.cells:
                solution = grid_of(candidates, layout)
                if solution not in known:
                    solutions.append(solution)
                    if len(solutions) >= limit:
                        return SearchOutcome(solutions, guesses, True)
            else:
                cell = choose_cell(candidates, placed, layout)
                untried = candidates & (layout.planes << cell)
                stack.append((candidates, placed, untried))
        if not stack:
            return SearchOutcome(solutions, guesses, True)
        if guesses >= budget.max_guesses or (
            guesses % _CLOCK_EVERY == 0 and perf_counter() > deadline
        ):
            return SearchOutcome(solutions, guesses, False)
        found = _next_guess(stack, layout, step, order)
        guesses += 1


def _next_guess(stack: list[Frame], layout, step, order: Random | None) -> Board | None:
    """Try the next candidate of the top frame (the lowest, or one drawn from
    ``order``): the board ``step`` propagates it to, or None."""
    candidates, placed, untried = stack[-1]
    guess = untried & -untried if order is None else _drawn(untried, order)
    untried ^= guess
    if untried:
        stack[-1] = (candidates, placed, untried)
    else:
        stack.pop()
    # Place the guess here, instead of leaving propagation a whole pass to
    # find it: a pass fewer per guess.
    taken = layout.ruled_out[guess.bit_length() - 1]
    return step(candidates & ~taken, placed | guess, layout)


def _drawn(bits: int, order: Random) -> int:
    """One set bit of ``bits``, drawn at random."""
    pick = order.randrange(bits.bit_count())
    while pick:
        bits &= bits - 1
        pick -= 1
    return bits & -bits


def choose_cell(candidates: int, placed: int, layout: Layout) -> int:
    """The unsettled cell to guess: of those with two candidates, the one whose
    guesses remove the most candidates from its peers, each counting three
    times if it is in a peer with two candidates (which it settles); else a
    cell with the fewest candidates."""
    pairs = _cells_with_two(candidates, layout)
    if not pairs:
        return _fewest_candidates(candidates, placed, layout)
    # Locals, since the loop runs once per such cell, often dozens of times.
    planes, all_cells, peers = layout.planes, layout.all_cells, layout.peers
    in_pairs = pairs * planes
    best, best_score = -1, -1
    rest = pairs
    while rest:
        low = rest & -rest
        rest ^= low
        cell = low.bit_length() - 1
        digits = ((candidates >> cell) & planes) * all_cells
        removed = candidates & peers[cell] & digits
        score = removed.bit_count() + 2 * (removed & in_pairs).bit_count()
        if score > best_score:
            best, best_score = cell, score
    return best


def _cells_with_two(candidates: int, layout: Layout) -> int:
    """The cells (in plane 0) with exactly two candidates."""
    once, twice, thrice = candidates, 0, 0
    for shift in layout.other_planes:
        plane = candidates >> shift
        thrice |= twice & plane
        twice |= once & plane
        once |= plane
    return twice & ~thrice & layout.all_cells


def _fewest_candidates(candidates: int, placed: int, layout: Layout) -> int:
    """The unsettled cell with the fewest candidates (the first of those)."""
    open_cells = layout.all_cells & ~gather(placed, layout.other_planes)
    best, best_count = -1, layout.size + 1
    while open_cells:
        low = open_cells & -open_cells
        open_cells ^= low
        cell = low.bit_length() - 1
        count = (candidates & (layout.planes << cell)).bit_count()
        if count < best_count:
            best, best_count = cell, count
    return best
