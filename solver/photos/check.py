"""The check: the engine decides whether a grid read has exactly one solution, and
the reader's next-best guesses are tried until one has.

A printed puzzle has one solution, so a reading that breaks the rules, has
none or has several holds a misread cell. Each cell comes with its
alternatives (the classifier's other digits, or empty for a filled cell and
filled for an empty one), each costing its loss of confidence: the log of
the first choice's probability over the alternative's. Sets of up to
MAX_CHANGES alternatives are tried cheapest first (a best-first walk over
sums of costs), and the first set that leaves exactly one solution wins.
The walk stops after MAX_TRIES readings (about 100 ms) or BUDGET_SECONDS,
whichever comes first, and then keeps the classifier's reading.

A reading that breaks the rules says where to look: of two cells holding
the same digit in a unit, one at least is misread, however sure the
classifier was of both (a 4 read as a 5 is). So every set tried changes a
cell of each such pair, and the sets made of those cells' alternatives,
all of them, are tried first.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass
from time import perf_counter

from solver.engine import STANDARD, Budget, Status, find_conflicts, format_grid, parse_puzzle, solve

# The engine's verdicts that decide a reading; past its budget it is "unchecked".
DECIDED = {Status.UNIQUE.value, Status.MULTIPLE.value, Status.NONE.value}
UNCHECKED = "unchecked"
MAX_CHANGES = 3  # cells changed at once
MAX_ALTERNATIVES = 14  # the cheapest alternatives over all cells that the walk combines
MAX_TRIES = 150
# Each change costs this much on top of its loss of confidence: a misread cell is
# rare, so of two ways to one solution, the one changing fewer cells is likelier.
CHANGE_COST = 1.5
# The tries are bounded by their number, so that a reading comes out the same on a
# busy machine as on an idle one; the seconds are a backstop for a very slow one.
BUDGET_SECONDS = 0.3
# One solve of a newspaper puzzle takes about a millisecond and a few guesses; a
# reading so wrong that it needs more is not worth the wait.
SOLVE_BUDGET = Budget(max_guesses=2_000, max_seconds=0.05)
# A cell read as a digit whose odds of being empty are below this holds ink for sure.
SURELY_INKED = 0.05


@dataclass(frozen=True, order=True)
class Choice:
    """One symbol a cell may hold, and the reader's probability for it."""

    symbol: str
    probability: float


@dataclass(frozen=True)
class Checked:
    """The check's outcome: the puzzle (81 symbols), each cell's choice, and the
    verdict ("unique", "multiple", "none" or "unchecked")."""

    puzzle: str
    choices: tuple[Choice, ...]
    verdict: str


def check(cells: list[list[Choice]]) -> Checked:
    """The reading of ``cells`` (each cell's choices, likeliest first) with one
    solution: the first choices if they have one, else the cheapest alternatives
    found that give one within the budget. If none is found the first choices
    stand, with their own verdict."""
    first = tuple(choices[0] for choices in cells)
    pairs = _conflicting_pairs(first)
    verdict = Status.NONE.value if pairs else verdict_of(_puzzle(first))[0]
    if verdict == Status.UNIQUE:
        return Checked(_puzzle(first), first, verdict)
    deadline = perf_counter() + BUDGET_SECONDS
    for tried, changes in enumerate(_candidates(cells, pairs, deadline)):
        if tried >= MAX_TRIES or perf_counter() > deadline:
            break
        chosen = list(first)
        for index, choice in changes:
            chosen[index] = choice
        outcome, solution = verdict_of(_puzzle(chosen))
        if outcome == Status.UNIQUE:
            chosen = _given_back(cells, chosen, solution)
            return Checked(_puzzle(chosen), tuple(chosen), Status.UNIQUE.value)
    return Checked(_puzzle(first), first, verdict)


def _given_back(cells: list[list[Choice]], chosen: list[Choice], solution: str) -> list[Choice]:
    """``chosen`` with each cell that the classifier read surely as a digit but the
    check emptied given the solution's digit instead: ink is there, so a given is,
    and the solution says which (the puzzle stays unique: the given agrees with it).
    A cell that may well be empty (a smudge) stays empty."""
    given = list(chosen)
    for index, (choices, choice) in enumerate(zip(cells, chosen, strict=True)):
        empty = next((option.probability for option in choices if option.symbol == "."), 0.0)
        if choice.symbol == "." and choices[0].symbol != "." and empty < SURELY_INKED:
            digit = solution[index]
            odds = {option.symbol: option.probability for option in choices}
            given[index] = Choice(digit, odds.get(digit, 0.0))
    return given


