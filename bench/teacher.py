"""The teacher benchmark: explanations timed and rated, side by side with HoDoKu.

    .venv/bin/python -m bench.teacher [--sets A,B] [--sample N]
                                      [--peer-python PATH] [--peer-cache FILE]
                                      [--positions]

``--sample`` puzzles are taken spread evenly through each set (``--sets``,
by default top1465, forum_hardest_1106 and seventeen_clue; serg_multi's
puzzles have several solutions, so no rating). After a line naming the
machine:

1. the teacher: ``teacher.explain`` as the site runs it (every technique,
   uniqueness ones included since each puzzle has one solution, and
   ``--max-seconds`` of logic, the site's 1 s by default) timed per puzzle
   from its givens (median, p95 by nearest rank, max ms), the share solved
   with no ``trial`` step, the puzzles whose logic ran out of time (their
   last steps are trials), and those left unsolved;
2. the peer, hodoku-py (a Python port of HoDoKu, GPL), run in its own
   virtual environment by ``--peer-python`` in a subprocess, on the same
   puzzles: its ``Solver().solve`` timed per puzzle inside that process,
   the share it solved without brute force, and its levels beside ours;
3. the rank correlation (Spearman, ties ranked by their mean) of our score
   and the peer's, per set and over all, and the confusion of our levels
   (rows) and the peer's (columns): HoDoKu's Unfair stands for ``expert``;
4. the same for our rule (``difficulty.rate``) applied to the peer's own
   steps, each counted as our technique (``PEER_TECHNIQUES``): the rule's
   agreement when both walk with the same techniques, apart from which
   techniques the engine has.

The peer is never a dependency: make its environment apart, e.g.
``python3.11 -m venv /tmp/hodoku-venv && /tmp/hodoku-venv/bin/pip install
hodoku-py==0.2.1``. If ``--peer-python`` does not exist, parts 2 to 4 are
skipped with a note. HoDoKu takes seconds on a hard puzzle (minutes on a
few), so ``--peer-cache`` keeps its answers (one JSON object a line, by
puzzle) for the next run; its times are then those of the run that
measured them.

``--positions`` measures the next hint instead: ``teacher.next_step`` timed
at every position of each puzzle's walk, from the givens to the solution;
the figures per set and the slowest position. One core is used; compare
figures only within one run.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import statistics
import subprocess
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from time import perf_counter

from bench.machine import machine
from bench.sets import TEACHING_SETS, parse_sets, sampled
from solver.engine import parse_puzzle, shape_of_grid
from solver.engine.difficulty import Difficulty, rate
from solver.engine.levels import LEVELS, Level
from solver.engine.marks import Marks
from solver.engine.steps import Step
from solver.engine.teacher import TRIAL, explain, next_step, out_of_time

DEFAULT_SAMPLE = 30
DEFAULT_PEER = Path("/tmp/hodoku-venv/bin/python")
SITE_SECONDS = 1.0  # settings.SUDOKU_EXPLAIN_SECONDS's default: the logic's budget
# HoDoKu's level names, as ours; Unfair is the fourth of five.
PEER_LEVELS = {
    "EASY": Level.EASY,
    "MEDIUM": Level.MEDIUM,
    "HARD": Level.HARD,
    "UNFAIR": Level.EXPERT,
    "EXTREME": Level.EXTREME,
}
# HoDoKu's step types that our ids do not spell the same way (the rest are
# ours in capitals, ``_`` for ``-``): its sashimi fish are our finned ones,
# its nice loops our aic, its forcing nets our forcing chains, brute force
# our trial; the exotic fish, ALS chains and avoidable rectangles we lack
# are counted as the nearest technique of ours, at the same level.
PEER_TECHNIQUES = {
    "LOCKED_CANDIDATES_1": "locked-pointing",
    "LOCKED_CANDIDATES_2": "locked-claiming",
    "NAKED_QUADRUPLE": "naked-quad",
    "HIDDEN_QUADRUPLE": "hidden-quad",
    "SASHIMI_X_WING": "finned-x-wing",
    "SASHIMI_SWORDFISH": "finned-swordfish",
    "SASHIMI_JELLYFISH": "finned-jellyfish",
    "DUAL_TWO_STRING_KITE": "two-string-kite",
    "DUAL_EMPTY_RECTANGLE": "empty-rectangle",
    "SIMPLE_COLORS_TRAP": "simple-colors",
    "SIMPLE_COLORS_WRAP": "simple-colors",
    "MULTI_COLORS_1": "multi-colors",
    "MULTI_COLORS_2": "multi-colors",
    **{f"UNIQUENESS_{n}": f"unique-rectangle-{n}" for n in range(1, 5)},
    **dict.fromkeys(
        ("UNIQUENESS_5", "UNIQUENESS_6", "AVOIDABLE_RECTANGLE_1", "AVOIDABLE_RECTANGLE_2"),
        "unique-rectangle-3",
    ),
    "BUG_PLUS_1": "bug-plus-one",
    **dict.fromkeys(
        (
            "CONTINUOUS_NICE_LOOP",
            "DISCONTINUOUS_NICE_LOOP",
            "GROUPED_CONTINUOUS_NICE_LOOP",
            "GROUPED_DISCONTINUOUS_NICE_LOOP",
            "GROUPED_AIC",
        ),
        "aic",
    ),
    **dict.fromkeys(("ALS_XY_CHAIN", "DEATH_BLOSSOM"), "als-xy-wing"),
    **dict.fromkeys(
        (
            "FORCING_CHAIN_CONTRADICTION",
            "FORCING_CHAIN_VERITY",
            "FORCING_NET_CONTRADICTION",
            "FORCING_NET_VERITY",
            "KRAKEN_FISH_TYPE_1",
            "KRAKEN_FISH_TYPE_2",
        ),
        "forcing-chain",
    ),
    **dict.fromkeys(("BRUTE_FORCE", "TEMPLATE_SET", "TEMPLATE_DEL"), TRIAL),
}
# Fish larger than a jellyfish, and franken and mutant fish, we lack: counted
# as our largest finned fish.
PEER_FISH = ("SQUIRMBAG", "WHALE", "LEVIATHAN", "FRANKEN", "MUTANT")
# Run by the peer's Python: one puzzle a line in, one JSON object a line out.
# It uses hodoku-py's public API only (``Solver().solve``).
PEER_SCRIPT = """
import collections, json, sys, time
from hodoku import Solver
solver = Solver()
for line in sys.stdin:
    puzzle = line.strip()
    start = time.perf_counter()
    result = solver.solve(puzzle)
    ms = (time.perf_counter() - start) * 1000
    kinds = collections.Counter(step.type.name for step in result.steps)
    print(json.dumps({"puzzle": puzzle, "ms": ms, "finished": result.solved,
                      "level": result.level.name, "score": result.score,
                      "brute_force": "BRUTE_FORCE" in kinds, "steps": kinds}), flush=True)
