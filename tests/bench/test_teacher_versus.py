"""The teacher against another checkout's: both explain each puzzle in turn, and
the command prints each side's figures and their ratio."""

import time
from pathlib import Path

import pytest

from bench.teacher_versus import budget_clock, explain_here, main
from solver.engine import teacher
from tests.support.commands import printed
from tests.support.puzzles import sample

ROOT = Path(__file__).resolve().parents[2]  # this checkout, as the other one too


def test_the_command_prints_both_sides_and_their_ratio():
    lines = printed(
        "bench.teacher_versus", str(ROOT), "--sets", "seventeen_clue.txt", "--sample", "2", "--cpu"
    )
    assert lines[0].startswith("Machine:")
    assert any(line.startswith("| `seventeen_clue.txt` | this | 2 |") for line in lines)
    assert any(line.startswith("| `seventeen_clue.txt` | other | 2 |") for line in lines)
    assert any(line.startswith("| `seventeen_clue.txt` | this / other |") for line in lines)


def test_a_directory_without_an_engine_is_refused(tmp_path):
    with pytest.raises(SystemExit):
        main([str(tmp_path), "--sample", "1"])


def test_the_budget_is_measured_on_the_clock_given_then_on_the_teachers_own():
    with budget_clock(time.process_time):
        assert teacher.time.perf_counter is time.process_time
    assert teacher.time is time
    [puzzle] = sample("seventeen_clue.txt", 1)
    run = explain_here(puzzle, 1.0, time.process_time)
    assert (run.trials, run.out_of_time) == (0, False)
    assert run.ms > 0
    assert teacher.time is time
