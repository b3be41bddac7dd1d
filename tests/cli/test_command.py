"""manage.py solve: a lone puzzle is drawn, many get one row each in input order,
bad lines and conflicting givens are reported and skipped, --first stops at a
solution, processes change nothing but speed, and Ctrl-C or a bad input ends
the command cleanly."""

import csv
import io
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from solver import cli
from solver.engine import STANDARD, format_grid, is_valid_solution, parse_puzzle, shape
from solver.engine.difficulty import rate
from solver.engine.links import read_link
from solver.engine.marks import Marks
from solver.engine.teacher import explain
from solver.management.commands.solve import Command
from solver.teaching.sentences import sentence
from tests.support.budgets import OUT_OF_REACH
from tests.support.puzzles import (
    FAMOUS_UNIQUE,
    HARD,
    HARD1,
    HARD_SOLUTION,
    IMPOSSIBLE,
    NO_SOLUTION,
    NO_SOLUTION_AFTER_SEARCH,
    load,
    sample,
)
from tests.support.variants import first_of_each_kind

ROOT = Path(__file__).resolve().parents[2]
CONFLICTING = "44" + HARD[2:]  # two 4s in row 1
CSV_HEADER = [
    "line",
    "puzzle",
    "status",
    "solutions",
    "solution",
    "guesses",
    "ms",
    "level",
    "score",
    "hardest",
    "message",
]
LEVELS = ("easy", "medium", "hard", "expert", "extreme")