def verdict_of(puzzle: str) -> tuple[str, str | None]:
    """ "unique", "multiple" or "none" for ``puzzle`` (81 symbols), or "unchecked"
    when the engine could not decide within SOLVE_BUDGET; and a solution (81
    digits) if one was found, else None."""
    grid = parse_puzzle(puzzle, STANDARD)
    if find_conflicts(grid):
        return Status.NONE.value, None
    result = solve(grid, budget=SOLVE_BUDGET)
    verdict = result.status.value
    solution = None if result.solution is None else format_grid(result.solution)
    return (verdict if verdict in DECIDED else UNCHECKED), solution


def _conflicting_pairs(first: tuple[Choice, ...]) -> list[frozenset[int]]:
    """The pairs of cells of ``first`` holding one digit twice in a unit."""
    grid = parse_puzzle(_puzzle(first), STANDARD)
    return [frozenset(problem.cells) for problem in find_conflicts(grid)]


def _candidates(cells: list[list[Choice]], pairs: list[frozenset[int]], deadline: float):
    """The sets of changes worth a try, each once, until ``deadline``: those
    changing a cell of every pair in ``pairs``, made first of those cells'
    alternatives, then of the cheapest over all cells. None when more than
    MAX_CHANGES of the pairs are apart (no set of changes meets them all)."""
    if _apart(pairs) > MAX_CHANGES:
        return
    suspects = set().union(*pairs)
    walks = [_cheapest_changes(cells)]
    if suspects:
        walks.insert(0, _cheapest_changes(cells, suspects))
    seen = set()
    for walk in walks:
        for changes in walk:
            if perf_counter() > deadline:
                return  # the sets that meet no pair cost time too, and may be many
            changed = frozenset(index for index, _ in changes)
            key = frozenset(changes)
            if key not in seen and all(pair & changed for pair in pairs):
                seen.add(key)
                yield changes


def _apart(pairs: list[frozenset[int]]) -> int:
    """How many of ``pairs`` share no cell, taken greedily: at most as many as
    the most there are, so at least that many cells must change."""
    taken: set[int] = set()
    count = 0
    for pair in pairs:
        if not pair & taken:
            taken |= pair
            count += 1
    return count


def _cheapest_changes(cells: list[list[Choice]], only: set[int] | None = None):
    """Sets of (cell, choice) changes, one choice per cell, up to MAX_CHANGES,
    in order of their total cost (cheapest first): of the MAX_ALTERNATIVES
    cheapest alternatives over all cells, or of every alternative of the
    cells ``only``."""
    if only is None:
        options = sorted(
            (_cost(choices[0], choice), index, choice)
            for index, choices in enumerate(cells)
            for choice in choices[1:]
        )[:MAX_ALTERNATIVES]
    else:
        options = sorted(
            (_cost(cells[index][0], choice), index, choice)
            for index in only
            for choice in cells[index][1:]
        )
    # A set is a sorted tuple of positions in ``options``; each is extended only by
    # later positions, so every set comes up once.
    heap = [(cost, (position,)) for position, (cost, _, _) in enumerate(options)]
    heapq.heapify(heap)
    while heap:
        cost, positions = heapq.heappop(heap)
        indices = [options[p][1] for p in positions]
        if len(set(indices)) == len(indices):
            yield [(options[p][1], options[p][2]) for p in positions]
        if len(positions) < MAX_CHANGES:
            for later in range(positions[-1] + 1, len(options)):
                heapq.heappush(heap, (cost + options[later][0], positions + (later,)))


def _cost(first: Choice, other: Choice) -> float:
    """The confidence lost by choosing ``other`` over ``first``, plus CHANGE_COST."""
    return CHANGE_COST + math.log(max(first.probability, 1e-6) / max(other.probability, 1e-6))


def _puzzle(choices) -> str:
    return "".join(choice.symbol for choice in choices)
