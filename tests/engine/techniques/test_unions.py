"""Small unions: every combination a brute-force count finds, in order, and
no branch kept once its union is too big."""

from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from solver.engine.techniques.unions import exactly, within

MASKS = st.lists(st.integers(min_value=0, max_value=(1 << 9) - 1), max_size=9)


def union(masks, chosen):
    total = 0
    for i in chosen:
        total |= masks[i]
    return total


@given(MASKS, st.integers(min_value=1, max_value=4))
def test_exactly_finds_the_n_masks_with_n_members_between_them_in_order(masks, n):
    expected = [c for c in combinations(range(len(masks)), n) if union(masks, c).bit_count() == n]
    assert exactly(masks, n) == expected


@given(MASKS, st.integers(min_value=1, max_value=4))
def test_exactly_at_most_takes_fewer_members_too(masks, n):
    expected = [c for c in combinations(range(len(masks)), n) if union(masks, c).bit_count() <= n]
    assert exactly(masks, n, at_most=True) == expected


@given(MASKS, st.integers(min_value=1, max_value=4), st.integers(min_value=0, max_value=7))
def test_within_finds_every_small_combination_before_its_extensions(masks, most, members):
    found = within(masks, most, members)
    expected = {
        c
        for size in range(1, most + 1)
        for c in combinations(range(len(masks)), size)
        if union(masks, c).bit_count() <= members
    }
    assert {chosen for chosen, _ in found} == expected
    assert all(digits == union(masks, chosen) for chosen, digits in found)
    assert [chosen for chosen, _ in found] == sorted(expected)  # depth first: (0,), (0, 1), ...


@given(MASKS, st.integers(min_value=1, max_value=4), st.integers(min_value=0, max_value=2))
def test_within_an_excess_keeps_those_with_that_many_members_more_than_indices(masks, most, excess):
    every = within(masks, most, most + excess)
    kept = within(masks, most, most + excess, excess)
    assert kept == [(c, u) for c, u in every if u.bit_count() == len(c) + excess]
