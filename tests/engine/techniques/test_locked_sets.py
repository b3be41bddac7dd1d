"""A unit's almost locked sets: every one, in order, kept while the unit is the same."""

from itertools import combinations, islice

from solver.engine.marks import digits_of
from solver.engine.techniques import locked_sets, memo
from solver.engine.techniques.locked_sets import MAX_CELLS, in_unit
from tests.support.boards import open_board
from tests.support.incremental import walk
from tests.support.puzzles import SIZED, sample


def plainly(marks, number):
    """The unit's sets by the definition: every 1 to ``MAX_CELLS`` of its open
    cells whose candidates number one more, in the order of their cells'
    places in the unit (a set before the sets that extend it)."""
    cells = [cell for cell in marks.shape.units[number].cells if marks.candidates[cell]]
    found = []
    for size in range(1, MAX_CELLS + 1):
        for chosen in combinations(range(len(cells)), size):
            mask = 0
            for i in chosen:
                mask |= marks.candidates[cells[i]]
            if mask.bit_count() == size + 1:
                found.append((chosen, tuple(cells[i] for i in chosen), mask))
    return [(cells, mask) for _, cells, mask in sorted(found)]


def test_every_set_of_a_unit_is_found_in_order_with_its_places_and_what_sees_them():
    boards = [*islice(walk(sample("forum_hardest_1106.txt", 1)[0]), 0, None, 5)]
    for marks in boards + [*islice(walk(SIZED["6x6"]), 0, None, 4)]:
        peers = marks.shape.peers
        for number in range(len(marks.shape.units)):
            found = in_unit(marks, number)
            assert [(s.cells, s.digits) for s in found] == plainly(marks, number)
            for s in found:
                assert s.where == sum(1 << cell for cell in s.cells)
                assert set(s.places) == set(digits_of(s.digits))
                for digit, places in s.places.items():
                    holding = [c for c in s.cells if marks.has(c, digit)]
                    assert places == sum(1 << c for c in holding)
                    seeing = set.intersection(*(set(peers[c]) for c in holding))
                    assert s.seen[digit] == sum(1 << c for c in seeing)


def test_a_units_sets_are_kept_while_its_candidates_are_the_same():
    marks = open_board(pencilled={0: {1, 2}, 1: {2, 3}, 2: {1, 3}, 9: {1, 2}})
    row, column = 0, marks.shape.size  # row 1 and column 1
    kept_row, kept_column = in_unit(marks, row), in_unit(marks, column)
    marks.eliminate(1, 3)  # row 1 changes, column 1 does not
    assert in_unit(marks, column) is kept_column
    assert in_unit(marks, row) is not kept_row
    assert [s.cells for s in in_unit(marks, row)] == [c for c, _ in plainly(marks, row)]


def test_sets_kept_along_a_walk_are_those_found_afresh():
    for marks in walk(sample("top1465.txt", 1)[0]):
        kept = [in_unit(marks, number) for number in range(len(marks.shape.units))]
        memo.forget()
        assert kept == [in_unit(marks, n) for n in range(len(marks.shape.units))]
    assert locked_sets.MAX_CELLS == 6
