"""Lists in sentences, punctuated as the reader's language punctuates them.

English writes "r1c3, r7c3" and "2, 5 and 7"; Chinese writes 、 between the
items and 和 before the last. Each language's catalog says how (the
separators are marked for translation with a context of their own). Where
the join puts a Chinese character against a Latin letter or a digit, a space
keeps them apart, as Chinese typesetting does ("第 3 宫和第 2 行", but
"2、5 和 7", "r1c3 和 r7c3"): the catalogs write the joins without spaces.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

# A seam between a CJK ideograph and a Latin letter or digit, either way round.
_SEAM = re.compile(r"(?<=[\u3400-\u9fff])(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])(?=[\u3400-\u9fff])")
MARK = "\0"  # where an item goes, in the join as translated


def and_list(items: Iterable[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    return _joined(list(items), lambda: _("%(first)s and %(last)s"))


def or_list(items: Iterable[str]) -> str:
    """ "a", "a or b", "a, b or c"."""
    return _joined(list(items), lambda: _("%(first)s or %(last)s"))


def _joined(items: list[str], template) -> str:
    """The items, the last joined by ``template()`` (translated, with ``first`` and ``last``)."""
    if len(items) < 2:
        return "".join(items)
    first, last = comma().join(items[:-1]), items[-1]
    # The join with a mark for each part, so that only its seams get spaces.
    join = template() % {"first": MARK, "last": MARK}
    before, between, after = join.split(MARK)
    return functools.reduce(_spaced, (before, first, between, last, after))


def _spaced(left: str, right: str) -> str:
    """``left`` then ``right``, a space between them where a Chinese character
    meets a Latin letter or a digit."""
    if left and right and _SEAM.match(left[-1] + right[0], 1):
        return left + " " + right
    return left + right


def comma() -> str:
    """What separates the items of a list in the reader's language (、 in Chinese)."""
    # Translators: between the items of a list, as in "r1c3, r7c3" or "2, 5 and 7".
    return pgettext("list", ", ")


def semicolon() -> str:
    """What separates the parts of a longer list, each a list itself."""
    # Translators: between the parts of a list, as in "5 from r1c3, r7c3; 7 from r2c2".
    return pgettext("list of parts", "; ")
