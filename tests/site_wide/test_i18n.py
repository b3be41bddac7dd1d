"""The site in English, 简体中文, 繁體中文 and Tiếng Việt: every catalog complete and
sound, every page in the reader's language with no English left behind, the
switcher working without JavaScript, the API's messages translated (its codes
never), and the batch CSV's column names fixed.

A page's English is found by the catalog itself: each English string of two or
more words that its translation changes must not show on a page in another
language (tests/support/catalogs.py).
"""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
from html import unescape

import pytest
from django.conf import settings
from django.test import override_settings
from django.urls import reverse
from django.utils.http import urlencode

from solver.batches.export import EXPORT_FIELDS
from solver.batches.models import PASTED
from solver.batches.store import create_batch
from solver.engine.levels import LEVELS
from tests.support.catalogs import (
    DOMAINS,
    LANGUAGES,
    catalog_path,
    english_phrases,
    placeholder_mismatches,
    read_catalog,
    translation_pairs,
)
from tests.support.puzzles import HARD, HARD1, NO_SOLUTION
from tests.support.stored import finished_batch, store_puzzles

OTHERS = list(LANGUAGES)  # zh-hans, zh-hant, vi
EVERY_LANGUAGE = ["en", *OTHERS]
CATALOGS = [(language, domain) for language in OTHERS for domain in DOMAINS]
CONFLICTING = "55" + "." * 79
# What a browser sends, and the language of the site it gets.
BROWSER_LANGUAGES = {
    "en-US,en;q=0.9": "en",
    "zh-CN,zh;q=0.9": "zh-hans",
    "zh-Hans": "zh-hans",
    "zh-TW,zh;q=0.9": "zh-hant",
    "zh-HK": "zh-hant",
    "vi-VN,vi;q=0.9,en;q=0.5": "vi",
    "fr-FR": "en",
}


def catalog_id(pair: tuple[str, str]) -> str:
    return "-".join(pair)


# The catalogs


@pytest.mark.parametrize(("language", "domain"), CATALOGS, ids=map(catalog_id, CATALOGS))
def test_every_catalog_passes_msgfmt_check(language, domain):
    """gettext's own checks (format strings, plural forms, the header) find nothing."""
    path = catalog_path(language, domain)
    assert path.exists(), f"{path} is missing"
    run = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr


@pytest.mark.parametrize(("language", "domain"), CATALOGS, ids=map(catalog_id, CATALOGS))
def test_every_entry_is_translated_and_none_is_fuzzy(language, domain):
    """A fuzzy entry is left out of the compiled catalog, so the page shows English;
    the header too, or the plural forms of the language are lost."""
    entries = read_catalog(catalog_path(language, domain))
    fuzzy = [f"line {e.line}: {e.msgid!r}" for e in entries if "fuzzy" in e.flags]
    untranslated = [f"line {e.line}: {e.msgid!r}" for e in entries[1:] if e.untranslated]
    assert fuzzy == [], f"{len(fuzzy)} fuzzy entries"
    assert untranslated == [], f"{len(untranslated)} of {len(entries) - 1} untranslated"


@pytest.mark.parametrize(("language", "domain"), CATALOGS, ids=map(catalog_id, CATALOGS))
def test_every_translation_keeps_the_placeholders_of_its_english(language, domain):
    """%(name)s, %s and {name}: each translation has the same ones as its msgid."""
    entries = read_catalog(catalog_path(language, domain))
    mismatches = [problem for entry in entries[1:] for problem in placeholder_mismatches(entry)]
    assert mismatches == []


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_language_translates_the_same_english(domain):
    """The three catalogs of a domain hold the same msgids: none is out of date."""
    english = {
        language: {(e.context, e.msgid) for e in read_catalog(catalog_path(language, domain))}
        for language in OTHERS
        if catalog_path(language, domain).exists()
    }
    assert english, f"no {domain}.po yet"
    every = set.union(*english.values())
    missing = {language: sorted(every - held, key=str) for language, held in english.items()}
    assert missing == {language: [] for language in english}


