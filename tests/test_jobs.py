"""Jobs: a batch is stored whole, solved a slice at a time within the slice's
time, each bad line reported on its own row while the rest are solved; its
progress is counted, its CSV written in input order, and old jobs forgotten.
Nobody's job goes to make room for another's: a full server refuses new ones."""

import csv
import io
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from solver.engine import is_valid_solution, parse_puzzle
from solver.jobs import (
    CSV_FIELDS,
    NoPuzzles,
    ServerFull,
    TooManyPuzzles,
    as_text,
    batch_entries,
    create_job,
    csv_rows,
    forget_old_jobs,
    progress,
    run_slice,
)
from solver.models import PASTED, Job, JobRow
from tests.puzzles import HARD, HARD_SOLUTION, NO_SOLUTION, sample
from tests.stack import clean_environment

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parent.parent

TWO_FOURS_IN_ROW_1 = "44" + HARD[2:]
# Bad lines, each with what its row must say.
BAD = {
    "not a puzzle": "Unexpected character “n” at position 1",
    HARD[:80]: "The puzzle has 80 cells",
    TWO_FOURS_IN_ROW_1: "Two 4s in row 1 (columns 1 and 2).",
}


def finish(job: Job) -> int:
    """Run slices until the job is finished; return how many it took."""
    slices = 0
    while not progress(job).finished:
        run_slice(job, 10.0)
        slices += 1
    return slices


def mixed_text(good: list[str]) -> tuple[str, dict[int, str]]:
    """A file of ``good`` puzzles with the BAD lines, a comment and blank
    lines among them; and each line number's puzzle text."""
    lines = ["# a comment", ""] + list(good)
    for offset, bad in enumerate(BAD):
        lines.insert(3 + offset * 7, bad)
    lines.insert(10, "")
    puzzles = {number: text for number, text in enumerate(lines, 1) if text[:1] not in "#"}
    return "\n".join(lines) + "\n", puzzles


def test_a_job_stores_one_pending_row_per_puzzle_in_input_order():
    job = create_job("puzzles.txt", "# set 1\n" + HARD + "\n\n" + NO_SOLUTION + "\n")
    rows = list(job.rows.values_list("index", "line", "puzzle", "status"))
    assert rows == [(0, 2, HARD, ""), (1, 4, NO_SOLUTION, "")]
    assert (job.name, job.total) == ("puzzles.txt", 2)
    assert progress(job).done == 0


@pytest.mark.parametrize("first", ["puzzle", "not a puzzle", "1234", "|1|2|"])
def test_every_line_is_a_puzzle_even_when_the_first_could_be_a_row_of_one(first):
    """The command line would read such a file as one puzzle over several lines;
    a batch is one puzzle a line, so a bad first line spoils only its own row."""
    job = create_job(PASTED, "\n".join([first, HARD, HARD]))
    finish(job)
    assert list(job.rows.values_list("status", flat=True)) == ["invalid", "unique", "unique"]


def test_a_mixed_file_reports_each_bad_line_on_its_row_and_solves_the_rest():
    good = sample("top1465.txt", 40)
    text, puzzles = mixed_text(good)
    job = create_job("mixed.txt", text)
    finish(job)
    rows = list(job.rows.all())
    assert [row.line for row in rows] == sorted(puzzles)
    for row in rows:
        assert row.puzzle == puzzles[row.line]
        if row.puzzle in BAD:
            assert row.status == "invalid"
            assert BAD[row.puzzle] in row.message
            assert (row.solution, row.solutions, row.guesses, row.ms) == ("", None, None, None)
        else:
            assert (row.status, row.solutions, row.message) == ("unique", 1, "")
            assert is_valid_solution(parse_puzzle(row.puzzle), parse_puzzle(row.solution))
            assert row.guesses >= 0
            assert row.ms > 0
    assert progress(job).counts == {
        "unique": 40,
        "multiple": 0,
        "none": 0,
        "gave_up": 0,
        "invalid": 3,
    }


def test_every_verdict_is_recorded_with_its_figures():
    [multiple] = sample("serg_multi.txt", 1)
    job = create_job(PASTED, "\n".join([HARD, multiple, NO_SOLUTION]))
    finish(job)
    unique, several, none = job.rows.all()
    assert (unique.status, unique.solutions, unique.solution) == ("unique", 1, HARD_SOLUTION)
    assert (several.status, several.solutions) == ("multiple", 2)
    assert is_valid_solution(parse_puzzle(multiple), parse_puzzle(several.solution))
    assert (none.status, none.solutions, none.solution, none.message) == ("none", 0, "", "")