"""


@dataclass(frozen=True)
class Ours:
    """The teacher on one puzzle: ``explain``'s time, the rating of its steps,
    how many were trials, whether the board ended solved, and whether the
    logic ran out of time (the trials after it marked ``budget``)."""

    ms: float
    difficulty: Difficulty
    trials: int
    solved: bool
    out_of_time: bool = False


@dataclass(frozen=True)
class Peer:
    """The peer on one puzzle: its time, level (ours, or its own name if it has
    no counterpart), score, and whether it solved it, and without brute force."""

    ms: float
    level: str
    score: int
    solved: bool
    brute_force: bool
    steps: Mapping[str, int] = field(default_factory=dict)


def explained(puzzle: str, max_seconds: float | None = SITE_SECONDS) -> Ours:
    """The teacher on ``puzzle`` (text, with one solution), from its givens, as
    the site explains it (every technique, at most ``max_seconds`` of logic),
    timed from board to steps."""
    grid = parse_puzzle(puzzle)
    marks = Marks.from_grid(grid, shape_of_grid(grid))
    start = perf_counter()
    steps = explain(marks, max_seconds=max_seconds, unique=True)
    ms = (perf_counter() - start) * 1000
    trials = [step for step in steps if step.technique == TRIAL]
    return Ours(ms, rate(steps), len(trials), marks.solved(), out_of_time(steps))


def hint_times(puzzle: str) -> list[float]:
    """``next_step`` timed (ms) at every position of ``puzzle``'s walk from its
    givens, each step applied before the next is asked for."""
    grid = parse_puzzle(puzzle)
    marks = Marks.from_grid(grid, shape_of_grid(grid))
    times = []
    while not marks.solved():
        start = perf_counter()
        step = next_step(marks, unique=True)
        times.append((perf_counter() - start) * 1000)
        if step is None:
            break
        step.apply(marks)
    return times


def rank(ordered: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile ``fraction`` of ``ordered`` (sorted, not empty)."""
    return ordered[math.ceil(fraction * len(ordered)) - 1]