@pytest.mark.parametrize(("language", "domain"), CATALOGS, ids=map(catalog_id, CATALOGS))
def test_every_catalog_is_compiled_from_its_latest_text(language, domain):
    """The pages read the .mo files (git-ignored, made by compilemessages): one older
    than its .po would test, and serve, the translations of before."""
    source = catalog_path(language, domain)
    compiled = source.with_suffix(".mo")
    assert compiled.exists(), f"{compiled} is missing: run manage.py compilemessages"
    assert compiled.stat().st_mtime >= source.stat().st_mtime, f"{compiled} is older than its .po"


# The pages, as a reader gets them


def entry_page(client):
    return client.get(reverse("solver:index"))


def answer_page(client):
    return client.get(reverse("solver:answer") + "?" + urlencode({"puzzle": HARD}))


def no_solution_page(client):
    return client.get(reverse("solver:answer") + "?" + urlencode({"puzzle": NO_SOLUTION}))


def several_solutions_page(client):
    return client.get(reverse("solver:answer") + "?" + urlencode({"puzzle": HARD1}))


def problems_page(client):
    """The entry page with its problems listed."""
    return client.get(reverse("solver:answer") + "?" + urlencode({"puzzle": CONFLICTING}))


def bad_request_page(client):
    """The 400 page (a form of too many fields)."""
    fields = {f"f{number}": "1" for number in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 100)}
    response = client.post(reverse("solver:answer"), fields, follow=True)
    assert response.status_code == 400
    return response


def paste_problem_page(client):
    return client.get(reverse("solver:answer") + "?" + urlencode({"puzzle": "not a puzzle"}))


def steps_page(client):
    return client.get(reverse("solver:steps") + "?" + urlencode({"puzzle": HARD, "step": 2}))


def play_page(client):
    return client.get(reverse("solver:play") + "?" + urlencode({"puzzle": HARD}))


def unplayable_page(client):
    """/play of a puzzle with several solutions: named, and sent to the answer."""
    return client.get(reverse("solver:play") + "?" + urlencode({"puzzle": "." * 81}), follow=True)


def new_puzzle_page(client):
    store_puzzles("hard")
    return client.get(reverse("solver:new") + "?" + urlencode({"level": "hard"}), follow=True)


def unknown_level_page(client):
    return client.get(reverse("solver:new") + "?" + urlencode({"level": "nope"}), follow=True)


def preparing_page(client):
    """/new at a level made ahead of time that the library lacks: 503, being prepared."""
    response = client.get(reverse("solver:new") + "?" + urlencode({"level": "extreme"}))
    assert response.status_code == 503
    return response


def bad_seed_page(client):
    query = {"level": "easy", "symmetry": "spiral", "seed": "x"}
    response = client.get(reverse("solver:new") + "?" + urlencode(query))
    assert response.status_code == 400
    return response


def puzzle_page(client):
    (puzzle,) = store_puzzles("expert")
    return client.get(reverse("solver:puzzle", args=[puzzle.pk]))


def unknown_puzzle_page(client):
    response = client.get(reverse("solver:puzzle", args=["nosuchpuzzle"]))
    assert response.status_code == 404
    return response


def not_found_page(client):
    response = client.get("/no/such/page")
    assert response.status_code == 404
    return response


def library_page(client):
    store_puzzles("medium", 3)
    store_puzzles("hard", 2)
    return client.get(reverse("solver:library") + "?" + urlencode({"level": "medium"}))


def empty_library_page(client):
    return client.get(reverse("solver:library"))


def daily_page(client):
    for level in LEVELS:
        store_puzzles(level)
    return client.get(reverse("solver:daily"))


