"""The celery runner's library: topped up by the queue's workers, as
``manage.py generate --until`` tops it up (``make library``), a bounded
piece at a time.

Celery's clock (``sudoku_site.celery``) sends ``top_up`` every minute. Each
run makes puzzles for up to ``TOP_UP_SECONDS`` and stops; the next run goes
on where it stopped, so no run holds a worker long, and batches' slices
queued meanwhile wait for one piece at most.

``top_up_stock`` fills the stock of big boards (``stock``), sent when a
request finds a size with none (and by the clock with the library's top-up):
one puzzle a run, within ``STOCK_SECONDS``, since a 25x25 one takes a
minute or more and no shorter piece of it can be kept.
"""

from __future__ import annotations

import random
import time

from celery import shared_task
from django.conf import settings

from ..engine.levels import LEVELS
from . import stock, store
from .picks import DEFAULT_SYMMETRY, SEEDS

TOP_UP_SECONDS = 20.0  # one run's making, at most (and the puzzle under way)
# One big board's making, at most: inside the queue's VISIBILITY_SECONDS (300).
STOCK_SECONDS = 200.0


@shared_task
def top_up() -> int:
    """Store new puzzles of each level, easiest first, until the library
    holds ``SUDOKU_LIBRARY_TOP_UP`` of each or ``TOP_UP_SECONDS`` have
    passed; how many were stored. The puzzles are the command's: one
    solution, the level asked for, rotational givens, each from a seed drawn
    at random and stored once however it is written."""
    deadline = time.monotonic() + TOP_UP_SECONDS
    stored = 0
    for level in LEVELS:
        while store.count(level) < settings.SUDOKU_LIBRARY_TOP_UP:
            left = deadline - time.monotonic()
            if left <= 0:
                return stored
            stored += _make_one(level, left)
    return stored


def _make_one(level: str, max_seconds: float) -> int:
    """Generate a puzzle of ``level`` within ``max_seconds`` and store it; 1
    if it was stored, 0 if the time ran out or an equivalent one is stored."""
    seed = random.randrange(SEEDS)
    entries = store.generate_entries([seed], level, DEFAULT_SYMMETRY, False, max_seconds)
    return store.store_all([entry for entry in entries if entry is not None], store.GENERATED)


@shared_task
def top_up_stock() -> int:
    """Make one puzzle of the first big board the stock lacks
    (``stock.lacking``), from a seed drawn at random, within
    ``STOCK_SECONDS``, and store it; 1 if it was stored, else 0 (the stock
    full, the time out, or the puzzle there already). A run that stored one
    sends the next, until the stock is full."""
    boards = stock.lacking()
    if not boards:
        return 0
    made = stock.make(boards[0], random.randrange(SEEDS), STOCK_SECONDS)
    if made is None or not stock.add(boards[0], made):
        return 0
    stock.ask_for_more(again=True)
    return 1
