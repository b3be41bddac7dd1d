"""Stored batches: a batch is stored whole, solved a slice at a time within the
slice's time, each bad line reported on its own row while the rest are solved;
its progress is counted, and old batches forgotten. Each client keeps a
quota of batches and puzzles; when all batches hold as many puzzles as the
server keeps, the sender's own finished ones make way first, then its own
that nobody is solving; another client's batch never does before its hours
are up: a server full of those refuses new ones, saying when to come back."""

import subprocess
import sys
import time
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.utils import timezone

from solver.batches import leases, store
from solver.batches.models import PASTED, Batch, BatchRow
from solver.batches.store import (
    NoPuzzles,
    ServerFull,
    TooManyPuzzles,
    batch_entries,
    batch_progress,
    create_batch,
    forget_old_batches,
    run_slice,
)
from solver.engine import is_valid_solution, parse_puzzle
from tests.support.database import at_once, postgres_only
from tests.support.puzzles import HARD, HARD_SOLUTION, NO_SOLUTION, sample
from tests.support.stack import clean_environment

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]

TWO_FOURS_IN_ROW_1 = "44" + HARD[2:]
# Bad lines, each with what its row must say.
BAD = {
    "not a puzzle": "Unexpected character “n” at position 1",
    HARD[:80]: "The puzzle has 80 cells",
    TWO_FOURS_IN_ROW_1: "Two 4s in row 1 (columns 1 and 2).",
}


def finish(batch: Batch) -> int:
    """Run slices until the batch is finished; return how many it took."""
    slices = 0
    while not batch_progress(batch).finished:
        run_slice(batch, 10.0)
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


def test_a_batch_stores_one_pending_row_per_puzzle_in_input_order():
    batch = create_batch("puzzles.txt", "# set 1\n" + HARD + "\n\n" + NO_SOLUTION + "\n")
    rows = list(batch.rows.values_list("index", "line", "puzzle", "status"))
    assert rows == [(0, 2, HARD, ""), (1, 4, NO_SOLUTION, "")]
    assert (batch.name, batch.total) == ("puzzles.txt", 2)
    assert batch_progress(batch).done == 0


@pytest.mark.parametrize("first", ["puzzle", "not a puzzle", "1234", "|1|2|"])
def test_every_line_is_a_puzzle_even_when_the_first_could_be_a_row_of_one(first):
    """The command line would read such a file as one puzzle over several lines;
    a batch is one puzzle a line, so a bad first line spoils only its own row."""
    batch = create_batch(PASTED, "\n".join([first, HARD, HARD]))
    finish(batch)
    assert list(batch.rows.values_list("status", flat=True)) == ["invalid", "unique", "unique"]


def test_a_mixed_file_reports_each_bad_line_on_its_row_and_solves_the_rest():
    good = sample("top1465.txt", 40)
    text, puzzles = mixed_text(good)
    batch = create_batch("mixed.txt", text)
    finish(batch)
    rows = list(batch.rows.all())
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
    assert batch_progress(batch).counts == {
        "unique": 40,
        "multiple": 0,
        "none": 0,
        "gave_up": 0,
        "invalid": 3,
    }


def test_every_verdict_is_recorded_with_its_figures():
    [multiple] = sample("serg_multi.txt", 1)
    batch = create_batch(PASTED, "\n".join([HARD, multiple, NO_SOLUTION]))
    finish(batch)
    unique, several, none = batch.rows.all()
    assert (unique.status, unique.solutions, unique.solution) == ("unique", 1, HARD_SOLUTION)
    assert (several.status, several.solutions) == ("multiple", 2)
    assert is_valid_solution(parse_puzzle(multiple), parse_puzzle(several.solution))
    assert (none.status, none.solutions, none.solution, none.message) == ("none", 0, "", "")


def test_a_puzzle_out_of_time_gives_up_with_a_message_saying_so(settings):
    settings.SUDOKU_SOLVE_SECONDS = 0.0
    batch = create_batch(PASTED, HARD)
    finish(batch)
    row = batch.rows.get()
    assert row.status == "gave_up"
    assert row.message == (
        "The search ran out of its time (0 s a puzzle) before it could find "
        "a solution or prove that there is none."
    )