def daily_preparing_page(client):
    """The daily page while expert and extreme are being prepared."""
    for level in ("easy", "medium", "hard"):
        store_puzzles(level)
    return client.get(reverse("solver:daily"))


def batch_form_page(client):
    return client.get(reverse("solver:batch"))


def batch_problem_page(client):
    """The batch form with a problem listed (nothing to solve)."""
    return client.post(reverse("solver:batch"), {"puzzles": "# only a comment\n"})


def batch_page(client):
    """A finished batch's page, solved as a reader's page solves it: by its
    requests, in the reader's language (each row's message is written then)."""
    lines = [HARD, "not a puzzle", NO_SOLUTION, "." * 81]
    page = client.post(reverse("solver:batch"), {"puzzles": "\n".join(lines)})["Location"]
    step = page + "/step"
    while not client.post(step, HTTP_ACCEPT="application/json").json()["finished"]:
        pass
    return client.get(page)


def running_batch_page(client):
    """A batch's page while a reader's requests solve it (its Continue button)."""
    batch = create_batch(PASTED, "\n".join([HARD, HARD]))
    return client.get(reverse("solver:batch_detail", args=[batch.pk]))


def workers_batch_page(client):
    """A batch's page while the queue's workers solve it (its Refresh button)."""
    batch = create_batch(PASTED, "\n".join([HARD, HARD]))
    with override_settings(SUDOKU_BATCH_RUNNER="celery"):
        return client.get(reverse("solver:batch_detail", args=[batch.pk]))


PAGES = {
    "entry": entry_page,
    "answer": answer_page,
    "no-solution": no_solution_page,
    "several-solutions": several_solutions_page,
    "problems": problems_page,
    "400": bad_request_page,
    "paste-problem": paste_problem_page,
    "steps": steps_page,
    "play": play_page,
    "play-several-solutions": unplayable_page,
    "new": new_puzzle_page,
    "new-unknown-level": unknown_level_page,
    "new-being-prepared": preparing_page,
    "new-bad-seed": bad_seed_page,
    "puzzle": puzzle_page,
    "puzzle-404": unknown_puzzle_page,
    "404": not_found_page,
    "library": library_page,
    "empty-library": empty_library_page,
    "daily": daily_page,
    "daily-being-prepared": daily_preparing_page,
    "batch-form": batch_form_page,
    "batch-problem": batch_problem_page,
    "batch": batch_page,
    "batch-running": running_batch_page,
    "batch-running-workers": workers_batch_page,
}
# Text read aloud or shown on hover is UI text too.
READ_ATTRIBUTES = re.compile(r'\s(?:aria-label|title|placeholder|alt)="([^"]*)"')
HIDDEN = re.compile(
    r"<!--.*?-->|<(script|style)\b.*?</\1>|<select id=\"language-choice\".*?</select>", re.S
)
# Code, commands and keys stay as they are typed, in every language.
CODE = re.compile(r"<(code|kbd|samp)\b.*?</\1>", re.S)
# Two or more English-looking words in a row (a cell's name, r9c3, is no word).
LATIN_WORDS = re.compile(
    r"(?<!\w)[A-Za-z][A-Za-z'’-]+(?!\w)(?:[ ,.:;()]+(?<!\w)[A-Za-z][A-Za-z'’-]+(?!\w))+"
)
# What the tests themselves type, shown back as it was sent.
TYPED = {"not a puzzle", "only a comment"}


def html_lang(response) -> str:
    match = re.search(r'<html lang="([^"]*)"', response.content.decode())
    assert match, "the page has no <html lang>"
    return match.group(1)


def visible_text(response, code: bool = True) -> str:
    """What the page shows and reads out: its text without comments, scripts, styles
    and the language names (each in its own language), then its labels and titles;
    without its code and keys too unless ``code``."""
    html = HIDDEN.sub(" ", response.content.decode())
    html = html if code else CODE.sub(" ", html)
    labels = " | ".join(unescape(label) for label in READ_ATTRIBUTES.findall(html))
    text = unescape(re.sub(r"<[^>]+>", " ", html))
    return " ".join(f"{text} | {labels}".split())


