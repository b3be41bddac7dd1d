"""The database's edge: a named lock is held for a transaction, by the one
transaction alone on PostgreSQL (SQLite's transactions hold the whole
database already); and a request that a busy or lost database ends gets the
busy page, 503 with Retry-After, never a 500."""

from __future__ import annotations

import socket
import threading
import time
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.db import InterfaceError, OperationalError, connection, transaction
from django.db.transaction import TransactionManagementError
from django.urls import reverse

from deploy import limits
from solver.core.database import Lock, _shut, cut_off_after, hold
from solver.library import picks
from tests.support.database import cut_off, frozen, held, postgres_only, taken, waits_briefly
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


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_frozen_server_gets_the_busy_page_within_the_stall_bound(client, monkeypatch, settings):
    """The server stops answering mid-request (its process stopped): the
    request's connection is cut DATABASE_STALL_SECONDS after it began, and
    it is answered 503, well before the safety net would thaw the server."""
    settings.DATABASE_STALL_SECONDS = 1
    choose = picks.daily_puzzle

    def on_a_frozen_server(*args, **kwargs):
        with frozen(seconds=STALL_NET):
            return choose(*args, **kwargs)

    monkeypatch.setattr(picks, "daily_puzzle", on_a_frozen_server)
    started = time.monotonic()
    try:
        response = client.get(DAILY)
    finally:
        connection.close()  # as Django does once a request's connection failed
    assert response.status_code == 503
    assert BUSY in text_of(response)
    assert time.monotonic() - started < STALL_NET  # cut, not thawed


STALL_NET = 60  # the frozen server thaws after this long, should nothing cut it


def test_a_frozen_servers_503_comes_before_gunicorn_ends_the_worker():
    """The cut, then a new connection's connect_timeout (the next request's
    health check finds the cut one gone), still inside gunicorn's timeout."""
    assert settings.DATABASE_STALL_SECONDS >= settings.DATABASE_WAIT_SECONDS
    connect = settings.DATABASE_CONNECT_SECONDS
    assert settings.DATABASE_STALL_SECONDS + connect < limits.WORKER_TIMEOUT


def test_a_watchdog_is_armed_for_postgresql_alone(monkeypatch):
    """SQLite's waits are its lock's, bounded by its timeout: nothing to cut."""
    armed = []
    monkeypatch.setattr("solver.core.database.threading.Timer", Recorded(armed))
    with cut_off_after(5):
        pass
    assert bool(armed) == (connection.vendor == "postgresql")


class Recorded:
    """A stand-in for threading.Timer that records each one made, and never fires."""

    def __init__(self, made: list):
        self.made = made

    def __call__(self, *args, **kwargs):
        self.made.append(args)
        return SimpleNamespace(daemon=False, start=lambda: None, cancel=lambda: None)


def test_shutting_a_connections_socket_ends_a_read_waiting_on_it():
    """The mechanism, without a server: a thread waits to read from a socket
    nobody writes to, as psycopg waits on a frozen server; shutting the
    socket from another thread (through a copy of its descriptor, as
    ``_shut`` does) ends the wait at once with end of file."""
    ours, theirs = socket.socketpair()
    read = []
    waiting = threading.Thread(target=lambda: read.append(ours.recv(1)))
    waiting.start()
    fake = SimpleNamespace(connection=SimpleNamespace(closed=False, pgconn=SimpleNamespace(
        socket=ours.fileno())))  # fmt: skip
    try:
        _shut([fake], 1)
        waiting.join(timeout=STALL_NET)
        assert not waiting.is_alive()
        assert read == [b""]
    finally:
        theirs.close()
        ours.close()