def ranks(values: Sequence[float]) -> list[float]:
    """Each value's rank from 1, ties given the mean of the ranks they span."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for i in order[start : end + 1]:
            result[i] = (start + end) / 2 + 1
        start = end + 1
    return result


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Spearman's rank correlation of paired ``xs`` and ``ys``: the Pearson
    correlation of their ranks. None if fewer than two pairs or either side
    is constant (no order to compare)."""
    if len(xs) != len(ys):
        raise ValueError("xs and ys must pair up")
    if len(xs) < 2:
        return None
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sx = math.sqrt(sum((a - mx) ** 2 for a in rx))
    sy = math.sqrt(sum((b - my) ** 2 for b in ry))
    return None if sx == 0 or sy == 0 else cov / (sx * sy)


def timing(times: Iterable[float]) -> str:
    """Median, p95 (nearest rank) and max of ``times`` (ms, not empty) as table cells."""
    ordered = sorted(times)
    return f"{statistics.median(ordered):.2f} | {rank(ordered, 0.95):.1f} | {ordered[-1]:.1f}"


def share(count: int, total: int) -> str:
    """``count`` of ``total`` with its percentage."""
    return f"{count}/{total} ({100 * count / total:.0f}%)" if total else "–"


def ask_peer(python: Path, puzzles: list[str], cache: Path | None) -> dict[str, Peer]:
    """The peer's answer for each of ``puzzles``: those in ``cache`` read from it,
    the rest asked of a subprocess of ``python`` and added to ``cache``.

    Raises subprocess.CalledProcessError if the peer fails.
    """
    known = _read_cache(cache)
    missing = [p for p in dict.fromkeys(puzzles) if p not in known]
    if missing:
        run = subprocess.run(
            [str(python), "-c", PEER_SCRIPT],
            input="\n".join(missing) + "\n",
            capture_output=True,
            text=True,
            check=True,
        )
        fresh = [json.loads(line) for line in run.stdout.splitlines()]
        known.update((answer["puzzle"], answer) for answer in fresh)
        if cache is not None:
            with cache.open("a", encoding="utf-8") as out:
                out.writelines(json.dumps(answer) + "\n" for answer in fresh)
    return {p: _peer(known[p]) for p in puzzles}


def _read_cache(cache: Path | None) -> dict[str, dict]:
    """The answers kept in ``cache`` by puzzle; none if there is no such file."""
    if cache is None or not cache.is_file():
        return {}
    lines = cache.read_text(encoding="utf-8").splitlines()
    return {answer["puzzle"]: answer for answer in map(json.loads, lines)}


def _peer(answer: dict) -> Peer:
    """One answer of ``PEER_SCRIPT`` as a ``Peer``."""
    level = PEER_LEVELS.get(answer["level"], answer["level"].lower())
    return Peer(
        answer["ms"],
        level,
        answer["score"],
        answer["finished"],
        answer["brute_force"],
        answer.get("steps", {}),
    )


def our_technique(peer_type: str) -> str:
    """Our id for one of HoDoKu's step types (``PEER_TECHNIQUES``, else its name
    in lower case with ``-`` for ``_``)."""
    if peer_type in PEER_TECHNIQUES:
        return PEER_TECHNIQUES[peer_type]
    if any(kind in peer_type for kind in PEER_FISH):
        return "finned-jellyfish"
    return peer_type.lower().replace("_", "-")


def rate_peer_walk(answer: Peer) -> Difficulty:
    """Our rule applied to the peer's own steps, each counted as our technique.

    Raises KeyError for a step type with no counterpart (none known)."""
    steps = [
        Step(our_technique(kind)) for kind, count in answer.steps.items() for _ in range(count)
    ]
    return rate(steps)


