"""The library's benchmark: each --jobs imports the same puzzles into its own
empty library, and the figures name what was stored."""

import re

from tests.support.commands import printed


def test_each_run_imports_every_puzzle_into_an_empty_library():
    # Time enough for every rating, however loaded the machine.
    lines = printed("bench.library", "--count", "12", "--jobs", "1", "2", "--max-seconds", "30")
    assert lines[0].startswith("Machine: ")
    runs = [line for line in lines if line.startswith("--jobs")]
    assert len(runs) == 2
    for jobs, line in zip((1, 2), runs, strict=True):
        figures = re.fullmatch(
            rf"--jobs {jobs}: +[\d.]+ s, +\d+ puzzles/s, ([\d.]+)x the first  "
            r"\(12 stored, 0 skipped \(duplicates\)\)",
            line,
        )
        assert figures, line
    assert runs[0].endswith("1.00x the first  (12 stored, 0 skipped (duplicates))")