@pytest.fixture
def second_a_puzzle(monkeypatch):
    """The store's clock stands still but while a puzzle is solved, which takes
    one second by it: how many puzzles a slice solves then follows from its
    seconds alone, on a loaded machine as on an idle one."""
    now = 0.0
    solve_entry = store.solve_entry

    def solve_in_a_second(*args, **kwargs):
        nonlocal now
        now += 1.0
        return solve_entry(*args, **kwargs)

    monkeypatch.setattr(store, "solve_entry", solve_in_a_second)
    monkeypatch.setattr(store, "time", SimpleNamespace(monotonic=lambda: now))


def test_a_slice_stops_when_its_time_is_spent_and_a_later_one_goes_on(second_a_puzzle):
    """Each slice solves at least one puzzle, so every request makes progress,
    and finishes the one under way when its time is up."""
    puzzles = sample("forum_hardest_1106.txt", 30)
    batch = create_batch("hard.txt", "\n".join(puzzles))
    assert run_slice(batch, 0.0) == 1
    assert batch_progress(batch).done == 1
    assert batch.rows.get(index=0).status == "unique"
    assert batch.rows.get(index=1).status == ""
    # 2.5 s: two puzzles, and the third, under way when the time is up.
    assert run_slice(batch, 2.5) == 3
    assert batch_progress(batch).done == 4
    assert run_slice(batch, 60.0) == 26
    assert batch_progress(batch).finished
    assert run_slice(batch, 60.0) == 0  # a finished batch has nothing left to do


def test_two_slices_at_once_save_each_row_once_the_first_outcome_standing(monkeypatch):
    """Two tabs on one batch, or a slice past its lease: the second slice
    read the rows while still pending, and saves none the first saved."""
    batch = create_batch(PASTED, "\n".join(sample("top1465.txt", 4)))
    solve_entry = store.solve_entry
    other = {"running": False, "saved": None}

    def meanwhile_another_slice_saves_two(entry, budget):
        if other["saved"] is None and not other["running"]:
            other["running"] = True
            other["saved"] = run_slice(Batch.objects.get(), 0.0) + run_slice(batch, 0.0)
            other["running"] = False
        outcome = solve_entry(entry, budget)
        # The late slice's outcomes told apart from the other's.
        return outcome if other["running"] else replace(outcome, guesses=999)

    monkeypatch.setattr(store, "solve_entry", meanwhile_another_slice_saves_two)
    assert run_slice(batch, 60.0) == 2  # of the four it solved, the two still pending
    assert other["saved"] == 2
    assert list(batch.rows.values_list("guesses", flat=True))[2:] == [999, 999]
    assert 999 not in list(batch.rows.values_list("guesses", flat=True))[:2]
    assert batch_progress(batch).done == 4


def test_an_idle_batch_queued_for_the_workers_is_not_abandoned(settings):
    """Under the celery runner a batch waits, untouched, for a worker: while
    its lease holds, it is being solved, and stays, even its sender's own."""
    settings.SUDOKU_BATCH_MAX_ROWS = 2
    queued = create_batch("a.txt", HARD, client=ALICE)
    long_ago = timezone.now() - timedelta(minutes=11)
    Batch.objects.filter(pk=queued.pk).update(touched=long_ago)
    leases.take(queued.pk, "a-message", 60)
    create_batch("b.txt", HARD, client=BOB)
    with pytest.raises(ServerFull):
        create_batch("c.txt", HARD, client=ALICE)
    Batch.objects.filter(pk=queued.pk).update(lease_until=long_ago)
    create_batch("c.txt", HARD, client=ALICE)
    assert not Batch.objects.filter(pk=queued.pk).exists()


def test_slices_solve_in_input_order(settings):
    batch = create_batch(PASTED, "\n".join(sample("top1465.txt", 12)))
    run_slice(batch, 0.0)
    run_slice(batch, 0.0)
    assert list(batch.rows.values_list("status", flat=True)) == ["unique"] * 2 + [""] * 10


