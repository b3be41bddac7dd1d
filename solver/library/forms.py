"""What the library's pages read from their links: a level (with a symmetry
and a seed, in the links the API gives), and the library's filter."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ..choices import SYMMETRY_CHOICES, LevelChoices
from ..core.boards import board_of_size
from ..engine import STANDARD
from ..engine.levels import Level
from .picks import SEEDS

DEFAULT_LEVEL = Level.MEDIUM  # the level a new puzzle has when none is asked for
LEVEL_CHOICES = LevelChoices.choices
UNKNOWN_LEVEL = _("“%(value)s” is not a level: choose easy, medium, hard, expert or extreme.")
UNKNOWN_SYMMETRY = _("“%(value)s” is not a symmetry: choose rotational, none, mirror or diagonal.")
BAD_SEED = _("A seed is a whole number from 0 to 2^63 − 1.")
NO_SIZE = _("Say the size of the board: 4 for 4×4, 16 for 16×16.")
NOT_A_SIZE = _(
    "“%(value)s” is not the size of a board made here: choose 4, 6, 8, 10, 12, 14, 15, 16, "
    "18, 20, 21, 22, 24 or 25 (9×9 puzzles are chosen by their level)."
)
NO_LEVELS = _("Levels are for 9×9 puzzles only: they are calibrated on 9×9 boards.")


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


class NewPuzzleForm(LevelForm):
    """A new puzzle of a level (``LevelForm``) and, in the links the API
    gives, the symmetry of its givens and the seed that makes or picks it
    (``picks.for_seed``): ``symmetry`` is "" when none is asked for, ``seed``
    None. An unknown symmetry gets the error ``invalid_choice``; a seed that
    is not a whole number from 0 to 2^63 - 1, ``invalid``, ``min_value`` or
    ``max_value``, each naming the range."""

    symmetry = forms.ChoiceField(
        choices=[("", ""), *SYMMETRY_CHOICES],
        required=False,
        error_messages={"invalid_choice": UNKNOWN_SYMMETRY},
    )
    seed = forms.IntegerField(
        min_value=0,
        max_value=SEEDS - 1,
        required=False,
        error_messages={code: BAD_SEED for code in ("invalid", "min_value", "max_value")},
    )


class SizedPuzzleForm(forms.Form):
    """A new puzzle of a board other than 9x9 (``?size=6``), with, in links,
    the symmetry of its givens and its seed, as ``NewPuzzleForm`` reads
    them. ``board`` is the board's shape once valid; a size that names no
    board, or 9x9 (whose puzzles have levels: ``NewPuzzleForm``), gets the
    error ``invalid``; so does a level, which boards of other sizes lack."""

    size = forms.CharField(error_messages={"required": NO_SIZE})
    level = forms.CharField(required=False)
    symmetry = NewPuzzleForm.base_fields["symmetry"]
    seed = NewPuzzleForm.base_fields["seed"]

    def clean_size(self) -> str:
        board = board_of_size(self.cleaned_data["size"])
        if board is None or board is STANDARD:
            raise forms.ValidationError(
                NOT_A_SIZE, code="invalid", params={"value": self.cleaned_data["size"][:10]}
            )
        self.board = board
        return self.cleaned_data["size"]

    def clean_level(self) -> str:
        if self.cleaned_data["level"]:
            raise forms.ValidationError(NO_LEVELS, code="invalid")
        return ""


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
