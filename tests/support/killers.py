"""Killer puzzles made for the tests, counted by an independent solver.

- ``killer(seed)``: a 9x9 (or ``box_rows`` x ``box_cols``) killer with no
  givens, as the site's short text reads it: a full grid (a fixed one with
  its digits relabelled and its lines moved at random, no solver involved)
  cut into cages as the engine's maker grows them (``killers.grow_cages``),
  each cage's sum read off the grid. Most are not unique; the count says.
- ``unique_killer(seed)``: the same, its cages split where CP-SAT's two
  solutions differ until it finds one (the engine's maker asks its own solver);
- ``cp_sat_count(puzzle, limit)``: how many solutions OR-tools' CP-SAT finds
  for a ``Puzzle`` of rows, columns, boxes and killer cages (up to ``limit``):
  a model written from the rules, sharing no code with the engine.
"""

from __future__ import annotations

from random import Random

from ortools.sat.python import cp_model

from solver.engine.killers import grow_cages, split
from solver.engine.puzzle import Puzzle
from solver.engine.rules import rule_set
from solver.engine.rules.cages import Killer


def full_grid(rng: Random, box_rows: int = 3, box_cols: int = 3) -> list[int]:
    """A random complete grid: the pattern grid, relabelled, its rows moved
    within bands and its bands moved, its columns within stacks and its stacks."""
    n = box_rows * box_cols
    base = [
        ((r % box_rows) * box_cols + r // box_rows + c) % n + 1 for r in range(n) for c in range(n)
    ]
    labels = list(range(1, n + 1))
    rng.shuffle(labels)
    rows = _order(rng, box_rows, n // box_rows)
    cols = _order(rng, box_cols, n // box_cols)
    return [labels[base[r * n + c] - 1] for r in rows for c in cols]


def _order(rng: Random, within: int, groups: int) -> list[int]:
    """Lines moved within their groups of ``within`` and the groups moved."""
    order = list(range(groups))
    rng.shuffle(order)
    lines = []
    for group in order:
        inside = list(range(group * within, (group + 1) * within))
        rng.shuffle(inside)
        lines += inside
    return lines


def killer(seed: int, box_rows: int = 3, box_cols: int = 3) -> tuple[Puzzle, list[int]]:
    """A killer with no givens and the grid its cages were read from (it may
    have other solutions: ``unique_killer`` has none)."""
    rng = Random(seed)
    grid = full_grid(rng, box_rows, box_cols)
    n = box_rows * box_cols
    rules = rule_set(n, [Killer(grow_cages(grid, n, rng))])
    return Puzzle((0,) * (n * n), rules), grid


def unique_killer(seed: int, box_rows: int = 3, box_cols: int = 3) -> tuple[Puzzle, list[int]]:
    """``killer``, its cages split where CP-SAT finds two solutions differ
    (a cell of the first such place becomes a cage of its own) until it finds one."""
    puzzle, grid = killer(seed, box_rows, box_cols)
    while True:
        found = cp_sat_solutions(puzzle, 2)
        if len(found) < 2:
            return puzzle, grid
        apart = next(c for c in range(len(grid)) if found[0][c] != found[1][c])
        cages = split(list(puzzle.rules.kinds[0].cages), apart, grid)
        rules = rule_set(puzzle.rules.size, [Killer(tuple(cages))])
        puzzle = Puzzle(puzzle.grid, rules)


def cp_sat_count(puzzle: Puzzle, limit: int = 2) -> int:
    """The number of solutions of a killer (up to ``limit``), by CP-SAT."""
    return len(cp_sat_solutions(puzzle, limit))


def cp_sat_solutions(puzzle: Puzzle, limit: int = 2) -> list[list[int]]:
    """Up to ``limit`` solutions of a killer, by CP-SAT."""
    rules = puzzle.rules
    n, rows, cols = rules.size, rules.board.box_rows, rules.board.box_cols
    model = cp_model.CpModel()
    x = [model.new_int_var(1, n, f"c{i}") for i in range(n * n)]
    for i, given in enumerate(puzzle.grid):
        if given:
            model.add(x[i] == given)
    groups = [[r * n + c for c in range(n)] for r in range(n)]
    groups += [[r * n + c for r in range(n)] for c in range(n)]
    groups += [
        [(top + r) * n + left + c for r in range(rows) for c in range(cols)]
        for top in range(0, n, rows)
        for left in range(0, n, cols)
    ]
    for kind in rules.kinds:
        for cage in kind.cages:
            groups.append(list(cage.cells))
            if cage.total is not None:
                model.add(sum(x[c] for c in cage.cells) == cage.total)
    for group in groups:
        model.add_all_different([x[c] for c in group])
    counter = _Collector(x, limit)
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1  # enumeration needs one; the count is then exact
    solver.solve(model, counter)
    return counter.found


class _Collector(cp_model.CpSolverSolutionCallback):
    """Keeps the solutions found, stopping at ``limit``."""

    def __init__(self, cells, limit: int):
        super().__init__()
        self.cells, self.limit, self.found = cells, limit, []

    def on_solution_callback(self) -> None:
        self.found.append([self.value(cell) for cell in self.cells])
        if len(self.found) >= self.limit:
            self.stop_search()
