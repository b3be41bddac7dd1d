"""The queue: the celery runner sends the site's background work to Celery's
workers, by task name; a broker out of reach loses nothing but the message,
which is said in the log (what it stood for is still in the database)."""

import logging

from kombu.exceptions import OperationalError

from solver.batches.tasks import SLICE_TASK
from solver.core import queue
from solver.library.stock import TOP_UP_TASK
from solver.teaching.ratings import RATE_TASK


def test_the_runner_setting_says_whether_work_is_queued(settings):
    assert not queue.queued()  # inline, the default
    settings.SUDOKU_BATCH_RUNNER = "celery"
    assert queue.queued()


def test_a_task_is_sent_by_name_with_its_arguments_and_id(monkeypatch):
    sent = []
    monkeypatch.setattr(queue.app, "send_task", lambda *args, **kwargs: sent.append((args, kwargs)))
    assert queue.send("some.task", "a", "b", task_id="the-id")
    assert sent == [(("some.task", ("a", "b")), {"task_id": "the-id"})]


def test_a_broker_out_of_reach_is_logged_and_the_message_dropped(monkeypatch, caplog):
    def unreachable(*args, **kwargs):
        raise OperationalError("Connection refused")

    monkeypatch.setattr(queue.app, "send_task", unreachable)
    with caplog.at_level(logging.WARNING, logger="solver.core.queue"):
        assert not queue.send("some.task", "a")
    assert "Not queued (some.task): the broker could not be reached" in caplog.text


def test_every_task_sent_by_name_or_by_the_clock_is_one_the_workers_know():
    """The names the features send (``send``'s first argument) and the
    periodic tasks' are those a worker finds as it starts."""
    queue.app.loader.import_default_modules()  # what a worker does as it starts
    known = set(queue.app.tasks)
    periodic = {entry["task"] for entry in queue.app.conf.beat_schedule.values()}
    assert periodic == {"solver.batches.tasks.sweep", "solver.library.tasks.top_up", TOP_UP_TASK}
    assert {SLICE_TASK, RATE_TASK, TOP_UP_TASK} | periodic <= known