def test_too_many_puzzles_are_refused_naming_the_count_and_nothing_is_stored(settings):
    settings.SUDOKU_BATCH_MAX_PUZZLES = 5
    with pytest.raises(TooManyPuzzles) as refused:
        create_batch(PASTED, "\n".join([HARD] * 8))
    assert (refused.value.count, refused.value.limit) == (8, 5)
    assert "8 puzzles" in str(refused.value)
    assert not Batch.objects.exists()
    assert not BatchRow.objects.exists()


def test_the_most_puzzles_allowed_are_accepted(settings):
    settings.SUDOKU_BATCH_MAX_PUZZLES = 5
    assert len(batch_entries("\n".join([HARD] * 5))) == 5


def test_a_text_without_puzzles_is_refused():
    with pytest.raises(NoPuzzles):
        create_batch(PASTED, "# only a comment\n\n   \n")
    assert not Batch.objects.exists()


def test_progress_counts_the_rows_solved_by_status():
    batch = create_batch(PASTED, "\n".join([HARD, "not a puzzle", HARD, NO_SOLUTION]))
    run_slice(batch, 0.0)
    run_slice(batch, 0.0)
    state = batch_progress(batch)
    assert (state.done, state.total, state.finished) == (2, 4, False)
    assert (state.counts["unique"], state.counts["invalid"]) == (1, 1)
    finish(batch)
    assert batch_progress(batch).counts["none"] == 1
    assert batch_progress(batch).finished


def test_many_conflicts_are_named_up_to_five_then_counted():
    batch = create_batch(PASTED, "1" * 9 + "." * 72)  # 36 pairs of 1s in row 1
    finish(batch)
    message = batch.rows.get().message
    assert message.count("Two 1s in row 1") == 5
    assert message.endswith(" … and 31 more conflicting pairs.")


def test_the_parsers_own_summary_of_bad_characters_is_kept_whole():
    batch = create_batch(PASTED, "x" * 81)
    finish(batch)
    message = batch.rows.get().message
    assert message.count("Unexpected character “x”") == 5
    assert message.endswith("… and 76 more unexpected characters.")


def test_batches_past_their_time_are_forgotten_with_their_rows(settings):
    settings.SUDOKU_BATCH_KEEP_HOURS = 24
    old = create_batch("old.txt", HARD)
    Batch.objects.filter(pk=old.pk).update(created=timezone.now() - timedelta(hours=25))
    recent = create_batch("recent.txt", HARD)  # creating a batch forgets the old ones
    assert list(Batch.objects.all()) == [recent]
    assert not BatchRow.objects.filter(batch_id=old.pk).exists()


def test_forgetting_deletes_only_batches_past_their_time_and_counts_them(settings):
    settings.SUDOKU_BATCH_KEEP_HOURS = 24
    batches = [create_batch(f"{n}.txt", HARD) for n in range(4)]
    aged = [batch.pk for batch in batches[:3]]
    Batch.objects.filter(pk__in=aged).update(created=timezone.now() - timedelta(hours=25))
    assert forget_old_batches() == 3
    assert list(Batch.objects.all()) == [batches[-1]]
    assert forget_old_batches() == 0  # nothing more to forget


# Each client's quota, and the cap on all batches

ALICE, BOB, CAROL = "a1a1a1a1a1a1", "b2b2b2b2b2b2", "c3c3c3c3c3c3"  # clients' keyed hashes


def test_a_clients_eleventh_batch_removes_its_own_oldest_not_anothers(settings):
    settings.SUDOKU_BATCH_KEEP_PER_CLIENT = 10
    bobs = create_batch("bob.txt", HARD, client=BOB)
    alices = [create_batch(f"{n}.txt", HARD, client=ALICE) for n in range(11)]
    assert set(Batch.objects.all()) == {bobs, *alices[1:]}
    assert not BatchRow.objects.filter(batch_id=alices[0].pk).exists()


def test_a_clients_quota_counts_puzzles_and_its_own_oldest_make_way(settings):
    settings.SUDOKU_BATCH_CLIENT_ROWS = 5
    bobs = create_batch("bob.txt", "\n".join([HARD] * 5), client=BOB)
    alices = [create_batch(f"{n}.txt", "\n".join([HARD] * 2), client=ALICE) for n in range(4)]
    assert set(Batch.objects.all()) == {bobs, *alices[2:]}  # 4 of Alice's puzzles, 5 of Bob's


