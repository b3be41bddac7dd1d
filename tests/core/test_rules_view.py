"""A rule set on the page: drawn on the grid's cells, named in each cell's label, said in words."""

import re

from django.utils import translation

from solver.core.grids import sized_answer_grid
from solver.core.rules_view import cell_classes, region_names, sentences
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
