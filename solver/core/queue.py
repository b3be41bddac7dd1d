"""The queue: whether the site's background work goes to Celery's workers
(``SUDOKU_BATCH_RUNNER=celery``), and sending it there.

Each feature keeps its own tasks (``batches.tasks``, ``library.tasks``,
``teaching.tasks``); the others send to them by name through ``send``, so
that nothing imports a task module to queue work.
"""

from __future__ import annotations

import logging

from django.conf import settings
from kombu.exceptions import OperationalError

from sudoku_site.celery import app

CELERY = "celery"
logger = logging.getLogger(__name__)


def queued() -> bool:
    """True when the queue's workers do the background work (the celery runner)."""
    return settings.SUDOKU_BATCH_RUNNER == CELERY


def send(task: str, *args: str, task_id: str | None = None) -> bool:
    """Queue the task named ``task`` with ``args`` (as message ``task_id``, if
    given); False, logged, when the broker cannot be reached. Nothing is
    lost then: what the message stood for is still to do in the database,
    and whatever looks for such work (the sweeper, the next ask) sends it again."""
    try:
        app.send_task(task, args, task_id=task_id)
    except OperationalError:
        logger.warning("Not queued (%s): the broker could not be reached", task, exc_info=True)
        return False
    return True
