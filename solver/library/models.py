"""What the library stores: the site's own puzzles, generated or imported,
each stored once however it is written, the daily puzzle of each level
(``store`` fills and reads them), and the stock of big boards (``stock``)."""

from __future__ import annotations

from django.db import models

from ..choices import SYMMETRY_CHOICES, LevelChoices


class Puzzle(models.Model):
    """A 9x9 puzzle of the library, with its one solution and its rating.

    ``id`` is short and safe in a URL, and derived from ``canonical``, the
    writing that every equivalent puzzle shares (``store.puzzle_id``): a
    puzzle keeps its id, and equivalent puzzles are stored once, found by the
    unique index on ``canonical`` rather than by a scan. ``givens``,
    ``solution`` and ``canonical`` are 81 symbols, ``.`` for an empty cell
    (``format_grid``). ``level``, ``score`` and ``hardest`` are the teacher's
    rating; ``symmetry`` is the pattern of the givens (one of ``SYMMETRIES``,
    "none" for none of them); ``source`` is ``store.GENERATED`` or the name
    of the set it was imported from.
    """

    id = models.CharField(primary_key=True, max_length=16, editable=False)
    givens = models.CharField(max_length=81)
    solution = models.CharField(max_length=81)
    canonical = models.CharField(max_length=81, unique=True)
    level = models.CharField(max_length=8, choices=LevelChoices.choices)
    score = models.PositiveIntegerField()
    hardest = models.CharField(max_length=40, blank=True)
    symmetry = models.CharField(max_length=12, blank=True, choices=SYMMETRY_CHOICES)
    source = models.CharField(max_length=100)
    created = models.DateTimeField(auto_now_add=True)
    # True once someone opened the puzzle's page (``/p/<id>``): its link may
    # be shared, so trimming never removes it (``store.trim``).
    kept = models.BooleanField(default=False)

    class Meta:
        indexes = [
            # A level's puzzles in the order of their ids: a random pick (the first
            # id at or after a random one) and a level's pages read this index.
            models.Index(fields=["level", "id"], name="solver_puzzle_level"),
            # The same within one symmetry: a seed's pick (``picks.seeded_puzzle``).
            models.Index(fields=["level", "symmetry", "id"], name="solver_puzzle_symmetry"),
            # The oldest of a source first: what trimming the library removes.
            models.Index(fields=["source", "created"], name="solver_puzzle_source"),
        ]

    def __str__(self) -> str:
        return f"{self.id} ({self.level})"


class Daily(models.Model):
    """The puzzle of one level on one day: chosen on the day's first ask, then
    the same for everyone (``store.daily_puzzle``)."""

    day = models.DateField()
    level = models.CharField(max_length=8, choices=LevelChoices.choices)
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="days")

    class Meta:
        verbose_name_plural = "dailies"
        constraints = [
            models.UniqueConstraint(fields=["day", "level"], name="solver_daily_day_level"),
        ]

    def __str__(self) -> str:
        return f"{self.day} {self.level}: {self.puzzle_id}"


class Stocked(models.Model):
    """A puzzle of a board other than 9x9, made ahead of time and handed out
    from stock (``stock``).

    ``id`` is a hash of the givens (``store.puzzle_id``); ``givens`` is one
    symbol a cell, ``.`` for an empty one, digits above 9 as letters;
    ``canonical`` the writing every equivalent puzzle of the board shares
    (``symmetry.canonical``), unique for its size, so the stock never holds
    one puzzle twice in two writings; ``symmetry`` is the pattern of the
    givens, as ``Puzzle.symmetry``."""

    id = models.CharField(primary_key=True, max_length=16, editable=False)
    size = models.PositiveSmallIntegerField()
    givens = models.CharField(max_length=625)
    canonical = models.CharField(max_length=625)
    symmetry = models.CharField(max_length=12, blank=True, choices=SYMMETRY_CHOICES)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [
            # A size's puzzles in the order of their ids: a seed's pick reads this index.
            models.Index(fields=["size", "id"], name="solver_stocked_size"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["size", "canonical"], name="solver_stocked_one_writing"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.id} ({self.size}x{self.size})"