def ours_row(name: str, runs: list[Ours]) -> str:
    """One markdown row of the teacher's figures on set ``name``."""
    trial_free = sum(1 for run in runs if run.trials == 0)
    out_of_time = sum(1 for run in runs if run.out_of_time)
    unsolved = sum(1 for run in runs if not run.solved)
    levels = _levels(run.difficulty.level for run in runs)
    return (
        f"| `{name}` | {len(runs)} | {timing(run.ms for run in runs)} "
        f"| {share(trial_free, len(runs))} | {out_of_time} | {unsolved} | {levels} |"
    )


def peer_row(name: str, answers: list[Peer]) -> str:
    """One markdown row of the peer's figures on set ``name``."""
    logical = sum(1 for a in answers if a.solved and not a.brute_force)
    unsolved = sum(1 for a in answers if not a.solved)
    return (
        f"| `{name}` | {len(answers)} | {timing(a.ms for a in answers)} "
        f"| {share(logical, len(answers))} | {unsolved} | {_levels(a.level for a in answers)} |"
    )


def _levels(levels: Iterable[str]) -> str:
    """How many puzzles got each level, in ``LEVELS`` order then any other."""
    counts = Counter(levels)
    names = [*LEVELS, *sorted(set(counts) - set(LEVELS))]
    return ", ".join(f"{name} {counts[name]}" for name in names if counts[name])


def agreement_row(name: str, ratings: list[Difficulty], peers: list[Peer]) -> str:
    """One markdown row: Spearman of the scores, exact and within-one level agreement."""
    rho = spearman([r.score for r in ratings], [p.score for p in peers])
    gaps = [_gap(r.level, p.level) for r, p in zip(ratings, peers, strict=True)]
    exact = sum(1 for gap in gaps if gap == 0)
    near = sum(1 for gap in gaps if gap is not None and gap <= 1)
    rho_text = "–" if rho is None else f"{rho:.2f}"
    agreed = f"{share(exact, len(gaps))} | {share(near, len(gaps))}"
    return f"| {name} | {len(ratings)} | {rho_text} | {agreed} |"


def _gap(ours: str, peer: str) -> int | None:
    """How many levels apart two levels are; None if the peer's is not one of ``LEVELS``."""
    return abs(LEVELS.index(ours) - LEVELS.index(peer)) if peer in LEVELS else None


def confusion(ratings: list[Difficulty], peers: list[Peer]) -> list[str]:
    """The confusion table's lines: our levels as rows, the peer's as columns."""
    pairs = Counter((r.level, p.level) for r, p in zip(ratings, peers, strict=True))
    columns = [*LEVELS, *sorted({p.level for p in peers} - set(LEVELS))]
    lines = [
        "| ours \\ peer | " + " | ".join(columns) + " |",
        "|---|" + "---|" * len(columns),
    ]
    for level in LEVELS:
        lines.append(f"| {level} | " + " | ".join(str(pairs[level, c]) for c in columns) + " |")
    return lines


def run_ratings(
    sets: list[tuple[str, list[str]]], max_seconds: float | None, peer: Path, cache: Path | None
) -> None:
    """Print parts 1 to 4: the teacher, then the peer, then their agreement."""
    limit = "no limit" if max_seconds is None else f"{max_seconds} s"
    print(f"Teacher: `teacher.explain` from the givens ({limit} of logic), its steps rated:\n")
    print(
        "| set | puzzles | median ms | p95 ms | max ms | no trial | out of time | unsolved "
        "| levels |\n|---|---|---|---|---|---|---|---|---|"
    )
    ours = {}
    for name, puzzles in sets:
        gc.collect()
        ours[name] = [explained(p, max_seconds) for p in puzzles]
        print(ours_row(name, ours[name]), flush=True)
    if not peer.exists():
        print(f"\nPeer skipped: no {peer} (make its venv, see `python -m bench.teacher -h`).")
        return
    print("\nPeer: hodoku-py `Solver().solve`, the same puzzles, timed in its own process:\n")
    print(
        "| set | puzzles | median ms | p95 ms | max ms | no brute force | unsolved | levels |\n"
        "|---|---|---|---|---|---|---|---|"
    )
    peers = {}
    for name, puzzles in sets:
        answers = ask_peer(peer, puzzles, cache)
        peers[name] = [answers[p] for p in puzzles]
        print(peer_row(name, peers[name]), flush=True)
    print_agreement(ours, peers)


