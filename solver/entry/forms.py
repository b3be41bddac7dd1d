"""The entry page's form: 81 cells, a pasted puzzle or a file, validated into a grid.

What is read, and how problems are recorded, is ``core.reading``'s; here are
the cells (``r1c1`` ... ``r9c9``), the file, and the checks a posted form
needs (fields unknown, repeated or missing). A valid form has
``cleaned_data["grid"]``.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from ..core.cells import CELL_NAMES
from ..core.reading import PASTE_MAX_LENGTH, PuzzleReader
from ..core.uploads import FILE_MAX_BYTES, read_upload
from ..engine import STANDARD, Grid
from ..engine import read_symbol as engine_read_symbol

NOT_A_DIGIT = _("Row %(row)s, column %(column)s: “%(value)s” is not a digit from 1 to 9.")
# A file input left empty arrives as a plain field "file" with no value.
ALLOWED_EXTRA_FIELDS = frozenset({"csrfmiddlewaretoken", "puzzle", "file"})
ALLOWED_FILES = frozenset({"file"})
FILE_TYPES = ".txt,.sdk,.ss,text/plain"  # what the file picker offers first


class CellField(forms.CharField):
    """One cell: a digit from 1 to 9, or empty (blank, ``0`` or ``.``); cleans to an
    int, or to None when it holds anything else.

    An unreadable cell is not an error of the field's own: it is one only when
    the cells are what is read, so the form reports it (``PuzzleForm``), not
    when a paste or a file is used instead.
    """

    def __init__(self, cell: int, **kwargs):
        super().__init__(required=False, strip=True, **kwargs)
        self.cell = cell

    def to_python(self, value) -> int | None:
        text = super().to_python(value)
        return engine_read_symbol(text) if len(text) == 1 else (0 if not text else None)


class PuzzleForm(PuzzleReader):
    """A puzzle typed cell by cell (fields ``r1c1`` ... ``r9c9``), pasted whole,
    or read from an uploaded file.

    A file takes precedence over the paste box, and a non-empty paste box over
    the cells. After validation, ``issues`` lists every problem in page order,
    ``notices`` what the reader should know about a file that was read, and
    ``source`` the text of the file or paste box that was read ("" for the cells).
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
    file = forms.FileField(
        label=_("Or load a puzzle file"),
        required=False,
        error_messages={"empty": _("The file is empty.")},
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for cell, name in enumerate(CELL_NAMES):
            self.fields[name] = CellField(cell)
        self.source = ""

    @classmethod
    def for_grid(cls, grid: Grid) -> PuzzleForm:
        """An unbound form whose cells start filled with ``grid``."""
        initial = {name: digit or "" for name, digit in zip(CELL_NAMES, grid, strict=True)}
        return cls(initial=initial)

    def clean_file(self) -> str:
        """The uploaded file's text, or "" when none was sent."""
        upload = self.cleaned_data.get("file")
        return read_upload(upload, FILE_MAX_BYTES) if upload else ""

    def clean(self):
        cleaned = super().clean()
        self._note_field_errors()
        if not (cleaned.get("file") or cleaned.get("puzzle")):
            # The cells are read: each that holds no digit is at fault. (A paste
            # or a file is used instead of them, and then what they hold does not count.)
            self._report_unreadable_cells(cleaned)
        self.source = cleaned.get("file") or cleaned.get("puzzle") or ""
        if self._reject_tampering() or self.has_error("puzzle") or self.has_error("file"):
            return cleaned
        grid = self._read_source(cleaned)
        # Conflicts among the readable cells are reported even beside bad cells,
        # so one round trip shows every problem.
        if grid is not None and self._accept_givens(grid) and not self.errors:
            cleaned["grid"] = grid
        return cleaned

    def _report_unreadable_cells(self, cleaned: dict) -> None:
        """Add an error for each cell that holds something other than a digit or a blank."""
        for cell, name in enumerate(CELL_NAMES):
            if name in cleaned and cleaned[name] is None:
                row, column = STANDARD.row_col(cell)
                text = str(self.data.get(name, "")).strip()
                params = {"row": row, "column": column, "value": text[:10]}
                error = ValidationError(NOT_A_DIGIT, code="not_a_digit", params=params)
                self._report(name, error, (cell,))

    def _reject_tampering(self) -> bool:
        """Add an error and return True if fields are unknown or repeated."""
        unknown = sorted(set(self.data) - ALLOWED_EXTRA_FIELDS - set(CELL_NAMES))
        unknown += sorted(set(self.files) - ALLOWED_FILES)
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
        self._report(None, ValidationError(message, code=code, params=params))

    def _values_of(self, key: str) -> list:
        """Every value sent for ``key`` (a plain dict sends one)."""
        getlist = getattr(self.data, "getlist", None)
        return getlist(key) if getlist else [self.data[key]]

    def _read_source(self, cleaned: dict) -> Grid | None:
        """The grid of the file, else of the paste box, else of the cells; None on error."""
        if cleaned.get("file"):
            return self._read_text("file", cleaned["file"])
        if cleaned.get("puzzle"):
            return self._read_text("puzzle", cleaned["puzzle"])
        return self._read_cells(cleaned)

    def _read_cells(self, cleaned: dict) -> Grid | None:
        """The grid typed in the cells (unreadable ones empty), or None if some were not sent."""
        missing = [name for name in CELL_NAMES if name not in self.data]
        if missing:
            message = _("The form was missing %(count)s cells (%(names)s). Please reload the page.")
            self._form_error(message, "missing_cells", missing)
            return None
        return tuple(cleaned.get(name) or 0 for name in CELL_NAMES)

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


class LoadForm(PuzzleForm):
    """The puzzle form when asked only to fill the grid: a paste or a file is required."""

    def _read_cells(self, cleaned: dict) -> Grid | None:
        message = _("There is nothing to load: paste a puzzle into the box or choose a file.")
        self._report("puzzle", ValidationError(message, code="nothing_to_load"))
        return None