def test_a_puzzle_out_of_time_gives_up_with_a_message_saying_so(settings):
    settings.SUDOKU_SOLVE_SECONDS = 0.0
    job = create_job(PASTED, HARD)
    finish(job)
    row = job.rows.get()
    assert row.status == "gave_up"
    assert row.message == (
        "The search ran out of its time (0 s a puzzle) before it could find "
        "a solution or prove that there is none."
    )


def test_a_slice_stops_when_its_time_is_spent_and_a_later_one_goes_on(settings):
    """Each slice solves at least one puzzle, so every request makes progress."""
    puzzles = sample("forum_hardest_1106.txt", 30)
    job = create_job("hard.txt", "\n".join(puzzles))
    assert run_slice(job, 0.0) == 1
    assert progress(job).done == 1
    assert job.rows.get(index=0).status == "unique"
    assert job.rows.get(index=1).status == ""
    started = time.monotonic()
    solved = run_slice(job, 0.05)
    # The slice's time, plus the puzzle under way (bounded by SUDOKU_SOLVE_SECONDS).
    assert time.monotonic() - started < 0.05 + settings.SUDOKU_SOLVE_SECONDS
    assert 1 <= solved < 29
    assert progress(job).done == 1 + solved
    assert run_slice(job, 60.0) == 29 - solved
    assert progress(job).finished
    assert run_slice(job, 60.0) == 0  # a finished job has nothing left to do


def test_slices_solve_in_input_order(settings):
    job = create_job(PASTED, "\n".join(sample("top1465.txt", 12)))
    run_slice(job, 0.0)
    run_slice(job, 0.0)
    assert list(job.rows.values_list("status", flat=True)) == ["unique"] * 2 + [""] * 10


def test_too_many_puzzles_are_refused_naming_the_count_and_nothing_is_stored(settings):
    settings.SUDOKU_BATCH_MAX_PUZZLES = 5
    with pytest.raises(TooManyPuzzles) as refused:
        create_job(PASTED, "\n".join([HARD] * 8))
    assert (refused.value.count, refused.value.limit) == (8, 5)
    assert "8 puzzles" in str(refused.value)
    assert not Job.objects.exists()
    assert not JobRow.objects.exists()


def test_the_most_puzzles_allowed_are_accepted(settings):
    settings.SUDOKU_BATCH_MAX_PUZZLES = 5
    assert len(batch_entries("\n".join([HARD] * 5))) == 5


def test_a_text_without_puzzles_is_refused():
    with pytest.raises(NoPuzzles):
        create_job(PASTED, "# only a comment\n\n   \n")
    assert not Job.objects.exists()


def test_progress_counts_the_rows_solved_by_status():
    job = create_job(PASTED, "\n".join([HARD, "not a puzzle", HARD, NO_SOLUTION]))
    run_slice(job, 0.0)
    run_slice(job, 0.0)
    state = progress(job)
    assert (state.done, state.total, state.finished) == (2, 4, False)
    assert (state.counts["unique"], state.counts["invalid"]) == (1, 1)
    finish(job)
    assert progress(job).counts["none"] == 1
    assert progress(job).finished


def test_many_conflicts_are_named_up_to_five_then_counted():
    job = create_job(PASTED, "1" * 9 + "." * 72)  # 36 pairs of 1s in row 1
    finish(job)
    message = job.rows.get().message
    assert message.count("Two 1s in row 1") == 5
    assert message.endswith(" … and 31 more conflicting pairs.")


def test_the_parsers_own_summary_of_bad_characters_is_kept_whole():
    job = create_job(PASTED, "x" * 81)
    finish(job)
    message = job.rows.get().message
    assert message.count("Unexpected character “x”") == 5
    assert message.endswith("… and 76 more unexpected characters.")


def test_the_csv_has_the_header_then_one_row_per_puzzle_in_order():
    [multiple] = sample("serg_multi.txt", 1)
    job = create_job(PASTED, "\n".join([HARD, "not a puzzle", multiple]))
    finish(job)
    rows = list(csv_rows(job))
    assert rows[0] == CSV_FIELDS == ("puzzle", "status", "solutions", "solution", "guesses", "ms")
    assert [row[:2] for row in rows[1:]] == [
        (HARD, "unique"),
        ("not a puzzle", "invalid"),
        (multiple, "multiple"),
    ]
    assert rows[2][2:] == (None, "", None, None)  # nothing to say of an invalid line
    unique = job.rows.get(index=0)
    assert rows[1][2:] == (1, HARD_SOLUTION, unique.guesses, f"{unique.ms:.3f}")
    assert len(rows[1][5].split(".")[1]) == 3


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_a_cell_a_spreadsheet_would_run_as_a_formula_gets_an_apostrophe(start):
    """Tab and carriage return cannot start a stored puzzle (lines are
    stripped), but the guard does not rely on it."""
    assert as_text(start + "SUM(1)") == "'" + start + "SUM(1)"
    assert as_text(start + "1+2x") == "'" + start + "1+2x"


