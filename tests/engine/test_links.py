"""Links: f-puzzles and SudokuPad links read as puzzles, refusals named, puzzles written back.

The shared variant puzzles (``../shared/variants/generated.tsv``, read at
test time) are the real data: every one whose rules the site knows reads
with its rules and its solution; every other is refused, naming its rules.
"""

import json
import os
import random
from pathlib import Path
from urllib.parse import quote

import lzstring
import pytest

from solver.engine.board import SYMBOLS
from solver.engine.links import (
    MAX_JSON,
    MAX_LINK,
    fpuzzles_json,
    fpuzzles_link,
    fpuzzles_payload,
    read_link,
    sudokupad_link,
    unpacked_length,
)
from solver.engine.parse import parse_puzzle
from solver.engine.problems import InvalidPuzzle
from solver.engine.puzzle import Puzzle, read_puzzle
from solver.engine.rules import classic, is_valid_solution, rule_set
from solver.engine.rules import kinds as k
from solver.engine.rules.text import read_rules
from tests.support.puzzles import load

VARIANTS = Path(
    os.environ.get(
        "SUDOKU_VARIANTS_DIR", Path(__file__).resolve().parents[3] / "shared" / "variants"
    )
)
SUPPORTED = {
    "diagonal",
    "windoku",
    "extraregion",
    "disjoint",
    "jigsaw",
    "antiknight",
    "antiking",
    "nonconsecutive",
}
# The f-puzzles keys that hold each kind of the shared file the site does not solve.
KEYS_OF_KIND = {
    "killer": {"killercage"},
    "littlekiller": {"littlekillersum"},
    "thermo": {"thermometer"},
    "arrow": {"arrow"},
    "kropki": {"difference", "ratio"},
    "xv": {"xv"},
    "oddeven": {"odd", "even"},
    "sandwich": {"sandwichsum"},
    "whispers": {"whispers"},
    "renban": {"renban"},
    "palindrome": {"palindrome"},
    "between": {"betweenline"},
}


def shared_variants():
    """(name, kinds, payload, solution grid) for every line of the shared file."""
    found = []
    for line in (VARIANTS / "generated.tsv").read_text().splitlines():
        name, kinds, payload, solution = line.split("\t")
        digits = solution.split(",") if "," in solution else list(solution)
        found.append((name, kinds.split(","), payload, tuple(map(int, digits))))
    return found


def supported_variants():
    return [v for v in shared_variants() if set(v[1]) <= SUPPORTED]


def pack(data) -> str:
    """A payload as f-puzzles writes one."""
    return lzstring.compress_to_base64(json.dumps(data))


def board(size=9, **keys) -> dict:
    """An f-puzzles puzzle with an empty grid, and ``keys``."""
    return {"size": size, "grid": [[{} for _ in range(size)] for _ in range(size)], **keys}


def read(data) -> Puzzle:
    return read_link("https://f-puzzles.com/?load=" + quote(pack(data), safe=""))


def problems(text):
    """The problems reading ``text`` raises, as (code, params)."""
    with pytest.raises(InvalidPuzzle) as raised:
        read_link(text)
    return [(p.code, p.params) for p in raised.value.problems]


def problems_of(data):
    return problems(pack(data))


# Recognising a link ----------------------------------------------------------

CLASSIC_PAYLOAD = pack(board(9, grid=[[{"value": 5, "given": True}] + [{}] * 8] + [[{}] * 9] * 8))


