"""The puzzle form: 81 cells, a pasted puzzle or a file, validated into a grid.

The form reads text with the engine (one source of truth for what a puzzle
looks like), checks the givens against the rules, and records every problem
with the cells at fault (``issues``) so the page can tie each message to its
cells. A valid form has ``cleaned_data["grid"]``.
"""

from __future__ import annotations

from itertools import islice

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from .cells import CELL_NAMES
from .engine import STANDARD, Grid, InvalidPuzzle, Problem, find_conflicts, parse_puzzle
from .engine import read_symbol as engine_read_symbol
from .files.reading import InputError, read_entries
from .issues import Issue
from .messages import describe
from .uploads import FILE_MAX_BYTES, read_upload

PASTE_MAX_LENGTH = 2000  # room for a drawn grid with generous spacing
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


class PuzzleReader(forms.Form):
    """What every puzzle form shares: reading a text with the engine, checking
    the givens, and recording each problem as an ``Issue`` (``issues``, in
    order) beside the form's errors. ``notices`` says what the reader should
    know about a text that was read; ``grid_shown`` is the puzzle as read.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.issues: list[Issue] = []
        self.notices: list[str] = []
        self.grid_shown: Grid | None = None  # a pasted or loaded puzzle, once read

    @property
    def invalid_cells(self) -> set[int]:
        """Every cell some issue names."""
        return {cell for issue in self.issues for cell in issue.cells}

    def _note_field_errors(self) -> None:
        """Record the errors the fields raised as issues."""
        for name, errors in self.errors.as_data().items():
            for error in errors:
                self.issues.append(Issue(error.code or "invalid", " ".join(error), (), name))

    def _report(self, field: str | None, error: ValidationError, cells=()) -> None:
        """Add ``error`` to ``field`` (None for the whole form) and record it as an issue."""
        self.add_error(field, error)
        self.issues.append(Issue(error.code, " ".join(error), tuple(cells), field))

    def _read_text(self, field: str, text: str) -> Grid | None:
        """The grid written in ``text``, or None after adding the reader's errors to ``field``.

        A file that holds several puzzles, one after another, gives its first.
        """
        try:
            self.grid_shown = parse_puzzle(text, STANDARD)
        except InvalidPuzzle as invalid:
            first, count = _first_of_many(text) if field == "file" else (None, 0)
            if first is None:
                for problem in invalid.problems:
                    self._report(field, _as_error(problem))
                return None
            self.grid_shown = first
            self.notices.append(_first_of(count))
        return self.grid_shown

    def _accept_givens(self, grid: Grid) -> bool:
        """True if no givens conflict; else add an error per conflicting pair."""
        conflicts = find_conflicts(grid)
        for problem in conflicts:
            self._report(None, _as_error(problem), problem.cells)
        return not conflicts


class PuzzleForm(PuzzleReader):
    """A puzzle typed cell by cell (fields ``r1c1`` ... ``r9c9``), pasted whole,
    or read from an uploaded file.

    A file takes precedence over the paste box, and a non-empty paste box over
    the cells. After validation, ``issues`` lists every problem in page order,
    and ``notices`` what the reader should know about a file that was read.
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


class PuzzleTextForm(PuzzleReader):
    """A puzzle as one text in any format the engine reads (the API's input).

    An empty text is read like any other and gets the parser's message.
    """

    puzzle = forms.CharField(
        required=False,
        max_length=PASTE_MAX_LENGTH,
        strip=False,
        error_messages={
            "max_length": _(
                "The puzzle is too long (%(show_value)s characters; at most %(limit_value)s)."
            ),
        },
    )

    def clean(self):
        cleaned = super().clean()
        self._note_field_errors()
        if not self.has_error("puzzle"):
            grid = self._read_text("puzzle", cleaned.get("puzzle", ""))
            if grid is not None and self._accept_givens(grid):
                cleaned["grid"] = grid
        return cleaned


def _as_error(problem: Problem) -> ValidationError:
    """An engine problem as a form error, with its code and translated message."""
    return ValidationError(describe(problem), code=problem.code)


MANY_COUNTED = 10_000  # a file's puzzles are counted up to this many


def _first_of_many(text: str) -> tuple[Grid | None, int]:
    """The first puzzle of a text that holds several, one after another, and
    how many it holds; (None, 0) if it does not hold several readable ones."""
    entries = read_entries(text.splitlines())
    try:
        head = list(islice(entries, 2))
        if len(head) < 2:
            return None, 0
        first = parse_puzzle(head[0].text, STANDARD)
        return first, 2 + sum(1 for _ in islice(entries, MANY_COUNTED))
    except (InputError, InvalidPuzzle):
        # Not a list of puzzles after all (e.g. one drawn puzzle too long to
        # read): the caller reports why the whole text could not be read.
        return None, 0


def _first_of(count: int) -> str:
    """The notice that only the first of a file's ``count`` puzzles was loaded."""
    return ngettext(
        "The file holds %(count)s puzzle; the first one is loaded.",
        "The file holds %(count)s puzzles; the first one is loaded.",
        count,
    ) % {"count": count}