@pytest.mark.parametrize("cell", ["-" + HARD[1:], "+1+2", "-|-3.5|", "--3" + "." * 78])
def test_a_cell_of_digits_and_puzzle_marks_is_kept_and_reads_back_as_the_same_puzzle(cell):
    """Such a formula could only do arithmetic; the apostrophe would make a
    valid puzzle unreadable."""
    assert as_text(cell) == cell


def test_a_cell_starting_with_anything_else_is_kept():
    assert as_text(HARD) == HARD
    assert as_text("'=1") == "'=1"


def test_the_csv_makes_text_of_each_puzzle_a_spreadsheet_would_run():
    lines = [HARD, "=1+2", "+1", "-" + HARD[1:], "@SUM(A1)", "5" + HARD[1:]]
    job = create_job(PASTED, "\n".join(lines))
    finish(job)
    cells = [row[0] for row in list(csv_rows(job))[1:]]
    assert cells == [HARD, "'=1+2", "+1", "-" + HARD[1:], "'@SUM(A1)", "5" + HARD[1:]]


def test_the_csv_reads_back_with_the_csv_module():
    job = create_job(PASTED, HARD + '\n"quoted, with comma"\n')
    finish(job)
    buffer = io.StringIO()
    csv.writer(buffer).writerows(csv_rows(job))
    read = list(csv.reader(io.StringIO(buffer.getvalue())))
    assert read[1][:2] == [HARD, "unique"]
    assert read[2][:2] == ['"quoted, with comma"', "invalid"]


def test_jobs_past_their_time_are_forgotten_with_their_rows(settings):
    settings.SUDOKU_BATCH_KEEP_HOURS = 24
    old = create_job("old.txt", HARD)
    Job.objects.filter(pk=old.pk).update(created=timezone.now() - timedelta(hours=25))
    recent = create_job("recent.txt", HARD)  # creating a job forgets the old ones
    assert list(Job.objects.all()) == [recent]
    assert not JobRow.objects.filter(job_id=old.pk).exists()


def test_forgetting_deletes_only_jobs_past_their_time_and_counts_them(settings):
    settings.SUDOKU_BATCH_KEEP_HOURS = 24
    jobs = [create_job(f"{n}.txt", HARD) for n in range(4)]
    aged = [job.pk for job in jobs[:3]]
    Job.objects.filter(pk__in=aged).update(created=timezone.now() - timedelta(hours=25))
    assert forget_old_jobs() == 3
    assert list(Job.objects.all()) == [jobs[-1]]
    assert forget_old_jobs() == 0  # nothing more to forget


# Each client's quota, and the cap on all jobs

ALICE, BOB, CAROL = "a1a1a1a1a1a1", "b2b2b2b2b2b2", "c3c3c3c3c3c3"  # clients' keyed hashes


def test_a_clients_eleventh_batch_removes_its_own_oldest_not_anothers(settings):
    settings.SUDOKU_BATCH_KEEP_PER_CLIENT = 10
    bobs = create_job("bob.txt", HARD, client=BOB)
    alices = [create_job(f"{n}.txt", HARD, client=ALICE) for n in range(11)]
    assert set(Job.objects.all()) == {bobs, *alices[1:]}
    assert not JobRow.objects.filter(job_id=alices[0].pk).exists()


def test_a_full_server_refuses_a_new_job_storing_and_deleting_nothing(settings):
    settings.SUDOKU_BATCH_KEEP_JOBS = 3
    kept = {create_job(f"{name}.txt", HARD, client=name) for name in (ALICE, BOB, CAROL)}
    rows = JobRow.objects.count()
    with pytest.raises(ServerFull):
        create_job("more.txt", "\n".join([HARD] * 4), client="d4d4d4d4d4d4")
    assert set(Job.objects.all()) == kept
    assert JobRow.objects.count() == rows


def test_a_refusal_says_when_the_oldest_job_makes_room(settings):
    settings.SUDOKU_BATCH_KEEP_JOBS = 2
    oldest = create_job("a.txt", HARD, client=ALICE)
    create_job("b.txt", HARD, client=BOB)
    Job.objects.filter(pk=oldest.pk).update(created=timezone.now() - timedelta(hours=23.5))
    with pytest.raises(ServerFull) as refused:
        create_job("c.txt", HARD, client=CAROL)
    assert 1790 < refused.value.seconds <= 1800  # its last half hour
    Job.objects.filter(pk=oldest.pk).update(created=timezone.now() - timedelta(hours=23.99))
    with pytest.raises(ServerFull) as refused:
        create_job("c.txt", HARD, client=CAROL)
    assert refused.value.seconds == 60  # never sooner than a minute


