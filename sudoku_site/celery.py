"""The queue's Celery app, for SUDOKU_BATCH_RUNNER=celery (docs/scaling.md).

    .venv/bin/celery -A sudoku_site worker --beat     (one machine: workers and the clock)
    .venv/bin/celery -A sudoku_site worker            (each other machine)

The broker is REDIS_URL (read by the settings). The database stays the
truth: a message only says "this batch, the library or this puzzle has work",
and each task does a bounded piece of it, so a message lost or delivered
twice costs time, never a result (``solver.batches.tasks`` says how).

- A message is acknowledged once its task has run (``task_acks_late``) and
  handed back when the worker running it dies (``task_reject_on_worker_lost``),
  even by SIGKILL; a worker takes one message ahead at a time
  (``worker_prefetch_multiplier``), so none waits behind a long task while
  another worker is idle.
- A message taken by a worker that vanished whole (the machine gone) comes
  back after ``VISIBILITY_SECONDS``; the sweeper, every SUDOKU_QUEUE_SWEEP_SECONDS,
  queues again any batch nobody has moved on meanwhile, sooner than that.
- No task returns anything: no result backend.
"""

import os

from celery import Celery
from django.conf import settings

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sudoku_site.settings")

# Longer than any task holds its message: a slice (SUDOKU_BATCH_SLICE_SECONDS
# and a puzzle's budget, 2.5 s), a rating (SUDOKU_EXPLAIN_SECONDS), a step of
# the library's top-up (TOP_UP_SECONDS), a big board for the stock
# (STOCK_SECONDS, 200 s), each after up to 20 s of waiting for SQLite's lock,
# and a message taken ahead waits for one of those.
VISIBILITY_SECONDS = 300
TOP_UP_EVERY_SECONDS = 60.0  # how often the library is topped up
STOCK_EVERY_SECONDS = 600.0  # how often the big boards' stock is looked at

app = Celery("sudoku_site")
# CELERY_BROKER_URL, read when the app is first used (REDIS_URL; settings.py).
app.config_from_object("django.conf:settings", namespace="CELERY")
app.conf.update(
    task_acks_late=True,
    task_reject_on_worker_lost=True,
    worker_prefetch_multiplier=1,
    task_ignore_result=True,
    broker_transport_options={"visibility_timeout": VISIBILITY_SECONDS},
    broker_connection_retry_on_startup=True,
    # Each periodic message is dropped if it waited past its period: the next comes anyway.
    beat_schedule={
        "sweep-batches": {
            "task": "solver.batches.tasks.sweep",
            "schedule": settings.SUDOKU_QUEUE_SWEEP_SECONDS,
            "options": {"expires": settings.SUDOKU_QUEUE_SWEEP_SECONDS},
        },
        "top-up-library": {
            "task": "solver.library.tasks.top_up",
            "schedule": TOP_UP_EVERY_SECONDS,
            "options": {"expires": TOP_UP_EVERY_SECONDS},
        },
        # The big boards' stock, one puzzle a run (each a minute or more).
        "top-up-stock": {
            "task": "solver.library.tasks.top_up_stock",
            "schedule": STOCK_EVERY_SECONDS,
            "options": {"expires": STOCK_EVERY_SECONDS},
        },
    },
)
app.autodiscover_tasks(["solver.batches", "solver.library", "solver.teaching"])
