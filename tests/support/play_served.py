"""Helpers for the play page's server-side tests: its address, the data it
carries for its script, and its cells as drawn."""

from __future__ import annotations

import json
import re

from django.urls import reverse
from django.utils.http import urlencode

PLAY = reverse("solver:play")


def play_url(puzzle: str) -> str:
    return PLAY + "?" + urlencode({"puzzle": puzzle})


def play_data(response) -> dict:
    """The JSON the page carries for its script."""
    html = response.content.decode()
    match = re.search(r'<script id="play-data" type="application/json">(.*?)</script>', html, re.S)
    assert match, "the page carries no play data"
    return json.loads(match.group(1))


def cells(response) -> list[dict]:
    """Each play cell's attributes and content, in reading order."""
    html = response.content.decode()
    cell = r'<td class="([^"]*)"><button type="button" class="play-cell"([^>]*)>(.*?)</button>'
    found = re.findall(cell, html)
    return [
        {"classes": classes, **dict(re.findall(r'([\w-]+)="([^"]*)"', attributes)), "text": text}
        for classes, attributes, text in found
    ]
