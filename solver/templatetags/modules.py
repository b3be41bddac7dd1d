"""``{% module "js/entry/entry.js" %}``: a page's script module, with a
``modulepreload`` link for each module it imports, however deep.

A browser finds a module's imports only once it has that module, so a page
whose script imports modules that import others waits for one round trip a
level (three on the entry page) before its script can run. Named up front,
every module is asked for at once. The imports are read from the sources
(static/), each relative ``import ... from "./x.js"`` followed; each link
names the file by ``static``, as the modules' own imports name it (hashed
under the production storage: the same file, from the browser's cache).
"""

from __future__ import annotations

import posixpath
import re
from functools import cache

from django import template
from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.utils.html import format_html, format_html_join

register = template.Library()

# A relative import or re-export (import x from "./a.js"; export { y } from
# "../b.js"), or a bare import ("./c.js"): its path, in one group or the other.
IMPORT = re.compile(
    r"""\b(?:import|export)\b[^"';]*?\bfrom\s*["'](\.{1,2}/[^"']+)["']"""
    r"""|\bimport\s*["'](\.{1,2}/[^"']+)["']"""
)


@register.simple_tag
def module(path: str):
    """The script tag of the module at ``path`` (under static/), after a
    modulepreload link for each module it imports."""
    links = format_html_join(
        "", '<link rel="modulepreload" href="{}">', ((static(name),) for name in imports(path))
    )
    return format_html('{}<script type="module" src="{}"></script>', links, static(path))


@cache  # the sources change only with a release
def imports(path: str) -> tuple[str, ...]:
    """Every module the module at ``path`` imports, however deep, in the order
    first met; each as a path under static/."""
    found: dict[str, None] = {}
    waiting = [path]
    while waiting:
        current = waiting.pop(0)
        source = finders.find(current)
        if source is None:
            continue
        with open(source, encoding="utf-8") as file:
            text = file.read()
        for match in IMPORT.finditer(text):
            relative = match.group(1) or match.group(2)
            name = posixpath.normpath(posixpath.join(posixpath.dirname(current), relative))
            if name != path and name not in found:
                found[name] = None
                waiting.append(name)
    return tuple(found)