def print_agreement(ours: dict[str, list[Ours]], peers: dict[str, list[Peer]]) -> None:
    """Print parts 3 and 4: per set and over all, Spearman and level agreement and
    the confusion, for our walks and then for our rule on the peer's walks."""
    walks = {name: [run.difficulty for run in runs] for name, runs in ours.items()}
    print("\nAgreement: Spearman of the scores; levels equal, and at most one apart:\n")
    print_agreement_of(walks, peers)
    print(
        "\nOur rule on the peer's own steps (each counted as our technique), "
        "against the peer's rating:\n"
    )
    print_agreement_of(
        {n: [rate_peer_walk(a) for a in answers] for n, answers in peers.items()}, peers
    )


def print_agreement_of(ratings: dict[str, list[Difficulty]], peers: dict[str, list[Peer]]) -> None:
    """Print one agreement table (per set and over all) and the confusion over all."""
    print("| set | puzzles | Spearman | same level | within one |\n|---|---|---|---|---|")
    for name in ratings:
        print(agreement_row(f"`{name}`", ratings[name], peers[name]))
    every_rating = [r for name in ratings for r in ratings[name]]
    every_peer = [p for name in ratings for p in peers[name]]
    print(agreement_row("all", every_rating, every_peer))
    print("\nLevels, every set: ours (rows) against the peer's (columns):\n")
    print("\n".join(confusion(every_rating, every_peer)))


def run_positions(sets: list[tuple[str, list[str]]]) -> None:
    """Print the next hint's figures: ``next_step`` at every position of each walk."""
    print("Hints: `teacher.next_step` at every position of each puzzle's walk:\n")
    print("| set | puzzles | positions | median ms | p95 ms | max ms | slowest puzzle |")
    print("|---|---|---|---|---|---|---|")
    for name, puzzles in sets:
        gc.collect()
        walks = {p: hint_times(p) for p in puzzles}
        slowest = max(puzzles, key=lambda p: max(walks[p], default=0.0))
        every = [ms for times in walks.values() for ms in times]
        print(
            f"| `{name}` | {len(puzzles)} | {len(every):,} | {timing(every)} | `{slowest}` |",
            flush=True,
        )


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    """The command line, parsed; a missing set or a bad sample size is an error."""
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.epilog = __doc__.split("\n\n", 2)[2]
    parser.add_argument(
        "--sets", type=parse_sets, default=list(TEACHING_SETS), help="shared set files"
    )
    parser.add_argument(
        "--sample", type=int, default=DEFAULT_SAMPLE, help="puzzles per set, spread through it"
    )
    parser.add_argument(
        "--peer-python", type=Path, default=DEFAULT_PEER, help="Python of hodoku-py's venv"
    )
    parser.add_argument(
        "--max-seconds",
        type=float,
        default=SITE_SECONDS,
        help="the teacher's seconds of logic per puzzle (0: no limit); the site's by default",
    )
    parser.add_argument("--peer-cache", type=Path, help="a file keeping the peer's answers")
    parser.add_argument(
        "--positions", action="store_true", help="time the next hint at every position instead"
    )
    return walk_arguments(parser, parser.parse_args(argv))


def walk_arguments(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.Namespace:
    """``args`` with ``--sample`` and ``--max-seconds`` checked (0 seconds:
    None, no limit) and each set's puzzles sampled (``args.puzzles``); an
    error of ``parser`` for a value out of range or a set missing."""
    if args.sample < 1 or args.max_seconds < 0:
        parser.error("--sample must be at least 1 and --max-seconds at least 0")
    args.max_seconds = args.max_seconds or None
    try:
        args.puzzles = sampled(args.sets, args.sample)
    except FileNotFoundError as error:
        parser.error(str(error))
    return args


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark on the command line ``argv`` (by default, the process's)."""
    args = _arguments(argv)
    print(machine("one used") + "\n")
    print(f"{args.sample:,} puzzles spread through each set.\n")
    if args.positions:
        run_positions(args.puzzles)
    else:
        run_ratings(args.puzzles, args.max_seconds, args.peer_python, args.peer_cache)


if __name__ == "__main__":
    main()
