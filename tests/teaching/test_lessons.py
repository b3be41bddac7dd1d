"""solver.teaching: a person's board read (givens, progress, candidates) with
the API's codes, judged against the solution, and taught: the steps to the
end, every instance on the board, or the next step alone."""

from __future__ import annotations

import pytest
from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.utils import translation

from solver.core.issues import Issue
from solver.engine import STANDARD, is_valid_solution, parse_puzzle
from solver.engine.marks import Marks
from solver.engine.teacher import TRIAL
from solver.teaching import lessons
from solver.teaching.lessons import (
    Board,
    Picture,
    finders,
    hint,
    lesson,
    pattern_json,
    read_board,
    unknown_techniques,
)
from tests.support.puzzles import HARD, HARD_SOLUTION, NO_SOLUTION

SOLUTION = parse_puzzle(HARD_SOLUTION)


def board(*args, **kwargs) -> Board:
    read = read_board(*args, **kwargs)
    assert isinstance(read, Board), read
    return read


def issues(*args, **kwargs) -> list[Issue]:
    read = read_board(*args, **kwargs)
    assert isinstance(read, list), read
    return read


def progress_with(cells: dict[int, int], base: str = "." * 81) -> str:
    symbols = list(base)
    for cell, digit in cells.items():
        symbols[cell] = str(digit)
    return "".join(symbols)


def candidates_of(marks: Marks) -> list[str]:
    return ["".join(map(str, Picture.of(marks).candidates[cell])) for cell in range(81)]


def replay(read: Board, steps) -> Marks:
    marks = read.marks.copy()
    for view in steps:
        view.step.apply(marks)
    return marks


# Reading the board


def test_the_givens_are_read_by_the_apis_form_with_its_codes():
    assert [issue.code for issue in issues("5....5" + "." * 75)] == ["conflict"]
    assert [issue.code for issue in issues("12x" + "." * 78)] == ["bad_character"]


def test_givens_alone_give_every_candidate_the_rules_allow():
    read = board(HARD)
    assert read.marks == Marks.from_grid(parse_puzzle(HARD), STANDARD)
    assert (read.status, read.solution, read.wrong) == ("unique", SOLUTION, ())


def test_progress_places_digits_and_may_repeat_a_given_or_leave_it_empty():
    placed = {1: SOLUTION[1], 2: SOLUTION[2], 0: SOLUTION[0]}  # cell 0 is a given 4
    read = board(HARD, progress=progress_with(placed))
    assert read.marks.digits[1:3] == list(SOLUTION[1:3])
    assert read.marks.digits[0] == 4
    assert read.givens == parse_puzzle(HARD)
    assert (read.status, read.wrong) == ("unique", ())


def test_progress_of_the_wrong_length_is_refused():
    [issue] = issues(HARD, progress="." * 80)
    assert issue.code == "progress_length"
    assert "80" in issue.message


def test_progress_symbols_that_are_not_digits_are_named_by_cell():
    [issue] = issues(HARD, progress="x" + "." * 79 + "?")
    assert (issue.code, issue.cells) == ("progress_not_a_digit", (0, 80))


def test_progress_that_changes_a_given_is_refused_naming_the_cell():
    [issue] = issues(HARD, progress=progress_with({0: 5}))
    assert (issue.code, issue.cells) == ("progress_changes_given", (0,))


def test_progress_that_conflicts_with_the_givens_names_both_cells():
    [issue] = issues(HARD, progress=progress_with({1: 4}))  # a second 4 in row 1
    assert issue.code == "conflict"
    assert set(issue.cells) == {0, 1}


def test_a_wrong_digit_placed_is_flagged_and_the_board_has_no_solution():
    marks = Marks.from_grid(parse_puzzle(HARD), STANDARD)
    # A candidate the givens allow (so no conflict) that is not the solution's digit.
    cell, wrong = next((c, d) for c, d in marks.pencilled() if d != SOLUTION[c])
    read = board(HARD, progress=progress_with({cell: wrong}))
    assert read.status == "none"
    assert read.wrong == (cell,)


def test_candidates_replace_the_rules_own_and_wrong_ones_are_accepted_and_flagged():
    marks = Marks.from_grid(parse_puzzle(HARD), STANDARD)
    cell = 1  # open in HARD
    pencilled = candidates_of(marks)
    pencilled[cell] = pencilled[cell].replace(str(SOLUTION[cell]), "")
    read = board(HARD, candidates=pencilled)
    assert read.wrong == (cell,)
    assert not read.marks.has(cell, SOLUTION[cell])
    assert read.status == "unique"


def test_candidates_of_the_wrong_shape_or_symbols_are_named():
    marks = Marks.from_grid(parse_puzzle(HARD), STANDARD)
    assert issues(HARD, candidates=["1"] * 80)[0].code == "candidates_length"
    pencilled = candidates_of(marks)
    pencilled[3], pencilled[7] = "1a", "0"
    [issue] = issues(HARD, candidates=pencilled)
    assert (issue.code, issue.cells) == ("candidates_not_digits", (3, 7))


