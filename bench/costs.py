"""Where a solve request's time goes, in process on one core, printed as markdown.

    .venv/bin/python -m bench.costs [--sets a.txt,b.txt] [--limit N]

The load benchmark (bench/load.py) measures the whole stack, where
clients, nginx and gunicorn share the cores; this script explains its ratios.
Django runs in this process with DEBUG off (Django's test client, no network,
a throwaway database), and each figure is the mean over the first ``--limit`` puzzles
(default 500) of each set, after a warm-up:

- ``GET /ping``: the trivial view, the load benchmark's floor;
- ``POST /api/solve`` and ``GET /answer?puzzle=``: the two solve endpoints;
- their parts: reading the text (the one-field form: parser and conflict
  check), the engine alone (``solve``), and drawing the answer page's two
  grids; what is left of an endpoint beyond the floor and these parts is
  the framework's (django-ninja's validation and JSON, or the page's
  templates) and the solve's log line.

Compare figures only within one run.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Callable

from bench.machine import machine
from bench.sets import REQUEST_SETS, parse_sets, read_set
from bench.site import start_django


def mean_ms(action: Callable[[str], object], puzzles: list[str]) -> float:
    """Mean milliseconds of ``action`` over ``puzzles``, after a warm-up of 20."""
    for puzzle in puzzles[:20]:
        action(puzzle)
    start = time.perf_counter()
    for puzzle in puzzles:
        action(puzzle)
    return (time.perf_counter() - start) / len(puzzles) * 1000


def ok(response):
    """``response``, if its status is 200: an error page must not pass for a solve."""
    if response.status_code != 200:
        raise RuntimeError(f"{response.request['PATH_INFO']} answered {response.status_code}")
    return response


def measure_parts(puzzles: list[str]) -> dict[str, float]:
    """Each endpoint's and each part's mean milliseconds on ``puzzles``."""
    from django.test import Client

    from solver.core.grids import answer_grid
    from solver.core.reading import PuzzleTextForm
    from solver.engine import solve

    client = Client()

    def read(puzzle: str):
        form = PuzzleTextForm({"puzzle": puzzle})
        form.is_valid()
        return form.cleaned_data["grid"]

    def api(puzzle: str):
        return ok(client.post("/api/solve", json.dumps({"puzzle": puzzle}), "application/json"))

    grids = {puzzle: read(puzzle) for puzzle in puzzles}
    solutions = {puzzle: solve(grid).solution for puzzle, grid in grids.items()}
    return {
        "ping": mean_ms(lambda p: ok(client.get("/ping")), puzzles),
        "api": mean_ms(api, puzzles),
        "answer": mean_ms(lambda p: ok(client.get("/answer", {"puzzle": p})), puzzles),
        "read": mean_ms(read, puzzles),
        "engine": mean_ms(lambda p: solve(grids[p]), puzzles),
        "grids": mean_ms(
            lambda p: (answer_grid(grids[p], solutions[p], "a"), answer_grid(grids[p], None, "b")),
            puzzles,
        ),
    }


def report(name: str, ms: dict[str, float]) -> None:
    """The rows of one set: each endpoint, then its parts and what is left."""
    floor = ms["ping"]
    api_rest = ms["api"] - floor - ms["read"] - ms["engine"]
    page_rest = ms["answer"] - floor - ms["read"] - ms["engine"] - ms["grids"]
    rows = [
        ("GET /ping (the floor)", ms["ping"]),
        ("POST /api/solve", ms["api"]),
        ("- beyond the floor", ms["api"] - floor),
        ("- - reading the text", ms["read"]),
        ("- - the engine", ms["engine"]),
        ("- - the rest (django-ninja, the log line)", api_rest),
        ("GET /answer", ms["answer"]),
        ("- beyond the floor", ms["answer"] - floor),
        ("- - reading the text", ms["read"]),
        ("- - the engine", ms["engine"]),
        ("- - drawing the two grids", ms["grids"]),
        ("- - the rest (the templates, the log line)", page_rest),
    ]
    print(f"\n### {name}\n\n| request or part | ms |\n|---|---|")
    for label, value in rows:
        print(f"| {label} | {value:.3f} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=parse_sets, default=list(REQUEST_SETS))
    parser.add_argument("--limit", type=int, default=500, help="puzzles a set (default 500)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as directory:
        start_django(directory)
        print(machine("one used"))
        for name in args.sets:
            report(name, measure_parts(read_set(name, args.limit)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
