"""What a batch stores: the puzzles sent together, one row each, solved a slice at a time.

A batch is reached only by its id, a random UUID: whoever has the address
can see the results, and nobody can guess another's. Batches are forgotten
after a while, a client's oldest once it has sent too many, and finished or
idle ones when the server needs their room (``store.make_room``).
"""

from __future__ import annotations

import uuid

from django.db import models
from django.utils import timezone

from ..choices import StatusChoices

PASTED = "pasted"  # the name of a batch whose puzzles were pasted rather than uploaded
PENDING = ""  # the status of a row not solved yet


class Batch(models.Model):
    """Puzzles sent together: their source's name, how many there are, and who sent them.

    ``client`` is the sender's address as a keyed hash (``core.logs.client_hash``),
    never the address itself: it is only compared, to give each client a quota
    of batches and puzzles. It is empty for batches stored before it was kept,
    or made outside a request; no quota takes those. ``touched`` is when a
    slice last solved some of its puzzles (when it was stored, before any):
    a batch left unfinished and untouched for long is one nobody is solving.

    ``lease_owner`` and ``lease_until`` are the celery runner's lease
    (``leases``): the one queued message that may solve the batch's next
    slice, and until when; none under the inline runner.
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    created = models.DateTimeField(auto_now_add=True, db_index=True)
    touched = models.DateTimeField(default=timezone.now)
    name = models.CharField(max_length=255)  # the uploaded file's name, or PASTED
    total = models.PositiveIntegerField()
    client = models.CharField(max_length=12, blank=True, default="")
    lease_owner = models.CharField(max_length=36, blank=True, default="")
    lease_until = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "batches"
        # A client's batches, newest first: what its quota keeps.
        indexes = [models.Index(fields=["client", "created"], name="solver_batch_client")]

    def __str__(self) -> str:
        return f"{self.name} ({self.total} puzzles)"

    @property
    def pasted(self) -> bool:
        """True if the puzzles were pasted rather than uploaded."""
        return self.name == PASTED


class BatchRow(models.Model):
    """One puzzle of a batch and, once solved, what became of it.

    ``puzzle`` is the line as read, without its surrounding whitespace.
    ``status`` is PENDING until solved, then one of ``StatusChoices``.
    ``solutions``, ``guesses`` and ``ms`` are None for an invalid row;
    ``message`` says why it is invalid, or why the search gave up.
    """

    batch = models.ForeignKey(Batch, on_delete=models.CASCADE, related_name="rows")
    index = models.PositiveIntegerField()  # the order in the input, from 0
    line = models.PositiveIntegerField()  # the input's line number, from 1
    puzzle = models.TextField()
    status = models.CharField(
        max_length=8, blank=True, default=PENDING, choices=StatusChoices.choices
    )
    solutions = models.PositiveSmallIntegerField(null=True)
    solution = models.TextField(blank=True)
    guesses = models.PositiveIntegerField(null=True)
    ms = models.FloatField(null=True)
    message = models.TextField(blank=True)

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["batch", "index"], name="solver_batchrow_index"),
        ]
        # The rows still to solve, and the rows of one status, in order.
        indexes = [models.Index(fields=["batch", "status", "index"], name="solver_batchrow_status")]

    def __str__(self) -> str:
        return f"line {self.line}: {self.status or 'pending'}"
