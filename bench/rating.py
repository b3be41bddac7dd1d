"""What the level costs an answer: the answer page and ``/api/solve`` with the
rating on and off, side by side in one run, and how long the level then takes
to come; printed as markdown.

    .venv/bin/python -m bench.rating [--sets a.txt,b.txt] [--limit 20] [--rounds 2]

Django runs in this process, DEBUG off, on a throwaway SQLite database, with
Django's test client (no network); one core. Every round writes each puzzle
afresh (digits relabelled, rows and columns moved, perhaps transposed: a
seed per round), so no rating kept from an earlier round can answer it. Each
puzzle is asked, in turn:

- ``off``: ``SUDOKU_RATE_ANSWERS`` off: the answer without any level;
- ``on``: the rating as shipped, on a puzzle not rated yet: the answer gives
  the level only if its walk fits the small slice (a puzzle solved without a
  guess), else the page's script asks for it;
- ``level``: that script's request (``GET /level``), which works the rating
  out (within ``SUDOKU_EXPLAIN_SECONDS``) and keeps it: how long a reader
  waits for the level after the page;
- ``known``: the answer again, the rating known.

Medians and 95th percentiles are over every puzzle of every round; the
ratios compare medians of the same requests in the same run. Last, the
command line's CSV of each set's puzzles, with and without ``--rate``.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import sys
import tempfile
import time
from random import Random

from bench.costs import ok
from bench.machine import machine
from bench.sets import RATING_SETS, parse_sets, read_set
from bench.site import start_django

MODES = ("off", "on", "level", "known")


def rewritten(puzzles: list[str], seed: int) -> list[str]:
    """Each puzzle written another way, the same way for the same seed."""
    from solver.engine import STANDARD, format_grid, parse_puzzle
    from solver.engine.symmetry import random_transform

    rng = Random(seed)
    return [format_grid(random_transform(STANDARD, rng).apply(parse_puzzle(p))) for p in puzzles]


def timed(ask, puzzle: str) -> float:
    """Milliseconds ``ask(puzzle)`` takes."""
    start = time.perf_counter()
    ask(puzzle)
    return (time.perf_counter() - start) * 1000


def measure(puzzles: list[str], rounds: int) -> dict[tuple[str, str], list[float]]:
    """Milliseconds of each (endpoint, mode), every puzzle of every round."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    times: dict[tuple[str, str], list[float]] = {}

    def page(puzzle: str):
        return ok(client.get("/answer", {"puzzle": puzzle}))

    def api(puzzle: str):
        body = json.dumps({"puzzle": puzzle})
        return ok(client.post("/api/solve", body, "application/json"))

    def level(puzzle: str):
        return ok(client.get("/level", {"puzzle": puzzle}))

    for puzzle in puzzles[:5]:  # warm up: imports, templates, the first database reads
        page(puzzle), api(puzzle)
    for round_number in range(rounds):
        for endpoint, ask in (("answer page", page), ("POST /api/solve", api)):
            fresh = rewritten(puzzles, seed=2 * round_number + (endpoint == "answer page"))
            for puzzle in fresh:
                for mode, asked, rating in (
                    ("off", ask, False),
                    ("on", ask, True),
                    ("level", level, True),
                    ("known", ask, True),
                ):
                    settings.SUDOKU_RATE_ANSWERS = rating
                    times.setdefault((endpoint, mode), []).append(timed(asked, puzzle))
    return times


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def report(name: str, times: dict[tuple[str, str], list[float]]) -> None:
    print(f"\n### {name}\n")
    print("| request | rating off | on, not rated yet | on / off | the level's request | known |")
    print("|---|---|---|---|---|---|")
    for endpoint in ("answer page", "POST /api/solve"):
        cells = {mode: times[(endpoint, mode)] for mode in MODES}
        median = {mode: statistics.median(values) for mode, values in cells.items()}
        shown = {mode: f"{median[mode]:.1f} ({p95(cells[mode]):.1f})" for mode in MODES}
        level = f"{shown['level']}, max {max(cells['level']):.0f}"
        ratio = median["on"] / median["off"]
        print(
            f"| {endpoint} | {shown['off']} | {shown['on']} | {ratio:.2f}x | {level} "
            f"| {shown['known']} |"
        )


def command_line(puzzles: list[str], directory: str) -> tuple[float, float]:
    """Seconds ``manage.py solve FILE --format csv`` takes on ``puzzles``
    (one process), without and with ``--rate``."""
    from django.core.management import call_command

    path = os.path.join(directory, "puzzles.txt")
    with open(path, "w", encoding="utf-8") as file:
        file.write("".join(f"{puzzle}\n" for puzzle in puzzles))
    seconds = []
    for options in ((), ("--rate",)):
        start = time.perf_counter()
        arguments = (path, "--format", "csv", "--jobs", "1", *options)
        call_command("solve", *arguments, stdout=io.StringIO())
        seconds.append(time.perf_counter() - start)
    return seconds[0], seconds[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=parse_sets, default=list(RATING_SETS))
    parser.add_argument("--limit", type=int, default=20, help="puzzles a set (default 20)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds (default 2)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as directory:
        start_django(directory)
        print(machine("one used"))
        print("\nms, median (95th percentile), each puzzle written afresh every round")
        for name in args.sets:
            report(name, measure(read_set(name, args.limit), args.rounds))
        print("\n### The command line's CSV (one process)\n")
        print("| set | puzzles | unrated | --rate | --rate / unrated |\n|---|---|---|---|---|")
        for name in args.sets:
            puzzles = read_set(name, args.limit)
            plain, rated = command_line(puzzles, directory)
            ratio = rated / plain
            print(f"| {name} | {len(puzzles)} | {plain:.2f} s | {rated:.2f} s | {ratio:.1f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