def test_a_batch_larger_than_the_quota_is_stored_alone(settings):
    settings.SUDOKU_BATCH_CLIENT_ROWS = 2
    create_batch("small.txt", HARD, client=ALICE)
    large = create_batch("large.txt", "\n".join([HARD] * 3), client=ALICE)
    assert list(Batch.objects.all()) == [large]


def test_a_full_cap_never_drops_another_clients_batch_before_its_hours(settings):
    """Finished or not, other clients' batches are kept their 24 hours: the
    new batch is refused instead, and nothing is stored or deleted."""
    settings.SUDOKU_BATCH_MAX_ROWS = 3
    finished = [create_batch(f"{name}.txt", HARD, client=name) for name in (ALICE, BOB)]
    for batch in finished:
        finish(batch)
    kept = {*finished, create_batch("carol.txt", HARD, client=CAROL)}
    rows = BatchRow.objects.count()
    with pytest.raises(ServerFull):
        create_batch("d.txt", HARD, client="d4d4d4d4d4d4")
    assert set(Batch.objects.all()) == kept
    assert BatchRow.objects.count() == rows


def test_on_a_full_cap_the_senders_own_finished_batches_go_oldest_first(settings):
    settings.SUDOKU_BATCH_MAX_ROWS = 4
    settings.SUDOKU_BATCH_CLIENT_ROWS = 10
    bobs = create_batch("bob.txt", HARD, client=BOB)
    finish(bobs)
    alices = [create_batch(f"{n}.txt", HARD, client=ALICE) for n in range(3)]
    for batch in alices:
        finish(batch)
    newest = create_batch("two.txt", "\n".join([HARD] * 2), client=ALICE)
    assert set(Batch.objects.all()) == {bobs, alices[2], newest}


def test_on_a_full_cap_the_senders_own_idle_batches_go_after_its_finished_ones(settings):
    """A batch no slice has touched for SUDOKU_BATCH_IDLE_MINUTES is one
    nobody is solving: its sender's next batch may take its room; another's
    idle batch stays."""
    settings.SUDOKU_BATCH_MAX_ROWS = 4
    settings.SUDOKU_BATCH_IDLE_MINUTES = 10
    abandoned = create_batch("a.txt", "\n".join([HARD] * 2), client=ALICE)
    bobs_idle = create_batch("b.txt", HARD, client=BOB)
    running = create_batch("c.txt", HARD, client=ALICE)
    run_slice(abandoned, 0.0)  # one of its two puzzles solved, then left
    long_ago = timezone.now() - timedelta(minutes=11)
    Batch.objects.filter(pk__in=[abandoned.pk, bobs_idle.pk]).update(touched=long_ago)
    newest = create_batch("d.txt", HARD, client=ALICE)
    assert set(Batch.objects.all()) == {bobs_idle, running, newest}
    with pytest.raises(ServerFull):
        create_batch("e.txt", "\n".join([HARD] * 2), client=CAROL)


def test_a_full_server_says_when_the_oldest_batch_has_had_its_hours(settings):
    settings.SUDOKU_BATCH_MAX_ROWS = 2
    settings.SUDOKU_BATCH_KEEP_HOURS = 24
    oldest = create_batch("a.txt", HARD, client=ALICE)
    create_batch("b.txt", HARD, client=BOB)
    Batch.objects.filter(pk=oldest.pk).update(created=timezone.now() - timedelta(hours=20))
    before = timezone.now()
    with pytest.raises(ServerFull) as refused:
        create_batch("c.txt", HARD, client=CAROL)
    after = timezone.now()
    oldest.refresh_from_db()
    ends = oldest.created + timedelta(hours=24)
    assert (ends - after).total_seconds() <= refused.value.seconds
    assert refused.value.seconds <= (ends - before).total_seconds()
    # Its hours up, it goes, and the next batch finds room.
    Batch.objects.filter(pk=oldest.pk).update(created=timezone.now() - timedelta(hours=25))
    create_batch("c.txt", HARD, client=CAROL)


