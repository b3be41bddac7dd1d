"""The database's edge: a named lock is held for a transaction, by the one
transaction alone on PostgreSQL (SQLite's transactions hold the whole
database already); and a request that a busy or lost database ends gets the
busy page, 503 with Retry-After, never a 500."""

from __future__ import annotations

import pytest
from django.db import InterfaceError, OperationalError, connection, transaction
from django.db.transaction import TransactionManagementError
from django.urls import reverse

from solver.core.database import Lock, hold
from solver.library import picks
from tests.support.database import cut_off, held, postgres_only, taken, waits_briefly
from tests.support.pages import text_of

DAILY = reverse("solver:daily")
BUSY = "The server is busy: try again in a moment."


@pytest.mark.django_db(transaction=True)
def test_a_lock_is_held_for_a_transaction_and_refused_outside_one():
    with pytest.raises(TransactionManagementError, match="BATCHES is held for a transaction"):
        hold(Lock.BATCHES)
    with transaction.atomic():
        hold(Lock.BATCHES)
        hold(Lock.BATCHES)  # held already: taken again at once


@postgres_only
@pytest.mark.django_db
def test_a_lock_another_transaction_holds_is_waited_for_then_busy():
    """Past the wait (lock_timeout), OperationalError: what the busy page answers."""
    with held(taken(Lock.BATCHES)), waits_briefly():
        with pytest.raises(OperationalError, match="lock timeout"), transaction.atomic():
            hold(Lock.BATCHES)
        with transaction.atomic():
            hold(Lock.LIBRARY)  # another name: not held


def raising(error: Exception):
    """A stand-in for a function of the database's that fails with ``error``."""

    def busy(*args, **kwargs):
        raise error

    return busy


@pytest.mark.parametrize(
    "error", [OperationalError("database is locked"), InterfaceError("connection already closed")]
)
def test_a_page_the_database_was_too_busy_for_says_so_and_when_to_ask_again(
    client, monkeypatch, error
):
    monkeypatch.setattr(picks, "daily_puzzle", raising(error))
    response = client.get(DAILY)
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert BUSY in text_of(response)
    assert f'href="{DAILY}"' in response.content.decode()  # try again


def test_the_busy_page_is_in_the_readers_language(client, monkeypatch):
    monkeypatch.setattr(picks, "daily_puzzle", raising(OperationalError("database is locked")))
    response = client.get(DAILY, HTTP_ACCEPT_LANGUAGE="vi")
    assert response.status_code == 503
    assert "Máy chủ đang bận" in text_of(response)
    assert BUSY not in text_of(response)


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_connection_lost_under_way_gets_the_busy_page(client, monkeypatch):
    """The server restarted, or the network failed, while a request was
    under way: that request is answered 503 (the next one connects again)."""
    choose = picks.daily_puzzle

    def after_a_loss(*args, **kwargs):
        cut_off()
        return choose(*args, **kwargs)

    monkeypatch.setattr(picks, "daily_puzzle", after_a_loss)
    try:
        response = client.get(DAILY)
    finally:
        connection.close()  # as Django does once a request's connection failed
    assert response.status_code == 503
    assert BUSY in text_of(response)