def test_a_refused_job_rolls_back_the_forgetting_too(settings):
    """The server is still full once the job past its time is gone: nothing changes."""
    settings.SUDOKU_BATCH_KEEP_JOBS = 3
    old = create_job("old.txt", HARD, client=ALICE)
    kept = {old, create_job("bob.txt", HARD, client=BOB), create_job("c.txt", HARD, client=CAROL)}
    settings.SUDOKU_BATCH_KEEP_JOBS = 1  # lowered: two too many, one past its time
    Job.objects.filter(pk=old.pk).update(created=timezone.now() - timedelta(hours=25))
    with pytest.raises(ServerFull):
        create_job("new.txt", HARD, client="d4d4d4d4d4d4")
    assert set(Job.objects.all()) == kept


def test_many_clients_cannot_remove_another_clients_only_job(settings):
    """Twenty senders (an IPv6 /64 holds 2^64 addresses) fill the server; the
    first client's only job stays, and the batches past the cap are refused."""
    settings.SUDOKU_BATCH_KEEP_JOBS = 5
    carols = create_job("carol.txt", HARD, client=CAROL)
    stored, refused = [], 0
    for n in range(20):
        try:
            stored.append(create_job(f"{n}.txt", HARD, client=f"{n:012x}"))
        except ServerFull:
            refused += 1
    assert set(Job.objects.all()) == {carols, *stored}
    assert (len(stored), refused) == (4, 16)


def test_on_a_full_server_a_client_at_its_quota_still_replaces_its_own_oldest(settings):
    settings.SUDOKU_BATCH_KEEP_PER_CLIENT = 3
    settings.SUDOKU_BATCH_KEEP_JOBS = 4
    bobs = create_job("bob.txt", HARD, client=BOB)
    alices = [create_job(f"{n}.txt", HARD, client=ALICE) for n in range(3)]
    newest = create_job("3.txt", HARD, client=ALICE)
    assert set(Job.objects.all()) == {bobs, *alices[1:], newest}
    with pytest.raises(ServerFull):
        create_job("carol.txt", HARD, client=CAROL)


def test_jobs_of_no_client_are_no_ones_quota_and_go_by_age_alone(settings):
    """Jobs stored before clients were recorded, or made outside a request:
    neither a new job of no client nor one of a client takes them."""
    settings.SUDOKU_BATCH_KEEP_HOURS = 24
    settings.SUDOKU_BATCH_KEEP_PER_CLIENT = 10
    earlier = [create_job(f"{n}.txt", HARD) for n in range(12)]
    alices = create_job("alice.txt", HARD, client=ALICE)
    assert set(Job.objects.all()) == {*earlier, alices}
    Job.objects.filter(client="").update(created=timezone.now() - timedelta(hours=25))
    bobs = create_job("bob.txt", HARD, client=BOB)
    assert set(Job.objects.all()) == {alices, bobs}


# A worker of the site storing jobs, each of a client of its own, as fast as it
# can once told to go (argv: its number, its directory); it prints how many it stored.
WORKER = """
import django, sys, time
from pathlib import Path
django.setup()
from solver.jobs import ServerFull, create_job
number, directory = sys.argv[1], Path(sys.argv[2])
(directory / f"ready-{number}").touch()
while not (directory / "go").exists():
    time.sleep(0.001)
stored = 0
for n in range(10):
    try:
        create_job("x.txt", "1" + "." * 80, client=f"{number:>06}{n:06}")
        stored += 1
    except ServerFull:
        pass
print(stored)
"""


def test_workers_storing_at_once_never_pass_the_cap(tmp_path):
    """Processes sharing one SQLite file, as gunicorn's workers do: the
    forgetting, the count and the new job are one transaction, so no two
    workers take the same room. (Counting outside it, 8 workers storing 80
    jobs into a cap of 20 kept 21 or 22.)"""
    env = clean_environment(
        DJANGO_DB_PATH=str(tmp_path / "db.sqlite3"),
        DJANGO_SECRET_KEY="test",
        SUDOKU_BATCH_KEEP_JOBS="20",
    )
    migrate = [sys.executable, "manage.py", "migrate", "-v0"]
    subprocess.run(migrate, cwd=ROOT, env=env, check=True, timeout=120)
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, str(number), str(tmp_path)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        for number in range(8)
    ]
    deadline = time.monotonic() + 60
    while len(list(tmp_path.glob("ready-*"))) < len(workers) and time.monotonic() < deadline:
        time.sleep(0.01)
    (tmp_path / "go").touch()
    stored = sum(int(worker.communicate(timeout=120)[0]) for worker in workers)
    count = "from solver.models import Job; print(Job.objects.count())"
    kept = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {count}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert (stored, int(kept.stdout)) == (20, 20)