class Terminal(io.StringIO):
    """An output stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def write_lines(path: Path, lines) -> Path:
    path.write_text("".join(f"{line}\n" for line in lines))
    return path


def solve_command(*args, stderr=None) -> str:
    """What ``manage.py solve ARGS`` writes to standard output."""
    out = io.StringIO()
    call_command("solve", *map(str, args), stdout=out, stderr=stderr or io.StringIO())
    return out.getvalue()


def test_run_in_process_the_command_gives_back_the_callers_sigterm_handler(tmp_path):
    before = signal.getsignal(signal.SIGTERM)
    solve_command(write_lines(tmp_path / "one.txt", [HARD]))
    assert signal.getsignal(signal.SIGTERM) is before


def solve_csv(*args) -> list[dict[str, str]]:
    """The CSV rows ``manage.py solve ARGS --format csv`` writes, checking the header."""
    text = solve_command(*args, "--format", "csv")
    assert text.splitlines()[0] == ",".join(CSV_HEADER)
    return list(csv.DictReader(io.StringIO(text)))


def manage(*args, **kwargs) -> subprocess.CompletedProcess:
    """Run ``manage.py solve ARGS`` in a process of its own."""
    command = [sys.executable, "manage.py", "solve", *map(str, args)]
    # A safety net against a hang, never a bound on the work (a loaded machine is slower).
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600, **kwargs)


def pattern_solution(box_rows: int, box_cols: int) -> str:
    """A solution for any shape: each row is the one above shifted by a box's width
    (or, starting a new band, by one)."""
    n = box_rows * box_cols
    digits = [
        (box_cols * (row % box_rows) + row // box_rows + col) % n + 1
        for row in range(n)
        for col in range(n)
    ]
    return format_grid(tuple(digits))


def blanked(solution: str) -> str:
    """The solution with about two cells in five blanked, spread over the board."""
    return "".join(s if cell * 37 % 100 < 60 else "." for cell, s in enumerate(solution))


# A lone puzzle


def test_a_lone_puzzle_prints_its_solution_drawn_in_boxes_and_the_verdict(tmp_path):
    lines = solve_command(write_lines(tmp_path / "one.txt", [HARD])).splitlines()
    assert lines[0] == "+-------+-------+-------+"
    assert lines[1] == "| 4 6 8 | 9 3 1 | 5 2 7 |"
    assert len(lines) == 14
    assert parse_puzzle("\n".join(lines[:13])) == parse_puzzle(HARD_SOLUTION)
    assert lines[13].startswith("unique: one solution (")
    assert lines[13].endswith(" ms)")


def test_a_puzzle_written_a_row_a_line_is_solved_as_one(tmp_path):
    rows = [HARD[top : top + 9] for top in range(0, 81, 9)]
    output = solve_command(write_lines(tmp_path / "rows.txt", ["# HARD", *rows]))
    assert parse_puzzle(output.split("unique")[0]) == parse_puzzle(HARD_SOLUTION)


@pytest.mark.parametrize(("box_rows", "box_cols"), [(2, 2), (4, 4)])
def test_a_4x4_and_a_16x16_puzzle_are_solved_keeping_their_givens(tmp_path, box_rows, box_cols):
    board = shape(box_rows, box_cols)
    solution = pattern_solution(box_rows, box_cols)
    assert is_valid_solution(parse_puzzle(solution), parse_puzzle(solution), board)
    puzzle = blanked(solution)
    output = solve_command(write_lines(tmp_path / "board.txt", [puzzle]))
    *drawn, verdict = output.splitlines()
    assert len(drawn) == board.size + box_rows + 1  # the rows and the box borders
    assert is_valid_solution(parse_puzzle(puzzle), parse_puzzle("\n".join(drawn)), board)
    assert verdict.split(":")[0] in {"unique", "multiple"}


def test_a_lone_puzzle_without_solution_shows_its_givens(tmp_path):
    output = solve_command(write_lines(tmp_path / "none.txt", [NO_SOLUTION]))
    assert parse_puzzle(output.split("none:")[0]) == parse_puzzle(NO_SOLUTION)
    assert "none: no solution" in output


def test_a_lone_invalid_puzzle_says_why(tmp_path):
    output = solve_command(write_lines(tmp_path / "short.txt", [HARD[:80]]))
    assert output.startswith("invalid: The puzzle has 80 cells")


def test_a_lone_puzzle_whose_givens_conflict_is_invalid_and_says_which(tmp_path):
    output = solve_command(write_lines(tmp_path / "conflict.txt", [CONFLICTING]))
    assert output == "invalid: Two 4s in row 1 (columns 1 and 2).\n"


def test_a_lone_puzzle_with_first_is_drawn_as_solved(tmp_path):
    output = solve_command(write_lines(tmp_path / "one.txt", [HARD]), "--first")
    *drawn, verdict = output.splitlines()
    assert parse_puzzle("\n".join(drawn)) == parse_puzzle(HARD_SOLUTION)
    assert verdict.startswith("solved: the first solution found; not proved unique (")


# Many puzzles


def test_many_puzzles_print_one_line_each_in_input_order_and_a_summary(tmp_path):
    puzzles = sample("top1465.txt", 8)
    path = write_lines(tmp_path / "many.txt", ["# eight puzzles", "", *puzzles])
    *lines, summary = solve_command(path).splitlines()
    assert len(lines) == len(puzzles)
    for number, (line, puzzle) in enumerate(zip(lines, puzzles, strict=True), start=3):
        line_number, status, solution = line.split()[:3]
        assert (int(line_number), status) == (number, "unique")
        assert is_valid_solution(parse_puzzle(puzzle), parse_puzzle(solution))
    assert summary.startswith("8 puzzles in ")
    assert summary.endswith(": unique 8")


def test_csv_has_one_row_per_puzzle_in_input_order(tmp_path):
    puzzles = sample("top1465.txt", 20)
    rows = solve_csv(write_lines(tmp_path / "many.txt", puzzles))
    assert [row["puzzle"] for row in rows] == list(puzzles)
    assert [int(row["line"]) for row in rows] == list(range(1, 21))
    for row in rows:
        assert (row["status"], row["solutions"], row["message"]) == ("unique", "1", "")
        assert is_valid_solution(parse_puzzle(row["puzzle"]), parse_puzzle(row["solution"]))
        assert int(row["guesses"]) >= 0
        assert float(row["ms"]) > 0


def test_a_lone_puzzle_in_csv_is_one_row(tmp_path):
    [row] = solve_csv(write_lines(tmp_path / "one.txt", [HARD]))
    assert (row["status"], row["solution"]) == ("unique", HARD_SOLUTION)


def test_bad_lines_get_an_invalid_row_with_the_reason_and_the_run_goes_on(tmp_path):
    good = sample("top1465.txt", 3)
    lines = [good[0], HARD[:80], good[1], "x" + HARD[1:], good[2], "1, 2, 3"]
    rows = solve_csv(write_lines(tmp_path / "mixed.txt", lines))
    assert [row["puzzle"] for row in rows] == lines
    assert [row["status"] for row in rows] == ["unique", "invalid"] * 3
    assert "The puzzle has 80 cells" in rows[1]["message"]
    assert "Unexpected character “x” at position 1" in rows[3]["message"]
    assert "The puzzle has 3 cells" in rows[5]["message"]
    for bad in rows[1::2]:
        assert bad["solution"] == bad["solutions"] == bad["guesses"] == ""
    for row in rows[::2]:
        assert is_valid_solution(parse_puzzle(row["puzzle"]), parse_puzzle(row["solution"]))


def test_givens_that_conflict_get_an_invalid_row_with_the_pairs_not_none(tmp_path):
    lines = [HARD, CONFLICTING, NO_SOLUTION]
    rows = solve_csv(write_lines(tmp_path / "conflict.txt", lines))
    assert [row["status"] for row in rows] == ["unique", "invalid", "none"]
    assert rows[1]["message"] == "Two 4s in row 1 (columns 1 and 2)."
    assert rows[1]["solution"] == rows[1]["solutions"] == rows[1]["guesses"] == ""


def test_first_gives_solved_without_proving_uniqueness_and_leaves_other_verdicts(tmp_path):
    multiple = sample("serg_multi.txt", 2)
    lines = [HARD, *multiple, NO_SOLUTION, HARD[:80]]
    rows = solve_csv(write_lines(tmp_path / "first.txt", lines), "--first")
    statuses = [(row["status"], row["solutions"]) for row in rows]
    assert statuses == [("solved", "1")] * 3 + [("none", "0"), ("invalid", "")]
    assert rows[0]["solution"] == HARD_SOLUTION
    for row in rows[:3]:
        assert is_valid_solution(parse_puzzle(row["puzzle"]), parse_puzzle(row["solution"]))


def test_puzzles_with_several_solutions_or_none_get_those_verdicts(tmp_path):
    multiple = sample("serg_multi.txt", 3)
    lines = [*multiple, NO_SOLUTION, NO_SOLUTION_AFTER_SEARCH]
    rows = solve_csv(write_lines(tmp_path / "verdicts.txt", lines))
    expected = [("multiple", "2")] * 3 + [("none", "0")] * 2
    assert [(row["status"], row["solutions"]) for row in rows] == expected
    for row in rows[:3]:
        assert is_valid_solution(parse_puzzle(row["puzzle"]), parse_puzzle(row["solution"]))
    assert rows[3]["solution"] == rows[4]["solution"] == ""


@pytest.mark.slow  # each one rated by the teacher's whole walk: seconds of chains
def test_famous_puzzles_get_their_verdicts_within_the_default_guess_budget(tmp_path):
    # Seconds out of reach: the guesses decide, as on any machine. (How long they
    # take: bench/README.md, whose tails stay far inside the site's 0.5 s.)
    lines = [HARD1, IMPOSSIBLE, *FAMOUS_UNIQUE.values()]
    path = write_lines(tmp_path / "famous.txt", lines)
    rows = solve_csv(path, "--max-seconds", OUT_OF_REACH)
    statuses = [row["status"] for row in rows]
    assert statuses == ["multiple", "none"] + ["unique"] * len(FAMOUS_UNIQUE)
    for row in rows[:1] + rows[2:]:
        assert is_valid_solution(parse_puzzle(row["puzzle"]), parse_puzzle(row["solution"]))


def test_a_puzzle_out_of_budget_gives_up(tmp_path):
    rows = solve_csv(write_lines(tmp_path / "hard.txt", [HARD, HARD]), "--max-guesses", 1)
    assert [row["status"] for row in rows] == ["gave_up", "gave_up"]
    assert "ran out of its budget (1 guesses or 10 s per puzzle)" in rows[0]["message"]


# Difficulty and steps


@pytest.fixture(autouse=True)
def teacher_by_steps(monkeypatch):
    """The command's teacher bounded by its steps, not by EXPLAIN_SECONDS, so a
    loaded machine rates and explains as an idle one does (the command runs in
    this process, its workers forked from it)."""
    monkeypatch.setattr(cli.solving, "EXPLAIN_SECONDS", math.inf)


def taught(puzzle: str, board=STANDARD):
    """The teacher's steps for a unique puzzle, as the command takes them."""
    grid = parse_puzzle(puzzle)
    steps = explain(Marks.from_grid(grid, board), unique=True)
    return steps, rate(steps)


