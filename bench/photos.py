"""The photo reader (``solver.photos.reader.read_here``) on real and drawn photos, as markdown.

    .venv/bin/python -m bench.photos [--synthetic N] [--seed S]

Reads the shared photos (``bench.photo_sets``: 160 newspaper puzzles shot
with phones, by Wicht and Hennebert, CC-BY-4.0), in the two halves split by
puzzle (the reader was tuned on the first, "tune"; the second, "held out",
shows how it does on puzzles it was not tuned on) and all together, then
``--synthetic`` drawn photos (``solver.photos.synthetic``). For each set:
the share of grids found; the cells' empty/filled confusion (truth, then
read); the digits read right among the cells truly filled and read filled;
the grids read exactly before the engine's check (the classifier's first
choices) and after it; the cells wrong after it, counting every cell of a
grid not found as wrong, and among the grids found; the cells the page
would ask about (``Reading.doubtful``) a photo, and how many of the wrong
cells are among them; the check's verdicts; and the time per photo, in CPU
seconds of this process pinned to one core (so that other programs sharing
the machine do not stretch it), median, p95 (nearest rank) and max: the
read in this process, without the child process the site reads in
(``bench.photo_bounds`` prices that).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from bench.machine import machine
from bench.photo_sets import halves
from bench.teacher import rank
from solver.photos import PhotoError
from solver.photos.exact import THREADS
from solver.photos.model import classifier
from solver.photos.reader import read_here
from solver.photos.synthetic import synthetic_set


@dataclass
class Figures:
    """What one set of photos gave."""

    photos: int = 0
    found: int = 0
    confusion: Counter = field(default_factory=Counter)  # (truly empty, read empty) -> cells
    digits_right: int = 0
    digits_both: int = 0  # cells truly filled and read filled
    exact_before: int = 0
    exact_after: int = 0
    cells_wrong: int = 0
    cells_wrong_found: int = 0  # among the grids found
    doubtful: int = 0  # cells the page would ask about
    wrong_doubtful: int = 0  # wrong cells among them
    verdicts: Counter = field(default_factory=Counter)
    times: list[float] = field(default_factory=list)

    def add(self, data: bytes, truth: str) -> None:
        """Reads one photo of the puzzle ``truth`` and counts the outcome."""
        self.photos += 1
        started = time.process_time()
        try:
            reading = read_here(data)
        except PhotoError:
            self.times.append(time.process_time() - started)
            self.cells_wrong += 81
            return
        self.times.append(time.process_time() - started)
        self.found += 1
        first = list(reading.puzzle)
        for change in reading.changed:
            first[change.index] = change.read
        for read, true in zip(first, truth, strict=True):
            self.confusion[true == ".", read == "."] += 1
            if true != "." and read != ".":
                self.digits_both += 1
                self.digits_right += read == true
        self.exact_before += "".join(first) == truth
        self.exact_after += reading.puzzle == truth
        wrong = [i for i, (a, b) in enumerate(zip(reading.puzzle, truth, strict=True)) if a != b]
        self.cells_wrong += len(wrong)
        self.cells_wrong_found += len(wrong)
        self.doubtful += len(reading.doubtful)
        self.wrong_doubtful += len(set(wrong) & set(reading.doubtful))
        self.verdicts[reading.verdict] += 1


HEADER = (
    "| set | photos | grids found | empty read empty | empty read filled | filled read empty "
    "| filled read filled | digits right | exact before check | exact after check "
    "| cells wrong | cells wrong, grids found | doubtful a photo | wrong and doubtful "
    "| verdicts | median ms | p95 ms | max ms |\n" + "|---" * 18 + "|"
)


def row(name: str, figures: Figures) -> str:
    """One markdown row of ``figures``."""
    n = figures.photos
    times = sorted(1000 * t for t in figures.times)
    if times:
        ms = f"{times[len(times) // 2]:.0f} | {rank(times, 0.95):.0f} | {times[-1]:.0f}"
    else:
        ms = "– | – | –"
    c = figures.confusion
    verdicts = ", ".join(f"{v} {k}" for k, v in figures.verdicts.most_common())
    return (
        f"| {name} | {n} | {_share(figures.found, n)} | {c[True, True]:,} | {c[True, False]:,} "
        f"| {c[False, True]:,} | {c[False, False]:,} "
        f"| {_share(figures.digits_right, figures.digits_both, 2)} "
        f"| {figures.exact_before} ({_share(figures.exact_before, n)}) "
        f"| {figures.exact_after} ({_share(figures.exact_after, n)}) "
        f"| {figures.cells_wrong} ({_share(figures.cells_wrong, 81 * n, 2)}) "
        f"| {figures.cells_wrong_found} "
        f"({_share(figures.cells_wrong_found, 81 * figures.found, 2)}) "
        f"| {figures.doubtful / max(1, figures.found):.2f} "
        f"| {figures.wrong_doubtful} of {figures.cells_wrong_found} | {verdicts} | {ms} |"
    )


def _share(part: int, whole: int, places: int = 1) -> str:
    return f"{100 * part / whole:.{places}f}%" if whole else "–"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--synthetic", type=int, default=100, help="drawn photos (default 100; 0 for none)"
    )
    parser.add_argument("--seed", type=int, default=2014, help="the drawn set's seed")
    args = parser.parse_args(argv)
    _one_core()
    print(machine("pinned to one core, one thread"))
    classifier()  # loaded before any photo is timed
    tune, held_out = halves()
    results = {}
    for name, photos in (("shared, tune half", tune), ("shared, held-out half", held_out)):
        results[name] = figures = Figures()
        for photo in photos:
            figures.add(photo.path.read_bytes(), photo.puzzle)
    results["shared, all"] = _merged(results.values())
    if args.synthetic > 0:
        drawn = results[f"drawn (seed {args.seed})"] = Figures()
        for photo in synthetic_set(args.synthetic, args.seed):
            drawn.add(photo.data, photo.puzzle)
    print(HEADER)
    for name, figures in results.items():
        print(row(name, figures))


def _one_core() -> None:
    """Runs this benchmark again pinned to one core with one thread for numpy's
    BLAS, unless it is so run already: the target is per core, and threads started
    before the pinning would share the one core and spin (five times the CPU time)."""
    if os.environ.get("SUDOKU_BENCH_PHOTOS_PINNED") == "1":
        return
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    os.environ.update(dict.fromkeys(THREADS, "1"))
    os.environ["SUDOKU_BENCH_PHOTOS_PINNED"] = "1"
    os.execv(sys.executable, [sys.executable, "-m", "bench.photos", *sys.argv[1:]])


def _merged(parts) -> Figures:
    """The figures of ``parts`` taken together."""
    total = Figures()
    for part in parts:
        for name, value in vars(part).items():
            setattr(total, name, getattr(total, name) + value)
    return total


if __name__ == "__main__":
    main()
