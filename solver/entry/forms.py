"""The entry page's form: a board's cells, a pasted puzzle or a file,
validated into a grid.

What is read, and how problems are recorded, is ``core.reading``'s; here are
the cells (``r1c1`` ... ``r9c9`` on a 9x9 board, to ``r16c16`` on a 16x16),
the board's size, the file, and the checks a posted form needs (fields
unknown, repeated or missing). A valid form has ``cleaned_data["grid"]``.
"""

from __future__ import annotations

from functools import cache

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from ..core.boards import board_of_size
from ..core.cells import cell_names
from ..core.reading import PASTE_MAX_LENGTH, PuzzleReader, problem_error
from ..core.uploads import FILE_MAX_BYTES, read_upload
from ..core.writings import HEX, from_hex, hex_value, symbols_of, writing_of
from ..engine import STANDARD, SYMBOLS, Grid, Shape
from ..engine import read_symbol as engine_read_symbol
from ..engine.problems import InvalidPuzzle
from ..engine.puzzle import Puzzle
from ..engine.rules import Rules, classic, rule_set
from ..engine.rules.kinds import Jigsaw
from ..engine.rules.text import read_region_map, read_rules

NOT_A_DIGIT = _("Row %(row)s, column %(column)s: “%(value)s” is not a digit from 1 to 9.")
NOT_A_VALUE = _(
    "Row %(row)s, column %(column)s: “%(value)s” is not a value of this board (%(values)s)."
)
# A file input left empty arrives as a plain field "file" with no value; "size"
# is the board's side, on boards other than 9x9, and "writing" how its values
# are written (core.writings), "rules" the rule set's short text (engine.rules.text)
# for the cells or a paste without rules of its own. "image" and "camera" are the photo's inputs
# (solver.photos.web.views), read only by "Read the photo": Show Answer ignores them.
# "rule" (each rule ticked, sent once per rule) and "regions" (a jigsaw's map) are the
# variant rules chosen below the grid.
ALLOWED_EXTRA_FIELDS = frozenset(
    {
        "csrfmiddlewaretoken",
        "puzzle",
        "rules",
        "rule",
        "regions",
        "file",
        "size",
        "writing",
        "image",
        "camera",
    }
)
REPEATED_FIELDS = frozenset({"rule"})
ALLOWED_FILES = frozenset({"file", "image", "camera"})
FILE_TYPES = ".txt,.sdk,.ss,text/plain"  # what the file picker offers first

# The rules the entry page offers to tick, by their tokens in the rules' short
# text (engine.rules.text), each with its name; a board offers those that fit it.
RULE_CHOICES = (
    ("diagonal", _("Diagonals (X Sudoku)")),
    ("windoku", _("Windoku (hyper Sudoku)")),
    ("disjoint", _("Disjoint groups")),
    ("antiknight", _("Anti-knight")),
    ("antiking", _("Anti-king")),
    ("nonconsecutive", _("Non-consecutive")),
)
# A 25x25 region map is 625 symbols: room for it written with spaces and line breaks.
REGIONS_MAX_LENGTH = 2_000


@cache  # one per size: few
def rule_choices(size: int) -> tuple[tuple[str, str], ...]:
    """The choices of ``RULE_CHOICES`` that fit an N x N board (windows need square boxes)."""

    def fits(token: str) -> bool:
        try:
            read_rules(token, size)
        except InvalidPuzzle:
            return False
        return True

    return tuple(choice for choice in RULE_CHOICES if fits(choice[0]))


def cell_value(text: str, board: Shape, writing: str = "") -> int | None:
    """What a cell of ``board`` holding ``text`` holds: its digit, 0 when empty
    (blank, ``0``, ``.``, ``-`` or ``_``), or None when it is no value.

    One symbol as the formats write it (``1`` to ``9``, then ``A`` = 10 ...);
    on boards above 9x9 also a number of two digits up to the board's side,
    as typed (``12``). In hexadoku's ``writing`` (HEX), one of its symbols."""
    if writing == HEX:
        return hex_value(text)
    if not text:
        return 0
    if len(text) == 1:
        return engine_read_symbol(text, board)
    if len(text) == 2 and text.isascii() and text.isdigit() and 10 <= int(text) <= board.size:
        return int(text)
    return None


def values_written(board: Shape, writing: str = "") -> str:
    """How a person writes the values of ``board``, for the page and its
    messages: 1 to 6, or 1 to 9, A to G or 10 to 16, or 0 to F (hexadoku),
    with en dashes."""
    if writing == HEX:
        return "0–F"
    if board.size <= 9:
        return f"1–{board.size}"
    return f"1–9, A–{SYMBOLS[board.size - 1]} or 10–{board.size}"


