"""The celery runner's batches: a batch solved a slice per message, by the queue's workers.

The database stays the truth: a message only says "this batch has work".
A message holds the batch's lease (``leases``) from the moment it is sent;
the slice it runs saves its last rows in the transaction that passes the
lease to the next message, which it then sends. So a batch has one message
going at a time, and every way a message can go wrong costs time only:

- its worker dies mid-slice (even by SIGKILL): the broker hands the message
  back (``sudoku_site.celery``), and, its id being the lease's owner, it
  takes the lease again at once; the rows the dead slice had not saved are
  still pending and are solved again. Dead after its slice passed the lease
  on but before it sent the successor, the message handed back finds its
  successor holding the lease, and sends it.
- it is lost (the broker restarted, a send that failed), or its worker
  vanished with it: once its lease has run out and no row has been saved
  for SUDOKU_QUEUE_STALE_SECONDS, the sweeper (every SUDOKU_QUEUE_SWEEP_SECONDS,
  ``sweep``) sends it again.
- it comes twice (sent again, then found): the copy finds the lease passed
  on and does nothing; or, arriving while the first still runs, solves
  rows the first solves too, and only the first outcome of each is saved.
"""

from __future__ import annotations

from uuid import UUID

from celery import shared_task
from django.conf import settings
from django.db import OperationalError

from ..core import queue
from . import leases, store
from .models import Batch

SLICE_TASK = "solver.batches.tasks.solve_slice"


def queue_slice(batch_id: UUID | str, owner: str = "") -> bool:
    """Send the message for batch ``batch_id``'s next slice, holding its
    lease for it while it is on its way (a new message, or ``owner``'s sent
    again); False, and nothing sent, when another message holds the lease
    (its slice sends the next) or the batch is gone."""
    owner = owner or leases.new_owner()
    if not leases.take(batch_id, owner, leases.queued_seconds()):
        return False
    queue.send(SLICE_TASK, str(batch_id), task_id=owner)
    return True


# A busy SQLite file (OperationalError) is tried again a moment later, by the
# same message: it keeps its lease.
@shared_task(bind=True, autoretry_for=(OperationalError,), max_retries=5, default_retry_delay=2)
def solve_slice(self, batch_id: str) -> int:
    """Solve a slice of batch ``batch_id`` if this message may (its lease is
    free, run out, or this message's), then send the next message unless the
    batch is finished; how many rows it saved."""
    owner = self.request.id or leases.new_owner()
    if not leases.take(batch_id, owner, leases.running_seconds()):
        # Another message holds it and sends the next, or the batch is gone;
        # or, handed back, this one's slice ran and its worker died before
        # sending the next. (Only then: a copy sent by the sweeper never sends one.)
        successor = leases.successor_of(owner)
        if _handed_back(self.request) and leases.passed_to(batch_id, successor):
            queue.send(SLICE_TASK, batch_id, task_id=successor)
        return 0
    batch = Batch.objects.filter(pk=batch_id).first()
    if batch is None:
        return 0  # made room for another, between the lease and now
    lease = leases.Lease(batch.pk, owner)
    saved = store.run_slice(batch, settings.SUDOKU_BATCH_SLICE_SECONDS, lease)
    if lease.successor:
        queue.send(SLICE_TASK, batch_id, task_id=lease.successor)
    return saved


def _handed_back(request) -> bool:
    """True for a message the broker handed back (its worker died, or it waited too long)."""
    return bool((request.delivery_info or {}).get("redelivered"))


@shared_task
def sweep() -> int:
    """Send the message again for every stale batch (``leases.stale``); how many were sent."""
    return sum(queue_slice(batch_id, owner) for batch_id, owner in leases.stale())
