"""The puzzle form: what it accepts, and the error (with its code) for what it does not."""

from django.http import QueryDict

from solver.core.cells import CELL_NAMES
from solver.core.reading import PASTE_MAX_LENGTH
from solver.engine import parse_puzzle
from solver.entry.forms import PuzzleForm
from tests.support.puzzles import HARD


def error_codes(form):
    return {error.code for errors in form.errors.as_data().values() for error in errors}


def test_typed_cells_become_the_grid(cells):
    form = PuzzleForm(cells(HARD))
    assert form.is_valid(), form.errors
    assert form.cleaned_data["grid"] == parse_puzzle(HARD)


def test_blank_zero_and_dot_all_mean_an_empty_cell(cells):
    data = cells(HARD) | {"r1c2": "0", "r1c3": ".", "r1c4": "  "}
    form = PuzzleForm(data)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["grid"][1:4] == (0, 0, 0)


def test_a_full_width_digit_is_read_as_a_digit(cells):
    form = PuzzleForm(cells(HARD) | {"r1c1": "４"})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["grid"][0] == 4


def test_a_cell_that_is_not_a_digit_is_an_error_naming_the_cell(cells):
    form = PuzzleForm(cells(HARD) | {"r3c7": "x", "r9c9": "12"})
    assert not form.is_valid()
    assert error_codes(form) == {"not_a_digit"}
    assert form.errors["r3c7"] == ["Row 3, column 7: “x” is not a digit from 1 to 9."]
    assert "r9c9" in form.errors
    assert form.invalid_cells == {2 * 9 + 6, 80}


def test_conflicting_givens_are_errors_and_their_cells_are_marked(cells):
    puzzle = "." * 19 + "5" + "." * 5 + "5" + "." * 55
    form = PuzzleForm(cells(puzzle))
    assert not form.is_valid()
    assert form.non_field_errors() == ["Two 5s in row 3 (columns 2 and 8)."]
    assert error_codes(form) == {"conflict"}
    assert form.invalid_cells == {19, 25}


def test_bad_cells_and_conflicts_are_reported_together(cells):
    puzzle = "." * 19 + "5" + "." * 5 + "5" + "." * 55
    form = PuzzleForm(cells(puzzle) | {"r5c5": "x"})
    assert not form.is_valid()
    assert error_codes(form) == {"not_a_digit", "conflict"}
    assert form.invalid_cells == {19, 25, 40}
    assert form.cell_values()[40] == "x"


def test_a_pasted_puzzle_is_used_instead_of_the_cells(cells):
    form = PuzzleForm(cells("." * 81) | {"puzzle": HARD})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["grid"] == parse_puzzle(HARD)


def test_a_paste_that_cannot_be_read_keeps_its_text_and_says_where(cells):
    form = PuzzleForm(cells("." * 81) | {"puzzle": HARD[:40] + "z" + HARD[41:]})
    assert not form.is_valid()
    assert "position 41" in form.errors["puzzle"][0]
    assert form.paste_value() == HARD[:40] + "z" + HARD[41:]


def test_a_paste_with_the_wrong_number_of_cells_is_an_error():
    form = PuzzleForm({"puzzle": HARD[:70]})
    assert not form.is_valid()
    assert error_codes(form) == {"too_few_cells"}


def test_a_conflicting_paste_moves_into_the_grid_with_its_cells_marked():
    puzzle = "55" + "." * 79
    form = PuzzleForm({"puzzle": puzzle})
    assert not form.is_valid()
    assert form.cell_values()[:3] == ["5", "5", ""]
    assert form.invalid_cells == {0, 1}
    assert form.paste_value() == ""


def test_an_overlong_paste_is_an_error_not_a_crash():
    form = PuzzleForm({"puzzle": "1" * (PASTE_MAX_LENGTH + 1)})
    assert not form.is_valid()
    assert "too long" in form.errors["puzzle"][0]


def test_missing_cell_fields_are_a_form_error(cells):
    data = cells(HARD)
    del data["r5c5"]
    form = PuzzleForm(data)
    assert not form.is_valid()
    assert error_codes(form) == {"missing_cells"}
    assert "r5c5" in form.non_field_errors()[0]


def test_unknown_fields_are_a_form_error(cells):
    form = PuzzleForm(cells(HARD) | {"r10c1": "5"})
    assert not form.is_valid()
    assert error_codes(form) == {"unexpected_fields"}


def test_a_field_sent_twice_is_a_form_error(cells):
    data = QueryDict(mutable=True)
    data.update(cells(HARD))
    data.appendlist("r1c1", "9")
    form = PuzzleForm(data)
    assert not form.is_valid()
    assert error_codes(form) == {"repeated_fields"}


def test_what_was_typed_is_shown_again_on_error(cells):
    form = PuzzleForm(cells(HARD) | {"r1c2": "x"})
    assert not form.is_valid()
    values = form.cell_values()
    assert values[0] == "4"
    assert values[1] == "x"


def test_a_form_for_a_grid_starts_with_its_digits():
    form = PuzzleForm.for_grid(parse_puzzle(HARD))
    assert not form.is_bound
    assert form.cell_values()[:2] == ["4", ""]
    assert len(form.cell_values()) == len(CELL_NAMES) == 81


def test_every_error_is_listed_as_an_issue_with_its_cells(cells):
    puzzle = "." * 19 + "5" + "." * 5 + "5" + "." * 55
    form = PuzzleForm(cells(puzzle) | {"r5c5": "x"})
    assert not form.is_valid()
    assert [(issue.code, issue.cells) for issue in form.issues] == [
        ("not_a_digit", (40,)),
        ("conflict", (19, 25)),
    ]
    errors = [error for errors in form.errors.as_data().values() for error in errors]
    assert len(form.issues) == len(errors)


def test_a_paste_error_is_an_issue_of_the_paste_box():
    form = PuzzleForm({"puzzle": "x" * 81})
    assert not form.is_valid()
    assert {issue.field for issue in form.issues} == {"puzzle"}
    assert {issue.cells for issue in form.issues} == {()}