class CellField(forms.CharField):
    """One cell of ``board``: a value (see ``cell_value``) or empty; cleans to
    an int, or to None when it holds anything else.

    An unreadable cell is not an error of the field's own: it is one only when
    the cells are what is read, so the form reports it (``PuzzleForm``), not
    when a paste or a file is used instead.
    """

    def __init__(self, cell: int, board: Shape = STANDARD, writing: str = "", **kwargs):
        super().__init__(required=False, strip=True, **kwargs)
        self.cell = cell
        self.board = board
        self.writing = writing

    def to_python(self, value) -> int | None:
        return cell_value(super().to_python(value), self.board, self.writing)


class PuzzleForm(PuzzleReader):
    """A puzzle typed cell by cell on ``board`` (fields ``r1c1`` ... ``r9c9``
    on a 9x9 board), pasted whole, or read from an uploaded file.

    A file takes precedence over the paste box, and a non-empty paste box over
    the cells. After validation, ``issues`` lists every problem in page order,
    ``notices`` what the reader should know about a file that was read, and
    ``source`` the text of the file or paste box that was read ("" for the cells).
    A paste or a file is read for ``board`` (``posted_board`` finds the board
    a post was typed on); cells, pastes and files are in ``writing``
    (``core.writings``: "" for the formats' symbols, HEX for hexadoku's).
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

    rule = forms.MultipleChoiceField(
        label=_("Rules beyond rows, columns and boxes"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        error_messages={
            "invalid_choice": _("The rule “%(value)s” is not one this board offers."),
        },
    )
    regions = forms.CharField(
        label=_("Jigsaw regions"),
        required=False,
        max_length=REGIONS_MAX_LENGTH,
        widget=forms.Textarea,
        error_messages={
            "max_length": _(
                "The region map is too long (%(show_value)s characters; at most %(limit_value)s)."
            ),
        },
    )

    takes_rules = True  # its post goes to the answer, which solves under them

    def __init__(self, *args, board: Shape = STANDARD, writing: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        self.board = self.shape = board
        self.fields["rule"].choices = rule_choices(board.size)
        self.writing = writing_of(writing, board)
        self.symbols = symbols_of(board, self.writing)
        self.names = cell_names(board)
        for cell, name in enumerate(self.names):
            self.fields[name] = CellField(cell, board, self.writing)
        self.source = ""

    @classmethod
    def for_grid(cls, grid: Grid, board: Shape = STANDARD, writing: str = "") -> PuzzleForm:
        """An unbound form on ``board`` whose cells start filled with ``grid``."""
        form = cls(board=board, writing=writing)
        form.initial = {
            name: form.symbols[digit - 1] if digit else ""
            for name, digit in zip(form.names, grid, strict=True)
        }
        return form

    @classmethod
    def for_puzzle(cls, puzzle: Puzzle, board: Shape = STANDARD, writing: str = "") -> PuzzleForm:
        """As ``for_grid``, with the puzzle's rules kept in the form (``rules_carried``)."""
        form = cls.for_grid(puzzle.grid, board, writing)
        form.initial["rules"] = puzzle.rules.key
        return form

    @property
    def rules_carried(self) -> Rules | None:
        """The rules beyond classic Sudoku that the form carries (those read,
        else those it was sent or started with, when they can be read), or None."""
        if self.puzzle_shown is not None:
            rules = self.puzzle_shown.rules
        else:
            source = self.data if self.is_bound else self.initial
            text = str(source.get("rules", ""))[: self.fields["rules"].max_length]
            try:
                rules = read_rules(text, self.board.size)
            except InvalidPuzzle:
                return None
        # A paste of another board, its rules with it, is answered at its own
        # size; this form's grid does not draw them.
        return None if rules.is_classic or rules.size != self.board.size else rules

    def _read_text(self, field: str, text: str) -> Grid | None:
        """As the reader's, a text in hexadoku's writing first put in the formats'."""
        return super()._read_text(field, from_hex(text) if self.writing == HEX else text)

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
        if grid is None:
            return cleaned
        if self.puzzle_shown is None:  # the cells, under the rules field's rules
            self.puzzle_shown = Puzzle(grid, classic(self.board.size))
        text = self._rules_text(cleaned)
        rules = self._given_rules(text) if text is not None else None
        # Conflicts among the readable cells are reported even beside bad cells,
        # so one round trip shows every problem.
        if rules is not None and self._accept_givens(grid, rules) and not self.errors:
            cleaned["grid"], cleaned["rules"] = grid, rules
            cleaned["puzzle_read"] = self.puzzle_shown
        return cleaned

    @property
    def rules_chosen(self) -> bool:
        """True when rules were ticked or a region map typed below the grid."""
        return self.is_bound and bool(self.data.get("rule") or self.data.get("regions"))

    def chosen(self) -> list[str]:
        """The rules ticked below the grid, as posted (the checkboxes kept)."""
        getlist = getattr(self.data, "getlist", None)
        return list(getlist("rule")) if getlist else list(self.data.get("rule") or ())

    def _rules_text(self, cleaned: dict) -> str | None:
        """The rules' short text: the rules field's, with the rules ticked and
        the jigsaw regions typed below the grid; None after an error naming
        what cannot be read or does not fit together."""
        carried = cleaned.get("rules", "")
        if not self.rules_chosen:
            return carried
        if self.has_error("rule") or self.has_error("regions") or self.has_error("rules"):
            return None
        read = self.puzzle_shown
        if self.source and (not read.rules.is_classic or len(read.grid) != self.board.cells):
            message = _(
                "The pasted puzzle brings its own rules or another size, so the rules chosen "
                "below the grid cannot go with it. Empty the box, or the rules chosen."
            )
            self._report(None, ValidationError(message, code="rules_with_paste"))
            # Set aside, not read: the grid keeps what was typed, the box the paste.
            self.puzzle_shown = self.grid_shown = None
            return None
        size = self.board.size
        try:
            chosen = list(read_rules(carried, size).kinds)
            chosen += read_rules(",".join(cleaned.get("rule") or ()), size).kinds
        except InvalidPuzzle as invalid:
            return self._refuse_rules("rule", invalid)
        if cleaned.get("regions"):
            try:
                chosen.append(Jigsaw(read_region_map(cleaned["regions"], size)))
            except InvalidPuzzle as invalid:
                return self._refuse_rules("regions", invalid)
        try:
            return rule_set(size, chosen).key
        except InvalidPuzzle as invalid:
            return self._refuse_rules("rule", invalid)

    def _refuse_rules(self, field: str, invalid: InvalidPuzzle) -> None:
        """Report each of ``invalid``'s problems on ``field``."""
        for problem in invalid.problems:
            self._report(field, problem_error(problem), problem.cells, self.board.size)

    def _report_unreadable_cells(self, cleaned: dict) -> None:
        """Add an error for each cell that holds something other than a digit or a blank."""
        standard = self.board is STANDARD
        message = NOT_A_DIGIT if standard else NOT_A_VALUE
        for cell, name in enumerate(self.names):
            if name in cleaned and cleaned[name] is None:
                row, column = self.board.row_col(cell)
                text = str(self.data.get(name, "")).strip()
                params = {"row": row, "column": column, "value": text[:10]}
                if not standard:
                    params["values"] = values_written(self.board, self.writing)
                error = ValidationError(message, code="not_a_digit", params=params)
                self._report(name, error, (cell,), self.board.size)

    def _reject_tampering(self) -> bool:
        """Add an error and return True if fields are unknown or repeated."""
        unknown = sorted(set(self.data) - ALLOWED_EXTRA_FIELDS - set(self.names))
        unknown += sorted(set(self.files) - ALLOWED_FILES)
        repeated = sorted(
            key
            for fields in (self.data, self.files)
            for key in fields
            if key not in REPEATED_FIELDS and len(self._values_of(fields, key)) > 1
        )
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

    @staticmethod
    def _values_of(fields, key: str) -> list:
        """Every value sent for ``key`` in ``fields`` (a plain dict sends one)."""
        getlist = getattr(fields, "getlist", None)
        return getlist(key) if getlist else [fields[key]]

    def _read_source(self, cleaned: dict) -> Grid | None:
        """The grid of the file, else of the paste box, else of the cells; None on error."""
        if cleaned.get("file"):
            return self._read_text("file", cleaned["file"])
        if cleaned.get("puzzle"):
            return self._read_text("puzzle", cleaned["puzzle"])
        return self._read_cells(cleaned)

    def _read_cells(self, cleaned: dict) -> Grid | None:
        """The grid typed in the cells (unreadable ones empty), or None if some were not sent."""
        missing = [name for name in self.names if name not in self.data]
        if missing:
            message = _("The form was missing %(count)s cells (%(names)s). Please reload the page.")
            self._form_error(message, "missing_cells", missing)
            return None
        return tuple(cleaned.get(name) or 0 for name in self.names)

    def cell_values(self) -> list[str]:
        """What each cell shows: a pasted puzzle once read, else what was typed, else initial."""
        if self.grid_shown is not None and len(self.grid_shown) == len(self.names):
            return [self.symbols[digit - 1] if digit else "" for digit in self.grid_shown]
        if self.is_bound:
            return [str(self.data.get(name, ""))[:3] for name in self.names]
        return [str(self.initial.get(name, "")) for name in self.names]

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


def posted_board(data) -> Shape:
    """The board a posted entry form was typed on: its ``size`` field, 9x9
    when there is none (or it names no board: the form then finds the cells
    it misses)."""
    return board_of_size(data.get("size", "")) or STANDARD


def posted_writing(data) -> str:
    """The writing a posted entry form was typed in (``writing_of``)."""
    return writing_of(data.get("writing", ""), posted_board(data))
