"""The f-puzzles puzzle: what each key reads as, what is refused by name, what is written."""

import pytest

from solver.engine.fpuzzles import fpuzzles_json, read_fpuzzles
from solver.engine.problems import InvalidPuzzle
from solver.engine.rules import classic
from solver.engine.rules import kinds as k
from solver.engine.rules.text import read_rules
from tests.support.variants import JIGSAW_6, ROUND_TRIPS, board, sample_puzzle


def read(data):
    return read_fpuzzles(data)


def problems_of(data):
    """The problems reading ``data`` raises, as (code, params)."""
    with pytest.raises(InvalidPuzzle) as raised:
        read_fpuzzles(data)
    return [(p.code, p.params) for p in raised.value.problems]


# What is read -------------------------------------------------------------------


def test_only_given_values_are_givens():
    data = board(4)
    data["grid"][0][0] = {"value": 3, "given": True}
    data["grid"][0][1] = {"value": 2}  # a player's entry
    data["grid"][0][2] = {"value": 1, "given": False}
    assert read(data).grid == (3,) + (0,) * 15


def test_a_title_and_author_are_kept_as_plain_bounded_text():
    puzzle = read(board(4, title="  Miracle\x00\n ", author="x" * 500))
    assert puzzle.title == "Miracle"
    assert len(puzzle.author) == 200
    assert read(board(4, title=["not", "text"])).title == ""


def test_a_titles_surrogate_halves_are_joined_as_javascript_wrote_them():
    assert read({**board(4), "title": "Fog \ud83d\ude00"}).title == "Fog 😀"
    assert read({**board(4), "title": "half \ud83d"}).title == "half \ufffd"