def test_csv_rates_each_unique_puzzle_as_the_teacher_does_when_asked(tmp_path):
    puzzles = [HARD, *sample("seventeen_clue.txt", 4)]
    rows = solve_csv(write_lines(tmp_path / "rated.txt", puzzles), "--rate")
    for puzzle, row in zip(puzzles, rows, strict=True):
        _, difficulty = taught(puzzle)
        assert row["level"] in LEVELS
        assert (row["level"], int(row["score"]), row["hardest"]) == (
            difficulty.level,
            difficulty.score,
            difficulty.hardest,
        )


def test_csv_leaves_the_rating_empty_without_one_solution_or_unless_asked(tmp_path):
    lines = [sample("serg_multi.txt", 1)[0], NO_SOLUTION, HARD[:80], CONFLICTING]
    rows = solve_csv(write_lines(tmp_path / "unrated.txt", lines), "--rate")
    assert [(row["level"], row["score"], row["hardest"]) for row in rows] == [("", "", "")] * 4
    for unasked in ((), ("--no-rate",)):  # --no-rate, once needed, is still taken
        [row] = solve_csv(write_lines(tmp_path / "one.txt", [HARD]), *unasked)
        assert (row["status"], row["level"], row["score"], row["hardest"]) == ("unique", "", "", "")


