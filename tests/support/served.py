"""What the stack's tests share (tests/deployment/): the stack started with its
failures the test's, the headers every reply carries, requests sent at once or
byte for byte, and heavy work held under way for as long as a test needs.

- ``start_stack(directory, **settings)``: tests/support/stack.py's, failing
  the test with serve.sh's output if the stack cannot start (nginx missing
  included: these tests are never skipped).
- ``assert_secured(reply)``: the site's security headers are on the reply.
- ``flood(stack, count, method, path, **headers)``: ``count`` requests at
  once; ``at_once(stack, requests)``, each its own.
- ``raw_exchange(stack, request)``: bytes sent as they are, the reply read whole.
- ``Held(stack, client)``: a heavy request (POST /api/solve) whose body has
  not been sent: nginx counts it as heavy work under way until ``finish``
  sends the body and reads the answer, as leaving its ``with`` block does.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.support.stack import NGINX, Reply, Stack, StackError
from tests.support.stack import start_stack as start_serving

POLICY_START = "Content-Security-Policy"
SECURITY_HEADERS = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "cross-origin-opener-policy": "same-origin",
}
# A socket read's longest wait: a safety net on a loaded machine; each read
# returns the moment nginx has written.
PATIENCE = 30


def require_nginx() -> None:
    if not os.access(NGINX, os.X_OK):
        pytest.fail(
            f"{NGINX} is missing: the production stack's tests need Debian's nginx "
            "(run `make serve` or `make test`, or `apt-get install nginx`).",
            pytrace=False,
        )


def start_stack(directory: Path, **settings: str) -> Stack:
    """tests/support/stack.py's start_stack (serve.sh with .env.example's
    values, ``settings`` and its files in ``directory``), its failures the test's."""
    require_nginx()
    try:
        return start_serving(directory, **settings)
    except StackError as error:
        failure = str(error)  # failed outside the handler: serve.sh's log once, not twice
    pytest.fail(failure)


def assert_secured(reply: Reply) -> None:
    policy = reply.headers.get(POLICY_START.lower(), "")
    assert "script-src 'self'" in policy, reply.headers
    assert "style-src 'self'" in policy
    assert "unsafe" not in policy
    for name, value in SECURITY_HEADERS.items():
        assert reply.headers.get(name) == value, name


def flood(stack: Stack, count: int, method: str, path: str, **headers) -> list[Reply]:
    """``count`` requests at once: each on a connection of its own, all opened
    before any request is sent. nginx then sees them within milliseconds, so
    how many it lets through is its burst (plus a request for each 0.1 s the
    flood lasts), never how long the answered ones take on a loaded machine."""
    return at_once(stack, [(method, path, headers)] * count)


def at_once(stack: Stack, requests: list[tuple[str, str, dict[str, str]]]) -> list[Reply]:
    """Each (method, path, headers) of ``requests`` sent at once, as ``flood`` sends them."""
    all_open = threading.Barrier(len(requests))
    with ThreadPoolExecutor(max_workers=len(requests)) as pool:
        futures = [
            pool.submit(stack.fetch, method, path, connected=all_open.wait, **headers)
            for method, path, headers in requests
        ]
        return [future.result() for future in futures]


def raw_exchange(stack: Stack, request: bytes) -> tuple[str, dict[str, str], bytes]:
    """``request`` sent as it is on a connection of its own, read until nginx
    closes it: the status line, the headers (names in lower case, a repeated
    header's values joined with ", ") and the body."""
    with socket.create_connection(("127.0.0.1", stack.port), timeout=PATIENCE) as connection:
        connection.sendall(request)
        received = b""
        while chunk := connection.recv(65536):
            received += chunk
    return parse_reply(received)


def parse_reply(received: bytes) -> tuple[str, dict[str, str], bytes]:
    """A reply's status line, headers (as ``raw_exchange`` gives them) and body."""
    head, _, body = received.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers: dict[str, str] = {}
    for line in lines:
        name, _, value = line.partition(":")
        key = name.strip().lower()
        headers[key] = f"{headers[key]}, {value.strip()}" if key in headers else value.strip()
    return status_line, headers, body


HELD_TRIES = 50  # a held request refused for a slot not freed yet is sent again, this often


class Held:
    """POST ``path`` (/api/solve unless told) from ``client`` (named in
    X-Forwarded-For: the stack must trust 127.0.0.1), its body held back.
    Once nginx asks for the body (100 Continue), it has counted the request
    as heavy work under way, and does until the body comes or the connection
    closes."""

    def __init__(self, stack: Stack, client: str, puzzle: str = "." * 81, path: str = "/api/solve"):
        self.body = json.dumps({"puzzle": puzzle}).encode()
        self.reply: tuple[str, dict[str, str], bytes] | None = None
        head = (
            f"POST {path} HTTP/1.1\r\nHost: localhost\r\n"
            f"X-Forwarded-For: {client}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(self.body)}\r\nExpect: 100-continue\r\n"
            "Connection: close\r\n\r\n"
        ).encode()
        # nginx frees a slot as it closes the request that held it, a moment
        # after that reply's last byte (the previous test's Held, of this
        # client or its /64): refused for that, the request is sent again.
        for _ in range(HELD_TRIES):
            self.connection = socket.create_connection(("127.0.0.1", stack.port), timeout=PATIENCE)
            self.connection.sendall(head)
            status_line = self._read_until(b"\r\n\r\n").split(b"\r\n")[0]
            if b" 100 " in status_line + b" ":
                return
            self.connection.close()
            if b" 503 " not in status_line + b" ":
                break
            time.sleep(0.02)
        raise AssertionError(f"nginx did not ask for the body: {status_line!r}")

    def _read_until(self, end: bytes) -> bytes:
        received = b""
        while end not in received:
            chunk = self.connection.recv(65536)
            if not chunk:
                break
            received += chunk
        return received

    def finish(self) -> tuple[str, dict[str, str], bytes]:
        """Send the body; the reply, read whole. nginx closes the connection
        once it has let the request go: then no longer counts it."""
        if self.reply is None:
            self.connection.sendall(self.body)
            received = b""
            while chunk := self.connection.recv(65536):
                received += chunk
            self.connection.close()
            self.reply = parse_reply(received)
        return self.reply

    def __enter__(self) -> Held:
        return self

    def __exit__(self, *exc) -> None:
        self.finish()  # so that the next test finds the site's share free
