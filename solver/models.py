"""What the site stores: batches, and the puzzle library.

A batch is many puzzles sent together, one row per puzzle, solved a slice at
a time. It is reached only by its id, a random UUID: whoever has the address
can see the results, and nobody can guess another's. Batches are forgotten
after a while, and a client's oldest once it has sent too many
(``batches.store.create_batch``).

The library is the site's own puzzles, generated or imported, each stored
once however it is written, and the daily puzzle of each level
(``library`` fills and reads them).
"""

from __future__ import annotations

import uuid

from django.db import models
from django.utils.translation import gettext_lazy as _

from .engine import VERDICTS, Status
from .engine.difficulty import LEVELS
from .engine.generate import SYMMETRIES

PASTED = "pasted"  # the name of a batch whose puzzles were pasted rather than uploaded
PENDING = ""  # the status of a row not solved yet

# What each status is called on the pages.
_STATUS_NAMES = {
    Status.UNIQUE: _("Unique"),
    Status.MULTIPLE: _("Several solutions"),
    Status.NONE: _("No solution"),
    Status.GAVE_UP: _("Gave up"),
    Status.INVALID: _("Invalid"),
}

# A solved row's status: the engine's Status, as Django choices with the names
# the pages show, in the order they list them. The site always proves
# uniqueness, so a row is never SOLVED.
StatusChoices = models.TextChoices(
    "StatusChoices",
    [
        (status.name, (status.value, _STATUS_NAMES[status]))
        for status in (*VERDICTS, Status.INVALID)
    ],
)


class Batch(models.Model):
    """Puzzles sent together: their source's name, how many there are, and who sent them.

    ``client`` is the sender's address as a keyed hash (``logs.client_hash``),
    never the address itself: it is only compared, to give each client a quota
    of batches. It is empty for batches stored before it was kept, or made
    outside a request; those go by age alone.
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    created = models.DateTimeField(auto_now_add=True, db_index=True)
    name = models.CharField(max_length=255)  # the uploaded file's name, or PASTED
    total = models.PositiveIntegerField()
    client = models.CharField(max_length=12, blank=True, default="")

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


# The library's levels and symmetries, as Django choices: the engine's ids,
# which the pages name (``sentences.LEVELS``) and the API returns as they are.
LEVEL_CHOICES = [(level, level) for level in LEVELS]
SYMMETRY_CHOICES = [(symmetry, symmetry) for symmetry in SYMMETRIES]


class Puzzle(models.Model):
    """A 9x9 puzzle of the library, with its one solution and its rating.

    ``id`` is short and safe in a URL, and derived from ``canonical``, the
    writing that every equivalent puzzle shares (``library.puzzle_id``): a
    puzzle keeps its id, and equivalent puzzles are stored once, found by the
    unique index on ``canonical`` rather than by a scan. ``givens``,
    ``solution`` and ``canonical`` are 81 symbols, ``.`` for an empty cell
    (``format_grid``). ``level``, ``score`` and ``hardest`` are the teacher's
    rating; ``symmetry`` is the pattern of the givens (one of ``SYMMETRIES``,
    "none" for none of them); ``source`` is ``library.GENERATED`` or the name
    of the set it was imported from.
    """

    id = models.CharField(primary_key=True, max_length=16, editable=False)
    givens = models.CharField(max_length=81)
    solution = models.CharField(max_length=81)
    canonical = models.CharField(max_length=81, unique=True)
    level = models.CharField(max_length=8, choices=LEVEL_CHOICES)
    score = models.PositiveIntegerField()
    hardest = models.CharField(max_length=40, blank=True)
    symmetry = models.CharField(max_length=12, blank=True, choices=SYMMETRY_CHOICES)
    source = models.CharField(max_length=100)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        # A level's puzzles in the order of their ids: a random pick (the first
        # id at or after a random one) and a level's pages read this index.
        indexes = [models.Index(fields=["level", "id"], name="solver_puzzle_level")]

    def __str__(self) -> str:
        return f"{self.id} ({self.level})"


class Daily(models.Model):
    """The puzzle of one level on one day: chosen on the day's first ask, then
    the same for everyone (``library.daily_puzzle``)."""

    day = models.DateField()
    level = models.CharField(max_length=8, choices=LEVEL_CHOICES)
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="days")

    class Meta:
        verbose_name_plural = "dailies"
        constraints = [
            models.UniqueConstraint(fields=["day", "level"], name="solver_daily_day_level"),
        ]

    def __str__(self) -> str:
        return f"{self.day} {self.level}: {self.puzzle_id}"
