"""The benchmark command runs and prints one row of figures per file."""

import subprocess
import sys
from pathlib import Path

from tests.puzzles import HARD, NO_SOLUTION

ROOT = Path(__file__).resolve().parents[1]


def test_the_benchmark_prints_a_row_per_file_with_the_verdicts(tmp_path):
    puzzles = tmp_path / "few.txt"
    puzzles.write_text(f"# two puzzles\n{HARD}\n{NO_SOLUTION}\n")
    run = subprocess.run(
        [sys.executable, "-m", "solver.bench", str(puzzles)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    row = run.stdout.splitlines()[-1]
    assert row.startswith("| `few.txt` | 2 |")
    assert row.endswith("| none 1, unique 1 |")
