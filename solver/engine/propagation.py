"""Constraint propagation: the deductions made before (and between) guesses.

A board under deduction is one integer of candidates (see ``bits``) plus the
set of placements already drawn out, ``placed``, in the same layout. Three
rules are applied to the whole board at once until none finds more:

- naked single: a cell with one candidate left holds that digit, so no peer
  can hold it;
- hidden single: a digit with one possible cell left in a unit goes there;
- locked candidates: where a row or column crosses a box (a segment), a digit
  that the box can only hold in the segment is removed from the rest of the
  line (pointing), and one that the line can only hold there is removed from
  the rest of the box (claiming).

Singles found together are placed together. The rules are tried cheapest
first: hidden singles only when no naked single is left, locked candidates
only when singles run out. Locked candidates cost the most, but they cut the
guesses on sparse puzzles by orders of magnitude (one 13-given grid: 24,065
guesses without, 29 with), which keeps every verdict within the search
budget.

A contradiction (a cell with no candidates, a digit with no place in a unit,
two singles that clash) makes ``propagate`` return None.

``plain`` applies the same rules to one cell or unit at a time, written for
clarity; tests check that both reach the same board on the shared puzzles.
"""

from __future__ import annotations

from .bits import Layout, RulesLayout
from .rules.cages import allowed

Board = tuple[int, int]  # (candidates, placed)


def propagate(candidates: int, placed: int, layout: Layout) -> Board | None:
    """The board once every rule has been applied until none finds more.

    ``placed`` are the placements whose consequences are already drawn;
    None on a contradiction.

    This is the solver's innermost loop, so it is one function with the
    layout's fields read into locals once and the counting loops of
    ``bits.tally`` written out: a call or an attribute lookup per step would
    cost as much as the step (4-6% of the time on forum_hardest). Each pass
    counts candidates per cell by folding the planes onto the first, and
    places the naked singles it finds. Only when there are none does it count
    per segment, then per unit (a unit's segments, each a tally, widened into
    one), for hidden singles, and only when those run out too does
    ``_locked`` run: the cheap rule first, as the cheap pass finds most
    singles (8% less time per call on forum_hardest than counting both in
    every pass).
    ``plain.propagate`` is its plain twin: the same rules, the same result.
    """
    all_cells, planes, plane_folds = layout.all_cells, layout.planes, layout.plane_folds
    across_box, down_box = layout.across_box, layout.down_box
    across_row, down_column = layout.across_row, layout.down_column
    row_starts, column_starts, box_starts = (
        layout.row_starts,
        layout.column_starts,
        layout.box_starts,
    )
    row, column, box = layout.row, layout.column, layout.box
    ruled_out = layout.ruled_out
    while True:
        # Naked singles: the cells with one candidate across the planes. Each
        # fold lays a run of planes onto the one below it, and the two runs
        # never overlap, so a cell is twice in the result if it is twice in
        # either run or once in each.
        once, twice = candidates, 0
        for shift in plane_folds:
            above = once >> shift
            twice |= (twice >> shift) | (once & above)
            once |= above
        if once & all_cells != all_cells:
            return None  # a cell with no candidates
        # A cell seen once, copied into every plane, picks out its one candidate.
        singles = candidates & ~placed & ((once & ~twice & all_cells) * planes)
        if not singles:
            # Hidden singles: the units with one place for a digit, counted
            # from the segments that make them up.
            across, across_twice = candidates, 0
            for shift in across_box:
                above = candidates >> shift
                across_twice |= across & above
                across |= above
            down, down_twice = candidates, 0
            for shift in down_box:
                above = candidates >> shift
                down_twice |= down & above
                down |= above
            for segments, segments_twice, shifts, starts, pattern in (
                (across, across_twice, across_row, row_starts, row),
                (across, across_twice, down_box, box_starts, box),
                (down, down_twice, down_column, column_starts, column),
            ):
                once, twice = segments, segments_twice
                for shift in shifts:
                    above = segments >> shift
                    # Twice in the unit: twice in this segment, or once in it and
                    # once in a segment already counted.
                    twice |= (segments_twice >> shift) | (once & above)
                    once |= above
                if once & starts != starts:
                    return None  # a digit with no place in a unit
                # A unit's start seen once in a plane, spread over the unit's
                # cells, picks out that digit's one place in the unit.
                singles |= candidates & ((once & ~twice & starts) * pattern)
            singles &= ~placed
            if not singles:
                gone = _locked(across, down, layout)
                if gone is None:
                    return None
                gone &= candidates
                if not gone:
                    return candidates, placed
                candidates &= ~gone
                continue
        # Place the singles: each rules out its cell's other digits and its
        # digit in its peers. A single that another rules out means two share
        # a cell, or a digit and a unit. Singles are few in a pass (two on
        # average on forum_hardest), so one table lookup each is cheaper than
        # working on the whole board (10% less time per call).
        taken = 0
        rest = singles
        while rest:
            low = rest & -rest
            rest ^= low
            taken |= ruled_out[low.bit_length() - 1]
        if taken & singles:
            return None
        candidates &= ~taken
        placed |= singles


