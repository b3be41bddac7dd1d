"""Lists in sentences, punctuated as the reader's language punctuates them.

English writes "r1c3, r7c3" and "2, 5 and 7"; Chinese writes 、 between the
items and joins the last with 和 without spaces; each language's catalog says
how (the separators are marked for translation with a context of their own).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _
from django.utils.translation import pgettext


def and_list(items: Iterable[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return _("%(first)s and %(last)s") % {"first": comma().join(items[:-1]), "last": items[-1]}


def comma() -> str:
    """What separates the items of a list in the reader's language (、 in Chinese)."""
    # Translators: between the items of a list, as in "r1c3, r7c3" or "2, 5 and 7".
    return pgettext("list", ", ")


def semicolon() -> str:
    """What separates the parts of a longer list, each a list itself."""
    # Translators: between the parts of a list, as in "5 from r1c3, r7c3; 7 from r2c2".
    return pgettext("list of parts", "; ")
