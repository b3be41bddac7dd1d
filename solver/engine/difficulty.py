"""Difficulty: how hard a puzzle is for a person, from the steps that solve it.

A puzzle is rated from the teacher's walk (``teacher.explain`` from the
givens): the techniques a person needs, simplest first. ``WEIGHTS`` is the
model, one row per technique id: its level and the points one step of it
is worth. The rule:

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

The levels and points are calibrated against HoDoKu's ratings of the shared
sets (``bench/teacher.py`` measures the agreement). HoDoKu's five levels are
Easy, Medium, Hard, Unfair and Extreme; ``expert`` stands for Unfair.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .steps import Step

LEVELS = ("easy", "medium", "hard", "expert", "extreme")


class Weight(NamedTuple):
    """A technique's place in the model: its level and one step's points."""

    level: str
    points: int


# Every technique of issue 15, simplest first within each level. A family's
# larger patterns (more cells, more links) are worth more points.
WEIGHTS: dict[str, Weight] = {
    # Singles: easy, the only easy ones. With the candidates shown, a cell
    # left with one is plainer than a digit left with one place in a unit.
    "full-house": Weight("easy", 1),
    "naked-single": Weight("easy", 2),
    "hidden-single": Weight("easy", 3),
    # Intersections and small subsets: medium.
    "locked-pointing": Weight("medium", 10),
    "locked-claiming": Weight("medium", 10),
    "naked-pair": Weight("medium", 12),
    "locked-pair": Weight("medium", 14),
    "hidden-pair": Weight("medium", 15),
    "naked-triple": Weight("medium", 18),
    "locked-triple": Weight("medium", 18),
    "hidden-triple": Weight("medium", 22),
    # Quads, basic fish, single-digit patterns, short wings, uniqueness: hard.
    "unique-rectangle-1": Weight("hard", 25),
    "bug-plus-one": Weight("hard", 25),
    "naked-quad": Weight("hard", 30),
    "x-wing": Weight("hard", 30),
    "skyscraper": Weight("hard", 30),
    "remote-pair": Weight("hard", 30),
    "unique-rectangle-2": Weight("hard", 30),
    "unique-rectangle-4": Weight("hard", 30),
    "two-string-kite": Weight("hard", 32),
    "turbot-fish": Weight("hard", 32),
    "empty-rectangle": Weight("hard", 32),
    "hidden-quad": Weight("hard", 35),
    "xy-wing": Weight("hard", 35),
    "unique-rectangle-3": Weight("hard", 35),
    "hidden-rectangle": Weight("hard", 35),
    "w-wing": Weight("hard", 38),
    "swordfish": Weight("hard", 40),
    "xyz-wing": Weight("hard", 40),
    "simple-colors": Weight("hard", 40),
    "finned-x-wing": Weight("hard", 40),
    "jellyfish": Weight("hard", 45),
    # Larger finned fish, chains, almost locked sets: expert.
    "finned-swordfish": Weight("expert", 60),
    "multi-colors": Weight("expert", 60),
    "x-chain": Weight("expert", 65),
    "xy-chain": Weight("expert", 65),
    "finned-jellyfish": Weight("expert", 70),
    "sue-de-coq": Weight("expert", 75),
    "aic": Weight("expert", 80),
    "als-xz": Weight("expert", 80),
    "als-xy-wing": Weight("expert", 90),
    # What no pattern teaches: extreme.
    "forcing-chain": Weight("extreme", 150),
    "trial": Weight("extreme", 300),
}

# The score past which a walk whose hardest technique is of this level is
# rated one level higher; None: never raised (easy is singles alone, and
# nothing is above extreme). Calibrated against HoDoKu (bench/teacher.py).
CEILINGS: dict[str, int | None] = {
    "easy": None,
    "medium": 240,
    "hard": 400,
    "expert": 450,
    "extreme": None,
}


@dataclass(frozen=True)
class Difficulty:
    """A puzzle's rating: ``level`` (one of ``LEVELS``), ``score`` (higher is
    harder) and ``hardest``, the id of the hardest technique ("" if none)."""

    level: str
    score: int
    hardest: str


def rate(steps: Sequence[Step]) -> Difficulty:
    """The rating of a walk of ``steps`` (the teacher's, from the givens).

    No step (a solved board) is easy with score 0. Raises KeyError for a
    technique that ``WEIGHTS`` does not hold.
    """
    if not steps:
        return Difficulty(LEVELS[0], 0, "")
    score = sum(WEIGHTS[step.technique].points for step in steps)
    hardest = max((step.technique for step in steps), key=rank)  # the first of equals
    return Difficulty(_level(WEIGHTS[hardest].level, score), score, hardest)


def rank(technique: str) -> tuple[int, int]:
    """How hard ``technique`` is: its level's place in ``LEVELS``, then its points."""
    weight = WEIGHTS[technique]
    return LEVELS.index(weight.level), weight.points


def _level(hardest: str, score: int) -> str:
    """The level of a walk whose hardest technique is of level ``hardest``:
    one higher if ``score`` passes its ceiling."""
    ceiling = CEILINGS[hardest]
    if ceiling is None or score <= ceiling:
        return hardest
    return LEVELS[LEVELS.index(hardest) + 1]
