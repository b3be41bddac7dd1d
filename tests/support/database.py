"""The database as the tests meet it: which one they run on (`make test`
runs the tests that have the database on SQLite, then again on PostgreSQL),
work run at once in threads, each on a connection of its own as gunicorn's
workers are, and locks held by another connection while a request waits.

- ``postgres_only``: the mark (``postgres``) of a test of PostgreSQL's own
  behaviour: the PostgreSQL pass runs it, the SQLite runs leave it out
  (tests/conftest.py; its twin there, if any, runs in processes).
- ``at_once(*calls)``: each call in a thread of its own, started together;
  what each returned or raised, in order.
- ``held(*statements)``: another connection runs the statements in a
  transaction kept open, holding the locks they took, until the block ends;
  ``taken(lock)`` is the statement that takes one of the site's named locks,
  ``locked(model)`` the one that lets others read a table but not write it.
- ``waits_briefly()``: this thread's connection waits for a lock
  ``seconds`` at most, not ``DATABASE_WAIT_SECONDS``, until the block ends.
- ``cut_off()``: the server ends this thread's connection, as a restart or
  a network failure would; the next query finds it gone.
- ``frozen()``: the server process behind this thread's connection is
  stopped (SIGSTOP) until the block ends, as a stalled server would be: it
  takes what is sent and answers nothing. Only this connection's backend,
  so the server goes on for everyone else (tests side by side included).
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from django.db import DEFAULT_DB_ALIAS, connection, connections, models

from solver.core.database import NAMESPACE, Lock

ON_POSTGRES = connection.vendor == "postgresql"
postgres_only = pytest.mark.postgres
START_SECONDS = 10  # a safety net for threads that never reach the start
GONE_SECONDS = 10  # a safety net for a connection the server never ends


def at_once(*calls: Callable[[], object]) -> list[object]:
    """Run each of ``calls`` in a thread of its own, all released together,
    each on its own connection (closed after); what each returned, or the
    exception it raised, in the order of ``calls``."""
    start = threading.Barrier(len(calls), timeout=START_SECONDS)
    outcomes: list[object] = [None] * len(calls)

    def run(index: int, call: Callable[[], object]) -> None:
        try:
            start.wait()
            outcomes[index] = call()
        except Exception as error:  # handed to the test, which names what it expects
            outcomes[index] = error
        finally:
            connection.close()  # this thread's own

    threads = [threading.Thread(target=run, args=pair) for pair in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


@contextmanager
def held(*statements: str) -> Iterator[None]:
    """Another connection to the test database runs ``statements`` in a
    transaction, and keeps it open (the locks it took held) until the block
    ends; then rolls it back."""
    other = connections.create_connection(DEFAULT_DB_ALIAS)
    try:
        other.set_autocommit(False)
        with other.cursor() as cursor:
            for statement in statements:
                cursor.execute(statement)
        yield
    finally:
        other.rollback()
        other.close()


@contextmanager
def waits_briefly(seconds: float = 0.2) -> Iterator[None]:
    """This thread's connection gives up waiting for a lock after ``seconds``
    (PostgreSQL's lock_timeout) until the block ends."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT set_config('lock_timeout', %s, false)", [f"{seconds * 1000:g}ms"])
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("RESET lock_timeout")


def taken(lock: Lock) -> str:
    """The statement that takes ``lock`` as ``core.database.hold`` does."""
    return f"SELECT pg_advisory_xact_lock({NAMESPACE}, {lock.value})"


def locked(model: type[models.Model]) -> str:
    """The statement that locks ``model``'s table against writes, not reads."""
    return f"LOCK TABLE {connection.ops.quote_name(model._meta.db_table)} IN EXCLUSIVE MODE"


def cut_off() -> None:
    """End this thread's connection from the server's side (another
    connection asks it to), and return once the server has ended it."""
    connection.ensure_connection()
    pid = connection.connection.info.backend_pid
    other = connections.create_connection(DEFAULT_DB_ALIAS)
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
            deadline = time.monotonic() + GONE_SECONDS
            while time.monotonic() < deadline:
                cursor.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", [pid])
                if cursor.fetchone() is None:
                    return
                time.sleep(0.01)
    finally:
        other.close()


@contextmanager
def frozen(seconds: float = GONE_SECONDS * 3) -> Iterator[None]:
    """This thread's backend stopped until the block ends, or at most
    ``seconds`` (a safety net: a test whose query was never cut fails
    instead of waiting for ever); then it runs again."""
    connection.ensure_connection()
    pid = connection.connection.info.backend_pid
    os.kill(pid, signal.SIGSTOP)
    thaw = threading.Timer(seconds, os.kill, args=(pid, signal.SIGCONT))
    thaw.start()
    try:
        yield
    finally:
        thaw.cancel()
        os.kill(pid, signal.SIGCONT)
