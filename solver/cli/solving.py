"""Solving: what becomes of each entry, as an ``Outcome``.

An entry is parsed, its givens are checked against the rules, and only then
is it searched: text that is no puzzle, and givens that conflict, get the
status INVALID with the reason, as on the web site. With ``first`` the
search stops at the first solution (status SOLVED) instead of proving
it unique. With ``teach``, a puzzle proved unique is also explained by the
teacher (``teacher.explain``, its logic bounded by ``EXPLAIN_SECONDS``) and
rated (``difficulty.rate``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from itertools import islice

from solver.engine import (
    Budget,
    Grid,
    InvalidPuzzle,
    Problem,
    Status,
    find_conflicts,
    format_grid,
    shape_of_grid,
    solve,
)
from solver.engine.difficulty import Difficulty, rate
from solver.engine.marks import Marks
from solver.engine.puzzle import Puzzle, read_puzzle
from solver.engine.rules import Rules
from solver.engine.steps import Step
from solver.engine.teacher import explain

from .reading import Entry

CHUNK = 32  # entries per chunk: small enough to write often, large enough to pay for a process hop
DEFAULT_BUDGET = Budget(max_seconds=10.0)
MAX_CONFLICTS = 5  # conflicts named in a reason; past this many, it says how many more
# The teacher's logic per puzzle; the steps after it are trial steps. Far
# above the 2 s a top1465 puzzle needs, so a file's ratings do not change
# with the machine's load.
EXPLAIN_SECONDS = 5.0


@dataclass(frozen=True)
class Outcome:
    """What became of one entry.

    ``status`` is the engine's verdict, or INVALID. ``puzzle`` is the entry's
    text on one line (the lines of a puzzle written over several joined by
    spaces). ``solution`` is N*N symbols, or empty when none was found.
    ``solutions`` (0, 1, or 2 for two or more), ``guesses`` and ``ms`` are None
    for an invalid entry. ``message`` says why an entry is invalid or why the
    search gave up, else is empty. ``problems`` are the engine's problems
    behind an invalid entry (what the parser could not read, or every pair of
    conflicting givens), for a caller that words them in its reader's language.
    ``steps`` and ``difficulty`` are the teacher's, for a unique puzzle solved
    with ``teach``; else empty and None.
    """

    line: int
    puzzle: str
    status: Status
    solution: str = ""
    solutions: int | None = None
    guesses: int | None = None
    ms: float | None = None
    message: str = ""
    problems: tuple[Problem, ...] = ()
    steps: tuple[Step, ...] = ()
    difficulty: Difficulty | None = None


def solve_entry(
    entry: Entry, budget: Budget = DEFAULT_BUDGET, first: bool = False, teach: bool = False
) -> Outcome:
    """The outcome of one entry, solved within ``budget`` (stopping at the first
    solution when ``first``; explained and rated when ``teach`` and it is
    unique); never raises on a bad puzzle."""
    puzzle = " ".join(entry.text.splitlines())
    read, problems = _read(entry.text)
    if read is None:
        reason = " ".join(problem.message for problem in problems)
        return Outcome(entry.line, puzzle, Status.INVALID, message=reason, problems=problems)
    grid, rules = read.grid, read.rules
    result = solve(grid, budget=budget, limit=1 if first else 2, rules=rules)
    # Conflicting givens always end in NONE, so only then are they looked for:
    # checking every puzzle would cost a tenth of the time on easy ones.
    conflicts = find_conflicts(grid, rules=rules) if result.status is Status.NONE else []
    if conflicts:
        reason = _name_conflicts([problem.message for problem in conflicts])
        return Outcome(
            entry.line, puzzle, Status.INVALID, message=reason, problems=tuple(conflicts)
        )
    taught = teach and result.status is Status.UNIQUE
    steps = _taught(grid, rules) if taught else None
    return Outcome(
        line=entry.line,
        puzzle=puzzle,
        status=result.status,
        solution=format_grid(result.solution) if result.solution else "",
        solutions=result.solutions,
        guesses=result.guesses,
        ms=result.elapsed * 1000,
        message=_budget_spent(budget) if result.status is Status.GAVE_UP else "",
        steps=steps or (),
        # The levels are calibrated on classic Sudoku: a variant's steps have none.
        difficulty=None if steps is None or not rules.is_classic else rate(steps),
    )


def _taught(grid: Grid, rules: Rules) -> tuple[Step, ...]:
    """The teacher's steps for a puzzle proved unique under ``rules``, each
    with plain parameters (a process sends them back pickled)."""
    marks = Marks.from_grid(grid, shape_of_grid(grid), rules=rules)
    steps = explain(marks, max_seconds=EXPLAIN_SECONDS, unique=True)
    return tuple(replace(step, params=dict(step.params)) for step in steps)


def _read(text: str) -> tuple[Puzzle | None, tuple[Problem, ...]]:
    """The puzzle written in ``text`` (givens and rules: a link or a ``rules:``
    line brings them) and no problems; or None and why it is no puzzle."""
    try:
        return read_puzzle(text), ()
    except InvalidPuzzle as error:
        return None, tuple(error.problems)


def _name_conflicts(messages: list[str]) -> str:
    """The first few conflicts, then how many more (as the parser does for bad
    characters): a row of nine 1s is 36 conflicting pairs."""
    named = " ".join(messages[:MAX_CONFLICTS])
    more = len(messages) - MAX_CONFLICTS
    return f"{named} … and {more:,} more conflicting pairs." if more > 0 else named


def _budget_spent(budget: Budget) -> str:
    """Why a search gave up."""
    return (
        f"The search ran out of its budget ({budget.max_guesses:,} guesses "
        f"or {budget.max_seconds:g} s per puzzle)."
    )


def solve_chunk(
    chunk: list[Entry], budget: Budget, first: bool = False, teach: bool = False
) -> list[Outcome]:
    """The outcomes of a chunk, in order (the work one process does at a time)."""
    return [solve_entry(entry, budget, first, teach) for entry in chunk]


def chunked(entries: Iterable[Entry], size: int) -> Iterator[list[Entry]]:
    """The entries in lists of ``size`` (the last may be shorter)."""
    entries = iter(entries)
    while chunk := list(islice(entries, size)):
        yield chunk
