"""Generating: a new puzzle with one solution, at the level asked for.

(Interface fixed by the lead; the helper who owns this module writes the story
here: a random solved grid, givens removed in symmetric groups while the
solution stays unique, the result rated by the teacher and kept only at the
level asked for.)
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import STANDARD, Grid, Shape
from .difficulty import Difficulty

# How the removed givens are paired: the first is the default.
SYMMETRIES = ("rotational", "none", "mirror", "diagonal")


@dataclass(frozen=True)
class Generated:
    """A generated puzzle: its givens, its one solution, its rating (None when no
    level was asked for), the symmetry of its givens and the seed that makes it
    again (``generate(..., seed=seed)`` with the same other arguments)."""

    puzzle: Grid
    solution: Grid
    difficulty: Difficulty | None
    symmetry: str
    seed: int


def generate(
    shape: Shape = STANDARD,
    level: str | None = None,
    symmetry: str = "rotational",
    seed: int | None = None,
    minimal: bool = False,
    max_seconds: float | None = None,
) -> Generated | None:
    """A puzzle of ``shape`` with exactly one solution, rated ``level`` when one
    is asked for (one of ``difficulty.LEVELS``), its givens symmetric as
    ``symmetry`` says (one of ``SYMMETRIES``), minimal (no given can go) if
    ``minimal``. The same ``seed`` (an int, 0 <= seed < 2**63) gives the same
    puzzle; None draws one. None when ``max_seconds`` (None: no limit) ran out
    first. Raises ValueError for an unknown level or symmetry."""
    raise NotImplementedError
