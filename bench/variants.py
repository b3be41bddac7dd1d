"""The engine on the shared variant puzzles the site solves, by kind, in one run.

    .venv/bin/python -m bench.variants [--budget S] [--only KIND] [--against OTHER] [--rounds R]
                                       [--peer-python PATH] [--killers N]

The puzzles are the lines of ``generated.tsv`` (in ``../shared/variants/``
beside the project, or ``SUDOKU_VARIANTS_DIR``) whose kinds are all among
``SUPPORTED``; ``--only`` keeps those with one kind among theirs. Each is
solved as the site solves it (two solutions looked for, the uniqueness
proof on) within ``Budget(max_seconds=S)``, 0.5 s as the site's, timed from
its payload to its answer, in a fresh process of the checkout.

The table has a row per kind group (the puzzle's kinds, joined by ``+``):
the puzzles, the median and worst milliseconds, the give-ups at the budget
and the answers that are wrong (another solution, or none where the shared
file has one). With ``--against OTHER`` (another checkout, e.g. one made
by ``git worktree add /tmp/before <commit>``), each round times OTHER and
then this checkout on the same puzzles, rounds alternating so a machine
that gets busier affects both alike; each puzzle's time is its median over
the rounds, and the table adds OTHER's median, worst and give-ups and the
ratio of the medians (OTHER / this: above 1 is faster here).

With ``--killers N``, N killers with no givens made by this checkout's
maker (``solver.engine.killers``, seeds 1 to N: puzzles held back from every
test) join them, as the group ``killer (made)``; ``--only killer`` then
keeps the shared killers beside them.

Only ``read_link``, ``solve`` and ``Budget`` of ``solver.engine`` are used,
which every version with variants has, so any two such commits compare.

With ``--peer-python PATH`` (instead of ``--against``) the other columns are
the peer's: ``pencilmark`` (PyPI, a grader and solver with a compiled core)
run by PATH, the Python of a virtual environment of its own (never this
project's: ``python3.11 -m venv /tmp/pm && /tmp/pm/bin/pip install
pencilmark``). It reads no f-puzzles link, so each puzzle goes to it in its
own JSON format (``peer_puzzle``: the givens, every region listed, each pair
rule named), written from this checkout's reading of the link; its answer
is checked against the shared file's solution all the same. Its solve has
no time budget: it is timed as it runs, from its JSON to its answer.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from bench.machine import machine

HERE = Path(__file__).resolve().parents[1]
VARIANTS_DIR = Path(os.environ.get("SUDOKU_VARIANTS_DIR", HERE.parent / "shared" / "variants"))
SUPPORTED = frozenset(
    {
        "diagonal",
        "windoku",
        "extraregion",
        "disjoint",
        "jigsaw",
        "antiknight",
        "antiking",
        "nonconsecutive",
        "killer",
    }
)
SITE_BUDGET = 0.5  # seconds: what the site gives one solve

# Run in a checkout's directory: read [budget, [[payload, solution], ...]] as
# JSON on standard input, print [[ms, gave up, right], ...] as JSON.
TIMER = """
import json, sys
from time import perf_counter
sys.path.insert(0, ".")
from solver.engine.links import read_link
from solver.engine.search import Budget
from solver.engine.solve import solve
budget, puzzles = json.load(sys.stdin)
found = []
for payload, solution in puzzles:
    start = perf_counter()
    puzzle = read_link("https://f-puzzles.com/?load=" + payload)
    result = solve(puzzle.grid, rules=puzzle.rules, budget=Budget(max_seconds=budget))
    ms = (perf_counter() - start) * 1000
    right = result.solution is not None and list(result.solution) == solution
    found.append([ms, result.status == "gave_up", right])
print(json.dumps(found))
"""


# Run by the peer's Python: read [[puzzle JSON, solution], ...], print
# [[ms, gave up, right], ...] as TIMER does (undecided is a give-up).
PEER_TIMER = """
import json, sys
from time import perf_counter
import pencilmark
found = []
for text, solution in json.load(sys.stdin):
    start = perf_counter()
    try:
        got, gave_up = list(pencilmark.solve(pencilmark.load(text))), False
    except pencilmark.Undecided:
        got, gave_up = None, True
    except Exception:
        got, gave_up = None, False
    found.append([(perf_counter() - start) * 1000, gave_up, got == solution])
