"""A puzzle's text read and checked: the part every puzzle form shares.

The forms read text with the engine (one source of truth for what a puzzle
looks like), check the givens against the rules, and record every problem
with the cells at fault (``issues``) so a page can tie each message to its
cells. ``PuzzleTextForm`` reads one text, as the API, the links (``?puzzle=``)
and the teacher do; the entry page's own form (``solver.entry.forms``) adds
the 81 cells and a file. A valid form has ``cleaned_data["grid"]`` and
``cleaned_data["rules"]``: the text is read by ``engine.read_puzzle``, so an
f-puzzles or SudokuPad link, its payload, or givens with a ``rules:`` line
bring their rule set, and the givens are checked against every rule of it.
"""

from __future__ import annotations

from itertools import islice

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from ..cli.reading import InputError, read_entries
from ..engine import (
    STANDARD,
    Grid,
    InvalidPuzzle,
    Problem,
    Shape,
    count_cells,
    find_conflicts,
    parse_puzzle,
)
from ..engine.board import shape_for_cells
from ..engine.puzzle import Puzzle, read_puzzle
from ..engine.rules import Rules, classic
from ..engine.rules.text import MAX_LENGTH as RULES_MAX_LENGTH
from ..engine.rules.text import read_rules
from .issues import Issue
from .messages import describe

# Room for a drawn grid with generous spacing, and for an f-puzzles link of a
# large jigsaw board (a 9x9 variant's link is 200 to 1,200 characters).
PASTE_MAX_LENGTH = 12_000


