"""The celery runner's batches, each message run here as a worker runs it
(the task's function, under a request of its id): a batch queued holds its lease for one
message; each slice saves its rows, passes the lease on and sends the next;
a message handed back after its worker died goes on at once; a copy, or a
message another holds the lease against, does nothing; and the sweeper
sends a lost message again. Every row is solved once, as the engine alone
solves it. (tests/batches/test_workers.py runs the same with real workers.)"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from solver.batches import leases, store
from solver.batches.models import Batch, BatchRow
from solver.batches.store import batch_progress, create_batch
from solver.batches.tasks import SLICE_TASK, queue_slice, sweep
from solver.core import queue
from tests.support.puzzles import sample
from tests.support.queue import LONG_AGO, deliver, expected_rows, follow, lapse

pytestmark = pytest.mark.django_db

PUZZLES = list(sample("top1465.txt", 7))


@pytest.fixture
def small_chunks(monkeypatch):
    """Rows read and saved two at a time, so a slice saves several times."""
    monkeypatch.setattr(store, "SOLVE_ROWS", 2)


def saved_rows(batch: Batch) -> list[tuple]:
    return list(batch.rows.values_list("status", "solution", "solutions"))


def test_a_batch_queued_holds_its_lease_for_the_one_message_sent(sent):
    batch = create_batch("a.txt", "\n".join(PUZZLES))
    assert queue_slice(batch.pk)
    ((task, args, owner),) = sent
    assert (task, args) == (SLICE_TASK, (str(batch.pk),))
    batch.refresh_from_db()
    assert batch.lease_owner == owner


def test_a_batch_whose_message_is_on_its_way_is_not_queued_twice(sent):
    batch = create_batch("a.txt", "\n".join(PUZZLES))
    queue_slice(batch.pk)
    assert not queue_slice(batch.pk)
    assert len(sent) == 1


def test_following_the_messages_solves_every_row_once_as_the_engine_does(sent, small_chunks):
    batch = create_batch("a.txt", "\n".join(PUZZLES))
    queue_slice(batch.pk)
    follow(sent)
    assert saved_rows(batch) == expected_rows(PUZZLES)
    assert batch_progress(batch).finished


def test_each_slice_passes_the_lease_to_the_next_message_it_sends(sent, settings):
    settings.SUDOKU_BATCH_SLICE_SECONDS = 0  # a slice of one row
    batch = create_batch("a.txt", "\n".join(PUZZLES))
    queue_slice(batch.pk)
    first = sent.pop(0)
    assert deliver(first) == 1
    ((_, _, successor),) = sent
    batch.refresh_from_db()
    assert successor != first[2]
    assert batch.lease_owner == successor


def test_the_last_slice_lets_the_lease_go_and_sends_nothing(sent):
    batch = create_batch("a.txt", "\n".join(PUZZLES))
    queue_slice(batch.pk)
    assert follow(sent) == 1
    batch.refresh_from_db()
    assert (batch.lease_owner, batch.lease_until) == ("", None)


def test_a_message_another_holds_the_lease_against_does_nothing(sent):
    batch = create_batch("a.txt", "\n".join(PUZZLES))
    queue_slice(batch.pk)
    assert deliver((SLICE_TASK, (str(batch.pk),), "a-copy")) == 0
    assert batch_progress(batch).done == 0
    assert len(sent) == 1  # the message holding it, still to come


def test_a_message_handed_back_after_its_worker_died_goes_on_at_once(
    sent, monkeypatch, small_chunks
):
    """Killed in its second chunk: the first chunk's rows stay saved, the
    second's are solved again by the same message, its lease still held."""
    batch = create_batch("a.txt", "\n".join(PUZZLES))
    queue_slice(batch.pk)
    message = sent.pop(0)
    solve_entry, solved = store.solve_entry, []

    def dies_at_the_fourth(entry, budget):
        if len(solved) == 3:
            raise SystemExit("killed")  # nothing after it runs, as with SIGKILL
        solved.append(entry)
        return solve_entry(entry, budget)

    monkeypatch.setattr(store, "solve_entry", dies_at_the_fourth)
    with pytest.raises(SystemExit):
        deliver(message)
    assert (batch_progress(batch).done, sent) == (2, [])
    monkeypatch.setattr(store, "solve_entry", solve_entry)
    deliver(message, handed_back=True)  # the same id
    follow(sent)
    assert saved_rows(batch) == expected_rows(PUZZLES)


