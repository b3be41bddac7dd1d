"""Solving a puzzle: the verdict, as a value.

``solve`` propagates the givens, searches for up to two solutions (two are
enough to tell a unique puzzle from one with several), restarting on another
writing of the puzzle when a search runs long (``restarts``), and returns a
``Result``; it never prints and never raises on an unsolvable puzzle. Asked
for one solution only (``limit=1``), it skips the uniqueness proof and a
solution found gets the verdict SOLVED.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from time import perf_counter

from .bits import layout, rules_layout
from .board import Grid, Shape, shape_of_grid
from .restarts import search_restarting
from .rules import Rules
from .search import DEFAULT_BUDGET, Budget


class Status(StrEnum):
    """The verdict on a puzzle; the values are stable names for APIs and files.

    This is the one list of these words: the command line, the site's pages
    and stored batches, and the API all take them from here. ``solve`` gives
    the first five; INVALID is given where text is read (a parser or the
    rules refusing it), before there is anything to solve.
    """

    UNIQUE = "unique"  # exactly one solution
    MULTIPLE = "multiple"  # two or more; one is shown
    NONE = "none"  # proved to have no solution
    GAVE_UP = "gave_up"  # the budget ran out before the search finished
    SOLVED = "solved"  # a solution, when only one was asked for (not proved unique)
    INVALID = "invalid"  # no puzzle: the text could not be read, or its givens conflict


# What ``solve`` can say when asked to prove uniqueness (``limit=2``, as the
# site always does), in the order the pages list them.
VERDICTS = (Status.UNIQUE, Status.MULTIPLE, Status.NONE, Status.GAVE_UP)


@dataclass(frozen=True)
class Result:
    """What ``solve`` found.

    ``solution`` is a solution when one was found (also when the search gave
    up after finding one), else None. ``solutions`` is the number found,
    0, 1 or 2 (2 meaning "two or more"). ``elapsed`` is in seconds.
    ``other`` is a second solution when two were found (the verdict
    MULTIPLE), else None: the search found it anyway, so a page can show
    where the two differ at no cost.
    """

    status: Status
    solution: Grid | None
    solutions: int
    guesses: int
    elapsed: float
    other: Grid | None = None


def solve(
    puzzle: Grid,
    shape: Shape | None = None,
    budget: Budget = DEFAULT_BUDGET,
    limit: int = 2,
    rules: Rules | None = None,
) -> Result:
    """The verdict on ``puzzle`` under ``rules`` within ``budget``, looking for
    ``limit`` (1 or 2) solutions.

    Without ``rules``, classic Sudoku on ``shape``, which defaults to the
    usual one for the puzzle's number of cells (``board.shape_of_grid``,
    which raises ValueError for no supported size). Givens that break the
    rules give the verdict NONE; use ``rules.find_conflicts`` first to say
    which cells are at fault.
    """
    start = perf_counter()
    if rules is not None and not rules.is_classic:
        shape = rules.geometry
        geometry = rules_layout(rules)
    else:
        shape = rules.geometry if rules else shape or shape_of_grid(puzzle)
        geometry = layout(shape)
    outcome = search_restarting(puzzle, shape, geometry, limit, budget)
    found = len(outcome.solutions)
    return Result(
        status=_status(found, outcome.complete, limit),
        solution=outcome.solutions[0] if found else None,
        solutions=found,
        guesses=outcome.guesses,
        elapsed=perf_counter() - start,
        other=outcome.solutions[1] if found >= 2 else None,
    )


def _status(found: int, complete: bool, limit: int) -> Status:
    """The verdict for ``found`` solutions of ``limit`` wanted, from a search that did
    or did not finish."""
    if limit == 1 and found:
        return Status.SOLVED
    if found >= 2:
        return Status.MULTIPLE
    if not complete:
        return Status.GAVE_UP
    return Status.UNIQUE if found == 1 else Status.NONE
