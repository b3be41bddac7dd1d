"""What the teacher keeps: each puzzle's rating, once for every writing of it."""

from __future__ import annotations

from django.db import models

from ..choices import LevelChoices


class Rating(models.Model):
    """The teacher's rating of a puzzle with one solution, kept so that no
    answer waits for it twice (``ratings``).

    ``canonical`` is the writing every equivalent puzzle shares (the
    library's, ``symmetry.canonical``), so a puzzle written another way finds
    its rating too. ``level``, ``score`` and ``hardest`` are the rating;
    ``cut`` is True when the teacher's time ran out before its logic
    finished, so trial steps rated the rest (a lower bound a longer walk may
    lower). The table keeps the newest ``SUDOKU_RATINGS_KEEP`` rows.
    """

    canonical = models.CharField(primary_key=True, max_length=81)
    level = models.CharField(max_length=8, choices=LevelChoices.choices)
    score = models.PositiveIntegerField()
    hardest = models.CharField(max_length=40, blank=True)
    cut = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    def __str__(self) -> str:
        return f"{self.canonical} ({self.level})"