def test_a_message_handed_back_after_its_slice_passed_the_lease_on_sends_the_next(
    sent, monkeypatch, settings
):
    """Killed between saving its last rows and sending the next message."""
    settings.SUDOKU_BATCH_SLICE_SECONDS = 0  # a slice of one row
    batch = create_batch("a.txt", "\n".join(PUZZLES))
    queue_slice(batch.pk)
    message = sent.pop(0)
    keep = queue.send

    def dies(*args, **kwargs):
        raise SystemExit("killed")

    monkeypatch.setattr(queue, "send", dies)
    with pytest.raises(SystemExit):
        deliver(message)
    monkeypatch.setattr(queue, "send", keep)
    assert deliver(message, handed_back=True) == 0  # its rows saved already
    ((_, _, successor),) = sent
    assert successor == leases.successor_of(message[2])
    follow(sent)
    assert saved_rows(batch) == expected_rows(PUZZLES)


def test_the_sweeper_sends_a_lost_message_again_with_its_id(sent):
    batch = create_batch("a.txt", "\n".join(PUZZLES))
    queue_slice(batch.pk)
    lost = sent.pop(0)
    lapse(batch)
    assert sweep() == 1
    assert sent == [lost]
    follow(sent)
    assert saved_rows(batch) == expected_rows(PUZZLES)


def test_a_lost_message_found_after_it_was_sent_again_does_nothing_more(sent, settings):
    settings.SUDOKU_BATCH_SLICE_SECONDS = 0
    batch = create_batch("a.txt", "\n".join(PUZZLES))
    queue_slice(batch.pk)
    lapse(batch)
    sweep()
    original, copy = sent.pop(0), sent.pop(0)
    deliver(copy)
    assert deliver(original) == 0  # the lease has passed on to the copy's successor
    assert len(sent) == 1


def test_the_sweeper_leaves_batches_being_solved_and_finished_ones_alone(sent):
    queued = create_batch("a.txt", "\n".join(PUZZLES))
    queue_slice(queued.pk)
    finished = create_batch("b.txt", PUZZLES[0])
    queue_slice(finished.pk)
    follow(sent[1:])
    del sent[1:]
    Batch.objects.update(touched=timezone.now() - LONG_AGO)
    assert sweep() == 0
    assert len(sent) == 1


def test_the_sweeper_queues_a_batch_never_queued(sent):
    """Stored under the inline runner, say, and left: the workers solve it now."""
    batch = create_batch("a.txt", "\n".join(PUZZLES))
    lapse(batch)
    assert sweep() == 1
    follow(sent)
    assert batch_progress(batch).finished


def test_a_message_for_a_batch_gone_does_nothing(sent):
    batch = create_batch("a.txt", "\n".join(PUZZLES))
    queue_slice(batch.pk)
    Batch.objects.all().delete()
    assert follow(sent) == 1
    assert BatchRow.objects.count() == 0


def test_a_slice_lasts_its_time_and_holds_a_running_lease_meanwhile(sent, monkeypatch):
    batch = create_batch("a.txt", "\n".join(PUZZLES))
    queue_slice(batch.pk)
    held = []
    run_slice = store.run_slice

    def watched(batch, seconds, lease):
        batch.refresh_from_db()
        held.append((batch.lease_owner, batch.lease_until, seconds))
        return run_slice(batch, seconds, lease)

    monkeypatch.setattr(store, "run_slice", watched)
    message = sent[0]
    follow(sent)
    ((owner, until, seconds),) = held
    assert owner == message[2]
    assert seconds == 2.0  # SUDOKU_BATCH_SLICE_SECONDS
    assert until > timezone.now() + timedelta(seconds=leases.running_seconds() - 5)