def english_left(text: str, language: str) -> list[str]:
    """The English UI strings that ``text``, a page in ``language``, still shows."""
    return [phrase.english for phrase in english_phrases(language) if phrase.pattern.search(text)]


def language_client(client, language: str, by: str = "header"):
    """``client`` asking for ``language``, by Accept-Language or by the switcher's cookie."""
    if by == "cookie":
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    else:
        client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("name", PAGES)
def test_the_scan_finds_the_english_of_every_english_page(client, out_of_time, name):
    """The English page shows its English strings (so the scan below can see them),
    and says it is English."""
    response = PAGES[name](language_client(client, "en"))
    assert html_lang(response) == "en"
    assert english_left(visible_text(response), "vi"), "the scan finds nothing to look for"


@pytest.mark.django_db
@pytest.mark.parametrize("language", OTHERS)
@pytest.mark.parametrize("name", PAGES)
def test_every_page_is_in_the_asked_language_with_no_english_left(
    client, out_of_time, name, language
):
    """Asked by Accept-Language, every page says its language and shows no English UI string."""
    response = PAGES[name](language_client(client, language))
    assert html_lang(response) == language
    left = english_left(visible_text(response), language)
    assert left == [], f"English left on the {name} page in {language}: " + " || ".join(left)


def latin_words(text: str, language: str) -> list[str]:
    """The runs of English-looking words in ``text`` that no translation into
    ``language`` holds (names such as "Sudoku Exchange" or "ALS-XZ" do)."""
    kept = {
        run
        for entry in read_catalog(catalog_path(language, "django"))[1:]
        for translation in entry.translations
        for run in LATIN_WORDS.findall(translation)
    }
    runs = LATIN_WORDS.findall(text)
    return sorted({run for run in runs if not any(run in k for k in kept | TYPED)})


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["zh-hans", "zh-hant"])
@pytest.mark.parametrize("name", PAGES)
def test_a_chinese_page_shows_no_english_words_at_all(client, out_of_time, name, language):
    """Whatever the catalog holds: a Chinese page showing English words has a string
    not marked for translation (or text that should never show, such as a comment)."""
    response = PAGES[name](language_client(client, language))
    assert latin_words(visible_text(response, code=False), language) == []


# Words of English sentences that Vietnamese never writes (it does write "to", "do", "in").
ENGLISH_ONLY = {"the", "and", "of", "is", "are", "this", "that", "with", "for", "from", "has"}


@pytest.mark.django_db
@pytest.mark.parametrize("name", PAGES)
def test_a_vietnamese_page_shows_no_english_sentence_at_all(client, out_of_time, name):
    """Vietnamese is written in Latin letters too, so here an English sentence is
    told by its little words ("the", "of", "is")."""
    response = PAGES[name](language_client(client, "vi"))
    sentences = [
        run
        for run in latin_words(visible_text(response, code=False), "vi")
        if len(ENGLISH_ONLY & set(re.findall(r"\w+", run.lower()))) >= 2
    ]
    assert sentences == []