def test_a_server_full_until_a_moment_from_now_says_a_minute_at_least(settings):
    settings.SUDOKU_BATCH_MAX_ROWS = 1
    oldest = create_batch("a.txt", HARD, client=ALICE)
    almost = timezone.now() - timedelta(hours=settings.SUDOKU_BATCH_KEEP_HOURS, seconds=-5)
    Batch.objects.filter(pk=oldest.pk).update(created=almost)
    with pytest.raises(ServerFull) as refused:
        create_batch("b.txt", HARD, client=BOB)
    assert refused.value.seconds == store.MIN_RETRY_SECONDS


def test_a_slice_touches_its_batch():
    batch = create_batch("a.txt", "\n".join([HARD] * 2))
    Batch.objects.filter(pk=batch.pk).update(touched=timezone.now() - timedelta(hours=1))
    run_slice(batch, 0.0)
    assert timezone.now() - Batch.objects.get().touched < timedelta(minutes=1)


def test_a_server_full_of_batches_being_solved_refuses_storing_and_deleting_nothing(settings):
    settings.SUDOKU_BATCH_MAX_ROWS = 3
    kept = {create_batch(f"{name}.txt", HARD, client=name) for name in (ALICE, BOB, CAROL)}
    rows = BatchRow.objects.count()
    with pytest.raises(ServerFull):
        create_batch("more.txt", "\n".join([HARD] * 4), client="d4d4d4d4d4d4")
    assert set(Batch.objects.all()) == kept
    assert BatchRow.objects.count() == rows


def test_a_refused_batch_rolls_back_the_forgetting_too(settings):
    """The server is still full once the batch past its time is gone: nothing changes."""
    settings.SUDOKU_BATCH_MAX_ROWS = 3
    old = create_batch("old.txt", HARD, client=ALICE)
    kept = {
        old,
        create_batch("bob.txt", HARD, client=BOB),
        create_batch("c.txt", HARD, client=CAROL),
    }
    settings.SUDOKU_BATCH_MAX_ROWS = 1  # lowered: two too many, one past its time
    Batch.objects.filter(pk=old.pk).update(created=timezone.now() - timedelta(hours=25))
    with pytest.raises(ServerFull):
        create_batch("new.txt", HARD, client="d4d4d4d4d4d4")
    assert set(Batch.objects.all()) == kept


def test_one_clients_quota_cannot_fill_the_cap(settings):
    """However many batches one client sends, it holds its quota and no more:
    others still find room, and nothing of theirs makes way."""
    settings.SUDOKU_BATCH_CLIENT_ROWS = 3
    settings.SUDOKU_BATCH_MAX_ROWS = 10
    carols = create_batch("carol.txt", "\n".join([HARD] * 2), client=CAROL)
    for n in range(20):
        create_batch(f"{n}.txt", "\n".join([HARD] * (1 + n % 3)), client=ALICE)
    assert sum(Batch.objects.filter(client=ALICE).values_list("total", flat=True)) <= 3
    bobs = create_batch("bob.txt", "\n".join([HARD] * 3), client=BOB)
    assert {carols, bobs} <= set(Batch.objects.all())


def test_many_clients_cannot_remove_another_clients_running_batch(settings):
    """Twenty senders (an IPv6 /64 holds 2^64 addresses) fill the server
    with batches being solved; the first client's stays, and the batches past
    the cap are refused."""
    settings.SUDOKU_BATCH_MAX_ROWS = 5
    carols = create_batch("carol.txt", HARD, client=CAROL)
    stored, refused = [], 0
    for n in range(20):
        try:
            stored.append(create_batch(f"{n}.txt", HARD, client=f"{n:012x}"))
        except ServerFull:
            refused += 1
    assert set(Batch.objects.all()) == {carols, *stored}
    assert (len(stored), refused) == (4, 16)


def test_on_a_full_server_a_client_at_its_quota_still_replaces_its_own_oldest(settings):
    settings.SUDOKU_BATCH_KEEP_PER_CLIENT = 3
    settings.SUDOKU_BATCH_MAX_ROWS = 4
    bobs = create_batch("bob.txt", HARD, client=BOB)
    alices = [create_batch(f"{n}.txt", HARD, client=ALICE) for n in range(3)]
    newest = create_batch("3.txt", HARD, client=ALICE)
    assert set(Batch.objects.all()) == {bobs, *alices[1:], newest}
    with pytest.raises(ServerFull):
        create_batch("carol.txt", HARD, client=CAROL)


