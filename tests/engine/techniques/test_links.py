"""The chains' graph: its links go both ways, the graph of aic put together
from each digit's kept part is the graph built afresh, the rules of its
almost locked sets, put together end by end, are those the plain rule
lists, and the search that pushes only what is new finds the plain
search's chains."""

from itertools import combinations, islice

from solver.engine.techniques import memo
from solver.engine.techniques.aic_graph import aic_graph
from solver.engine.techniques.chains import MAX_ALS, MAX_STRONG, _chains, _walk_back
from solver.engine.techniques.links import (
    AIC,
    XY,
    SetRule,
    SetRules,
    X,
    bits,
    graph,
    grown_targets,
    targets,
    with_als,
)
from tests.support.incremental import walk
from tests.support.puzzles import SIZED, sample


def boards():
    """Boards of a hard walk and of a small one, a few positions apart."""
    yield from islice(walk(sample("forum_hardest_1106.txt", 1)[0]), 0, None, 6)
    yield from islice(walk(SIZED["6x6"]), 0, None, 4)


def plain_rules(g):
    """For each node (as an end), the rules of the sets it sees, as the rule
    reads: every set, every pair of its digits both ways round, kept if the
    set's other digits remove something, once for each node seeing the
    pair's second digit."""
    rules = [[] for _ in g.digit]
    for cells, nodes in g.sets:
        for x, y in combinations(nodes, 2):
            removed = tuple(
                sorted(
                    (cell, digit)
                    for digit, node in nodes.items()
                    if digit not in (x, y)
                    for cell in range(len(g.marks.candidates))
                    if g.seen[node] >> cell & 1 and g.places[digit] >> cell & 1
                )
            )
            if removed:
                for first, second in ((x, y), (y, x)):
                    by_start, by_end = nodes[first], nodes[second]
                    rule = SetRule(g.weakbits[by_start], removed, by_start, by_end, cells)
                    for end in g.weak[by_end]:
                        rules[end].append(rule)
    return rules


def test_links_go_both_ways_once_and_weakbits_are_the_weak_links():
    for marks in boards():
        plain = graph(marks, AIC)
        for g in (graph(marks, X), graph(marks, XY), plain, with_als(plain, MAX_ALS)):
            for links in (g.strong, g.weak):
                for node, linked in enumerate(links):
                    assert len(set(linked)) == len(linked)
                    assert all(node in links[other] for other in linked)
            assert g.weakbits == [sum(1 << other for other in linked) for linked in g.weak]


def test_the_graph_of_aic_from_the_digits_kept_parts_is_the_graph_built_afresh():
    memo.forget()
    for marks in boards():  # each part kept from the boards before, where unchanged
        kept, fresh = aic_graph(marks), graph(marks, AIC)
        assert vars(kept) == vars(fresh)
        assert [*kept.index.items()] == [*fresh.index.items()]


def test_the_rules_of_each_end_are_those_of_the_plain_rule_in_order():
    for marks in boards():
        g = with_als(graph(marks, AIC), MAX_ALS)
        rules, plain = SetRules(g), plain_rules(g)
        for end in range(len(g.digit)):
            assert rules.of(end) == plain[end]
            starts = 0
            for rule in plain[end]:
                starts |= rule.starts
            assert rules.starts(end) == starts
        wanted = [0] * len(g.digit)
        rules.add_starts(wanted)
        assert wanted == [rules.starts(end) for end in range(len(g.digit))]


def plain_chains(g, wanted):
    """``chains._chains`` as the rule reads: each round, every node's sets
    from all its links, and every end looked at."""
    count = len(g.digit)
    off = [1 << node for node in range(count)]
    on = [0] * count
    ons, offs = [on], [off]
    for rounds in range(1, MAX_STRONG + 1):
        on = [on[node] | _union(off, linked) for node, linked in enumerate(g.strong)]
        ons.append(on)
        for end in range(count):
            for start in bits(on[end] & ~ons[-2][end] & wanted[end]):
                yield start, end, _walk_back(g, ons, offs, start, end, rounds)
        before, off = off, [off[node] | _union(on, linked) for node, linked in enumerate(g.weak)]
        offs.append(off)
        if off == before:
            return


def _union(sets, nodes):
    found = 0
    for node in nodes:
        found |= sets[node]
    return found


def test_chains_pushing_only_what_is_new_are_those_of_the_plain_search():
    for marks in boards():
        plain = graph(marks, AIC)
        for g in (graph(marks, X), graph(marks, XY), plain, with_als(plain, MAX_ALS)):
            wanted = targets(g)
            fast = [(start, end, walk()) for start, end, walk in _chains(g, wanted)]
            assert fast == list(plain_chains(g, wanted))


def test_targets_grown_from_the_plain_graphs_are_those_worked_out():
    for marks in boards():
        plain = graph(marks, AIC)
        g = with_als(plain, MAX_ALS)
        assert grown_targets(g, plain, targets(plain)) == targets(g)
