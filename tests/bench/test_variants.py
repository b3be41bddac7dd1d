"""The variants benchmark reads the supported puzzles, merges rounds and sums up each kind group."""

import json
import sys
from collections import Counter

import pytest

from bench.variants import (
    HERE,
    VARIANTS_DIR,
    Timing,
    made_killers,
    main,
    merged,
    peer_puzzle,
    read_variants,
    summarise,
    table,
    time_checkout,
)

SOLVED = "1234" * 4
TSV = "\n".join(
    [
        f"a\tdiagonal\tPAYLOAD_A\t{SOLVED}",
        f"b\tdiagonal,antiknight\tPAYLOAD_B\t{','.join(SOLVED)}",
        f"c\tthermo\tPAYLOAD_C\t{SOLVED}",
        f"d\tdiagonal\tPAYLOAD_D\t{SOLVED}",
    ]
)


def test_only_the_puzzles_of_supported_kinds_are_read_with_their_solutions():
    variants = read_variants(TSV)
    assert [v.name for v in variants] == ["a", "b", "d"]
    assert variants[1].group == "diagonal+antiknight"
    assert variants[0].solution == variants[1].solution == tuple(map(int, SOLVED))


def test_only_keeps_the_puzzles_with_that_kind_among_theirs():
    assert [v.name for v in read_variants(TSV, "antiknight")] == ["b"]


def test_rounds_merge_into_each_puzzles_median_and_any_give_up_or_wrong_answer():
    first = [Timing(10, False, True), Timing(500, True, True)]
    second = [Timing(30, False, False), Timing(400, False, True)]
    third = [Timing(20, False, True), Timing(600, False, True)]
    assert merged([first, second, third]) == [Timing(20, False, False), Timing(500, True, True)]


def test_each_kind_group_is_summed_up_and_all_of_them_last():
    groups = ["diagonal", "nonconsecutive", "diagonal"]
    timings = [Timing(1, False, True), Timing(500, True, False), Timing(3, False, True)]
    figures = summarise(groups, timings)
    assert list(figures) == ["diagonal", "nonconsecutive", "all"]
    assert (figures["diagonal"].median_ms, figures["diagonal"].worst_ms) == (2, 3)
    assert (figures["all"].puzzles, figures["all"].gave_up, figures["all"].wrong) == (3, 1, 1)


def test_the_ratio_is_the_other_median_over_this_one():
    ours = summarise(["diagonal"], [Timing(2, False, True)])
    theirs = summarise(["diagonal"], [Timing(5, False, True)])
    rows = table(ours, theirs).splitlines()
    assert len(rows) == 4  # header, rule, diagonal, all
    assert rows[2].rstrip("| ").endswith("2.50")
    assert "other" not in table(ours)


def test_a_checkout_times_a_shared_variant_and_checks_its_answer():
    variants = read_variants((VARIANTS_DIR / "generated.tsv").read_text())
    diagonal = next(v for v in variants if v.kinds == ("diagonal",))  # a quick kind
    (timing,) = time_checkout(HERE, [diagonal], 0.5)
    assert timing.right
    assert not timing.gave_up


def test_a_folder_that_is_not_a_checkout_is_refused(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["--against", str(tmp_path)])
    assert "is not a checkout" in capsys.readouterr().err


def test_the_peer_is_given_every_region_and_each_pair_rule_by_name():
    variants = read_variants((VARIANTS_DIR / "generated.tsv").read_text())
    chosen = next(v for v in variants if set(v.kinds) == {"diagonal", "antiknight"})
    sent = json.loads(peer_puzzle(chosen))
    kinds = Counter(region["kind"] for region in sent["regions"])
    assert kinds == {"row": 9, "col": 9, "box": 9, "diag": 2}
    assert sent["rules"] == [{"type": "antiknight"}]
    assert len(sent["numbers"]) == 81


def test_the_peer_and_another_checkout_are_not_both_taken(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["--against", str(HERE), "--peer-python", sys.executable])
    assert "give one" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--peer-python", str(tmp_path / "python")])
    assert "no Python at" in capsys.readouterr().err


def test_made_killers_are_read_back_with_their_cages_and_solution():
    (variant,) = made_killers(1)
    assert variant.group == "killer (made)"
    [timing] = time_checkout(HERE, [variant], 1.0)
    assert timing.right
    assert not timing.gave_up


def test_the_peer_is_given_each_cage_with_its_sum_one_cell_cages_too():
    (variant,) = made_killers(1)
    sent = json.loads(peer_puzzle(variant))
    cages = [region for region in sent["regions"] if region["kind"] == "cage"]
    assert sum(len(cage["cells"]) for cage in cages) == 81  # the maker's cages cover the board
    assert all(isinstance(cage["sum"], int) for cage in cages)
    assert sent["numbers"] == "." * 81
