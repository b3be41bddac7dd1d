"""What the library's pages read from their links: a level, and the library's filter."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ..choices import LevelChoices
from ..engine.levels import Level

DEFAULT_LEVEL = Level.MEDIUM  # the level a new puzzle has when none is asked for
LEVEL_CHOICES = LevelChoices.choices
UNKNOWN_LEVEL = _("“%(value)s” is not a level: choose easy, medium, hard, expert or extreme.")


class LevelForm(forms.Form):
    """The level of a new puzzle (``?level=``): one of the engine's levels,
    ``DEFAULT_LEVEL`` when none is given; another gets the error
    ``invalid_choice``, naming it and the levels."""

    level = forms.ChoiceField(
        label=_("Level"),
        choices=LEVEL_CHOICES,
        initial=DEFAULT_LEVEL,
        required=False,
        error_messages={"invalid_choice": UNKNOWN_LEVEL},
    )

    def clean_level(self) -> str:
        return self.cleaned_data["level"] or DEFAULT_LEVEL


class LibraryForm(forms.Form):
    """The library's filter (``?level=``): a level, or every level when empty;
    another gets the error ``invalid_choice``. The page number is the
    paginator's to read (a bad one shows the nearest page)."""

    level = forms.ChoiceField(
        label=_("Level"),
        choices=[("", _("All")), *LEVEL_CHOICES],
        required=False,
        error_messages={"invalid_choice": UNKNOWN_LEVEL},
    )
