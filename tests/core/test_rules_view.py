"""A rule set on the page: drawn on the grid's cells, named in each cell's label, said in words."""

import re

from django.utils import translation

from solver.core.grids import sized_answer_grid
from solver.core.rules_view import cage_sums, cell_classes, region_names, sentences
from solver.engine.rules import classic
from solver.engine.rules.text import read_rules

# Nine regions of nine cells: each row's region is its row shifted, wrapping.
JIGSAW = "".join(str((row + (col >= 4)) % 9 + 1) for row in range(9) for col in range(9))


def _cells(html: str) -> list[tuple[str, str]]:
    """Each answer cell's (classes, label), row by row."""
    return re.findall(r'<td class="([^"]*)" aria-label="([^"]*)"', html)


def test_a_classic_rule_set_adds_no_drawing_and_says_rows_columns_and_boxes():
    rules = classic(9)
    assert set(cell_classes(rules)) == {""}
    assert sentences(rules) == ["Each row, column and box holds every digit once."]


def test_both_diagonals_are_drawn_through_their_cells_and_named_in_their_labels():
    rules = read_rules("diagonal", 9)
    classes = cell_classes(rules)
    assert "diag-main" in classes[0]
    assert "diag-anti" in classes[8]
    assert "diag-main" in classes[40]
    assert "diag-anti" in classes[40]
    assert classes[1] == ""
    html = sized_answer_grid((0,) * 81, None, "Puzzle", rules=rules)
    label = dict(enumerate(_cells(html)))[40][1]
    assert label == "Row 5, column 5, box 5, the other diagonal, the main diagonal"


def test_jigsaw_regions_are_outlined_where_neighbours_differ_and_replace_the_box_in_labels():
    rules = read_rules(f"jigsaw:{JIGSAW}", 9)
    classes = cell_classes(rules)
    # Cell r1c4 is region 1 and r1c5 region 2: the edge between them is drawn on both.
    assert "edge-right" in classes[3]
    assert "edge-left" in classes[4]
    assert "edge-right" not in classes[0]
    html = sized_answer_grid((0,) * 81, None, "Puzzle", rules=rules)
    assert 'class="grid answer-grid sized size-9 jigsaw"' in html
    assert _cells(html)[4][1] == "Row 1, column 5, jigsaw region 2"
    assert "no boxes" in sentences(rules)[0]


def test_windows_are_shaded_and_every_rule_is_said_in_order():
    rules = read_rules("antiknight,windoku,nonconsecutive", 9)
    assert "window" in cell_classes(rules)[10]  # r2c2 opens the first window
    assert cell_classes(rules)[0] == ""
    said = sentences(rules)
    assert said[0].startswith("Each row, column and box")
    assert [s.split()[0] for s in said[1:]] == ["Each", "Anti-knight:", "Non-consecutive:"]
    assert region_names(rules)[10] == "window 1"


def test_the_rules_are_said_in_the_readers_language():
    with translation.override("vi"):
        said = sentences(read_rules("antiknight", 9))
    assert said[1] != "Anti-knight: equal digits never stand a chess knight's move apart."


def test_the_drawings_kept_are_of_the_rule_sets_in_use_not_of_every_one_posted():
    ruled = [read_rules("jigsaw:" + _swapped(a, b), 9) for a in range(9) for b in range(9)]
    assert len({rules.key for rules in ruled}) > cell_classes.cache_info().maxsize
    for rules in ruled:
        cell_classes(rules)
    assert cell_classes.cache_info().currsize <= cell_classes.cache_info().maxsize


def _swapped(a: int, b: int) -> str:
    """Rows as regions, with column ``a`` of row 1 and column ``b`` of row 2 swapped."""
    regions = [cell // 9 + 1 for cell in range(81)]
    regions[a], regions[9 + b] = regions[9 + b], regions[a]
    return "".join(map(str, regions))


def test_a_killer_cage_is_outlined_on_the_sides_that_face_out_of_it():
    rules = read_rules("cage:15:r1c1.r1c2.r2c1", 9)
    classes = [set(each.split()) for each in cell_classes(rules)]
    assert classes[0] == {"cage-top", "cage-left"}  # r1c2 and r2c1 are in the cage
    assert classes[1] == {"cage-top", "cage-bottom", "cage-right"}
    assert classes[9] == {"cage-bottom", "cage-left", "cage-right"}
    assert classes[10] == set()  # r2c2 is in no cage


def test_a_cages_sum_is_written_in_its_first_cell_alone_and_only_when_it_has_one():
    rules = read_rules("cage:r5c6.r5c5,cage:3:r1c2.r1c1,cage:7:r9c9", 9)
    sums = cage_sums(rules)
    assert (sums[0], sums[1], sums[80]) == ("3", "", "7")
    assert sums[40] == sums[41] == ""  # the cage without a sum
    assert set(sums) == {"", "3", "7"}


def test_a_cage_is_named_by_its_sum_and_first_cell_in_each_of_its_cells_labels():
    rules = read_rules("diagonal,cage:3:r1c1.r1c2,cage:r5c5.r5c6,cage:7:r9c9", 9)
    names = region_names(rules)
    assert names[1] == "the 3 cage at r1c1"
    assert names[0] == "the main diagonal, the 3 cage at r1c1"
    assert names[41] == "the cage at r5c5"
    assert names[80] == "the main diagonal, the 7 cage at r9c9"  # a cage of one cell too


def test_the_answer_grid_draws_each_cages_sum_in_its_first_cell_which_says_it():
    rules = read_rules("cage:3:r1c1.r1c2,cage:r5c5.r5c6", 9)
    html = sized_answer_grid((0,) * 81, None, "Puzzle", rules=rules)
    cells = re.findall(r'<td class="([^"]*)" aria-label="([^"]*)">(.*?)</td>', html)
    assert cells[0] == (
        "cell cage-top cage-bottom cage-left",
        "Row 1, column 1, box 1, the 3 cage at r1c1",
        '<span class="cage-sum" aria-hidden="true">3</span>',
    )
    assert cells[1][2] == ""
    assert html.count('class="cage-sum"') == 1  # the cage at r5c5 has no sum


def test_a_classic_answer_grid_has_no_cage_markup():
    assert "cage" not in sized_answer_grid((0,) * 81, None, "Puzzle", rules=classic(9))
    assert "cage" not in sized_answer_grid((0,) * 16, None, "Puzzle")