def _locked(across: int, down: int, L: Layout) -> int | None:
    """The candidates that locked candidates remove, given which row segments
    (``across``) and column segments (``down``) hold each digit, at each
    segment's start.

    A segment lies in two units, a box and a line. Where one of them (the
    keeper) holds a digit only in that segment, the other (the loser) loses
    the digit everywhere else: a box points along the line (pointing), a line
    claims from the box (claiming). None on a contradiction: two keepers that
    lock one digit into the same loser.
    """
    row_segments = across & L.row_segment_starts
    column_segments = down & L.column_segment_starts
    gone = 0
    for segments, keeper, loser in (
        (row_segments, L.boxes_across, L.rows),  # pointing along a row
        (row_segments, L.rows, L.boxes_across),  # claiming by a row
        (column_segments, L.boxes_down, L.columns),  # pointing down a column
        (column_segments, L.columns, L.boxes_down),  # claiming by a column
    ):
        within, keeper_starts, keeper_cells = keeper
        once, twice = segments, 0
        for shift in within:
            above = segments >> shift
            twice |= once & above
            once |= above
        keepers = (once & ~twice & keeper_starts) * keeper_cells
        if keepers:
            back, loser_starts, loser_cells = loser
            # Each keeper's one segment, led back to the start of its loser.
            locked = segments & keepers
            starts = locked
            for shift in back:
                starts |= locked >> shift
            starts &= loser_starts
            if starts.bit_count() != locked.bit_count():
                return None  # two keepers lock a digit into one loser: it would hold it twice
            gone |= (starts * loser_cells) & ~keepers
    return gone


def propagate_rules(candidates: int, placed: int, layout: RulesLayout) -> Board | None:
    """``propagate`` for any rule set: the same three rules, over units of any shape.

    Naked singles are found as there (they know nothing of units); hidden
    singles unit by unit and digit by digit, since a jigsaw region or a
    diagonal is no shift of another; then, when singles run out, the
    candidates a cage's sum rules out (``_summed``), then those whose
    placement would empty a unit of a digit (``_covered``: locked candidates,
    through any rule). Placing a single rules
    out what ``layout.ruled_out`` says, pair rules included. None on a
    contradiction. ``plain.propagate`` with the same rule set is its twin.
    """
    all_cells, planes, plane_folds = layout.all_cells, layout.planes, layout.plane_folds
    units, shifts, ruled_out = layout.units, layout.digit_shifts, layout.ruled_out
    while True:
        once, twice = candidates, 0
        for shift in plane_folds:
            above = once >> shift
            twice |= (twice >> shift) | (once & above)
            once |= above
        if once & all_cells != all_cells:
            return None  # a cell with no candidates
        singles = candidates & ~placed & ((once & ~twice & all_cells) * planes)
        if not singles:
            for shift in shifts:
                plane = candidates >> shift
                for unit in units:
                    here = plane & unit
                    if not here:
                        return None  # a digit with no place in a unit
                    if not here & (here - 1):
                        singles |= here << shift
            singles &= ~placed
            if not singles:
                gone = _summed(candidates, layout) if layout.sums else 0
                if gone is None:
                    return None  # a cage's sum that its candidates cannot make
                gone = gone or _covered(candidates, layout)
                if not gone:
                    return candidates, placed
                candidates &= ~gone
                continue
        taken = 0
        rest = singles
        while rest:
            low = rest & -rest
            rest ^= low
            taken |= ruled_out[low.bit_length() - 1]
        if taken & singles:
            return None
        candidates &= ~taken
        placed |= singles


