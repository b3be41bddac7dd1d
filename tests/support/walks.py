"""The teacher's walks for the site's tests, each worked out once per process.

With its clock out of reach (``tests/conftest.py``), ``teacher.explain`` is a
pure function of the board, the techniques asked, the step limit and whether
the puzzle is known to be unique. The site's tests show one puzzle's lesson
in four languages, on several pages and in many tests, and walked it again
each time (HARD's walk: 0.3 s), most of the fast tier's time.

``remembered`` stands in for ``explain`` in ``solver.teaching.lessons`` (the
site's one caller), and the site's tests that walk a puzzle themselves call
it: the first walk from a board is the teacher's own, and later ones get its
steps and its final board back. A walk under a budget in seconds, as in a
test of that budget, is the teacher's own every time. The engine's tests
call the teacher itself, never this.
"""

from __future__ import annotations

from collections.abc import Mapping

from solver.engine.marks import Marks
from solver.engine.steps import Step
from solver.engine.teacher import explain
from solver.engine.techniques import TECHNIQUES, Finder
from tests.support.budgets import OUT_OF_REACH

_walks: dict[tuple, tuple[tuple[Step, ...], list[int], list[int]]] = {}


def remembered(
    marks: Marks,
    techniques: Mapping[str, Finder] = TECHNIQUES,
    max_steps: int = 1_000,
    max_seconds: float | None = None,
    unique: bool = False,
) -> list[Step]:
    """``explain``'s steps for ``marks``, which it leaves as ``explain`` does:
    worked out once per process for a walk without a clock (``max_seconds``
    None or out of reach), every time for any other."""
    if max_seconds is not None and max_seconds < OUT_OF_REACH:
        return explain(marks, techniques, max_steps, max_seconds, unique)
    shape = marks.shape
    key = (
        (shape.box_rows, shape.box_cols),
        tuple(marks.digits),
        tuple(marks.candidates),
        tuple(techniques.items()),
        max_steps,
        unique,
    )
    if key not in _walks:
        steps = explain(marks, techniques, max_steps, max_seconds, unique)
        _walks[key] = (tuple(steps), list(marks.digits), list(marks.candidates))
    steps, digits, candidates = _walks[key]
    marks.digits[:], marks.candidates[:] = digits, candidates
    return list(steps)