@pytest.mark.django_db
@pytest.mark.parametrize("language", OTHERS)
@pytest.mark.parametrize("name", ["entry", "answer", "steps", "play", "library", "batch"])
def test_the_switchers_cookie_wins_over_accept_language(client, out_of_time, name, language):
    """The cookie set by the switcher chooses the language, whatever the browser asks."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en-US,en;q=0.9"
    response = PAGES[name](language_client(client, language, by="cookie"))
    assert html_lang(response) == language
    left = english_left(visible_text(response), language)
    assert left == [], f"English left on the {name} page in {language}: " + " || ".join(left)


@pytest.mark.parametrize(("header", "language"), BROWSER_LANGUAGES.items())
def test_browsers_language_names_find_the_sites_language(client, header, language):
    """zh-CN is read as 简体中文, zh-TW and zh-HK as 繁體中文; an unknown language gets English."""
    response = client.get(reverse("solver:index"), HTTP_ACCEPT_LANGUAGE=header)
    assert html_lang(response) == language
    assert "Accept-Language" in response["Vary"]


@pytest.mark.parametrize("language", OTHERS)
def test_the_scripts_catalog_is_served_in_the_pages_language(client, language):
    """Every page loads /jsi18n as a script of its own origin (the CSP allows no
    inline one), and it holds every translation of djangojs.po in that language."""
    html = client.get(reverse("solver:index"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<script defer src="{reverse("javascript-catalog")}"></script>' in html
    response = client.get(reverse("javascript-catalog"), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert "javascript" in response["Content-Type"]
    served = response.content.decode()
    entries = read_catalog(catalog_path(language, "djangojs"))[1:]
    missing = [
        entry.msgid
        for entry in entries
        if any(json.dumps(text) not in served for text in entry.translations if text)
    ]
    assert entries
    assert missing == []


# The switcher, without JavaScript


def test_the_switcher_lists_the_four_languages_by_their_own_names(client):
    html = client.get(reverse("solver:index"), HTTP_ACCEPT_LANGUAGE="vi").content.decode()
    form = re.search(
        r'<form class="language" action="/i18n/setlang" method="post">.*?</form>', html, re.S
    )
    assert form, "the page has no switcher posting to set_language"
    options = re.findall(
        r'<option value="([^"]+)" lang="\1"( selected)?>([^<]+)</option>', form.group()
    )
    assert [(code, name) for code, _, name in options] == [
        ("en", "English"),
        ("zh-hans", "简体中文"),
        ("zh-hant", "繁體中文"),
        ("vi", "Tiếng Việt"),
    ]
    assert [code for code, selected, _ in options if selected] == ["vi"]
    assert 'name="next" value="/index"' in form.group()
    assert 'type="submit"' in form.group()


@pytest.mark.django_db
@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_the_switcher_sets_the_cookie_and_goes_back_to_the_page(client, language):
    """A plain POST to /i18n/setlang: back to ``next``, the cookie set, the page then
    in that language (whatever Accept-Language says)."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr" if language == "en" else "en"
    back = reverse("solver:answer") + "?" + urlencode({"puzzle": HARD})
    response = client.post(reverse("set_language"), {"language": language, "next": back})
    assert response.status_code == 302
    assert response["Location"] == back
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == language
    page = client.get(back)
    assert html_lang(page) == language
    if language != "en":
        assert english_left(visible_text(page), language) == []


def test_the_switcher_never_leads_off_the_site(client):
    response = client.post(
        reverse("set_language"), {"language": "vi", "next": "https://example.com/"}
    )
    assert response.status_code == 302
    assert not response["Location"].startswith("https://example.com")


# The API


def api(client, path: str, language: str | None = None, **body):
    headers = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}
    return client.post(path, body, content_type="application/json", **headers)


def conflict_progress() -> str:
    cell = HARD.index(".")  # r1c2, beside the given 4 at r1c1
    return "." * cell + HARD[0] + "." * (80 - cell)


def from_catalog(english: str, translated: str, language: str) -> bool:
    """Whether ``translated`` holds the translation of an English string that ``english`` holds."""
    return any(
        source.search(english) and target.search(translated)
        for source, target in translation_pairs(language)
    )


API_ERRORS = {
    "conflict": ("/api/solve", {"puzzle": CONFLICTING}),
    "validate-conflict": ("/api/validate", {"puzzle": CONFLICTING}),
    "bad-character": ("/api/validate", {"puzzle": "x"}),
    "required": ("/api/solve", {}),
    "progress": ("/api/steps", {"puzzle": HARD, "progress": "x" + "." * 80}),
    "unknown-technique": ("/api/hint", {"puzzle": HARD, "techniques": ["no-such-one"]}),
}