def test_rate_is_for_the_csv(tmp_path):
    with pytest.raises(CommandError, match="--rate fills the CSV's columns"):
        solve_command(write_lines(tmp_path / "one.txt", [HARD]), "--rate")


def test_explain_prints_a_lone_puzzles_level_and_each_step_as_a_sentence(tmp_path):
    lines = solve_command(write_lines(tmp_path / "one.txt", [HARD]), "--explain").splitlines()
    steps, difficulty = taught(HARD)
    assert lines[13].startswith("unique: one solution (")
    assert lines[14] == (
        f"level: {difficulty.level} (score {difficulty.score:,}; hardest: {difficulty.hardest})"
    )
    assert lines[15:] == [f"{n:>4}. {sentence(step)}" for n, step in enumerate(steps, 1)]
    assert lines[14:] == said(HARD, "")
    assert lines[15] == "   1. Hidden single: in box 7, 7 fits only in r9c3, so it goes there."


def said(puzzle: str, indent: str, board=STANDARD) -> list[str]:
    """The lines --explain prints for a unique puzzle: its level, then its steps."""
    steps, difficulty = taught(puzzle, board)
    level = f"level: {difficulty.level} (score {difficulty.score:,}; hardest: {difficulty.hardest})"
    numbered = [f"{n:>4}. {sentence(step, board)}" for n, step in enumerate(steps, 1)]
    return [indent + line for line in [level, *numbered]]


def test_explain_puts_each_puzzles_steps_under_its_row_and_none_under_others(tmp_path):
    good = sample("seventeen_clue.txt", 2)
    lines = [good[0], NO_SOLUTION, "not a puzzle", good[1]]
    output = solve_command(write_lines(tmp_path / "many.txt", lines), "--explain").splitlines()
    rows = [line for line in output if not line.startswith(" " * 8)]
    assert [row.split()[1] for row in rows[:-1]] == ["unique", "none", "invalid", "unique"]
    indent = " " * 8
    expected = [rows[0], *said(good[0], indent), *rows[1:4], *said(good[1], indent), rows[4]]
    assert output == expected


def test_explain_teaches_a_linked_variant_under_its_rules_with_no_level(tmp_path):
    payload, solution = first_of_each_kind()["jigsaw"]
    puzzle = read_link("fpuzzles" + payload)
    output = solve_command(
        write_lines(tmp_path / "jigsaw.txt", ["fpuzzles" + payload]), "--explain"
    )
    lines = output.splitlines()
    at = lines.index("level: none (the levels are calibrated on classic Sudoku)")
    marks = Marks.from_grid(puzzle.grid, puzzle.rules.geometry, rules=puzzle.rules)
    steps = explain(marks, unique=True)
    assert tuple(marks.digits) == tuple(solution)
    board = puzzle.rules.geometry
    assert lines[at + 1 :] == [
        f"{n:>4}. {sentence(step, board)}" for n, step in enumerate(steps, 1)
    ]
    assert any("jigsaw region" in line for line in lines[at + 1 :])


