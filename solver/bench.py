"""Benchmark: solve every puzzle of some files and print the figures.

    python -m solver.bench [FILE ...] [--limit N]

Without files, the four shared sets in ../shared/puzzles/ (or in
``SUDOKU_PUZZLES_DIR``) are used. Each
puzzle is solved as the site solves it (verdict with uniqueness proof); the
figures are puzzles per second, median / p99 / max milliseconds, guesses per
puzzle and the verdicts. Run it on an idle machine and compare figures only
within one run.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
from collections import Counter
from pathlib import Path
from time import perf_counter

from solver.engine import parse_puzzle, solve

PUZZLES_DIR = Path(
    os.environ.get("SUDOKU_PUZZLES_DIR", Path(__file__).resolve().parents[2] / "shared" / "puzzles")
)
DEFAULT_SETS = ["top1465.txt", "forum_hardest_1106.txt", "seventeen_clue.txt", "serg_multi.txt"]


def read_puzzles(path: Path, limit: int | None = None) -> list[str]:
    """The puzzle lines of ``path`` (``#`` comments skipped), the first ``limit`` of them."""
    lines = (line.strip() for line in path.read_text().splitlines())
    puzzles = [line for line in lines if line and not line.startswith("#")]
    return puzzles[:limit]


def measure(puzzles: list[str]) -> dict[str, object]:
    """Solve each puzzle; the figures for the whole list."""
    times, guesses, verdicts = [], 0, Counter()
    start = perf_counter()
    for text in puzzles:
        result = solve(parse_puzzle(text))
        times.append(result.elapsed * 1000)
        guesses += result.guesses
        verdicts[result.status.value] += 1
    wall = perf_counter() - start
    times.sort()
    return {
        "puzzles": len(puzzles),
        "per_second": len(puzzles) / wall,
        "median_ms": statistics.median(times),
        "p99_ms": times[min(len(times) - 1, int(len(times) * 0.99))],
        "max_ms": times[-1],
        "guesses": guesses / len(puzzles),
        "verdicts": ", ".join(f"{name} {count}" for name, count in sorted(verdicts.items())),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="puzzle files, one puzzle a line")
    parser.add_argument("--limit", type=int, help="solve at most this many puzzles per file")
    args = parser.parse_args()
    files = args.files or [PUZZLES_DIR / name for name in DEFAULT_SETS]
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    print("| set | puzzles | puzzles/s | median ms | p99 ms | max ms | guesses/puzzle | verdicts |")
    print("|---|---|---|---|---|---|---|---|")
    for path in files:
        f = measure(read_puzzles(path, args.limit))
        print(
            f"| `{path.name}` | {f['puzzles']:,} | {f['per_second']:,.0f} | {f['median_ms']:.2f} "
            f"| {f['p99_ms']:.1f} | {f['max_ms']:.1f} | {f['guesses']:.0f} | {f['verdicts']} |"
        )


if __name__ == "__main__":
    main()
