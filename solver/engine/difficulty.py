"""Difficulty: how hard a puzzle is for a person, from the steps that solve it.

A puzzle is rated from the teacher's walk (``teacher.explain`` from the
givens): the techniques a person needs, simplest first. ``WEIGHTS`` is the
model, one row per technique id (each family's rows, ``techniques.TABLE``):
its level and the points one step of it is worth. The rule:

- ``hardest`` is the technique of the walk with the highest level, and
  within that level the most points, the earlier of equals ("" for a walk
  of no step);
- ``score`` is the sum of every step's points: the hardest technique's
  steps count most, each one more raises it, and the rest add a little;
- ``level`` is the hardest technique's level, raised by one when ``score``
  passes that level's ``CEILINGS`` entry: many steps of hard techniques are
  harder than one. It is never raised from ``easy``, nor by more than one.

So ``easy`` means singles alone solve the puzzle: the teacher asks the
singles first, and singles reach the same board whatever their order, so a
walk that needs anything else is one singles alone cannot finish. A walk
with a ``trial`` step (no technique applied) is ``extreme``, as is one
that needs a ``forcing-chain``, or many chains and almost locked sets.

The levels (``levels``) and points are calibrated against HoDoKu's ratings
of the shared sets (``bench/teacher.py`` measures the agreement).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .levels import LEVELS, Level
from .steps import Step, Technique
from .techniques import TABLE, rank

# Every technique's level and points, one row each in its family's table.
WEIGHTS: Mapping[str, Technique] = TABLE


# The score past which a walk whose hardest technique is of this level is
# rated one level higher; None: never raised (easy is singles alone, and
# nothing is above extreme). Calibrated against HoDoKu (bench/teacher.py).
CEILINGS: dict[Level, int | None] = {
    Level.EASY: None,
    Level.MEDIUM: 240,
    Level.HARD: 400,
    Level.EXPERT: 450,
    Level.EXTREME: None,
}


@dataclass(frozen=True)
class Difficulty:
    """A puzzle's rating: ``level``, ``score`` (higher is harder) and
    ``hardest``, the id of the hardest technique ("" if none)."""

    level: Level
    score: int
    hardest: str


def rate(steps: Sequence[Step]) -> Difficulty:
    """The rating of a walk of ``steps`` (the teacher's, from the givens).

    No step (a solved board) is easy with score 0. Raises KeyError for a
    technique that ``WEIGHTS`` does not hold.
    """
    if not steps:
        return Difficulty(Level.EASY, 0, "")
    score = sum(WEIGHTS[step.technique].points for step in steps)
    # The first of equals.
    hardest = max((step.technique for step in steps), key=lambda id: rank(WEIGHTS[id]))
    return Difficulty(_level(WEIGHTS[hardest].level, score), score, hardest)


def _level(hardest: Level, score: int) -> Level:
    """The level of a walk whose hardest technique is of level ``hardest``:
    one higher if ``score`` passes its ceiling."""
    ceiling = CEILINGS[hardest]
    if ceiling is None or score <= ceiling:
        return hardest
    return LEVELS[LEVELS.index(hardest) + 1]