def test_explain_works_on_a_4x4_board(tmp_path):
    # One open cell in each row, column and box: each is a full house.
    puzzle = "".join(
        "." if cell in (0, 7, 9, 14) else s for cell, s in enumerate("1234341221434321")
    )
    output = solve_command(write_lines(tmp_path / "small.txt", [puzzle]), "--explain")
    lines = output.splitlines()
    assert lines[7].startswith("unique: one solution")
    assert lines[8:] == said(puzzle, "", shape(2, 2))
    assert lines[9] == "   1. Full house: r1c1 is the last open cell of box 1, so it takes 1."


def test_explain_is_refused_with_csv(tmp_path):
    with pytest.raises(CommandError, match="--explain prints text"):
        solve_command(write_lines(tmp_path / "one.txt", [HARD]), "--explain", "--format", "csv")


# Processes, standard input, progress


def test_two_processes_write_what_one_writes(tmp_path):
    lines = [
        *sample("seventeen_clue.txt", 200),
        *sample("top1465.txt", 60),
        *sample("serg_multi.txt", 40),
    ]
    lines[7::50] = ["not a puzzle"] * len(lines[7::50])
    path = write_lines(tmp_path / "mixed.txt", lines)
    # Unrated: the ratings' own rows are checked by the test of --rate.
    runs = [manage(path, "--format", "csv", "--jobs", jobs) for jobs in (1, 2)]
    assert [run.returncode for run in runs] == [0, 0], runs[1].stderr
    without_ms = [
        [row[:6] + row[7:] for row in csv.reader(io.StringIO(run.stdout))] for run in runs
    ]
    assert len(without_ms[0]) == len(lines) + 1
    assert without_ms[1] == without_ms[0]


def test_a_dash_reads_standard_input(tmp_path):
    puzzles = sample("top1465.txt", 3)
    run = manage("-", "--format", "csv", input="".join(f"{p}\n" for p in puzzles))
    assert run.returncode == 0, run.stderr
    rows = list(csv.DictReader(io.StringIO(run.stdout)))
    assert [(row["puzzle"], row["status"]) for row in rows] == [(p, "unique") for p in puzzles]
    assert run.stderr == ""


def test_progress_is_drawn_on_standard_error_only_when_it_is_a_terminal(tmp_path, monkeypatch):
    monkeypatch.setattr(cli.Progress, "INTERVAL", 0)  # draw at every chunk
    path = write_lines(tmp_path / "many.txt", sample("seventeen_clue.txt", 3 * cli.CHUNK))
    terminal, file = Terminal(), io.StringIO()
    solve_command(path, "--format", "csv", stderr=terminal)
    solve_command(path, "--format", "csv", stderr=file)
    assert terminal.getvalue().startswith(f"\r{cli.CHUNK} puzzles, ")
    assert terminal.getvalue().endswith("% read\n")
    last = f"\r{3 * cli.CHUNK} puzzles, "
    assert terminal.getvalue().count(last) == 2  # after the last chunk, and the final draw
    assert file.getvalue() == ""


# Stopping


def rows_written(path: Path) -> int:
    return max(0, path.read_text().count("\n") - 1)


