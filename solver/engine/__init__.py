"""The Sudoku engine: pure Python, no Django.

Read the modules in this order: ``board`` (words and geometry, every size
from 4x4 to 25x25), ``formats`` (the puzzle taken out of links, files
and drawings), ``parse`` (text to grid), ``rules`` (conflicts and the
solution oracle), ``bits`` (a board of candidates as one integer),
``propagation`` (singles and locked candidates), ``search`` (iterative
backtracking), ``symmetry`` (a puzzle written another way), ``templates``
(where each digit can go as a whole), ``restarts`` (a long search begun
again on another writing), ``solve`` (the verdict); then the teacher:
``marks`` (the board a person pencils), ``steps``, ``techniques`` (named
deductions, one module per family) and ``teacher`` (a puzzle solved step
by step, simplest technique first), ``difficulty`` (a walk's level) and
``generate`` (a new puzzle at a level). ``reference`` is the
simple solver and ``plain`` the simple propagation (candidate sets, one
rule at a time) that the fast ones are checked against. This package's
public names are re-exported here.
"""

from .board import STANDARD, SYMBOLS, Grid, Shape, Unit, format_grid, shape, shape_of_grid
from .parse import count_cells, parse_puzzle, read_symbol
from .problems import InvalidPuzzle, Problem
from .rules import find_conflicts, is_valid_solution
from .search import Budget
from .solve import VERDICTS, Result, Status, solve

__all__ = [
    "STANDARD",
    "SYMBOLS",
    "VERDICTS",
    "Budget",
    "Grid",
    "InvalidPuzzle",
    "Problem",
    "Result",
    "Shape",
    "Status",
    "Unit",
    "count_cells",
    "find_conflicts",
    "format_grid",
    "is_valid_solution",
    "parse_puzzle",
    "read_symbol",
    "shape",
    "shape_of_grid",
    "solve",
]