class PuzzleReader(forms.Form):
    """What every puzzle form shares: reading a text with the engine, checking
    the givens, and recording each problem as an ``Issue`` (``issues``, in
    order) beside the form's errors. ``notices`` says what the reader should
    know about a text that was read; ``grid_shown`` is the puzzle's givens as
    read, ``puzzle_shown`` the whole puzzle (givens and rules).

    ``shape`` is the board a text is read for; None reads every size the
    engine reads (4x4 to 25x25), the board following from the text.
    """

    shape: Shape | None = STANDARD
    # Whether the feature reading the puzzle applies rules beyond classic
    # Sudoku; one that does not yet refuses them by name, never drops them.
    takes_rules = False

    rules = forms.CharField(
        required=False,
        max_length=RULES_MAX_LENGTH,
        strip=True,
        error_messages={
            "max_length": _(
                "The rules are too long (%(show_value)s characters; at most %(limit_value)s)."
            ),
        },
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.issues: list[Issue] = []
        self.notices: list[str] = []
        self.grid_shown: Grid | None = None  # a pasted or loaded puzzle, once read
        self.puzzle_shown: Puzzle | None = None  # ... with its rules

    @property
    def invalid_cells(self) -> set[int]:
        """Every cell some issue names."""
        return {cell for issue in self.issues for cell in issue.cells}

    def _note_field_errors(self) -> None:
        """Record the errors the fields raised as issues."""
        for name, errors in self.errors.as_data().items():
            for error in errors:
                self.issues.append(Issue(error.code or "invalid", " ".join(error), (), name))

    def _report(
        self, field: str | None, error: ValidationError, cells=(), side: int = STANDARD.size
    ) -> None:
        """Add ``error`` to ``field`` (None for the whole form) and record it as an
        issue, its ``cells`` counted on a ``side`` x ``side`` board."""
        self.add_error(field, error)
        self.issues.append(Issue(error.code, " ".join(error), tuple(cells), field, side))

    def _read_text(self, field: str, text: str) -> Grid | None:
        """The grid written in ``text``, or None after adding the reader's errors to ``field``.

        ``puzzle_shown`` gets the puzzle with its rules (classic Sudoku when
        the text names none). A file that holds several puzzles, one after
        another, gives its first.
        """
        try:
            self.puzzle_shown = read_puzzle(text, self.shape)
            self.grid_shown = self.puzzle_shown.grid
        except InvalidPuzzle as invalid:
            first, count = _first_of_many(text) if field == "file" else (None, 0)
            if first is None:
                for problem in invalid.problems:
                    self._report(field, problem_error(problem))
                return None
            self.grid_shown = first
            self.puzzle_shown = Puzzle(first, classic(round(len(first) ** 0.5)))
            self.notices.append(_first_of(count))
        return self.grid_shown

    @property
    def rules_shown(self) -> Rules | None:
        """The rules of the puzzle as read, or None when it could not be read."""
        return self.puzzle_shown.rules if self.puzzle_shown is not None else None

    def _accept_givens(self, grid: Grid, rules: Rules | None = None) -> bool:
        """True if no givens break a rule of ``rules`` (classic Sudoku when
        None); else add an error per pair of cells that breaks one."""
        conflicts = find_conflicts(grid, rules=rules)
        side = round(len(grid) ** 0.5)
        for problem in conflicts:
            self._report(None, problem_error(problem), problem.cells, side)
        return not conflicts

    def _given_rules(self, text: str) -> Rules | None:
        """The puzzle's rules: those its text brought, or those of the ``rules``
        field (the site's short text, as its links carry it) for givens that
        brought none; None after an error when they cannot be read, or when
        the field names rules other than the ones the text brought."""
        read = self.puzzle_shown.rules
        if not text or text == read.key:
            return self._taken(read)
        if not read.is_classic:
            message = _("The puzzle brings its own rules, and the rules field names others.")
            self._report("rules", ValidationError(message, code="rules_twice"))
            return None
        try:
            rules = read_rules(text, read.size)
        except InvalidPuzzle as invalid:
            for problem in invalid.problems:  # a cage's cells at fault are pointed out
                self._report("rules", problem_error(problem), problem.cells, read.size)
            return None
        self.puzzle_shown = Puzzle(self.puzzle_shown.grid, rules)
        return self._taken(rules)

    def _taken(self, rules: Rules) -> Rules | None:
        """``rules``, or None after an error naming them when they go beyond
        classic Sudoku and this feature does not take them yet."""
        if rules.is_classic or self.takes_rules:
            return rules
        message = _(
            "This page does not take variant rules yet (%(rules)s): only the answer page "
            "and the solving API do."
        )
        params = {"rules": ", ".join(rules.ids)}
        self._report(None, ValidationError(message, code="rules_not_taken", params=params))
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
        if not (self.has_error("puzzle") or self.has_error("rules")):
            grid = self._read_text("puzzle", cleaned.get("puzzle", ""))
            rules = self._given_rules(cleaned.get("rules", "")) if grid is not None else None
            if rules is not None and self._accept_givens(grid, rules):
                cleaned["grid"], cleaned["rules"] = grid, rules
                cleaned["puzzle_read"] = self.puzzle_shown
        return cleaned


class AnySizeTextForm(PuzzleTextForm):
    """A puzzle as one text, of any size the engine reads (4x4 to 25x25). A
    valid form's grid has N*N cells; ``engine.shape_of_grid`` gives its board."""

    shape = None


class VariantTextForm(AnySizeTextForm):
    """As ``AnySizeTextForm``, with any rule set the engine knows: the answer
    page's and the solving API's input. A valid form's ``puzzle_read`` is the
    whole puzzle, its ``shape`` the board with every region of its rules."""

    takes_rules = True


def written_board(text: str, form: AnySizeTextForm) -> Shape | None:
    """The board ``text`` writes, by its number of cells as ``form`` (validated)
    read them, or as counted when it could not read them; None when no board
    has as many, or the text is too long to read."""
    if form.has_error("puzzle", "max_length"):
        return None
    shown = form.grid_shown
    return shape_for_cells(len(shown) if shown is not None else count_cells(text))


def problem_error(problem: Problem) -> ValidationError:
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
