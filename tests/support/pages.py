"""Reading a page's HTML in the Django tests: its visible text, its links,
a field's value, the answer grid's cells."""

from __future__ import annotations

import re
from html import unescape


def text_of(response) -> str:
    """The page's visible text with tags dropped and whitespace collapsed."""
    html = response.content.decode()
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def hrefs(response) -> list[str]:
    return [unescape(href) for href in re.findall(r'href="([^"]+)"', response.content.decode())]


def input_value(response, name):
    match = re.search(rf'<input [^>]*name="{name}"[^>]*value="([^"]*)"', response.content.decode())
    assert match, name
    return match.group(1)


def answer_cells(response, grid="answer"):
    """(class, digit) for each cell of the answer grid (or of the printed
    ``"puzzle"`` grid): of several solutions shown side by side, the first,
    whose cells carry their labels (and a single's order, on no solution)."""
    html = response.content.decode()
    puzzle, answer = html.split('id="answer-heading"')
    html = answer.split("</table>")[0] if grid == "answer" else puzzle
    cell = (
        r'<td class="cell ?([a-z ]*)"(?: aria-label="[^"]*")?>'
        r"(?:<span[^>]*>\d*</span>)?\s*(\d?)\s*</td>"
    )
    return re.findall(cell, html)
