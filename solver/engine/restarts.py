"""Restarts: when a search runs long, begin again on the same puzzle written another way.

Backtracking is heavy-tailed. The same puzzle can take 25 guesses written
one way and 76,249 written another (Norvig's "hard1", relabelled or not),
because one unlucky choice early on leads into a huge subtree that holds no
solution. A verdict must not depend on how a puzzle happens to be written,
so a search that has made ``UNIT`` guesses without finishing stops, and a new
one starts on a random equivalent copy of the puzzle (``symmetry``): its
digits relabelled, its rows and columns moved within their bands and stacks,
maybe transposed. The copy has the same solutions, written the same way, but
the search meets its cells and digits in another order.

How long each run may last follows the Luby sequence (1, 1, 2, 1, 1, 2, 4,
1, ...) times ``UNIT``: short runs often, and now and then a run twice as
long as any before, so a puzzle that needs a long search everywhere still
gets one. That schedule is within a small factor of the best fixed cutoff
for any puzzle, without knowing the puzzle.

Solutions found by a run are kept, in the puzzle's own writing; later runs
skip them, so two solutions found in two different runs prove a puzzle has
several. Only a run that finishes proves a puzzle unique, or impossible.

Restarts help little when a puzzle has no solution and every writing of it
has a huge tree to refute (Norvig's "impossible" puzzle: 1,702,090 guesses).
So when the first run ends without a solution, a second, cheaper kind of
proof is tried once, within a few milliseconds: that some digits cannot all
be placed together (``templates``).
The copies come from a generator with a fixed seed, so a puzzle gets the
same verdict, and the same guess count, every time.

A rule set beyond classic Sudoku (a ``RulesLayout``) keeps few of those
rewrites (row swaps break a diagonal or a jigsaw region, relabelling breaks
non-consecutive), so its restarts keep the puzzle as written and vary the
search instead: each run after the first tries candidates in another random
order.
"""

from __future__ import annotations

from random import Random
from time import perf_counter

from .bits import Layout, RulesLayout, board_of
from .board import Grid, Shape
from .propagation import propagate, propagate_rules
from .search import Budget, SearchOutcome, search
from .symmetry import Transform, random_transform
from .templates import cannot_place

# Guesses in the shortest run. The first run takes the puzzle as written,
# and every puzzle of the shared sets finishes within it, in any writing
# measured (at most 1,074 guesses over 480 writings of forum_hardest's eight
# hardest), so restarts cost them nothing. A puzzle that does need a restart
# has wasted this much: hard1 takes 1,305 guesses (27 ms) in all.
UNIT = 1_280
SEED = 2_026


def luby(run: int) -> int:
    """The ``run``-th term (from 1) of the Luby sequence: 1, 1, 2, 1, 1, 2, 4, 1, ..."""
    while True:
        bits = run.bit_length()  # 2**(bits - 1) <= run < 2**bits
        if run == (1 << bits) - 1:
            return 1 << (bits - 1)
        run -= (1 << (bits - 1)) - 1


def search_restarting(
    puzzle: Grid, shape: Shape, layout: Layout, limit: int, budget: Budget
) -> SearchOutcome:
    """Up to ``limit`` solutions of ``puzzle``, searched in runs of growing length,
    each on another copy of it, within ``budget`` in all.

    ``complete`` is True when a run finished (so every solution was found, up
    to ``limit``), False when the budget ran out first.
    """
    deadline = perf_counter() + budget.max_seconds
    rng: Random | None = None  # made at the first restart: most searches need none
    transform: Transform | None = None  # the first run takes the puzzle as written
    found: list[Grid] = []
    guesses = run = 0
    while True:
        run += 1
        seconds = deadline - perf_counter()
        left = budget.max_guesses - guesses
        if left <= 0 or seconds <= 0:
            return SearchOutcome(found, guesses, False)
        cutoff = min(UNIT * luby(run), left)
        if isinstance(layout, RulesLayout):
            outcome = _varied_run(puzzle, layout, run, found, limit, Budget(cutoff, seconds))
        else:
            outcome = _run(puzzle, layout, transform, found, limit, Budget(cutoff, seconds))
        guesses += outcome.guesses
        if transform is None:
            found += outcome.solutions
        else:
            found += [transform.undo(solution) for solution in outcome.solutions]
        if outcome.complete or len(found) >= limit:
            return SearchOutcome(found, guesses, True)
        if run == 1 and not found and isinstance(layout, Layout) and _no_templates(puzzle, layout):
            return SearchOutcome([], guesses, True)  # proved impossible: no run would end
        if isinstance(layout, Layout):
            rng = rng or Random(SEED)
            transform = random_transform(shape, rng)


def _no_templates(puzzle: Grid, layout: Layout) -> bool:
    """True when ``templates`` proves the puzzle has no solution (a bounded check)."""
    board = propagate(board_of(puzzle, layout), 0, layout)
    return board is None or cannot_place(board[0], layout)


def _run(
    puzzle: Grid,
    layout: Layout,
    transform: Transform | None,
    found: list[Grid],
    limit: int,
    budget: Budget,
) -> SearchOutcome:
    """One run: the solutions of the puzzle written by ``transform`` (as it is,
    if None), other than those ``found`` already, in that writing."""
    if transform is None:
        written, known = puzzle, frozenset(found)
    else:
        written = transform.apply(puzzle)
        known = frozenset(transform.apply(solution) for solution in found)
    board = propagate(board_of(written, layout), 0, layout)
    if board is None:  # only the first run can tell this; later ones agree
        return SearchOutcome([], 0, True)
    return search(board, layout, limit - len(found), budget, known)


def _varied_run(
    puzzle: Grid, layout: RulesLayout, run: int, found: list[Grid], limit: int, budget: Budget
) -> SearchOutcome:
    """One run on a rule set's board: the first in the usual order, each later
    one in a random order of its own (seeded by the run, so verdicts repeat)."""
    board = propagate_rules(board_of(puzzle, layout), 0, layout)
    if board is None:
        return SearchOutcome([], 0, True)
    order = None if run == 1 else Random(SEED * 1_000 + run)
    return search(board, layout, limit - len(found), budget, frozenset(found), order)
