"""Importing into the puzzle library: puzzles stored per second, with each --jobs.

  .venv/bin/python -m bench.library                    # 10,000 seventeen-clue puzzles
  .venv/bin/python -m bench.library --count 2000 --jobs 1 2

Runs ``manage.py import_puzzles`` as a person would, once per --jobs, each
into a new, empty database (a throwaway SQLite file, migrated first), on the
first --count puzzles of the set. Each run is timed from the command's start
to its end, Django's start-up included; the first --jobs is the baseline the
others are compared with. The library's target is 10,000 puzzles in at
most {limit:.0f} s with --jobs 2 (docs/library.md).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.machine import machine
from bench.sets import read_set

ROOT = Path(__file__).resolve().parents[1]
LIMIT_SECONDS = 120.0  # the target: 10,000 puzzles in two minutes with --jobs 2


def run_import(puzzles: Path, jobs: int, directory: Path, max_seconds: float) -> tuple[float, str]:
    """Seconds ``import_puzzles`` took on ``puzzles`` with ``jobs`` processes
    (each puzzle's rating within ``max_seconds``), into a new database in
    ``directory``, and its summary line."""
    env = {**os.environ, "DJANGO_DB_PATH": str(directory / f"jobs{jobs}.sqlite3")}
    env.pop("DATABASE_URL", None)  # a new SQLite file, never the site's own database
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v0"], env=env, check=True, cwd=ROOT)
    start = time.perf_counter()
    done = subprocess.run(
        [*manage, "import_puzzles", str(puzzles), "--source", "bench", "--jobs", str(jobs)]
        + ["--max-seconds", str(max_seconds)],
        env=env,
        check=True,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    return time.perf_counter() - start, done.stdout.strip()


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark on the command line ``argv`` (by default, the process's)."""
    args = _arguments(argv)
    print(machine(f"--jobs {' and '.join(map(str, args.jobs))}") + "\n")
    lines = read_set(args.set, args.count)
    print(f"{len(lines):,} puzzles: the first of {args.set}, imported into an empty library.\n")
    with tempfile.TemporaryDirectory() as name:
        directory = Path(name)
        puzzles = directory / "puzzles.txt"
        puzzles.write_text("".join(f"{line}\n" for line in lines))
        baseline = None
        for jobs in args.jobs:
            seconds, summary = run_import(puzzles, jobs, directory, args.max_seconds)
            baseline = baseline or seconds
            print(
                f"--jobs {jobs}: {seconds:6.1f} s, {len(lines) / seconds:6.0f} puzzles/s, "
                f"{baseline / seconds:.2f}x the first  ({summary})"
            )
    if len(lines) == 10_000 and 2 in args.jobs:
        print(f"\nThe target: {LIMIT_SECONDS:.0f} s for 10,000 puzzles with --jobs 2.")


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__.format(limit=LIMIT_SECONDS),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--set", default="seventeen_clue.txt", help="the shared set to import")
    parser.add_argument("--count", type=int, default=10_000, help="puzzles (default 10,000)")
    parser.add_argument(
        "--jobs", type=int, nargs="+", default=[1, 2], help="each run's --jobs (default 1 2)"
    )
    parser.add_argument(
        "--max-seconds",
        type=float,
        default=1.0,
        help="import_puzzles's --max-seconds (default %(default)s, the command's own)",
    )
    return parser.parse_args(argv)


if __name__ == "__main__":
    main()