def spellings(payload: str) -> dict[str, str]:
    """The ways a payload reaches the site, by name."""
    quoted = quote(payload, safe="")
    half = len(payload) // 2
    return {
        "bare": payload,
        "bare, fpuzzles prefix": "fpuzzles" + payload,
        "link": "https://f-puzzles.com/?load=" + payload,
        "quoted": "https://f-puzzles.com/?load=" + quoted,
        "escaped twice": "https://f-puzzles.com/?load=" + quoted.replace("%", "%25"),
        "http, www": "http://www.f-puzzles.com/?load=" + quoted,
        "no scheme": "f-puzzles.com/?load=" + payload,
        "one slash": "https:/f-puzzles.com/?load=" + payload,
        "upper-case host": "HTTPS://F-Puzzles.com/?load=" + payload,
        "plus as space": "https://f-puzzles.com/?load=" + payload.replace("+", " "),
        "line breaks": "https://f-puzzles.com/?load=" + payload[:half] + "\n" + payload[half:],
        "no padding": "https://f-puzzles.com/?load=" + payload.rstrip("="),
        "extra padding": "https://f-puzzles.com/?load=" + payload + "==",
        "other params": "https://f-puzzles.com/?x=1&load=" + quoted + "&solve=true",
        "fragment": "https://f-puzzles.com/?load=" + quoted + "#top",
        "surrounding space": "\n  https://f-puzzles.com/?load=" + payload + "  \n",
        "sudokupad path": "https://sudokupad.app/fpuzzles" + payload,
        "sudokupad path, quoted": "https://sudokupad.app/fpuzzles" + quoted,
        "sudokupad puzzleid": "https://sudokupad.app/?puzzleid=fpuzzles" + quoted,
        "sudokupad sudoku/": "https://sudokupad.app/sudoku/fpuzzles" + payload,
        "cracking the cryptic": "https://app.crackingthecryptic.com/fpuzzles" + payload,
        "cracking the cryptic puzzleid": (
            "https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles" + quoted
        ),
    }


@pytest.mark.parametrize("spelling", list(spellings(CLASSIC_PAYLOAD)))
def test_every_spelling_of_a_link_reads_as_the_same_puzzle(spelling):
    puzzle = read_link(spellings(CLASSIC_PAYLOAD)[spelling])
    assert puzzle.grid == (5,) + (0,) * 80
    assert puzzle.rules == classic(9)


@pytest.mark.parametrize("spelling", list(spellings(CLASSIC_PAYLOAD)))
def test_every_shared_variant_reads_the_same_in_every_spelling(spelling):
    for _name, _kinds, payload, _solution in supported_variants():
        assert read_link(spellings(payload)[spelling]) == read_link(payload), spelling


@pytest.mark.parametrize(
    "text",
    [
        "",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "https://www.sudokuwiki.org/sudoku.htm?bd=4.....8.5.3",
        "See https://f-puzzles.com/?id=abc for the puzzle",
        "rules: diagonal",
        "https://example.com/fpuzzlesN4Ig",
        "https://f-puzzles.community/?load=N4Ig",
    ],
)
def test_text_that_starts_with_no_link_is_left_to_the_parser(text):
    assert read_link(text) is None


@pytest.mark.parametrize(
    ("link", "site"),
    [
        ("https://f-puzzles.com/?id=yc3bfbzn", "f-puzzles.com"),
        ("https://sudokupad.app/8gyxkl2m4o", "sudokupad.app"),
        ("sudokupad.app/sudoku/psxbpryfx4", "sudokupad.app"),
        ("https://app.crackingthecryptic.com/sudoku/NgNHgMRMT7", "app.crackingthecryptic.com"),
        ("https://tinyurl.com/yc3bfbzn", "tinyurl.com"),
    ],
)
def test_a_short_link_asks_for_the_full_one_since_the_site_works_offline(link, site):
    assert problems(link) == [("needs_network", {"site": site})]


@pytest.mark.parametrize("prefix", ["scl", "ctc", "scf", "classic"])
def test_sudokupad_formats_of_its_own_are_refused_by_name(prefix):
    link = "https://sudokupad.app/" + prefix + CLASSIC_PAYLOAD
    assert problems(link) == [("unsupported_rule", {"rule": prefix})]


@pytest.mark.parametrize(
    "link",
    [
        "https://f-puzzles.com/",
        "https://f-puzzles.com/?solve=1",
        "https://sudokupad.app/",
        "https://f-puzzles.com/?load=",
        "https://f-puzzles.com/?load=N4Ig%21%21",
        "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2",
        "https://f-puzzles.com/?load=" + lzstring.compress_to_base64("no JSON here"),
        "https://f-puzzles.com/?load=" + lzstring.compress_to_base64("[1, 2, 3]"),
        "https://f-puzzles.com/?load=" + lzstring.compress_to_base64("[" * 50_000),
        "N4Ig" + "A" * 400,
    ],
)
def test_a_link_that_does_not_unpack_to_an_object_is_a_bad_link(link):
    assert [code for code, _ in problems(link)] == ["bad_link"]