print(json.dumps(found))
"""
# The pair rules by the names the peer gives them.
PEER_PAIR_RULES = {
    "antiknight": "antiknight",
    "antiking": "antiking",
    "nonconsecutive": "nonconsecutive",
}
PEER_KINDS = {
    "row": "row",
    "column": "col",
    "box": "box",
    "jigsaw": "region",
    "diagonal": "diag",
    "cage": "cage",
}


@dataclass(frozen=True)
class Variant:
    """One shared variant puzzle: its name, kinds, f-puzzles payload and solution."""

    name: str
    kinds: tuple[str, ...]
    payload: str
    solution: tuple[int, ...]

    @property
    def group(self) -> str:
        """Its kind group: its kinds joined by ``+``, as the shared file orders them."""
        return "+".join(self.kinds)


@dataclass(frozen=True)
class Timing:
    """One solve: milliseconds, whether it gave up at the budget, whether its answer is right."""

    ms: float
    gave_up: bool
    right: bool


@dataclass(frozen=True)
class Figures:
    """One kind group's figures: puzzles, median and worst ms, give-ups, wrong answers."""

    puzzles: int
    median_ms: float
    worst_ms: float
    gave_up: int
    wrong: int


def read_variants(text: str, only: str | None = None) -> list[Variant]:
    """The supported puzzles of a ``generated.tsv`` text (those with ``only``
    among their kinds, if given), in the file's order."""
    found = []
    for line in text.splitlines():
        name, kinds, payload, solution = line.split("\t")
        digits = solution.split(",") if "," in solution else list(solution)
        variant = Variant(name, tuple(kinds.split(",")), payload, tuple(map(int, digits)))
        if set(variant.kinds) <= SUPPORTED and (only is None or only in variant.kinds):
            found.append(variant)
    return found


def made_killers(count: int) -> list[Variant]:
    """``count`` killers made by this checkout (seeds 1 to ``count``), as variants."""
    sys.path.insert(0, str(HERE))
    from solver.engine.killers import make_killer
    from solver.engine.links import fpuzzles_payload

    found = []
    for seed in range(1, count + 1):
        made = make_killer(seed)
        payload = fpuzzles_payload(made.puzzle)
        found.append(Variant(f"made:{seed}", ("killer (made)",), payload, tuple(made.solution)))
    return found


def time_checkout(checkout: Path, variants: list[Variant], budget: float) -> list[Timing]:
    """``checkout``'s engine on each of ``variants``, in a fresh process there.

    Raises CalledProcessError if that checkout cannot solve them.
    """
    puzzles = [[v.payload, list(v.solution)] for v in variants]
    done = subprocess.run(
        [sys.executable, "-c", TIMER],
        input=json.dumps([budget, puzzles]),
        capture_output=True,
        text=True,
        cwd=checkout,
        check=True,
    )
    return [Timing(ms, gave_up, right) for ms, gave_up, right in json.loads(done.stdout)]


def peer_puzzle(variant: Variant) -> str:
    """The puzzle in the peer's JSON: its givens, every region of its rule
    set (as this checkout reads the link), and each pair rule by name."""
    sys.path.insert(0, str(HERE))
    from solver.engine.links import read_link

    puzzle = read_link("https://f-puzzles.com/?load=" + variant.payload)
    geometry = puzzle.rules.geometry
    size = geometry.size

    def name(cell: int) -> str:
        return f"r{cell // size + 1}c{cell % size + 1}"

    regions = [
        {"kind": PEER_KINDS.get(unit.kind, "extra"), "cells": [name(c) for c in unit.cells]}
        for unit in _regions(puzzle.rules)
    ]
    sums = dict(getattr(puzzle.rules, "sums", ()))
    for region, unit in zip(regions, _regions(puzzle.rules), strict=True):
        if unit.kind == "cage" and unit.cells in sums:
            region["sum"] = sums.pop(unit.cells)
    # A cage of one cell is no region (a digit cannot repeat in it), only a sum.
    regions += [
        {"kind": "cage", "cells": [name(c) for c in cells], "sum": total}
        for cells, total in sums.items()
    ]
    rules = [{"type": PEER_PAIR_RULES[k.id]} for k in puzzle.rules.kinds if k.id in PEER_PAIR_RULES]
    symbols = "123456789ABCDEFGHIJKLMNOP"
    numbers = "".join(symbols[d - 1] if d else "." for d in puzzle.grid)
    return json.dumps({"digits": size, "numbers": numbers, "regions": regions, "rules": rules})


def _regions(rules):
    """Every region of a rule set: ``Rules.regions`` (cages and short extra
    regions too), or the geometry's units in a checkout from before it."""
    return getattr(rules, "regions", rules.geometry.units)


def time_peer(python: Path, variants: list[Variant]) -> list[Timing]:
    """The peer's solve of each of ``variants``, run by ``python``."""
    puzzles = [[peer_puzzle(v), list(v.solution)] for v in variants]
    done = subprocess.run(
        [str(python), "-c", PEER_TIMER],
        input=json.dumps(puzzles),
        capture_output=True,
        text=True,
        check=True,
    )
    return [Timing(ms, gave_up, right) for ms, gave_up, right in json.loads(done.stdout)]


