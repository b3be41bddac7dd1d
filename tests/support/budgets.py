"""Budgets for the tests: work bounded by the engine's guesses and the teacher's
steps, never by the clock, so that a loaded machine reaches the verdicts,
lessons and ratings an idle one does.

- ``BY_GUESSES``: the engine's budget with its guess limit alone (no seconds),
  for a ``solve`` whose verdict a test checks.
- ``OUT_OF_REACH``: seconds no test's work comes near, for the site's budgets
  (``tests/conftest.py`` sets them for every test; a test of a budget itself
  sets a small one, 0 to have it spent at once).

A test may still use a generous timeout as a safety net (a subprocess that
hangs), never as the thing it checks.
"""

import math

from solver.engine import Budget

BY_GUESSES = Budget(max_seconds=math.inf)
OUT_OF_REACH = 600.0
