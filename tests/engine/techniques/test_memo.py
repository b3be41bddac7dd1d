"""The memo of parts that found nothing: a shortcut that never changes an answer.

Each finder that keeps a memo (``techniques.memo``) is asked along whole
walks of hard puzzles, with what it kept from the boards before, and must
give exactly the steps of a full search, in the same order.
"""

import pytest

from solver.engine.board import STANDARD
from solver.engine.steps import Step
from solver.engine.techniques import TECHNIQUES, memo
from tests.support.boards import cell, open_board
from tests.support.incremental import differences
from tests.support.puzzles import SIZED, sample

# The finders that skip parts of their search by the memo.
MEMOISED = (
    "naked-pair",
    "naked-triple",
    "naked-quad",
    "hidden-pair",
    "hidden-triple",
    "hidden-quad",
    "x-wing",
    "swordfish",
    "jellyfish",
    "finned-x-wing",
    "finned-swordfish",
    "finned-jellyfish",
    "skyscraper",
    "two-string-kite",
    "turbot-fish",
    "empty-rectangle",
    "simple-colors",
    "multi-colors",
    "x-chain",
    "sue-de-coq",
    # These read each unit's almost locked sets, kept by the unit's candidates.
    "als-xz",
    "als-xy-wing",
    "aic",
    # These share the board's rectangles.
    "unique-rectangle-1",
    "unique-rectangle-2",
    "unique-rectangle-3",
    "unique-rectangle-4",
    "hidden-rectangle",
)


def test_a_part_is_skipped_only_on_the_view_it_found_nothing_on():
    nothing = memo.Nothing()
    asked = []

    def find(found):
        def search():
            asked.append(found)
            return [Step("x")] * found

        return search

    assert list(nothing.search("part", 1, find(0))) == []
    assert list(nothing.search("part", 1, find(0))) == []  # skipped
    assert list(nothing.search("part", 2, find(1))) == [Step("x")]
    assert list(nothing.search("part", 2, find(1))) == [Step("x")]  # found: asked again
    assert list(nothing.search("other", 1, find(0))) == []
    assert asked == [0, 1, 1, 0]


def test_what_is_kept_is_given_again_only_on_an_equal_view():
    kept = memo.Kept()
    worked = []

    def work(value):
        def done():
            worked.append(value)
            return value

        return done

    assert kept.get("part", (1, 2), work("a")) == "a"
    assert kept.get("part", (1, 2), work("b")) == "a"  # kept
    assert kept.get("part", (1, 3), work("c")) == "c"
    assert kept.get("other", (1, 3), work("d")) == "d"
    assert kept.get("part", (1, 2), work("e")) == "e"  # only the last view is kept
    assert worked == ["a", "c", "d", "e"]
    memo.forget()
    assert kept.get("part", (1, 2), work("f")) == "f"


def test_planes_are_each_digits_places_on_the_board_as_it_is_now():
    marks = open_board()
    assert memo.planes(marks)[5] == (1 << STANDARD.cells) - 1
    marks.eliminate(cell(1, 1), 5)
    assert memo.planes(marks)[5] == (1 << STANDARD.cells) - 2
    assert memo.planes(marks)[4] == (1 << STANDARD.cells) - 1


def test_with_their_memo_finders_find_what_a_full_search_finds_on_a_hard_walk():
    finders = {name: TECHNIQUES[name] for name in MEMOISED}
    [puzzle] = sample("forum_hardest_1106.txt", 1)
    assert differences(puzzle, finders) == []


@pytest.mark.slow
def test_with_their_memo_finders_find_what_a_full_search_finds_on_more_hard_walks():
    finders = {name: TECHNIQUES[name] for name in MEMOISED}
    for puzzle in sample("forum_hardest_1106.txt", 6) + sample("top1465.txt", 6):
        assert differences(puzzle, finders) == [], puzzle


def test_on_boards_of_other_shapes_too():
    finders = {name: TECHNIQUES[name] for name in MEMOISED}
    for puzzle in (SIZED["6x6"], SIZED["8x8"]):
        assert differences(puzzle, finders) == [], puzzle
