"""The engine's words as Django choices, each with the name the pages show.

The verdicts (``Status``) and the levels (``Level``) are spelled once, in the
engine; here each gets its name in the reader's language, for the models'
fields, the forms' choices and the pages.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .engine import VERDICTS, Status
from .engine.generate import SYMMETRIES
from .engine.levels import LEVELS, Level

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

# What each level is called on the pages.
_LEVEL_NAMES = {
    Level.EASY: pgettext_lazy("level", "Easy"),
    Level.MEDIUM: pgettext_lazy("level", "Medium"),
    Level.HARD: pgettext_lazy("level", "Hard"),
    Level.EXPERT: pgettext_lazy("level", "Expert"),
    Level.EXTREME: pgettext_lazy("level", "Extreme"),
}

# The levels, easiest first, as Django choices with the names the pages show.
LevelChoices = models.TextChoices(
    "LevelChoices", [(level.name, (level.value, _LEVEL_NAMES[level])) for level in LEVELS]
)

# The symmetries of a library puzzle's givens, by their ids (the API returns them as they are).
SYMMETRY_CHOICES = [(symmetry, symmetry) for symmetry in SYMMETRIES]


def level_name(level: str) -> str:
    """The level's name on the pages ("Medium"); an id that is no level is shown as is."""
    return LevelChoices(level).label if level in LevelChoices.values else level


def status_name(status: str) -> str:
    """The status's name on the pages ("" for none, or one that is not known)."""
    return StatusChoices(status).label if status in StatusChoices.values else ""