def children_of(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (read from /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended while being read
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def still_running(pids: set[int], seconds: float) -> set[int]:
    """Those of ``pids`` still alive after waiting up to ``seconds`` for them to end."""
    deadline = time.monotonic() + seconds
    while pids and time.monotonic() < deadline:
        pids = {pid for pid in pids if Path(f"/proc/{pid}").exists()}
        time.sleep(0.05)
    return pids


def ctrl_c_from_the_terminal(process: subprocess.Popen) -> None:
    os.killpg(process.pid, signal.SIGINT)  # a terminal signals the whole group


def sigterm_to_the_command(process: subprocess.Popen) -> None:
    os.kill(process.pid, signal.SIGTERM)  # as ``kill`` or a service manager does


@pytest.mark.parametrize(
    ("jobs", "stop"),
    [
        (2, ctrl_c_from_the_terminal),
        # The same stop with one process, and the other signal: make test's.
        pytest.param(1, ctrl_c_from_the_terminal, marks=pytest.mark.slow),
        pytest.param(2, sigterm_to_the_command, marks=pytest.mark.slow),
    ],
)
def test_ctrl_c_stops_with_status_130_leaving_whole_rows_for_a_prefix(tmp_path, jobs, stop):
    puzzles = load("seventeen_clue.txt")[:20_000]
    source = write_lines(tmp_path / "many.txt", puzzles)
    output = tmp_path / "out.csv"
    command = [sys.executable, "manage.py", "solve", source, "--format", "csv", "--jobs", jobs]
    with output.open("w") as out:
        # A session of its own, so that Ctrl-C reaches every process of the
        # command, workers included, as a terminal sends it.
        process = subprocess.Popen(
            list(map(str, command)),
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        deadline = time.monotonic() + 30
        while rows_written(output) < 3 * cli.CHUNK and time.monotonic() < deadline:
            time.sleep(0.05)  # rows appear while the run goes on
        workers = children_of(process.pid)
        stop(process)
        try:
            _, stderr = process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)  # leave no hung command behind
            raise
    assert process.returncode == 130
    assert len(workers) == (jobs if jobs > 1 else 0)
    assert still_running(workers, 5) == set()
    text = output.read_text()
    assert text.endswith("\n")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert 3 * cli.CHUNK <= len(rows) < len(puzzles)
    # One line, no traceback, from the command or from its workers.
    message = f"Interrupted: the outcomes of {len(rows):,} puzzles were written."
    assert stderr == f"CommandError: {message}\n"
    assert [row["puzzle"] for row in rows] == list(puzzles[: len(rows)])
    assert all(row["status"] == "unique" for row in rows)


def test_closing_the_output_early_stops_quietly(tmp_path):
    path = write_lines(tmp_path / "many.txt", load("top1465.txt"))
    command = [sys.executable, "manage.py", "solve", str(path), "--jobs", "2"]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout.readline().split()[:2] == [b"1", b"unique"]
    process.stdout.close()  # as ``| head -1`` does
    stderr = process.stderr.read().decode()
    assert process.wait(timeout=30) == 1
    assert stderr == ""


# Errors of use


def test_errors_of_use_say_what_is_wrong(tmp_path):
    not_utf8 = tmp_path / "latin1.txt"
    not_utf8.write_bytes(f"{HARD}\n# caf\xe9\n".encode("latin-1"))
    cases = [
        ([tmp_path / "missing.txt"], r"Cannot read .*missing\.txt: No such file or directory\."),
        ([tmp_path], "Cannot read .*: Is a directory."),
        ([not_utf8], r"latin1\.txt, line 2: not UTF-8 text \(byte 0xe9 at position 6\)\."),
        ([not_utf8, "--jobs", -1], "--jobs must be from 0"),
        ([not_utf8, "--jobs", 300], "--jobs must be from 0 .* to 64"),
        ([not_utf8, "--max-seconds", 0], "must be a number of seconds more than 0"),
        ([not_utf8, "--max-seconds", "nan"], "must be a number of seconds more than 0"),
        ([not_utf8, "--max-guesses", 0], "--max-guesses must be more than 0"),
    ]
    for args, message in cases:
        with pytest.raises(CommandError, match=message):
            solve_command(*args)


def test_an_error_of_use_exits_with_status_1_and_a_message_but_no_traceback(tmp_path):
    not_utf8 = tmp_path / "binary.txt"
    not_utf8.write_bytes(b"\x89PNG\r\n")
    run = manage(not_utf8)
    assert run.returncode == 1
    message = f"{not_utf8}, line 1: not UTF-8 text (byte 0x89 at position 1)."
    assert run.stderr == f"CommandError: {message}\n"


def test_the_help_shows_examples_and_the_options():
    text = Command().create_parser("manage.py", "solve").format_help()
    assert "  python manage.py solve top1465.txt --format csv --jobs 4 > verdicts.csv\n" in text
    options = ("--format {csv,text}", "--jobs", "--max-seconds", "--max-guesses", "--first")
    for option in (*options, "--explain", "--rate"):
        assert option in text
    for status in ("unique", "multiple", "none", "gave_up", "invalid"):
        assert f"\n  {status} " in text
    assert "\n  solved    a solution, not proved unique: only produced with --first\n" in text
