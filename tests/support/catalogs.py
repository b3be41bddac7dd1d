"""The translation catalogs read for the tests: a small reader of gettext's .po
files (the project needs no polib), and the English UI strings a page in
another language must not show.

Glossary: an *entry* is one msgid (with its plural and context, if any) and
its translations; a *catalog* is one .po file, one domain of one language.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from django.conf import settings

LOCALE = Path(settings.BASE_DIR) / "locale"
DOMAINS = ("django", "djangojs")
# The languages other than English, as Django names them and as their folders are named.
LANGUAGES = {"zh-hans": "zh_Hans", "zh-hant": "zh_Hant", "vi": "vi"}
# A placeholder: Python's %(name)s and %s (also in the scripts' interpolate), or {name}.
PLACEHOLDER = re.compile(r"%\(\w+\)[sdifr]|%[sdifr]|\{\w*\}")
TAG = re.compile(r"<[^>]+>")


@dataclass
class Entry:
    """One msgid of a catalog: its plural, context, flags and translations
    (``msgstr`` for a singular entry, ``msgstr[n]`` in order for a plural one)."""

    msgid: str = ""
    plural: str | None = None
    context: str | None = None
    flags: set[str] = field(default_factory=set)
    translations: list[str] = field(default_factory=list)
    line: int = 0

    @property
    def is_header(self) -> bool:
        return self.msgid == "" and self.context is None

    @property
    def untranslated(self) -> bool:
        return not self.translations or any(text == "" for text in self.translations)

    def sources(self) -> list[str]:
        """The English strings of the entry: the msgid, and its plural if it has one."""
        return [self.msgid] + ([self.plural] if self.plural is not None else [])


def catalog_path(language: str, domain: str) -> Path:
    """The .po file of ``domain`` in ``language`` (Django's code, e.g. "zh-hans")."""
    return LOCALE / LANGUAGES[language] / "LC_MESSAGES" / f"{domain}.po"


def read_catalog(path: Path) -> list[Entry]:
    """Every entry of the .po file at ``path``, the header first; obsolete
    (``#~``) entries are left out. An unreadable line raises ValueError."""
    entries: list[Entry] = []
    entry, target = Entry(), None
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#~"):
            continue
        if line.startswith("#,"):
            entry = _finish(entries, entry, target, number)
            entry.flags |= {flag.strip() for flag in line[2:].split(",")}
            target = None
        elif line.startswith("#"):
            entry = _finish(entries, entry, target, number)
            target = None
        elif line.startswith('"'):
            if target is None:
                raise ValueError(f"{path}:{number}: a string continues nothing")
            _append(entry, target, _unquote(line, path, number))
        else:
            keyword, _, rest = line.partition(" ")
            if keyword in ("msgctxt", "msgid") and target not in (None, "msgctxt"):
                entry = _finish(entries, entry, target, number)
            target = keyword
            if keyword.startswith("msgstr"):
                entry.translations.append("")
            elif keyword == "msgid_plural":
                entry.plural = ""
            elif keyword == "msgctxt":
                entry.context = ""
            elif keyword != "msgid":
                raise ValueError(f"{path}:{number}: unknown keyword {keyword!r}")
            _append(entry, target, _unquote(rest, path, number))
            entry.line = entry.line or number
    _finish(entries, entry, target, 0)
    return entries


def _finish(entries: list[Entry], entry: Entry, target: str | None, number: int) -> Entry:
    """Close ``entry`` if its translations were read; the entry to fill next."""
    if target is not None and target.startswith("msgstr"):
        entries.append(entry)
        return Entry(line=number)
    return entry


def _append(entry: Entry, target: str, text: str) -> None:
    if target == "msgid":
        entry.msgid += text
    elif target == "msgid_plural":
        entry.plural = (entry.plural or "") + text
    elif target == "msgctxt":
        entry.context = (entry.context or "") + text
    else:
        entry.translations[-1] += text


def _unquote(text: str, path: Path, number: int) -> str:
    if not (text.startswith('"') and text.endswith('"')):
        raise ValueError(f"{path}:{number}: not a quoted string: {text}")
    return ast.literal_eval(text)


def placeholders(text: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """The placeholders of ``text``: the named ones (%(name)s, {name}) as a set,
    since a translation may name one twice or in another order; the positional
    ones (%s, {}) in order, since each takes the next argument."""
    found = PLACEHOLDER.findall(text.replace("%%", ""))
    named = frozenset(p for p in found if "(" in p or len(p) > 2)
    return named, tuple(p for p in found if p not in named)


def placeholder_mismatches(entry: Entry) -> list[str]:
    """Each translation of ``entry`` whose placeholders differ from its English
    (the plural's, for the plural forms), described; empty if all agree."""
    problems = []
    for text in entry.translations:
        if not text:
            continue
        found = placeholders(text)
        if entry.plural is None:
            agree = found == placeholders(entry.msgid)
        else:
            # A language of one form (Chinese, Vietnamese) writes every count with
            # the plural's placeholders; the singular's may appear too, no others.
            named, positional = placeholders(entry.plural)
            allowed = named | placeholders(entry.msgid)[0]
            agree = named <= found[0] <= allowed and found[1] == positional
        if not agree:
            problems.append(f"line {entry.line}: {entry.msgid!r} -> {text!r}")
    return problems


@dataclass(frozen=True)
class Phrase:
    """An English UI string as it would show on a page: its words, and a
    pattern finding it in a page's visible text (placeholders match anything short)."""

    english: str
    pattern: re.Pattern[str]


@cache
def english_phrases(language: str, domain: str = "django") -> tuple[Phrase, ...]:
    """The English strings (msgids and plurals of ``domain``) of two or more
    words whose translation into ``language`` is not the same words: a page in
    ``language`` showing one has English left behind. None if the catalog is missing."""
    phrases = {}
    path = catalog_path(language, domain)
    for entry in read_catalog(path) if path.exists() else []:
        if entry.is_header:
            continue
        for source in entry.sources():
            shown = " ".join(TAG.sub(" ", source).split())
            words = PLACEHOLDER.sub(" ", shown).split()
            if len([w for w in words if re.search(r"[A-Za-z]{2}", w)]) < 2:
                continue
            if shown in (" ".join(TAG.sub(" ", t).split()) for t in entry.translations):
                continue  # the same words in both languages (a name, say)
            phrases[shown] = Phrase(shown, pattern_of(shown))
    return tuple(phrases.values())


@cache
def translation_pairs(
    language: str, domain: str = "django"
) -> tuple[tuple[re.Pattern, re.Pattern], ...]:
    """(English, translation) patterns of each translated string of ``domain``
    in ``language``: text made from an English string must be made from its
    translation in that language."""
    pairs = []
    for entry in read_catalog(catalog_path(language, domain)):
        if entry.is_header or entry.untranslated:
            continue
        for source in entry.sources():
            for text in entry.translations:
                pairs.append((pattern_of(source), pattern_of(text, whole_words=False)))
    return tuple(pairs)


def pattern_of(text: str, whole_words: bool = True) -> re.Pattern[str]:
    """A pattern finding ``text`` as shown: its tags dropped, its words exactly,
    spaces as any whitespace, each placeholder as up to 60 characters (a number,
    a name, a cell). ``whole_words``: "Hint" is not the start of "Hints" (not
    for Chinese, written without spaces)."""
    shown = " ".join(TAG.sub(" ", text).split())
    parts = []
    for index, piece in enumerate(PLACEHOLDER.split(shown)):
        if index:
            parts.append(r".{0,60}?")
        parts.append(r"\s+".join(re.escape(word) for word in piece.split(" ")) if piece else "")
    body = "".join(parts).strip()
    return re.compile(rf"(?<!\w){body}(?!\w)" if whole_words else body)
