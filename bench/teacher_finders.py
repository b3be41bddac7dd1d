"""Where the teacher's time goes: each technique's share of whole walks.

    .venv/bin/python -m bench.teacher_finders [--set NAME] [--sample N]
                                              [--max-seconds S]

Each puzzle (``--sample`` spread through ``--set``, forum_hardest_1106 by
default) is explained as the site explains it (every technique, uniqueness
ones included, ``--max-seconds`` of logic, the site's 1 s by default), with
every finder wrapped to count the CPU time spent inside it, how often it
was asked and how many steps it gave. Printed as markdown, slowest first:
the share of the walks' CPU time, calls and steps found. The wrapping costs
a little of its own, so read shares, not absolute times.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from bench.machine import machine
from bench.sets import read_set, spread
from bench.teacher import SITE_SECONDS
from solver.engine import parse_puzzle, shape_of_grid
from solver.engine.marks import Marks
from solver.engine.steps import Step
from solver.engine.teacher import explain
from solver.engine.techniques import TECHNIQUES, Finder


@dataclass
class Tally:
    """Per technique: CPU seconds inside its finder, calls, steps found."""

    spent: Counter[str] = field(default_factory=Counter)
    asked: Counter[str] = field(default_factory=Counter)
    found: Counter[str] = field(default_factory=Counter)

    def watched(self, name: str, finder: Finder) -> Callable[[Marks], Iterator[Step]]:
        """``finder``, its CPU time, calls and steps counted under ``name``;
        the time the teacher spends between two of its steps is not its own."""

        def watching(marks: Marks) -> Iterator[Step]:
            self.asked[name] += 1
            steps = finder(marks)
            while True:
                start = time.process_time()
                try:
                    step = next(steps)
                except StopIteration:
                    return
                finally:
                    self.spent[name] += time.process_time() - start
                self.found[name] += 1
                yield step

        return watching


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", default="forum_hardest_1106.txt", help="a shared set file")
    parser.add_argument("--sample", type=int, default=20, help="puzzles spread through it")
    parser.add_argument("--max-seconds", type=float, default=SITE_SECONDS, help="0: no limit")
    options = parser.parse_args(argv)
    tally = Tally()
    techniques = {name: tally.watched(name, finder) for name, finder in TECHNIQUES.items()}
    total = 0.0
    puzzles = spread(read_set(options.set), options.sample)
    for _, puzzle in puzzles:
        grid = parse_puzzle(puzzle)
        marks = Marks.from_grid(grid, shape_of_grid(grid))
        start = time.process_time()
        explain(marks, techniques, max_seconds=options.max_seconds or None, unique=True)
        total += time.process_time() - start
    print(machine("one used"))
    print(f"\n{len(puzzles)} walks of `{options.set}`, {total:.2f} s of CPU time in all\n")
    print("| technique | share | CPU s | asked | steps found |")
    print("|---|---|---|---|---|")
    for name, seconds in tally.spent.most_common():
        share = 100 * seconds / total
        counts = f"{tally.asked[name]} | {tally.found[name]}"
        print(f"| `{name}` | {share:.1f}% | {seconds:.2f} | {counts} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