def _covered(candidates: int, layout: RulesLayout) -> int:
    """The candidates whose placement would leave a unit without a place for a
    digit, or a cell without a digit: they are false.

    Placing a candidate rules out what ``ruled_out`` says, and that relation
    is symmetric (placing either of two rules out the other), so the
    candidates that would rule out every place of digit d in a unit are those
    in every one of those places' ``ruled_out``. This one rule is locked
    candidates (pointing and claiming) between any two units, and the same
    through any pair rule: a cell that a knight's move sees every place of a
    digit in a box loses the digit. With rules that forbid pairs of unequal
    digits (non-consecutive), the same over a cell's candidates: a neighbour
    of a cell holding 1 or 3 cannot be 2.

    What a set of places rules out depends on the set alone, and the same
    sets come back at every node of a search, so each is worked out once
    (``layout.seen_by_all``): a lookup instead of a walk over the places cut
    the time per call by about 8x on the non-consecutive puzzles.
    """
    ruled_out, seen_by_all = layout.ruled_out, layout.seen_by_all
    if len(seen_by_all) > SEEN_BY_ALL_MAX:
        seen_by_all.clear()  # a long search on a big board: bound the memory
    gone = 0
    for shift in layout.digit_shifts:
        plane = candidates >> shift
        for unit in layout.units:
            here = plane & unit
            if not here & (here - 1):
                continue  # one place: a single, already taken
            here <<= shift
            seen = seen_by_all.get(here)
            if seen is None:
                seen = seen_by_all[here] = _seen_by_all(here, ruled_out)
            gone |= seen
    if layout.unequal_pairs:
        planes = layout.planes
        for cell in range(layout.cells):
            here = candidates & (planes << cell)
            if not here & (here - 1):
                continue
            seen = seen_by_all.get(here)
            if seen is None:
                seen = seen_by_all[here] = _seen_by_all(here, ruled_out)
            gone |= seen
    return gone & candidates


def _summed(candidates: int, layout: RulesLayout) -> int | None:
    """The candidates that the cages' sums rule out (``cages.allowed``), or
    None when a cage's candidates can make its sum in no way.

    A cage's answer depends on its own candidates alone, which come back
    again and again in a search, so each is worked out once
    (``layout.summed``)."""
    memo, n, cells = layout.summed, layout.size, layout.cells
    if len(memo) > SEEN_BY_ALL_MAX:
        memo.clear()
    gone = 0
    for index, (cage, total, mask) in enumerate(layout.sums):
        here = candidates & mask
        key = (index, here)
        found = memo.get(key, -1)
        if found == -1:
            found = memo[key] = _cage_gone(here, cage, total, n, cells)
        if found is None:
            return None
        gone |= found
    return gone


def _cage_gone(here: int, cage: tuple[int, ...], total: int, n: int, cells: int) -> int | None:
    """The candidate bits of ``here`` (a cage's candidates) its sum rules out; None if none work."""
    masks = [sum(1 << d for d in range(n) if here >> (d * cells + cell) & 1) for cell in cage]
    kept = allowed(masks, total, n)
    if kept is None:
        return None
    gone = 0
    for cell, mask, keep in zip(cage, masks, kept, strict=True):
        lost = mask & ~keep
        while lost:
            low = lost & -lost
            lost ^= low
            gone |= 1 << ((low.bit_length() - 1) * cells + cell)
    return gone


# The most sets of places ``_covered`` remembers before it forgets them all.
SEEN_BY_ALL_MAX = 1 << 14  # some 5 MB: a layout of each rule set in use has one


def _seen_by_all(bits: int, ruled_out) -> int:
    """The candidates that every one of ``bits`` rules out."""
    low = bits & -bits
    bits ^= low
    seen = ruled_out[low.bit_length() - 1]
    while bits and seen:
        low = bits & -bits
        bits ^= low
        seen &= ruled_out[low.bit_length() - 1]
    return seen
