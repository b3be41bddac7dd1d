"""A batch's lease under the celery runner: one message holds it at a time,
taken only when free, run out, or already its own; kept and passed on only
by its owner; and a batch whose lease has run out while no row was saved
for a while is stale, its message to be sent again."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from solver.batches import leases
from solver.batches.leases import Lease
from solver.batches.models import Batch
from solver.batches.store import create_batch, run_slice
from tests.support.puzzles import HARD

pytestmark = pytest.mark.django_db

LONG_AGO = timedelta(hours=1)


@pytest.fixture
def batch() -> Batch:
    return create_batch("a.txt", "\n".join([HARD] * 3))


def lease_of(batch: Batch) -> tuple[str, object]:
    batch.refresh_from_db()
    return batch.lease_owner, batch.lease_until


def run_out(batch: Batch, untouched: timedelta = LONG_AGO) -> None:
    """The batch's lease run out, and no row saved for ``untouched``."""
    ago = timezone.now() - untouched
    Batch.objects.filter(pk=batch.pk).update(lease_until=ago, touched=ago)


def test_a_free_lease_is_taken_for_the_time_asked(batch):
    asked = timezone.now()
    assert leases.take(batch.pk, "a", 60)
    owner, until = lease_of(batch)
    assert owner == "a"
    # Between the moments before and after the call, however long it took.
    assert asked + timedelta(seconds=60) <= until <= timezone.now() + timedelta(seconds=60)


def test_a_lease_held_by_another_is_refused_and_left_alone(batch):
    leases.take(batch.pk, "a", 60)
    before = lease_of(batch)
    assert not leases.take(batch.pk, "b", 60)
    assert lease_of(batch) == before


def test_a_lease_run_out_is_taken_by_another(batch):
    leases.take(batch.pk, "a", 60)
    run_out(batch)
    assert leases.take(batch.pk, "b", 60)
    assert lease_of(batch)[0] == "b"


def test_its_owner_takes_it_again_while_it_holds(batch):
    """A message handed back by a worker that died keeps its id: it goes on at once."""
    leases.take(batch.pk, "a", 60)
    asked = timezone.now()
    assert leases.take(batch.pk, "a", 600)
    assert lease_of(batch)[1] >= asked + timedelta(seconds=600)


def test_the_lease_of_a_batch_gone_is_never_taken():
    assert not leases.take("00000000-0000-0000-0000-000000000000", "a", 60)


def test_keeping_holds_it_longer_for_its_owner_only(batch):
    leases.take(batch.pk, "a", 1)
    asked = timezone.now()
    assert Lease(batch.pk, "a").keep()
    assert lease_of(batch)[1] >= asked + timedelta(seconds=leases.running_seconds())
    assert not Lease(batch.pk, "b").keep()


def test_passing_on_queues_it_for_a_new_message(batch):
    leases.take(batch.pk, "a", 60)
    lease = Lease(batch.pk, "a")
    asked = timezone.now()
    assert lease.pass_on(finished=False)
    owner, until = lease_of(batch)
    assert owner == lease.successor == leases.successor_of("a")
    assert owner not in ("", "a")
    assert until >= asked + timedelta(seconds=leases.queued_seconds())


def test_passing_on_a_finished_batch_lets_it_go(batch):
    leases.take(batch.pk, "a", 60)
    lease = Lease(batch.pk, "a")
    assert lease.pass_on(finished=True)
    assert (lease.successor, lease_of(batch)) == ("", ("", None))


def test_a_lease_lost_is_passed_to_nobody(batch):
    """Its slice ran past the lease, and another message took it."""
    leases.take(batch.pk, "a", 60)
    run_out(batch)
    leases.take(batch.pk, "b", 60)
    lease = Lease(batch.pk, "a")
    assert not lease.pass_on(finished=False)
    assert lease.successor == ""
    assert lease_of(batch)[0] == "b"


def test_a_batch_whose_lease_ran_out_and_that_nobody_moved_is_stale(batch):
    leases.take(batch.pk, "a", 60)
    run_out(batch)
    assert leases.stale() == [(batch.pk, "a")]


def test_a_batch_never_queued_and_left_is_stale_with_no_owner(batch):
    run_out(batch)
    Batch.objects.filter(pk=batch.pk).update(lease_until=None)
    assert leases.stale() == [(batch.pk, "")]


def test_a_batch_whose_lease_holds_is_not_stale(batch):
    Batch.objects.filter(pk=batch.pk).update(touched=timezone.now() - LONG_AGO)
    leases.take(batch.pk, "a", 60)
    assert leases.stale() == []


def test_a_batch_a_slice_saved_rows_of_lately_is_not_stale(batch):
    """Its slice is still running, past a lease that ran out (a long wait for the lock)."""
    run_out(batch, untouched=timedelta(seconds=settings.SUDOKU_QUEUE_STALE_SECONDS / 2))
    assert leases.stale() == []


def test_a_finished_batch_is_never_stale(batch):
    while run_slice(batch, 10.0):
        pass
    run_out(batch)
    assert leases.stale() == []


def test_the_longest_untouched_comes_first():
    batches = [create_batch(f"{n}.txt", HARD) for n in range(3)]
    for hours, batch in zip((1, 3, 2), batches, strict=True):
        run_out(batch, timedelta(hours=hours))
    assert [pk for pk, _ in leases.stale()] == [batches[1].pk, batches[2].pk, batches[0].pk]
