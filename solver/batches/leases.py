"""A batch's lease, under the celery runner: which message may solve its next
slice, and until when.

Words used here:

- owner: the id of a message (a Celery task id). A message handed back when
  its worker died keeps its id, so it takes its own lease again at once.
- successor: the message a slice passes the lease to, its id made from its
  owner's (``successor_of``), so that a message handed back after its slice
  passed the lease on, its worker dead before it sent the successor, can
  send it.
- queued lease: held for a message on its way to a worker, for
  ``queued_seconds()`` (SUDOKU_QUEUE_WAIT_SECONDS); a running lease: held by
  the slice that message runs, for ``running_seconds()`` from its last save.
- stale: a batch with pending rows, no lease that still holds, and no slice
  that has saved any row for SUDOKU_QUEUE_STALE_SECONDS. Its message was lost, or
  its worker vanished: the sweeper sends the message again.

Each change is one conditional UPDATE, so two workers never both hold a
lease: ``take`` sets it only when it is free, run out or already the taker's;
``keep`` and ``pass_on`` change it only for its owner. A slice's last rows
are saved in the transaction that passes the lease on (``store.run_slice``).
A lease that runs out while its slice still runs (a stall longer than
``running_seconds``) may let a second slice solve the same rows; only rows
still pending are written, so each row is saved once, by the first.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import timedelta
from uuid import UUID

from django.conf import settings
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from .models import PENDING, Batch, BatchRow

# What a slice may wait for SQLite's write lock (DATABASES' timeout), and some.
LOCK_WAIT_SECONDS = 30.0
SUCCESSORS = uuid.UUID("6f0c7a52-3d1e-4c1b-9a57-3c2b8e1f5d40")  # the namespace of successors' ids


def queued_seconds() -> float:
    """How long a message may take to reach a worker before it is sent again."""
    return settings.SUDOKU_QUEUE_WAIT_SECONDS


def running_seconds() -> float:
    """How long a running lease holds after each save: a chunk of rows
    (``SUDOKU_BATCH_SLICE_SECONDS`` and the puzzle under way), then its save."""
    return settings.SUDOKU_BATCH_SLICE_SECONDS + settings.SUDOKU_SOLVE_SECONDS + LOCK_WAIT_SECONDS


def new_owner() -> str:
    """An id for a new message."""
    return str(uuid.uuid4())


def successor_of(owner: str) -> str:
    """The id of the message ``owner``'s slice passes the lease to: always the same."""
    return str(uuid.uuid5(SUCCESSORS, owner))


def passed_to(batch_id: UUID | str, owner: str) -> bool:
    """True if ``owner`` holds the lease of batch ``batch_id``, queued or running."""
    return Batch.objects.filter(pk=batch_id, lease_owner=owner).exists()


def take(batch_id: UUID | str, owner: str, seconds: float) -> bool:
    """Hold the lease of batch ``batch_id`` for ``owner`` for ``seconds``:
    True when it was free, had run out or was ``owner``'s already; False
    when another owner holds it, or the batch is gone."""
    now = timezone.now()
    free = Q(lease_until__isnull=True) | Q(lease_until__lt=now) | Q(lease_owner=owner)
    held = Batch.objects.filter(free, pk=batch_id)
    return held.update(lease_owner=owner, lease_until=now + timedelta(seconds=seconds)) == 1


@dataclass
class Lease:
    """``owner``'s running lease on batch ``batch_id``; ``successor`` is the
    message ``pass_on`` passed it to ("" until then, and when the batch is
    finished or the lease was lost)."""

    batch_id: UUID | str
    owner: str
    successor: str = ""

    def keep(self) -> bool:
        """Hold the lease ``running_seconds()`` more; False if it is not this owner's any more."""
        until = timezone.now() + timedelta(seconds=running_seconds())
        return self._mine().update(lease_until=until) == 1

    def pass_on(self, finished: bool) -> bool:
        """Pass the lease to the owner's successor (``successor_of``), queued;
        or, once the batch is ``finished``, let it go. False, and no
        successor, if it is not this owner's any more."""
        successor = "" if finished else successor_of(self.owner)
        until = None if finished else timezone.now() + timedelta(seconds=queued_seconds())
        passed = self._mine().update(lease_owner=successor, lease_until=until) == 1
        self.successor = successor if passed else ""
        return passed

    def _mine(self):
        return Batch.objects.filter(pk=self.batch_id, lease_owner=self.owner)


def stale() -> list[tuple[UUID, str]]:
    """The stale batches (see the module's words), each with its lease's
    last owner ("" if it never had one), the longest untouched first."""
    now = timezone.now()
    pending = BatchRow.objects.filter(batch=OuterRef("pk"), status=PENDING)
    lapsed = Q(lease_until__isnull=True) | Q(lease_until__lt=now)
    batches = Batch.objects.filter(lapsed, Exists(pending))
    untouched = now - timedelta(seconds=settings.SUDOKU_QUEUE_STALE_SECONDS)
    batches = batches.filter(touched__lt=untouched)
    return list(batches.order_by("touched", "pk").values_list("pk", "lease_owner"))
