"""The forcing chain's branches followed by singles: the fast way equals the plain way.

``chains._follow`` looks again only at the digits that lost a place in a
unit (and first at those with a place or none on the board), and finds a
digit's places from its plane; ``plain_follow`` below is
the rule as written, every unit looked through after every round of naked
singles. Both must place the same digits in the same order, or both run
into a contradiction, for every candidate of every board of hard walks
(broken boards included); and what several branches all place, and all
take out, worked out on sets of cells (``_common``), must be what the plain
rule finds.
"""

from itertools import islice

from solver.engine.marks import Marks, digits_of
from solver.engine.techniques.chains import _by_digit, _common, _follow, _removed, _start
from tests.support.incremental import walk
from tests.support.puzzles import SIZED, sample


def plain_follow(marks: Marks, cell: int, digit: int) -> dict[int, int] | None:
    """``_follow`` as the rule reads: place, follow naked singles, then look
    through every unit for hidden singles and digits with no place; again
    until nothing is left to place."""
    board = marks.shape
    candidates, digits = list(marks.candidates), list(marks.digits)
    placed: dict[int, int] = {}
    queue = [(cell, digit)]
    while queue:
        while queue:
            cell, digit = queue.pop()
            if placed.get(cell) == digit:
                continue
            bit = 1 << (digit - 1)
            if not candidates[cell] & bit:
                return None
            placed[cell], digits[cell], candidates[cell] = digit, digit, 0
            for peer in board.peers[cell]:
                if candidates[peer] & bit:
                    left = candidates[peer] = candidates[peer] & ~bit
                    if not left:
                        return None
                    if left & (left - 1) == 0:
                        queue.append((peer, left.bit_length()))
        for unit in board.units:
            once = twice = held = 0
            for at in unit.cells:
                mask = candidates[at]
                twice |= once & mask
                once |= mask
                if digits[at]:
                    held |= 1 << (digits[at] - 1)
            if (once | held).bit_count() < board.size:
                return None
            for digit in digits_of(once & ~twice):
                queue.extend((c, digit) for c in unit.cells if candidates[c] >> (digit - 1) & 1)
    return placed


def plain_removed_by_all(marks: Marks, outcomes: list[dict[int, int]]) -> tuple:
    """What every branch's placements take out, as sets of candidates."""
    common = None
    for placed in outcomes:
        gone = set()
        for cell, digit in placed.items():
            gone.update((cell, d) for d in digits_of(marks.candidates[cell]) if d != digit)
            gone.update((p, digit) for p in marks.shape.peers[cell] if marks.has(p, digit))
        common = gone if common is None else common & gone
    return tuple(sorted(common or ()))


def followed_both_ways(marks: Marks) -> int:
    """Follow every candidate of ``marks`` both ways, asserting they agree;
    how many were followed."""
    start = _start(marks)
    outcomes = []
    for cell, digit in marks.pencilled():
        fast = _follow(marks, start, cell, digit)
        plain = plain_follow(marks, cell, digit)
        assert (fast and list(fast.items())) == (plain and list(plain.items())), (cell, digit)
        if fast:
            outcomes.append(fast)
    for count in (1, 2, 3):
        chosen = dict(enumerate(outcomes[:count]))
        branches = tuple(chosen)
        placed = set.intersection(*(set(o.items()) for o in chosen.values())) if chosen else ()
        assert _common(marks, branches, chosen, {}, _by_digit) == tuple(sorted(placed))
        removed = _common(marks, branches, chosen, {}, _removed)
        assert removed == plain_removed_by_all(marks, list(chosen.values()))
    return len(outcomes)


def test_branches_are_followed_as_the_plain_rule_follows_them_on_hard_walks():
    boards = [*islice(walk(sample("forum_hardest_1106.txt", 1)[0]), 0, None, 4)]
    boards += [*islice(walk(SIZED["6x6"]), 0, None, 3)]
    assert sum(followed_both_ways(marks) for marks in boards) > 0


def test_branches_are_followed_alike_on_broken_boards():
    [board] = [*islice(walk(sample("top1465.txt", 1)[0]), 10, 11)]
    empty = board.copy()
    cell = next(cell for cell, digit in enumerate(board.digits) if not digit)
    empty.candidates[cell] = 0  # an open cell with no candidate left
    wrong = board.copy()
    for cell, mask in enumerate(wrong.candidates):
        if mask.bit_count() > 2:
            wrong.candidates[cell] = mask & (mask - 1)  # a wrong elimination
            break
    missing = board.copy()
    row = missing.shape.units[0]
    digit = next(d for d in range(1, 10) if missing.places(row, d))
    for cell in row.cells:
        missing.eliminate(cell, digit)  # row 1 has no place left for the digit
    for broken in (empty, wrong, missing):
        followed_both_ways(broken)
