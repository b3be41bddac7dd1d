"""A cluster (deploy/cluster.py) for a test or the cluster benchmark: on free
loopback ports, in a directory the caller gives, on a database of its own on
the project's PostgreSQL server (make postgres), which is dropped after.

    with started_cluster(directory, workers=2, SETTING="value") as layout:
        post_batch(app_port(layout, 0), text, "10.0.0.1")

Requests go straight to an app server, as another machine's would, the
client's address in the X-Real-IP header nginx would set; or to nginx at
``layout.listen``. Standard library and psycopg only, nothing from Django.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import socket
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path
from random import Random
from urllib.parse import unquote, urlsplit

import psycopg

from deploy import cluster
from tests.support.stack import csrf_of, file_form

ROOT = Path(__file__).resolve().parents[2]


class ClusterError(RuntimeError):
    """The cluster cannot be started: what is missing."""


def postgres_url() -> str:
    """The DATABASE_URL of the project's PostgreSQL (make postgres, on
    POSTGRES_PORT); ClusterError if it does not answer."""
    port = os.environ.get("POSTGRES_PORT") or "5433"  # make's, as make test exports it
    url = subprocess.run(
        [str(ROOT / "deploy" / "postgres.sh"), "url", port],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    try:
        psycopg.connect(conninfo(url), connect_timeout=5).close()
    except psycopg.OperationalError as error:
        message = f"the project's PostgreSQL does not answer (make postgres): {error}"
        raise ClusterError(message) from error
    return url


def conninfo(url: str) -> str:
    """A DATABASE_URL as psycopg reads it (dj-database-url's host is percent-encoded)."""
    parts = urlsplit(url)
    host = unquote(parts.hostname or "")
    return f"host={host} port={parts.port} user={parts.username} dbname={parts.path[1:]}"


@contextlib.contextmanager
def database() -> Iterator[str]:
    """A new database on the project's server, its DATABASE_URL; dropped after."""
    url = postgres_url()
    name = f"cluster_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(conninfo(url), autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield url.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(conninfo(url), autocommit=True) as connection:
            connection.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


def free_ports(count: int) -> int:
    """The first of ``count`` consecutive loopback ports free now."""
    rng = Random()
    while True:
        first = rng.randrange(20_000, 40_000)
        with contextlib.ExitStack() as probes:
            try:
                for port in range(first, first + count):
                    probe = probes.enter_context(socket.socket())
                    probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return first


@contextlib.contextmanager
def started_cluster(
    directory: Path, apps: int = 2, workers: int = 2, **settings: str
) -> Iterator[cluster.Layout]:
    """A cluster of ``apps`` app servers and ``workers`` queue workers, with
    ``settings`` in its environment, on its own database; stopped after."""
    with database() as url:
        base = free_ports(2 + apps)
        layout = cluster.Layout(
            directory=directory,
            listen=f"127.0.0.1:{base}",
            redis_port=base + 1,
            app_port=base + 2,
            apps=apps,
            workers=workers,
        )
        saved = dict(os.environ)
        os.environ.update(
            DATABASE_URL=url,
            DJANGO_STATIC_ROOT=str(directory / "static"),
            SUDOKU_LIBRARY_TOP_UP="0",
            **settings,
        )
        try:
            cluster.start(layout)
            yield layout
        finally:
            cluster.stop(layout)
            os.environ.clear()
            os.environ.update(saved)


def app_port(layout: cluster.Layout, number: int) -> int:
    """The port of app server ``number`` (from 0)."""
    return int(layout.app_addresses()[number].rsplit(":", 1)[1])


def fetch(port: int, method: str, path: str, body: bytes | None = None, **headers) -> tuple:
    """(status, headers, body) of one request to 127.0.0.1:``port``; a
    header's ``_`` is sent as ``-``."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        sent = {name.replace("_", "-"): value for name, value in headers.items()}
        connection.request(method, path, body=body, headers=sent)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def post_batch(port: int, text: str, client: str) -> tuple:
    """``text`` posted as the batch page's file to the app server on ``port``,
    as the client at address ``client``, with the page's CSRF cookie and token."""
    status, headers, page = fetch(port, "GET", "/batch", X_Real_IP=client)
    if status != 200:
        raise ClusterError(f"GET /batch answered {status}")
    cookie, token = csrf_of(headers["Set-Cookie"], page.decode())
    body, kind = file_form(token, "many.txt", text)
    origin = f"http://127.0.0.1:{port}"
    return fetch(
        port,
        "POST",
        "/batch",
        body,
        Content_Type=kind,
        Cookie=f"csrftoken={cookie}",
        Origin=origin,
        Referer=f"{origin}/batch",
        X_Real_IP=client,
    )


def batch_id(reply: tuple) -> str:
    """The id of the batch a post stored (its See Other's Location)."""
    status, headers, body = reply
    if status != 303:
        raise ClusterError(f"the batch was not stored: {status} {body[:300]!r}")
    return re.search(r"/batch/([0-9a-f-]{36})$", headers["Location"])[1]


def progress(port: int, batch: str) -> dict:
    """The batch's progress as its page's script reads it."""
    status, _, body = fetch(port, "GET", f"/batch/{batch}/progress", X_Real_IP="10.9.9.9")
    if status != 200:
        raise ClusterError(f"progress answered {status}: {body[:300]!r}")
    return json.loads(body)
