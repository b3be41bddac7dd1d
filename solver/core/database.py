"""The database's edge: locks taken by name, and what a busy database answers.

The site runs on SQLite or PostgreSQL (``settings.DATABASES``), which differ
in two ways that the features meet here:

- Writers. SQLite's transactions take its one write lock as they start
  (IMMEDIATE), so writers run one at a time, and what a transaction counts
  stays true until it ends. PostgreSQL's run side by side (READ COMMITTED):
  two may count the same free room and both take it. ``hold`` takes a named
  lock for the rest of the transaction on PostgreSQL, where a count must
  stay true (the batches' cap, the library's bound); on SQLite it does
  nothing, the whole database being held already.
- Busy. A lock waited for past ``DATABASE_WAIT_SECONDS`` raises
  OperationalError on both (SQLite's "database is locked", PostgreSQL's
  lock_timeout), as do a deadlock PostgreSQL broke, a server out of reach
  and a connection lost under way (psycopg 3's "the connection is closed");
  a cursor used once its connection is gone raises InterfaceError.
  ``BUSY_ERRORS`` names the two, and ``BusyDatabaseMiddleware`` answers a
  request that one of them ends with 503 and Retry-After, never a 500: the
  request may simply be sent again.
- Frozen. A PostgreSQL server that stops answering (its processes stopped,
  its machine stalled) keeps its connections open, and the kernel still
  takes what is sent, so neither a lock's timeout (the server's) nor TCP's
  (keepalives, tcp_user_timeout: the kernel answers those) ever ends a
  query: it would wait past gunicorn's timeout, and the worker be killed.
  ``cut_off_after`` bounds a request's time in the database from the
  client's side: ``DATABASE_STALL_SECONDS`` after the request began, its
  connections are shut (the socket, under psycopg's feet), so a query
  still waiting fails at once as a lost connection would, and the request
  is answered 503. A new connection is bounded by ``connect_timeout``.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from enum import IntEnum

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, InterfaceError, OperationalError, connections
from django.db.transaction import TransactionManagementError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

BUSY_ERRORS = (OperationalError, InterfaceError)
RETRY_SECONDS = 2  # Retry-After of a busy reply: locks are held for a request's time
BUSY_MESSAGE = _("The server is busy: try again in a moment.")
# The first key of every lock of the site's (PostgreSQL's two-key advisory
# locks), so that another program sharing the database never takes one of them.
NAMESPACE = 0x5355444B  # "SUDK"
logger = logging.getLogger(__name__)


class Lock(IntEnum):
    """The site's named locks: each guards one count that must stay true."""

    BATCHES = 1  # the batches' cap and each client's quota (batches.store.make_room)
    LIBRARY = 2  # the library's bound (library.store.trim)


def hold(lock: Lock, using: str = DEFAULT_DB_ALIAS) -> None:
    """Hold ``lock`` until the transaction under way ends: on PostgreSQL, a
    transaction holding it already makes this one wait for it (at most
    ``DATABASE_WAIT_SECONDS``, then OperationalError); on SQLite, nothing,
    since the transaction holds the write lock from its start.

    Raises TransactionManagementError outside a transaction, where the lock
    would be let go at once.
    """
    connection = connections[using]
    if not connection.in_atomic_block:
        raise TransactionManagementError(f"{lock.name} is held for a transaction: start one")
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [NAMESPACE, lock.value])


def busy_page(request: HttpRequest) -> HttpResponse:
    """The reply to a request the database was too busy, or out of reach, to
    answer: 503, a page saying so (the API's handler answers in JSON
    itself), and when to ask again."""
    response = render(request, "503.html", {"message": BUSY_MESSAGE}, status=503)
    response["Retry-After"] = str(RETRY_SECONDS)
    return response


@contextmanager
def cut_off_after(seconds: float) -> Iterator[None]:
    """Within the block, this thread's PostgreSQL connections are shut once
    ``seconds`` have passed (``_shut``): a query then waiting, on a server
    that no longer answers, raises OperationalError at once. Nothing is
    armed for SQLite, whose waits are its own lock's, bounded already."""
    databases = [connections[alias] for alias in connections]
    watched = [database for database in databases if database.vendor == "postgresql"]
    if not watched:
        yield
        return
    timer = threading.Timer(seconds, _shut, args=(watched, seconds))
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


def _shut(databases: list, seconds: float) -> None:
    """Shut the socket of each of ``databases``' open connections (from
    another thread than the one waiting on it), and log that it was cut."""
    for database in databases:
        connection = database.connection
        if connection is None or connection.closed:
            continue
        try:
            descriptor = os.dup(connection.pgconn.socket)
        except Exception:  # closed meanwhile (psycopg's OperationalError)
            continue
        with socket.socket(fileno=descriptor) as shut:
            shut.shutdown(socket.SHUT_RDWR)
        logger.warning("A request was in the database for %g s: its connection was cut", seconds)


class BusyDatabaseMiddleware:
    """Every request ended by a busy, lost or frozen database
    (``BUSY_ERRORS``; ``cut_off_after`` with ``DATABASE_STALL_SECONDS``)
    gets ``busy_page``, logged as a warning, not a 500. Views that can say
    more (the batch form, kept with its text) catch ``BUSY_ERRORS`` themselves."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        with cut_off_after(settings.DATABASE_STALL_SECONDS):
            return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception):
        if not isinstance(exception, BUSY_ERRORS):
            return None
        logger.warning(
            "%s %s: the database stayed busy", request.method, request.path, exc_info=True
        )
        return busy_page(request)
