"""One log line per solve, with the verdict and figures, and the client only as a keyed hash."""

from __future__ import annotations

import hashlib
import hmac
import logging
import re

import pytest
from django.test import RequestFactory

from solver.core.logs import client_hash
from tests.support.puzzles import HARD

LINE = re.compile(
    r"solve source=(\w+) status=(\w+) guesses=(\d+) ms=([\d.]+) client=([0-9a-f]{12})$"
)
ADDRESS = "203.0.113.7"


@pytest.fixture
def solves(caplog, monkeypatch):
    """The solve lines logged while the test runs (the logger writes to stdout
    alone; here it is let through to pytest's capture too)."""
    monkeypatch.setattr(logging.getLogger("solver.solves"), "propagate", True)
    caplog.set_level(logging.INFO, logger="solver.solves")
    return lambda: [r.getMessage() for r in caplog.records if r.name == "solver.solves"]


def test_a_solve_on_the_page_logs_one_line_without_the_address(client, solves):
    client.get("/answer", {"puzzle": HARD}, REMOTE_ADDR=ADDRESS)
    [line] = solves()
    source, status, guesses, ms, _client = LINE.match(line).groups()
    assert (source, status) == ("page", "unique")
    assert int(guesses) >= 0
    assert float(ms) > 0
    assert ADDRESS not in line


def test_a_solve_by_the_api_logs_one_line(client, solves):
    client.post("/api/solve", {"puzzle": HARD}, content_type="application/json")
    assert [LINE.match(line).group(1) for line in solves()] == ["api"]


def test_invalid_input_is_not_a_solve(client, solves):
    client.post("/api/solve", {"puzzle": "55"}, content_type="application/json")
    assert solves() == []


@pytest.mark.django_db
def test_a_batch_slice_logs_one_line_with_its_count(client, solves):
    client.post("/batch", {"puzzles": "\n".join([HARD] * 3)})
    [line] = solves()
    assert re.match(r"solve source=batch job=[0-9a-f-]{8} puzzles=3 ms=[\d.]+ client=\w{12}$", line)


def test_the_hash_is_stable_per_client_and_differs_between_clients():
    factory = RequestFactory()
    one = client_hash(factory.get("/", REMOTE_ADDR=ADDRESS))
    assert one == client_hash(factory.get("/", REMOTE_ADDR=ADDRESS))
    assert one != client_hash(factory.get("/", REMOTE_ADDR="203.0.113.8"))


def test_the_hash_is_keyed_with_the_secret_key(settings):
    request = RequestFactory().get("/", REMOTE_ADDR=ADDRESS)
    before = client_hash(request)
    settings.SECRET_KEY = "another key"
    assert client_hash(request) != before


def test_behind_a_proxy_the_address_comes_from_its_header(settings):
    settings.SUDOKU_CLIENT_IP_HEADER = "HTTP_X_REAL_IP"
    factory = RequestFactory()
    proxied = factory.get("/", REMOTE_ADDR="", HTTP_X_REAL_IP=ADDRESS)
    assert client_hash(proxied) == client_hash(factory.get("/", REMOTE_ADDR=ADDRESS))
    other = factory.get("/", REMOTE_ADDR="", HTTP_X_REAL_IP="198.51.100.1")
    assert client_hash(other) != client_hash(proxied)


def hash_of(address: str) -> str:
    return client_hash(RequestFactory().get("/", REMOTE_ADDR=address))


def keyed(text: str, settings) -> str:
    """The keyed hash of ``text`` itself, as every address was hashed before /64s."""
    return hmac.new(settings.SECRET_KEY.encode(), text.encode(), hashlib.sha256).hexdigest()[:12]


def test_an_ipv6_client_is_its_64_network():
    """A home or a phone picks its addresses from its /64 at will."""
    one = hash_of("2001:db8:1:2::1")
    assert one == hash_of("2001:db8:1:2:ffff:abcd:1234:5678")
    assert one == hash_of("2001:0db8:0001:0002:0000:0000:0000:0002")  # spelled out
    assert one != hash_of("2001:db8:1:3::1")
    assert one != hash_of("2001:db8:2:2::1")


def test_an_ipv4_client_is_its_address_hashed_as_before(settings):
    assert hash_of(ADDRESS) == keyed(ADDRESS, settings)
    assert hash_of(ADDRESS) != hash_of("203.0.113.6")


def test_an_ipv4_mapped_ipv6_address_is_the_ipv4_client():
    assert hash_of("::ffff:" + ADDRESS) == hash_of(ADDRESS)
    assert hash_of("::ffff:203.0.113.6") != hash_of(ADDRESS)


def test_an_address_that_cannot_be_read_is_hashed_as_it_is(settings):
    assert hash_of("not an address") == keyed("not an address", settings)
    assert hash_of("") == keyed("", settings)