def test_a_link_over_the_bound_is_too_long_before_any_decoding():
    assert problems("N4Ig" + "A" * MAX_LINK) == [("too_long", {"most": MAX_LINK})]
    link = "https://f-puzzles.com/?load=" + CLASSIC_PAYLOAD + "&x=" + "1" * MAX_LINK
    assert problems(link) == [("too_long", {"most": MAX_LINK})]


def test_plain_text_over_the_bound_is_still_left_to_the_parser():
    assert read_link("." * (MAX_LINK + 1)) is None


def test_a_payload_that_unpacks_to_too_much_is_refused_without_unpacking_it():
    # A few kilobytes that lz-string would grow to over a million characters.
    bomb = lzstring.compress_to_base64('{"size":9,"title":"' + "a" * 1_200_000 + '"}')
    assert len(bomb) < 10_000
    assert problems(bomb) == [("too_long", {"most": MAX_JSON})]


def test_the_unpacked_length_is_lz_strings_own_for_every_shared_payload():
    for _name, _kinds, payload, _solution in shared_variants():
        assert unpacked_length(payload, 10**9) == len(lzstring.decompress_from_base64(payload))


def test_the_unpacked_length_agrees_with_lz_string_on_random_text():
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    chance = random.Random(7)
    for _ in range(2_000):
        packed = "".join(chance.choice(alphabet) for _ in range(chance.randint(2, 60)))
        try:
            text = lzstring.decompress_from_base64(packed)
        except IndexError:  # py-lzstring 0.1.1 on a first character cut short
            text = None
        assert unpacked_length(packed, 10**9) == (None if text is None else len(text)), packed


def test_the_unpacked_length_stops_counting_past_its_bound():
    packed = lzstring.compress_to_base64("a" * 100_000)
    assert 1_000 < unpacked_length(packed, 1_000) < 100_000


# The f-puzzles JSON: what is read --------------------------------------------


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


def test_a_title_packed_by_javascript_keeps_its_emoji():
    # JavaScript strings are UTF-16: lz-string packs an emoji as its two surrogates.
    grid = json.dumps(board(4)["grid"])
    packed = lzstring.compress_to_base64(
        '{"size":4,"grid":' + grid + ',"title":"Fog \ud83d\ude00"}'
    )
    assert read_link(packed).title == "Fog 😀"


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


# The f-puzzles JSON: what is refused ------------------------------------------


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
        ("unsupported_rule", {"rule": "killercage"}),
        ("unsupported_rule", {"rule": "thermometer"}),
        ("unsupported_rule", {"rule": "negative"}),
    ]


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


def test_every_problem_has_an_english_sentence():
    for link in ["https://tinyurl.com/x", "N4Ig" + "A" * (MAX_LINK + 1), pack(board(7))]:
        with pytest.raises(InvalidPuzzle) as raised:
            read_link(link)
        assert all(p.message.endswith(".") for p in raised.value.problems)


# Writing ---------------------------------------------------------------------

