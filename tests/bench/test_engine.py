"""The engine benchmark prints its tables; its figures follow from the times and verdicts."""

import pytest

from bench.engine import Said, baseline, engine, figures, main
from tests.support.commands import printed
from tests.support.puzzles import HARD, NO_SOLUTION


def test_the_benchmark_prints_both_modes_the_baseline_and_the_ratios(tmp_path):
    puzzles = tmp_path / "few.txt"
    puzzles.write_text(f"# two puzzles\n{HARD}\n{NO_SOLUTION}\n")
    lines = printed("bench.engine", str(puzzles), "--baseline-limit", "2")
    assert lines[0].startswith("Machine: ")
    rows = [line for line in lines if line.startswith("| `few.txt` |")]
    assert len(rows) == 6  # two engine modes, then baseline and two engine modes, then ratios
    assert rows[0].startswith("| `few.txt` | engine, unique | 2 |")
    assert rows[0].endswith("| none 1, unique 1 |")
    assert rows[1].startswith("| `few.txt` | engine, first | 2 |")
    assert rows[1].endswith("| none 1, solved 1 |")
    assert rows[2].startswith("| `few.txt` | baseline | 2 |")
    assert rows[2].endswith("| – | none 1, solved 1 |")
    assert rows[3].startswith("| `few.txt` | engine, unique | 2 |")
    assert rows[4].startswith("| `few.txt` | engine, first | 2 |")
    ratio_header = lines[lines.index(rows[5]) - 2]
    assert ratio_header == "| set | puzzles | unique / baseline | first / baseline |"
    ratios = rows[5].removesuffix(" |").split(" | ")
    assert ratios[1] == "2"
    baseline_rate = rate(rows[2])
    assert float(ratios[2].removesuffix("x")) == pytest.approx(rate(rows[3]) / baseline_rate, 0.02)
    assert float(ratios[3].removesuffix("x")) == pytest.approx(rate(rows[4]) / baseline_rate, 0.02)


def rate(row: str) -> float:
    """The puzzles/s figure of a table row."""
    return float(row.split(" | ")[3].replace(",", ""))


def test_one_mode_and_no_baseline_print_one_row_per_file(tmp_path):
    puzzles = tmp_path / "one.txt"
    puzzles.write_text(f"{HARD}\n")
    lines = printed("bench.engine", str(puzzles), "--mode", "first", "--baseline-limit", "0")
    rows = [line for line in lines if line.startswith("| `one.txt` |")]
    assert rows == [rows[0]]
    assert rows[0].startswith("| `one.txt` | engine, first | 1 |")


def test_a_file_without_puzzles_is_refused(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing but a comment\n")
    with pytest.raises(SystemExit) as exit_:
        main([str(empty)])
    assert exit_.value.code == 2


def test_an_unreadable_puzzle_is_refused_with_its_place_before_any_figure(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text(f"{HARD}\nhello\n")
    with pytest.raises(SystemExit) as exit_:
        main([str(bad)])
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "bad.txt, puzzle 2: Unexpected character “h”" in err


def test_puzzles_of_other_sizes_run_on_the_engine_alone(tmp_path):
    small = tmp_path / "small.txt"
    small.write_text("1234341221434321\n" + "1" + "." * 15 + "\n")
    lines = printed("bench.engine", str(small), "--baseline-limit", "5")
    rows = [line for line in lines if line.startswith("| `small.txt` |")]
    assert [row.split(" | ")[1] for row in rows] == ["engine, unique", "engine, first"]


def test_figures_follow_from_the_times_and_outcomes():
    times_ms = [4.0, 1.0, 3.0, 2.0]
    outcomes = [Said("unique", 2), Said("none", 0), Said("unique", 5)]
    outcomes.append(Said("unique", 3))
    f = figures(times_ms, outcomes)
    assert f.puzzles == 4
    assert f.per_second == pytest.approx(400.0)  # 4 puzzles in 10 ms
    assert f.median_ms == 2.5
    assert f.p99_ms == 4.0
    assert f.max_ms == 4.0
    assert f.guesses == 2.5
    assert f.verdicts == {"none": 1, "unique": 3}


def test_p99_is_the_nearest_rank():
    f = figures([float(ms) for ms in range(200, 0, -1)], [Said("unique", 0)] * 200)
    assert f.p99_ms == 198.0
    assert f.max_ms == 200.0


def test_guesses_are_unknown_when_the_solver_does_not_count_them():
    assert figures([1.0, 1.0], [Said("solved", None), Said("solved", 4)]).guesses is None


def test_no_puzzles_give_no_figures():
    with pytest.raises(ValueError, match="no puzzles"):
        figures([], [])


def test_each_solver_gives_its_verdict():
    unique = engine("unique")(HARD)
    assert unique.verdict == "unique"
    assert isinstance(unique.guesses, int)
    assert engine("first")(HARD).verdict == "solved"
    assert engine("unique")(NO_SOLUTION).verdict == "none"
    assert baseline(HARD) == Said("solved", None)
    assert baseline(NO_SOLUTION) == Said("none", None)
