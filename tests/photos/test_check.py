"""The check: a reading with no single solution is mended by the reader's next
guesses, cheapest first, within bounds; the engine is the judge."""

from solver.photos import check as check_module
from solver.photos.check import (
    MAX_ALTERNATIVES,
    MAX_TRIES,
    Choice,
    check,
    verdict_of,
)
from tests.support.puzzles import HARD, HARD_SOLUTION


def _read(puzzle: str, guesses: dict[int, list[Choice]] | None = None) -> list[list[Choice]]:
    """Each cell of ``puzzle`` read surely, but the cells of ``guesses``, read so."""
    guesses = guesses or {}
    return [guesses.get(index, [Choice(symbol, 0.99)]) for index, symbol in enumerate(puzzle)]


def _with(puzzle: str, index: int, symbol: str) -> str:
    return puzzle[:index] + symbol + puzzle[index + 1 :]


GIVEN = HARD.index("3")  # a given of HARD: row 1, column 5
EMPTY = 1  # an empty cell of HARD
# HARD has no given to spare (each one gone lets in more solutions); RICH is HARD
# with the solution's digits in its second row too, as a newspaper's puzzle has some.
RICH = HARD[:9] + HARD_SOLUTION[9:18] + HARD[18:]
SPARE = 9  # a given of RICH that its row implies
# Every cell doubtful between empty and a 1: no rule broken, and no set of three
# changes gives one solution, so the walk goes on until a bound stops it.
EMPTY_OR_ONE = [[Choice(".", 0.5), Choice("1", 0.4)] for _ in range(81)]


def test_a_reading_with_one_solution_stands_unchanged():
    checked = check(_read(HARD))
    assert (checked.puzzle, checked.verdict) == (HARD, "unique")


def test_a_digit_misread_is_mended_by_the_second_guess():
    cells = _read(HARD, {GIVEN: [Choice("8", 0.6), Choice("3", 0.3), Choice(".", 0.01)]})
    checked = check(cells)
    assert (checked.puzzle, checked.verdict) == (HARD, "unique")
    assert checked.choices[GIVEN] == Choice("3", 0.3)


def test_a_given_missed_is_put_back_from_a_faint_guess():
    missed = _with(HARD, GIVEN, ".")
    assert verdict_of(missed)[0] == "multiple"
    cells = _read(missed, {GIVEN: [Choice(".", 0.8), Choice("3", 0.15), Choice("5", 0.05)]})
    assert check(cells).puzzle == HARD


def test_a_smudge_read_as_a_digit_is_emptied():
    smudged = _with(HARD, EMPTY, "4")  # a second 4 in row 1: the rules are broken
    assert verdict_of(smudged)[0] == "none"
    cells = _read(smudged, {EMPTY: [Choice("4", 0.7), Choice(".", 0.3)]})
    assert check(cells).puzzle == HARD


def test_a_digit_emptied_by_the_check_is_given_back_as_the_solution_says():
    # The classifier saw ink but none of its guesses is right: the check empties
    # the cell, and the unique solution tells which digit the ink was.
    misread = "9" if RICH[SPARE] != "9" else "8"
    cells = _read(_with(RICH, SPARE, misread), {SPARE: [Choice(misread, 0.97), Choice(".", 0.01)]})
    checked = check(cells)
    assert checked.puzzle == RICH
    assert checked.choices[SPARE].probability < 0.01


def test_a_cell_that_may_be_empty_is_not_given_back():
    smudged = _with(RICH, EMPTY, "4")
    cells = _read(smudged, {EMPTY: [Choice("4", 0.7), Choice(".", 0.3)]})
    assert check(cells).puzzle == RICH


def test_a_reading_beyond_mending_keeps_the_first_guesses_and_their_verdict():
    broken = "11" + HARD[2:]
    checked = check(_read(broken))
    assert (checked.puzzle, checked.verdict) == (broken, "none")


def test_a_sure_misread_that_breaks_a_rule_is_mended_before_cheaper_doubts():
    # A digit read surely as another that its row holds already (a 4 read as a
    # 5): one of the two is misread, however sure the classifier was, and it is
    # tried before twenty cells the classifier doubted more.
    index = GIVEN
    row = HARD[index - index % 9 : index - index % 9 + 9]
    twin = next(digit for digit in row if digit not in ".3")
    doubted = [i for i, symbol in enumerate(HARD) if symbol == "."][:20]
    guesses = {i: [Choice(".", 0.6), Choice("1", 0.4)] for i in doubted}
    guesses[index] = [Choice(twin, 0.99), Choice("3", 0.005), Choice(".", 0.005)]
    assert len(doubted) > MAX_ALTERNATIVES  # the doubts alone fill the walk's choices
    assert verdict_of(_with(HARD, index, twin))[0] == "none"
    checked = check(_read(HARD, guesses))
    assert (checked.puzzle, checked.verdict) == (HARD, "unique")


def test_rules_broken_in_more_places_than_cells_may_change_are_not_mended(monkeypatch):
    tries = []
    real = check_module.verdict_of
    monkeypatch.setattr(check_module, "verdict_of", lambda text: tries.append(text) or real(text))
    # Every cell doubtful between two wrong digits: nine rows with two 1s each at least.
    cells = [[Choice("1", 0.5), Choice("2", 0.4)] for _ in range(81)]
    checked = check(cells)
    assert checked.verdict == "none"
    assert tries == []  # no other reading tried (the first is judged by its conflicts)


def test_the_tries_are_bounded_in_number(monkeypatch):
    tries = []
    real = check_module.verdict_of
    monkeypatch.setattr(check_module, "verdict_of", lambda text: tries.append(text) or real(text))
    checked = check(EMPTY_OR_ONE)
    assert checked.verdict == "multiple"
    assert len(tries) == MAX_TRIES + 1  # the first reading, then MAX_TRIES others


def test_the_tries_stop_at_the_seconds_on_a_slow_machine(monkeypatch):
    tries = []
    real = check_module.verdict_of
    monkeypatch.setattr(check_module, "verdict_of", lambda text: tries.append(text) or real(text))
    monkeypatch.setattr(check_module, "BUDGET_SECONDS", 0.3)
    # A clock that moves a tenth of a second each time it is read: a machine on
    # which each step takes that long.
    ticks = iter(range(10**6))
    monkeypatch.setattr(check_module, "perf_counter", lambda: next(ticks) / 10)
    checked = check(EMPTY_OR_ONE)
    assert checked.verdict == "multiple"
    assert 1 < len(tries) < 6  # the first reading, then the few the seconds allowed
