"""The celery runner's ratings: a puzzle rated by the queue's workers, off
every request's path (``ratings.later`` queues it)."""

from __future__ import annotations

from celery import shared_task

from ..engine import parse_puzzle
from . import ratings


@shared_task
def rate(puzzle: str) -> None:
    """Work out and keep the rating of ``puzzle`` (its 81 symbols, one
    solution proved by the request that queued it); nothing when it is kept
    already, by an earlier message or a request."""
    ratings.rated(parse_puzzle(puzzle))
