"""The puzzle form: 81 cells or one pasted puzzle, validated into a grid.

The form reads symbols with the engine (one source of truth for what a digit
is), checks the givens against the rules, and records which cells are at
fault so the page can mark them. A valid form has ``cleaned_data["grid"]``.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from .engine import STANDARD, Grid, InvalidPuzzle, Problem, find_conflicts, parse_puzzle
from .engine import read_symbol as engine_read_symbol
from .messages import describe

CELL_NAMES = tuple(
    f"r{row}c{col}" for row in range(1, STANDARD.size + 1) for col in range(1, STANDARD.size + 1)
)
PASTE_MAX_LENGTH = 2000  # room for a drawn grid with generous spacing
ALLOWED_EXTRA_FIELDS = frozenset({"csrfmiddlewaretoken", "puzzle"})


class CellField(forms.CharField):
    """One cell: a digit from 1 to 9, or empty (blank, ``0`` or ``.``); cleans to an int."""

    default_error_messages = {
        "not_a_digit": _("Row %(row)s, column %(column)s: “%(value)s” is not a digit from 1 to 9."),
    }

    def __init__(self, cell: int, **kwargs):
        super().__init__(required=False, strip=True, **kwargs)
        self.cell = cell

    def to_python(self, value) -> int:
        text = super().to_python(value)
        digit = engine_read_symbol(text) if len(text) == 1 else (0 if not text else None)
        if digit is None:
            row, column = STANDARD.row_col(self.cell)
            raise ValidationError(
                self.error_messages["not_a_digit"],
                code="not_a_digit",
                params={"row": row, "column": column, "value": text[:10]},
            )
        return digit


class PuzzleForm(forms.Form):
    """A puzzle typed cell by cell (fields ``r1c1`` ... ``r9c9``) or pasted whole.

    A non-empty paste box takes precedence over the cells. After validation,
    ``invalid_cells`` holds the cells at fault (for marking on the page).
    """

    puzzle = forms.CharField(
        label=_("Or paste a whole puzzle"),
        required=False,
        max_length=PASTE_MAX_LENGTH,
        widget=forms.Textarea,
        error_messages={
            "max_length": _(
                "The pasted text is too long (%(show_value)s characters; at most %(limit_value)s)."
            ),
        },
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for cell, name in enumerate(CELL_NAMES):
            self.fields[name] = CellField(cell)
        self.invalid_cells: set[int] = set()
        self.grid_shown: Grid | None = None  # a pasted puzzle, once read

    @classmethod
    def for_grid(cls, grid: Grid) -> PuzzleForm:
        """An unbound form whose cells start filled with ``grid``."""
        initial = {name: digit or "" for name, digit in zip(CELL_NAMES, grid, strict=True)}
        return cls(initial=initial)

    def clean(self):
        cleaned = super().clean()
        self.invalid_cells |= {self.fields[name].cell for name in self.errors if name in CELL_NAMES}
        if self._reject_tampering() or "puzzle" in self.errors:
            return cleaned
        text = cleaned.get("puzzle")
        grid = self._read_paste(text) if text else self._read_cells(cleaned)
        # Conflicts among the readable cells are reported even beside bad cells,
        # so one round trip shows every problem.
        if grid is not None and self._accept_givens(grid) and not self.errors:
            cleaned["grid"] = grid
        return cleaned

    def _reject_tampering(self) -> bool:
        """Add an error and return True if fields are unknown or repeated."""
        unknown = sorted(set(self.data) - ALLOWED_EXTRA_FIELDS - set(CELL_NAMES))
        repeated = sorted(k for k in self.data if len(self._values_of(k)) > 1)
        if unknown:
            message = _("The form had fields it does not know (%(names)s). Please reload the page.")
            self._form_error(message, "unexpected_fields", unknown)
        if repeated:
            message = _("The form sent some fields twice (%(names)s). Please reload the page.")
            self._form_error(message, "repeated_fields", repeated)
        return bool(unknown or repeated)

    def _form_error(self, message: str, code: str, names: list[str]) -> None:
        """Add a whole-form error naming the first few of ``names`` and their count."""
        params = {"count": len(names), "names": ", ".join(names[:5])}
        self.add_error(None, ValidationError(message, code=code, params=params))

    def _values_of(self, key: str) -> list:
        """Every value sent for ``key`` (a plain dict sends one)."""
        getlist = getattr(self.data, "getlist", None)
        return getlist(key) if getlist else [self.data[key]]

    def _read_paste(self, text: str) -> Grid | None:
        """The pasted grid, or None after adding the reader's errors to the box."""
        try:
            self.grid_shown = parse_puzzle(text, STANDARD)
        except InvalidPuzzle as invalid:
            for problem in invalid.problems:
                self.add_error("puzzle", _as_error(problem))
            return None
        return self.grid_shown

    def _read_cells(self, cleaned: dict) -> Grid | None:
        """The grid typed in the cells (unreadable ones empty), or None if some were not sent."""
        missing = [name for name in CELL_NAMES if name not in self.data]
        if missing:
            message = _("The form was missing %(count)s cells (%(names)s). Please reload the page.")
            self._form_error(message, "missing_cells", missing)
            return None
        return tuple(cleaned.get(name, 0) for name in CELL_NAMES)

    def _accept_givens(self, grid: Grid) -> bool:
        """True if no givens conflict; else add an error per conflicting pair."""
        conflicts = find_conflicts(grid)
        for problem in conflicts:
            self.add_error(None, _as_error(problem))
            self.invalid_cells.update(problem.cells)
        return not conflicts

    def cell_values(self) -> list[str]:
        """What each cell shows: a pasted puzzle once read, else what was typed, else initial."""
        if self.grid_shown is not None:
            return [str(digit) if digit else "" for digit in self.grid_shown]
        if self.is_bound:
            return [str(self.data.get(name, ""))[:3] for name in CELL_NAMES]
        return [str(self.initial.get(name, "")) for name in CELL_NAMES]

    def paste_value(self) -> str:
        """What the paste box shows: kept only while it could not be read."""
        if not self.is_bound or self.grid_shown is not None:
            return ""
        return str(self.data.get("puzzle", ""))


def _as_error(problem: Problem) -> ValidationError:
    """An engine problem as a form error, with its code and translated message."""
    return ValidationError(describe(problem), code=problem.code)