@pytest.mark.parametrize("language", OTHERS)
@pytest.mark.parametrize("case", API_ERRORS)
def test_a_400s_messages_are_translated_and_its_codes_kept(client, case, language):
    path, body = API_ERRORS[case]
    english, translated = api(client, path, **body), api(client, path, language, **body)
    assert (english.status_code, translated.status_code) == (400, 400)
    english, translated = english.json(), translated.json()
    assert translated["status"] == english["status"]
    assert len(translated["errors"]) == len(english["errors"])
    for was, now in zip(english["errors"], translated["errors"], strict=True):
        assert (now["code"], now["cells"]) == (was["code"], was["cells"])
        assert now["message"] != was["message"]
        assert from_catalog(was["message"], now["message"], language), now["message"]


@pytest.mark.parametrize("language", OTHERS)
def test_a_conflicts_message_is_translated_and_its_code_and_cells_kept(client, language):
    english = api(client, "/api/candidates", puzzle=HARD, progress=conflict_progress()).json()
    translated = api(
        client, "/api/candidates", language, puzzle=HARD, progress=conflict_progress()
    ).json()
    [was], [now] = english["conflicts"], translated["conflicts"]
    assert (now["code"], now["cells"]) == (was["code"], was["cells"])
    assert now["message"] != was["message"]
    assert from_catalog(was["message"], now["message"], language), now["message"]
    assert translated["candidates"] == english["candidates"]


@pytest.mark.parametrize("language", OTHERS)
@pytest.mark.parametrize("path", ["/api/hint", "/api/steps"])
def test_a_steps_words_are_translated_and_its_ids_kept(client, path, language):
    """A hint's (or a step's) text, name and look are in the language; the technique
    id, the message id, the cells and digits never change."""
    english = api(client, path, puzzle=HARD).json()
    translated = api(client, path, language, puzzle=HARD).json()
    assert translated["status"] == english["status"]
    assert translated["difficulty"] == english["difficulty"]
    assert len(translated["steps"]) == len(english["steps"])
    for was, now in list(zip(english["steps"], translated["steps"], strict=True))[:30]:
        for key in ("number", "technique", "message", "placements", "eliminations", "pattern"):
            assert now[key] == was[key], key
        for key in ("text", "name", "look"):
            # A name may stay as it is (ALS-XZ), if its catalog says so; sentences never.
            assert key == "name" or now[key] != was[key], (key, now[key])
            assert from_catalog(was[key], now[key], language), (key, now[key])


def test_without_accept_language_the_api_is_english(client):
    body = api(client, "/api/hint", puzzle=HARD).json()
    [step] = body["steps"]
    assert step["text"].startswith(step["name"])
    assert all(step[key].isascii() for key in ("name", "text", "look"))
    [error] = api(client, "/api/solve", puzzle=CONFLICTING).json()["errors"]
    assert error["message"] == "Two 5s in row 1 (columns 1 and 2)."


@pytest.mark.parametrize("language", OTHERS)
def test_an_answers_fields_never_change_with_the_language(client, language):
    english = api(client, "/api/solve", puzzle=HARD).json()
    translated = api(client, "/api/solve", language, puzzle=HARD).json()
    for body in (english, translated):
        body.pop("elapsed_ms")
    assert translated == english


# The batch CSV


@pytest.mark.django_db
@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_the_csvs_column_names_stay_english_in_every_language(client, language):
    batch = finished_batch([HARD, "not a puzzle"])
    response = client.get(
        reverse("solver:batch_csv", args=[batch.pk]), HTTP_ACCEPT_LANGUAGE=language
    )
    rows = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert tuple(rows[0]) == EXPORT_FIELDS
    assert [row[1] for row in rows[1:]] == ["unique", "invalid"]