def merged(rounds: list[list[Timing]]) -> list[Timing]:
    """Each puzzle's timing over several rounds: its median time, and given up
    or wrong if it was in any round."""
    return [
        Timing(
            statistics.median(t.ms for t in runs),
            any(t.gave_up for t in runs),
            all(t.right for t in runs),
        )
        for runs in zip(*rounds, strict=True)
    ]


def summarise(groups: Iterable[str], timings: Iterable[Timing]) -> dict[str, Figures]:
    """The figures of each kind group, in the order first met, then of ``all``."""
    every = list(timings)
    by_group: dict[str, list[Timing]] = {}
    for group, timing in zip(groups, every, strict=True):
        by_group.setdefault(group, []).append(timing)
    figures = {group: _figures(found) for group, found in by_group.items()}
    figures["all"] = _figures(every)
    return figures


def _figures(timings: list[Timing]) -> Figures:
    """The figures of one list of timings (not empty)."""
    times = [t.ms for t in timings]
    return Figures(
        puzzles=len(timings),
        median_ms=statistics.median(times),
        worst_ms=max(times),
        gave_up=sum(t.gave_up for t in timings),
        wrong=sum(not t.right for t in timings),
    )


def table(ours: dict[str, Figures], theirs: dict[str, Figures] | None = None) -> str:
    """The markdown table: a row per kind group, OTHER's columns and the ratio if given."""
    head = "| kinds | puzzles | median ms | worst ms | gave up | wrong |"
    rule = "|---|---|---|---|---|---|"
    if theirs is not None:
        head += " other median ms | other worst ms | other gave up | other wrong | other / this |"
        rule += "---|---|---|---|---|"
    lines = [head, rule]
    for group, f in ours.items():
        row = (
            f"| `{group}` | {f.puzzles} | {f.median_ms:,.1f} | {f.worst_ms:,.1f} "
            f"| {f.gave_up} | {f.wrong} |"
        )
        if theirs is not None:
            o = theirs[group]
            row += (
                f" {o.median_ms:,.1f} | {o.worst_ms:,.1f} | {o.gave_up} | {o.wrong} "
                f"| {o.median_ms / f.median_ms:.2f} |"
            )
        lines.append(row)
    return "\n".join(lines)


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    """The command line, parsed; a checkout that is none, or no puzzles, is an error."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--budget", type=float, default=SITE_BUDGET, help="seconds per solve")
    parser.add_argument("--only", help="only the puzzles with this kind among theirs")
    parser.add_argument("--against", type=Path, help="another checkout of this repository")
    parser.add_argument("--rounds", type=int, default=1, help="alternating rounds")
    parser.add_argument("--peer-python", type=Path, help="the Python of pencilmark's own venv")
    parser.add_argument("--killers", type=int, default=0, help="killers made here to add")
    args = parser.parse_args(argv)
    if args.peer_python is not None and args.against is not None:
        parser.error("--against and --peer-python fill the same columns: give one")
    if args.peer_python is not None and not args.peer_python.is_file():
        parser.error(f"no Python at {args.peer_python}")
    if args.against is not None and not (args.against / "solver" / "engine").is_dir():
        parser.error(f"{args.against} is not a checkout of this repository")
    if args.rounds < 1 or args.budget <= 0 or args.killers < 0:
        parser.error("--rounds and --budget must be above 0, --killers not below")
    tsv = VARIANTS_DIR / "generated.tsv"
    if not tsv.is_file():
        parser.error(f"no variants in {tsv}")
    args.variants = read_variants(tsv.read_text(), args.only)
    if args.only in (None, "killer"):
        args.variants += made_killers(args.killers)
    if not args.variants:
        parser.error(f"no supported variant has the kind {args.only}")
    return args


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark on the command line ``argv`` (by default, the process's)."""
    args = _arguments(argv)
    variants = args.variants
    ours_runs, theirs_runs = [], []
    for _ in range(args.rounds):
        if args.against is not None:
            theirs_runs.append(time_checkout(args.against.resolve(), variants, args.budget))
        elif args.peer_python is not None:
            theirs_runs.append(time_peer(args.peer_python, variants))
        ours_runs.append(time_checkout(HERE, variants, args.budget))
    groups = [v.group for v in variants]
    ours = summarise(groups, merged(ours_runs))
    theirs = summarise(groups, merged(theirs_runs)) if theirs_runs else None
    print(machine("one used") + "\n")
    against = f"; other: `{args.against}`" if args.against else ""
    if args.peer_python is not None:
        against = f"; other: the peer pencilmark, run by `{args.peer_python}`"
    print(
        f"This: `{HERE}`{against}; {len(variants)} puzzles, budget {args.budget} s, "
        f"{args.rounds} round(s).\n"
    )
    print(table(ours, theirs))


if __name__ == "__main__":
    main()
