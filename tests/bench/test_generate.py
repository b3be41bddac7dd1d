"""The generator benchmark: its tables follow from the figures, and the command
prints every part, the peer's skipped with a note when its Python is absent."""

from bench.generate import givens, timing
from solver.engine.generate import generate
from tests.support.commands import printed


def test_timing_gives_the_median_the_p95_and_the_max():
    assert timing([float(ms) for ms in range(1, 101)]) == "50.5 | 95.0 | 100.0"


def test_givens_is_the_median_count_or_a_dash():
    made = [generate(seed=seed) for seed in range(3)]
    counts = sorted(sum(1 for digit in g.puzzle if digit) for g in made)
    assert givens(made) == str(counts[1])
    assert givens([]) == "–"


def test_the_command_prints_every_part(tmp_path):
    lines = printed(
        "bench.generate", "--seeds", "1", "--budget", "0.3", "--digs", "2", "--size-seeds", "1",
        "--peer", "1", "--peer-python", str(tmp_path / "missing"),
    )  # fmt: skip
    text = "\n".join(lines)
    assert lines[0].startswith("Machine:")
    for level in ("easy", "medium", "hard", "expert", "extreme"):
        assert f"| {level} | 1 |" in text
    easy = next(line for line in lines if line.startswith("| easy | 1 |"))
    assert "| 1/1 (100%) |" in easy
    assert "| rotational | 2 |" in text
    assert "| minimal | 2 |" in text
    assert "| 16x16 | 1 |" in text
    assert any(line.startswith("Peer skipped") for line in lines)