JIGSAW_6 = tuple(c // 6 for c in range(36))
ROUND_TRIPS = {
    "classic 9x9": (9, []),
    "classic 4x4": (4, []),
    "classic 16x16": (16, []),
    "classic 6x6": (6, []),
    "main diagonal": (9, [k.Diagonal(True)]),
    "anti-diagonal": (9, [k.Diagonal(False)]),
    "x sudoku": (9, [k.Diagonal(True), k.Diagonal(False)]),
    "windoku": (9, [k.Windoku()]),
    "windoku 16x16": (16, [k.Windoku()]),
    "disjoint": (9, [k.Disjoint()]),
    "extra regions": (9, [k.Extra(((0, 1, 2), (40, 50)))]),
    "antiknight": (9, [k.AntiKnight()]),
    "antiking": (9, [k.AntiKing()]),
    "nonconsecutive": (9, [k.NonConsecutive()]),
    "jigsaw 6x6": (6, [k.Jigsaw(JIGSAW_6)]),
    "jigsaw with diagonals and extra": (
        6,
        [k.Jigsaw(JIGSAW_6), k.Diagonal(True), k.Extra(((0, 7, 14),))],
    ),
    "everything with boxes": (
        9,
        [
            k.Diagonal(True),
            k.Diagonal(False),
            k.Windoku(),
            k.Disjoint(),
            k.Extra(((0, 80),)),
            k.AntiKnight(),
            k.AntiKing(),
            k.NonConsecutive(),
        ],
    ),
}


def sample_puzzle(size, chosen) -> Puzzle:
    grid = tuple((c * 7) % (size + 1) if c % 5 == 0 else 0 for c in range(size * size))
    return Puzzle(grid, rule_set(size, chosen), "Title “quoted” é 😀", "Author")


@pytest.mark.parametrize("name", list(ROUND_TRIPS))
def test_a_written_link_reads_back_as_the_same_puzzle(name):
    puzzle = sample_puzzle(*ROUND_TRIPS[name])
    assert read_link(fpuzzles_link(puzzle)) == puzzle
    assert read_link(sudokupad_link(puzzle)) == puzzle
    assert read_link(fpuzzles_payload(puzzle)) == puzzle


def test_every_shared_variant_written_again_reads_back_as_itself():
    for _name, _kinds, payload, _solution in supported_variants():
        puzzle = read_link(payload)
        assert read_link(fpuzzles_link(puzzle)) == puzzle


def test_an_fpuzzles_link_quotes_the_payloads_plus_slash_and_equals():
    link = fpuzzles_link(sample_puzzle(*ROUND_TRIPS["everything with boxes"]))
    payload = link.removeprefix("https://f-puzzles.com/?load=")
    assert not set(payload) & set("+/=")


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


# The shared variant puzzles -----------------------------------------------------


def expected_ids(kinds) -> set[str]:
    """The rules' ids a shared puzzle's kinds read as: windows beside jigsaw
    regions are extra regions (``rule_set`` takes windoku with boxes only)."""
    if "jigsaw" in kinds and "windoku" in kinds:
        kinds = [kind for kind in kinds if kind != "windoku"] + ["extraregion"]
    return set(kinds)


def test_the_shared_file_has_puzzles_of_both_families():
    variants = shared_variants()
    assert len(variants) == 240
    assert 50 < len(supported_variants()) < 240


def test_every_shared_puzzle_of_known_rules_reads_with_its_rules_and_solution():
    for name, kinds, payload, solution in supported_variants():
        puzzle = read_link(payload)
        assert set(puzzle.rules.ids) == expected_ids(kinds), name
        assert is_valid_solution(puzzle.grid, solution, rules=puzzle.rules), name
        assert all(
            given in (0, digit) for given, digit in zip(puzzle.grid, solution, strict=True)
        ), name
        assert any(puzzle.grid), name


def test_every_other_shared_puzzle_is_refused_naming_each_of_its_rules():
    for name, kinds, payload, _solution in shared_variants():
        unknown = [kind for kind in kinds if kind not in SUPPORTED]
        if not unknown:
            continue
        found = problems(payload)
        named = {params["rule"] for code, params in found}
        assert {code for code, _ in found} == {"unsupported_rule"}, name
        assert all(KEYS_OF_KIND[kind] & named for kind in unknown), name
        allowed = set().union(*(KEYS_OF_KIND[kind] for kind in unknown)) | {"negative"}
        assert named <= allowed, name


# Hooked into read_puzzle -------------------------------------------------------


def test_read_puzzle_reads_a_link():
    puzzle = sample_puzzle(*ROUND_TRIPS["x sudoku"])
    assert read_puzzle(sudokupad_link(puzzle)) == puzzle


def test_read_puzzle_reads_plain_givens_as_before():
    givens = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    assert read_puzzle(givens) == Puzzle(parse_puzzle(givens), classic(9))
    assert read_puzzle(givens + "\nrules: antiknight").rules.ids == ["antiknight"]


def test_no_puzzle_of_the_shared_sets_reads_as_a_link():
    for text in load("top1465.txt") + load("forum_hardest_1106.txt"):
        assert read_link(text) is None, text


def test_read_puzzle_reads_symbols_of_large_boards_as_before():
    givens = (SYMBOLS[:16] + "." * 240).lower()
    assert read_puzzle(givens).grid == parse_puzzle(givens)
