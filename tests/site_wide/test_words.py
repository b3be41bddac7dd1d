"""What a bilingual reader tripped on, each checked on what the site renders:
no doubled "ngày" in a Vietnamese date, no Chinese glued to a cell or an id,
no spaces round 和 between Chinese words, rows and columns named once where
the steps and the game speak of cells, lines of text told from rows, Previous
and Next worded for steps or for pages, the glossary's names, lists that never
read "and … and", sets in braces, and brackets and separators of the reader's
language."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation

from solver.core.lists import and_list
from solver.engine import STANDARD, parse_puzzle
from solver.engine.marks import Marks
from solver.teaching.sentences import name, sentence
from solver.teaching.sentences.words import Words
from tests.support.pages import text_of
from tests.support.puzzles import HARD, sample
from tests.support.stored import store_puzzles
from tests.support.walks import remembered

pytestmark = pytest.mark.django_db
CJK = "\u3400-\u9fff"
CHINESE = ["zh-hans", "zh-hant"]


def page(client, address: str, language: str):
    return client.get(address, HTTP_ACCEPT_LANGUAGE=language)


def walk_of(puzzle: str):
    """The teacher's steps for a unique puzzle (walked once per process: ``support.walks``)."""
    return remembered(Marks.from_grid(parse_puzzle(puzzle), STANDARD), unique=True)


def test_a_vietnamese_date_in_a_sentence_says_ngay_once(client):
    text = text_of(page(client, reverse("solver:daily"), "vi"))
    assert "ngày Ngày" not in text
    assert re.search(r"của ngày \d{1,2} tháng \d{1,2} năm \d{4}", text)


@pytest.mark.parametrize("language", CHINESE)
def test_no_chinese_step_or_hint_glues_a_cell_to_a_character(language):
    """Every sentence and look of the teacher's steps on a few puzzles: a cell
    (r1c6) or a digit never touches a Chinese character without a space."""
    said = []
    with translation.override(language):
        for puzzle in [HARD, *sample("top1465.txt", 3)]:
            for step in walk_of(puzzle):
                said += [sentence(step)]
    glued = [text for text in said if re.search(rf"[{CJK}]r\d+c\d+|r\d+c\d+[{CJK}]", text)]
    assert glued == []


@pytest.mark.parametrize("language", CHINESE)
def test_a_hint_points_at_its_place_with_no_space_needed(client, language):
    reply = client.post(
        "/api/hint", {"puzzle": HARD}, "application/json", HTTP_ACCEPT_LANGUAGE=language
    )
    look = reply.json()["steps"][0]["look"]
    assert not re.search(rf"[{CJK}]r\d+c\d+", look), look


@pytest.mark.parametrize("language", CHINESE)
def test_chinese_lists_join_chinese_words_without_spaces_and_keep_them_before_digits(language):
    with translation.override(language):
        assert and_list(["第 3 宫", "第 2 行"]) == "第 3 宫和第 2 行"
        assert and_list(["2", "5", "7"]) == "2、5 和 7"
        assert and_list(["r1c3", "r7c3"]) == "r1c3 和 r7c3"
        said = [sentence(step) for step in walk_of(HARD)]
    assert [text for text in said if re.search(rf"[{CJK}] 和 |和 [{CJK}]", text)] == []


def test_the_zh_hant_steps_and_play_pages_say_which_of_lie_and_hang_is_a_row(client):
    for address in (f"{reverse('solver:steps')}?puzzle={HARD}", f"/play?puzzle={HARD}"):
        text = text_of(page(client, address, "zh-hant"))
        assert "r1c6 是第 1 列、第 6 行的格子" in text
        assert "「列」是橫的，「行」是直的" in text


@pytest.mark.parametrize("language", CHINESE)
def test_a_line_of_pasted_text_is_told_from_a_row(client, language):
    text = text_of(client.get("/index", {"puzzle": "12\n3x4"}, HTTP_ACCEPT_LANGUAGE=language))
    assert ("輸入文字的第 2 行" if language == "zh-hant" else "文本第 2 行") in text


def test_the_zh_hans_button_that_loads_a_paste_says_so(client):
    assert "填入盘面" in text_of(page(client, reverse("solver:index"), "zh-hans"))


def test_a_level_in_a_chinese_api_error_is_its_name_with_the_id_only_in_the_address(
    client, out_of_time
):
    for language in CHINESE:
        reply = client.get("/api/puzzles/random?level=hard", HTTP_ACCEPT_LANGUAGE=language)
        message = reply.json()["errors"][0]["message"]
        assert "hard" not in message, message  # this message names no address
        assert ("困難" if language == "zh-hant" else "困难") in message


def test_a_puzzle_id_is_not_called_a_number(client):
    (puzzle,) = store_puzzles("hard")
    text = text_of(page(client, reverse("solver:puzzle", args=[puzzle.pk]), "zh-hans"))
    assert f"编号为 {puzzle.pk} 的题目" in text
    assert f"第 {puzzle.pk} 号" not in text


@pytest.mark.parametrize(
    ("language", "step_words", "page_words"),
    [
        ("en", ("Previous", "Next"), ("Previous", "Next")),
        ("zh-hans", ("上一步", "下一步"), ("上一页", "下一页")),
        ("zh-hant", ("上一步", "下一步"), ("上一頁", "下一頁")),
        ("vi", ("Bước trước", "Bước sau"), ("Trang trước", "Trang sau")),
    ],
)
def test_previous_and_next_are_worded_for_steps_and_for_pages(
    client, language, step_words, page_words
):
    steps = unescape(page(client, f"/steps?puzzle={HARD}&step=2", language).content.decode())
    for word in step_words:
        assert re.search(rf'rel="(prev|next)"[^>]*>{word}<', steps), word
    store_puzzles("hard", 120)
    library = unescape(page(client, "/library?page=2", language).content.decode())
    for word in page_words:
        assert re.search(rf'rel="(prev|next)">{word}<', library), word


def test_the_zh_hant_unique_rectangles_are_named_as_the_glossary_names_them():
    with translation.override("zh-hant"):
        assert [name(f"unique-rectangle-{n}") for n in range(1, 5)] == [
            f"唯一矩形（類型 {n}）" for n in range(1, 5)
        ]


def test_units_of_two_kinds_never_read_and_then_and_again():
    words = Words(STANDARD)
    with translation.override("en"):
        assert words.units([("row", 4), ("column", 5)]) == "row 4 and column 5"
        assert words.units([("column", 2), ("column", 8), ("row", 6)]) == "columns 2 and 8, row 6"
    with translation.override("vi"):
        said = words.units([("column", 2), ("column", 8), ("row", 6)])
    assert said.count(" và ") == 1


def test_almost_locked_sets_are_written_in_braces():
    with translation.override("en"):
        said = [sentence(step) for step in walk_of(HARD) if step.technique.startswith("als")]
    assert said
    for text in said:
        assert re.search(r"\{r\dc\d(, r\dc\d)*\} \(\d(, \d)*\)", text), text


@pytest.mark.parametrize("language", CHINESE)
def test_a_chinese_page_writes_counts_and_step_lists_in_its_own_punctuation(client, language):
    store_puzzles("hard", 3)
    library = text_of(page(client, reverse("solver:library"), language))
    assert re.search(r"（3）", library)
    assert not re.search(r"\(\d+\)", library)
    steps = page(client, f"/steps?puzzle={HARD}", language).content.decode()
    summaries = re.findall(r'<span class="step-where">([^<]*)</span>', steps)
    assert any("、" in summary for summary in summaries)
    assert not any(", " in summary for summary in summaries)