def regions_of(size, rows, cols):
    """Each cell's box of rows x cols, numbered 0-based row by row."""
    return [(c // size // rows) * (size // cols) + c % size // cols for c in range(size * size)]


def with_regions(size, regions) -> dict:
    data = board(size)
    for cell, region in enumerate(regions):
        data["grid"][cell // size][cell % size]["region"] = region
    return data


@pytest.mark.parametrize(("size", "rows", "cols"), [(4, 2, 2), (6, 2, 3), (9, 3, 3), (12, 3, 4)])
def test_regions_that_are_the_default_boxes_are_classic(size, rows, cols):
    assert read(with_regions(size, regions_of(size, rows, cols))).rules == classic(size)


def test_default_boxes_numbered_another_way_are_still_classic():
    renumbered = [8 - r for r in regions_of(9, 3, 3)]
    assert read(with_regions(9, renumbered)).rules == classic(9)


def test_regions_unlike_the_boxes_are_a_jigsaw():
    regions = [c // 9 for c in range(81)]  # each row its own region
    assert read(with_regions(9, regions)).rules.kinds == (k.Jigsaw(tuple(regions)),)


def test_jigsaw_regions_of_the_wrong_size_raise_the_rule_sets_problem():
    regions = regions_of(9, 3, 3)
    regions[0] = 1
    assert [code for code, _ in problems_of(with_regions(9, regions))] == ["bad_region"]


def test_cells_in_no_region_are_refused_by_name():
    data = board(9)
    data["grid"][4][4]["region"] = None
    assert problems_of(data) == [("unsupported_rule", {"rule": "region"})]


@pytest.mark.parametrize("size", [3, 5, 7, 26])
def test_boards_without_boxes_are_refused_by_name(size):
    assert problems_of(board(size)) == [("unsupported_rule", {"rule": "size", "size": size})]


@pytest.mark.parametrize(
    ("key", "kind"),
    [
        ("diagonal-", k.Diagonal(True)),
        ("diagonal+", k.Diagonal(False)),
        ("antiknight", k.AntiKnight()),
        ("antiking", k.AntiKing()),
        ("disjointgroups", k.Disjoint()),
        ("nonconsecutive", k.NonConsecutive()),
    ],
)
def test_each_global_rule_reads_as_its_kind(key, kind):
    assert read({**board(9), key: True}).rules.kinds == (kind,)
    assert read({**board(9), key: False}).rules == classic(9)
    assert read({**board(9), key: []}).rules == classic(9)


def test_both_diagonals_are_x_sudoku():
    assert read({**board(9), "diagonal-": True, "diagonal+": True}).rules == read_rules(
        "diagonal", 9
    )


def test_extra_regions_read_their_cells_in_any_case():
    data = board(9, extraregion=[{"cells": ["R1C1", "r1c2", "R2c1"]}])
    assert read(data).rules.kinds == (k.Extra(((0, 1, 9),)),)
    assert read(board(9, extraregion=[])).rules == classic(9)


WINDOWS = [
    [f"R{r}C{c}" for r in range(top, top + 3) for c in range(left, left + 3)]
    for top in (2, 6)
    for left in (2, 6)
]


def test_a_windokus_four_windows_read_as_windoku():
    rules = read(board(9, extraregion=[{"cells": w} for w in WINDOWS])).rules
    assert rules.kinds == (k.Windoku(),)


def test_windows_beside_another_extra_region_read_as_windoku_and_that_region():
    extra = [{"cells": w} for w in WINDOWS] + [{"cells": ["R1C1", "R9C9"]}]
    assert read(board(9, extraregion=extra)).rules.kinds == (k.Windoku(), k.Extra(((0, 80),)))


def test_three_of_the_windows_stay_extra_regions():
    rules = read(board(9, extraregion=[{"cells": w} for w in WINDOWS[:3]])).rules
    assert rules.ids == ["extraregion"]


def test_windows_beside_jigsaw_regions_stay_extra_regions():
    data = with_regions(9, [c // 9 for c in range(81)])
    data["extraregion"] = [{"cells": w} for w in WINDOWS]
    assert read(data).rules.ids == ["jigsaw", "extraregion"]


def test_a_rule_that_does_not_fit_raises_the_rule_sets_problem():
    data = with_regions(9, [c // 9 for c in range(81)])
    data["disjointgroups"] = True
    assert [code for code, _ in problems_of(data)] == ["rule_size"]
    assert [code for code, _ in problems_of(board(9, extraregion=[{"cells": ["R1C1"]}]))] == [
        "bad_region"
    ]


# What is refused ----------------------------------------------------------------


def test_every_rule_not_read_here_is_refused_by_its_key():
    data = board(
        9,
        killercage=[{"cells": ["R1C1", "R1C2"], "value": "3"}],
        thermometer=[{"lines": [["R1C1", "R2C1"]]}],
        negative=["ratio"],
        arrow=[],  # empty: absent
        sandwichsum=None,
    )
    assert problems_of(data) == [
        ("unsupported_rule", {"rule": "thermometer"}),
        ("unsupported_rule", {"rule": "negative"}),
    ]


# Killer cages -------------------------------------------------------------------


def test_killer_cages_are_read_with_their_sums_and_without():
    data = board(
        9,
        killercage=[
            {"cells": ["R1C2", "R1C1"], "value": "3"},
            {"cells": ["R9C9", "R9C8"]},
            {"cells": ["R5C5"], "value": ""},
        ],
    )
    rules = read(data).rules
    assert rules.ids == ["killer"]
    assert rules.key == "cage:3:r1c1.r1c2,cage:r5c5,cage:r9c8.r9c9"
    assert rules.sums == (((0, 1), 3),)


def test_killer_cages_are_written_back_as_they_were_read():
    data = board(9, killercage=[{"cells": ["R1C1", "R1C2"], "value": "3"}, {"cells": ["R2C2"]}])
    puzzle = read(data)
    written = fpuzzles_json(puzzle)
    assert written["killercage"] == [
        {"cells": ["R1C1", "R1C2"], "value": "3"},
        {"cells": ["R2C2"]},
    ]
    assert read(written).rules == puzzle.rules


@pytest.mark.parametrize(
    "cage",
    [
        {"cells": ["R1C1", "R10C1"], "value": "3"},  # off the board
        {"cells": ["R1C1"], "value": "three"},
        {"cells": ["R1C1"], "value": "-3"},
        {"cells": [], "value": "3"},
        {"value": "3"},
    ],
)
def test_a_killer_cage_not_as_f_puzzles_writes_one_is_named(cage):
    assert problems_of(board(9, killercage=[cage])) == [("bad_link", {"part": "killercage"})]


@pytest.mark.parametrize(
    ("cages", "cells"),
    [
        ([{"cells": ["R1C1", "R1C2"], "value": "20"}], {0, 1}),  # two cells make 3 to 17
        ([{"cells": ["R1C1", "R1C1"], "value": "2"}], {0}),  # a cell twice
        ([{"cells": ["R1C1", "R1C2"]}, {"cells": ["R1C2", "R1C3"]}], {1}),  # overlapping
        ([{"cells": [f"R{r}C1" for r in range(1, 10)] + ["R1C2"]}], set(range(0, 81, 9)) | {1}),
    ],
)
def test_a_cage_that_cannot_be_is_refused_with_its_cells(cages, cells):
    with pytest.raises(InvalidPuzzle) as raised:
        read(board(9, killercage=cages))
    (problem,) = raised.value.problems
    assert problem.code == "bad_cage"
    assert set(problem.cells) == cells


def test_an_unknown_key_is_refused_rather_than_ignored():
    assert problems_of(board(9, modularline=[{"lines": [["R1C1", "R1C2"]]}])) == [
        ("unsupported_rule", {"rule": "modularline"})
    ]


def test_drawings_without_meaning_are_ignored():
    drawn = board(
        9,
        text=[{"cells": ["R1C1"], "value": "hi"}],
        circle=[{"cells": ["R2C2"]}],
        rectangle=[{"cells": ["R3C3"]}],
        line=[{"lines": [["R1C1", "R1C2"]]}],
        cage=[{"cells": ["R4C4", "R4C5"], "value": ""}],
        ruleset="Normal sudoku rules apply.",
        solution=[1] * 81,
        title="t",
        author="a",
    )
    drawn["grid"][0][0] = {"centerPencilMarks": [1, 2], "cornerPencilMarks": [3], "c": "#FF0000"}
    assert read(drawn).rules == classic(9)


def test_a_cage_with_a_number_is_refused_since_it_may_be_a_sum():
    data = board(9, cage=[{"cells": ["R4C4", "R4C5"], "value": "7"}])
    assert problems_of(data) == [("unsupported_rule", {"rule": "cage"})]


def test_given_pencil_marks_are_refused_since_they_restrict_a_cell():
    data = board(9)
    data["grid"][0][0] = {"givenPencilMarks": [1, 2]}
    assert problems_of(data) == [("unsupported_rule", {"rule": "givenPencilMarks"})]


def grid_with(size, cell) -> list:
    rows = [[{} for _ in range(size)] for _ in range(size)]
    rows[1][2] = cell
    return rows


@pytest.mark.parametrize(
    ("data", "part"),
    [
        ({"grid": []}, "size"),
        ({**board(9), "size": "9"}, "size"),
        ({**board(9), "size": True}, "size"),
        ({**board(9), "size": 0}, "size"),
        ({"size": 9}, "grid"),
        ({"size": 9, "grid": [[{}] * 9] * 8}, "grid"),
        ({"size": 9, "grid": [[{}] * 9] * 8 + [[{}] * 8]}, "grid"),
        ({"size": 9, "grid": [[{}] * 9] * 8 + [[{}] * 8 + [5]]}, "grid"),
        (board(9, grid=grid_with(9, {"value": 10, "given": True})), "R2C3"),
        (board(9, grid=grid_with(9, {"value": 0, "given": True})), "R2C3"),
        (board(9, grid=grid_with(9, {"value": "5", "given": True})), "R2C3"),
        (board(9, grid=grid_with(9, {"region": 9})), "R2C3"),
        (board(9, grid=grid_with(9, {"region": "1"})), "R2C3"),
        (board(9, extraregion=[{"cells": ["R10C1", "R1C1"]}]), "extraregion"),
        (board(9, extraregion=[{"cells": ["R0C1", "R1C1"]}]), "extraregion"),
        (board(9, extraregion=[{"cells": ["1-1", "R1C1"]}]), "extraregion"),
        (board(9, extraregion={"cells": ["R1C1", "R1C2"]}), "extraregion"),
        (board(9, antiknight="yes"), "antiknight"),
    ],
)
def test_a_part_not_as_f_puzzles_writes_it_is_a_bad_link_naming_it(data, part):
    assert problems_of(data) == [("bad_link", {"part": part})]


# What is written -----------------------------------------------------------------


@pytest.mark.parametrize("name", list(ROUND_TRIPS))
def test_the_written_json_reads_back_as_the_same_puzzle(name):
    puzzle = sample_puzzle(*ROUND_TRIPS[name])
    assert read_fpuzzles(fpuzzles_json(puzzle)) == puzzle


def test_the_written_json_uses_f_puzzles_keys():
    data = fpuzzles_json(sample_puzzle(9, [k.Diagonal(True), k.Windoku(), k.Disjoint()]))
    assert data["diagonal-"] is True
    assert "diagonal+" not in data
    assert data["disjointgroups"] is True
    assert len(data["extraregion"]) == 4
    assert data["grid"][0][:6] == [{}, {}, {}, {}, {}, {"value": 5, "given": True}]


def test_jigsaw_regions_are_written_in_every_cell():
    data = fpuzzles_json(sample_puzzle(6, [k.Jigsaw(JIGSAW_6)]))
    assert [cell["region"] for row in data["grid"] for cell in row] == list(JIGSAW_6)
