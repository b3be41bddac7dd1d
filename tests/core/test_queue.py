"""The queue: the celery runner sends the site's background work to Celery's
workers, by task name; a broker out of reach loses nothing but the message,
which is said in the log (what it stood for is still in the database)."""

import logging

from kombu.exceptions import OperationalError

from solver.core import queue


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