def test_a_placed_cell_takes_no_candidates_but_its_own_digit():
    pencilled = candidates_of(Marks.from_grid(parse_puzzle(HARD), STANDARD))
    pencilled[0] = "4"  # the given itself: accepted
    board(HARD, candidates=pencilled)
    pencilled[0] = "45"
    [issue] = issues(HARD, candidates=pencilled)
    assert (issue.code, issue.cells) == ("candidates_on_placed", (0,))


# Teaching


def test_a_lesson_solves_the_board_to_the_solution_with_numbered_sentences():
    read = board(HARD)
    taught = lesson(read)
    assert taught.status == "unique"
    assert [view.number for view in taught.steps] == list(range(1, len(taught.steps) + 1))
    assert replay(read, taught.steps).grid() == SOLUTION
    for view in taught.steps:
        assert view.text
        assert view.look
        assert view.name
        assert view.technique in finders() or view.technique == TRIAL


def test_each_step_shows_the_board_it_is_taken_on():
    read = board(HARD)
    taught = lesson(read)
    marks = read.marks.copy()
    for view in taught.steps:
        assert view.before == Picture.of(marks)
        view.step.apply(marks)


def test_placements_and_eliminations_count_rows_and_columns_from_1():
    first = lesson(board(HARD)).steps[0]
    for row, column, digit in first.placements + first.eliminations:
        assert 1 <= row <= 9
        assert 1 <= column <= 9
        assert 1 <= digit <= 9
    [(cell, digit)] = first.step.placements
    assert first.placements == ((cell // 9 + 1, cell % 9 + 1, digit),)


def test_a_lesson_from_progress_starts_there():
    placed = {cell: SOLUTION[cell] for cell in range(40)}
    read = board(HARD, progress=progress_with(placed))
    taught = lesson(read)
    assert all(cell >= 40 for view in taught.steps for cell, _ in view.step.placements)
    assert replay(read, taught.steps).grid() == SOLUTION


def test_all_lists_every_instance_on_the_board_and_applies_none():
    read = board(HARD)
    listed = lesson(read, techniques=["hidden-single", "naked-single"], all=True)
    found = [
        s
        for finder in finders(["hidden-single", "naked-single"]).values()
        for s in finder(read.marks.copy())
    ]
    assert [view.step for view in listed.steps] == found
    assert {view.before for view in listed.steps} == {Picture.of(read.marks)}
    assert listed.difficulty is None


def test_techniques_limit_the_steps_to_those_and_trials():
    taught = lesson(board(HARD), techniques=["naked-single"])
    assert {view.technique for view in taught.steps} <= {"naked-single", TRIAL}
    assert TRIAL in {view.technique for view in taught.steps}


def test_ids_that_name_no_technique_are_found_and_refused():
    assert unknown_techniques(["x-wing", "magic", "aic", "magic"]) == ["magic"]
    with pytest.raises(ValueError, match="magic"):
        finders(["magic"])


def test_a_board_without_solution_gets_no_steps():
    read = board(NO_SOLUTION)
    assert read.status == "none"
    assert lesson(read).steps == ()
    assert hint(read).steps == ()


def test_a_hint_is_the_lessons_first_step():
    read = board(HARD)
    [first] = hint(read).steps
    assert first == lesson(read).steps[0]


def test_a_solved_board_gets_no_hint():
    assert hint(board(HARD_SOLUTION)).steps == ()


def test_the_budget_ends_the_logic_in_trial_steps_that_still_solve():
    read = board(HARD)
    taught = lesson(read, max_seconds=0.0)
    assert {view.technique for view in taught.steps} == {TRIAL}
    assert replay(read, taught.steps).grid() == SOLUTION
    assert is_valid_solution(parse_puzzle(HARD), replay(read, taught.steps).grid())


def test_a_pattern_is_plain_json_from_1():
    view = next(v for v in lesson(board(HARD)).steps if v.step.pattern.units)
    shown = pattern_json(view.step.pattern)
    assert shown == view.pattern
    unit = view.step.pattern.units[0]
    assert shown["units"][0] == {"kind": unit.kind, "number": unit.number}
    cell = view.step.pattern.cells[0]
    assert shown["cells"][0] == [cell // 9 + 1, cell % 9 + 1]


def test_a_walk_is_made_once_and_worded_in_each_readers_language(monkeypatch):
    walks = []
    walked = lessons.explain  # the suite's stand-in (tests/support/walks.py)
    monkeypatch.setattr(
        lessons, "explain", lambda *args, **kwargs: walks.append(1) or walked(*args, **kwargs)
    )
    with translation.override("en"):
        english = lesson(board(HARD))
    with translation.override("vi"):
        vietnamese = lesson(board(HARD))
    assert len(walks) == 1  # the second reader's lesson read the kept walk
    assert [view.step for view in english.steps] == [view.step for view in vietnamese.steps]
    assert english.steps[0].text != vietnamese.steps[0].text


def test_a_walk_cut_short_by_the_time_is_kept_only_for_a_while(monkeypatch):
    kept = []
    monkeypatch.setattr(caches["walks"], "set", lambda key, steps, timeout: kept.append(timeout))
    lesson(board(HARD), max_seconds=0)  # spent at once: the walk ends in trial steps
    lesson(board(HARD))
    assert kept == [lessons.CUT_WALK_SECONDS, DEFAULT_TIMEOUT]  # the cache's own week