def test_batches_of_no_client_are_no_ones_quota_and_go_by_age_alone(settings):
    """Jobs stored before clients were recorded, or made outside a request:
    neither a new batch of no client nor one of a client takes them."""
    settings.SUDOKU_BATCH_KEEP_HOURS = 24
    settings.SUDOKU_BATCH_KEEP_PER_CLIENT = 10
    earlier = [create_batch(f"{n}.txt", HARD) for n in range(12)]
    alices = create_batch("alice.txt", HARD, client=ALICE)
    assert set(Batch.objects.all()) == {*earlier, alices}
    Batch.objects.filter(client="").update(created=timezone.now() - timedelta(hours=25))
    bobs = create_batch("bob.txt", HARD, client=BOB)
    assert set(Batch.objects.all()) == {alices, bobs}


# A worker of the site storing batches, each of a client of its own, as fast as it
# can once told to go (argv: its number, its directory); it prints how many it stored.
WORKER = """
import django, sys, time
from pathlib import Path
django.setup()
from solver.batches.store import ServerFull, create_batch
number, directory = sys.argv[1], Path(sys.argv[2])
(directory / f"ready-{number}").touch()
while not (directory / "go").exists():
    time.sleep(0.001)
stored = 0
for n in range(10):
    try:
        create_batch("x.txt", "1" + "." * 80, client=f"{number:>06}{n:06}")
        stored += 1
    except ServerFull:
        pass
print(stored)
"""


@pytest.mark.slow  # eight processes, each starting Django: seconds of CPU
def test_workers_storing_at_once_never_pass_the_cap(tmp_path):
    """Processes sharing one SQLite file, as gunicorn's workers do: the
    forgetting, the count and the new batch are one transaction, so no two
    workers take the same room. (Counting outside it, 8 workers storing 80
    batches into a cap of 20 kept 21 or 22.)"""
    env = clean_environment(
        DJANGO_DB_PATH=str(tmp_path / "db.sqlite3"),
        DJANGO_SECRET_KEY="test",
        SUDOKU_BATCH_MAX_ROWS="20",
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
    count = "from solver.models import Batch; print(Batch.objects.count())"
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


ONE = "1" + "." * 80  # a batch of one puzzle


def then_a_pause(monkeypatch, name: str) -> None:
    """``store``'s function ``name`` (which counts what is kept, or makes
    room by it), then half a second's pause: time for another worker to
    count the same rows, unless a lock holds it off."""
    count = getattr(store, name)

    def paused(*args):
        counted = count(*args)
        time.sleep(0.5)
        return counted

    monkeypatch.setattr(store, name, paused)


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_workers_storing_at_once_never_both_take_the_last_room(settings, monkeypatch):
    """PostgreSQL's transactions run side by side: two workers storing a batch
    each into room for one. The batches' lock makes the second count after
    the first has stored, and refuses it. (Without the lock both counted the
    room free, and both stored.)"""
    settings.SUDOKU_BATCH_MAX_ROWS = 1
    then_a_pause(monkeypatch, "_rows_kept")
    outcomes = at_once(lambda: create_batch("a.txt", ONE), lambda: create_batch("b.txt", ONE))
    assert sorted(type(outcome).__name__ for outcome in outcomes) == ["Batch", "ServerFull"]
    assert Batch.objects.count() == 1


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_batches_of_one_client_at_once_keep_within_its_quota(settings, monkeypatch):
    """A client with room for one batch sends two at once, on PostgreSQL: the
    second to take the lock finds the first and removes it. (Without the
    lock neither saw the other, and the client kept both.)"""
    settings.SUDOKU_BATCH_KEEP_PER_CLIENT = 1
    then_a_pause(monkeypatch, "_within_quota")
    outcomes = at_once(*(lambda: create_batch("a.txt", ONE, client=ALICE) for _ in range(2)))
    assert all(isinstance(outcome, Batch) for outcome in outcomes)
    assert Batch.objects.filter(client=ALICE).count() == 1
