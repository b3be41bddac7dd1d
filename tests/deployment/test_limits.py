"""No client can make another wait, on the real stack: one client holds one
worker on heavy work at a time, the whole site twice what gunicorn has and
the dearest work a share of its own,
an IPv6 client is its /64, and every request nginx passes on is read by
gunicorn, so that the API's errors stay JSON.

Heavy work is held under way by a request whose body is held back (``Held``):
nginx has counted it once it asks for the body, and counts it until the body
comes. So each test is bounded by the requests it sends, never by a clock.
"""

from __future__ import annotations

import json
import time
from contextlib import ExitStack
from uuid import UUID

import pytest

from tests.support.puzzles import HARD, HARD_SOLUTION
from tests.support.served import Held, assert_secured, at_once, raw_exchange, start_stack
from tests.support.stack import Stack

pytestmark = pytest.mark.stack

WORKERS = 3  # so that the site's share of heavy work is 6, the dearest 1, whatever the cores
ANSWER = f"/answer?puzzle={HARD}"
BATCH = UUID(int=1, version=4)  # the same in every worker: no batch has it
# Every address that does heavy work, as a browser or a script asks for it.
# Refused at nginx, none needs a proper body or a batch that exists.
HEAVY = [
    ("GET", ANSWER),
    ("GET", f"/play?puzzle={HARD}"),
    ("GET", f"/steps?puzzle={HARD}"),
    ("GET", f"/level?puzzle={HARD}"),
    ("GET", "/new?level=easy"),
    ("GET", "/daily"),
    ("POST", "/load"),
    ("POST", "/batch"),
    ("POST", f"/batch/{BATCH}/step"),
    ("GET", f"/batch/{BATCH}"),
    ("GET", f"/batch/{BATCH}.csv"),
    ("POST", "/api/solve"),
    ("GET", f"/api/solve?puzzle={HARD}"),
    ("GET", f"/api/validate?puzzle={HARD}"),
    ("POST", "/api/steps"),
    ("POST", "/api/hint"),
    ("GET", f"/api/rating?puzzle={HARD}"),
    ("POST", "/api/generate"),
    ("GET", "/api/daily"),
    ("GET", "/api/puzzles/random"),
    ("GET", "/api/openapi.json"),
]
# And the cheap pages, which are never refused for it.
CHEAP = [
    ("GET", "/index"),
    ("GET", f"/index?puzzle={HARD}"),
    ("GET", "/library"),
    ("GET", "/batch"),
    ("POST", "/answer"),
    ("POST", "/play"),
    ("GET", "/jsi18n"),
    ("GET", "/ping"),
    ("GET", "/api/docs"),
    ("POST", "/api/candidates"),
    ("GET", "/api/puzzles/no-such-id"),
    ("GET", "/static/css/site.css"),
]


@pytest.fixture(scope="module")
def stack(tmp_path_factory) -> Stack:
    # The tests stand for a proxy on this machine, naming clients in X-Forwarded-For.
    started = start_stack(
        tmp_path_factory.mktemp("limits"),
        SUDOKU_TRUSTED_PROXIES="127.0.0.1",
        SUDOKU_WORKERS=str(WORKERS),
    )
    yield started
    started.stop()


def ask(stack: Stack, method: str, path: str, client: str):
    """One request from ``client``: a POST sends an empty JSON object."""
    if method == "POST":
        return stack.fetch(
            method, path, "{}", X_Forwarded_For=client, Content_Type="application/json"
        )
    return stack.fetch(method, path, X_Forwarded_For=client)


def test_a_client_with_heavy_work_under_way_is_refused_more_while_others_are_served(stack):
    """The second heavy request of one client gets 503 at once, the site's
    busy page or, from the API, its JSON, with Retry-After; its cheap pages,
    and another client's heavy work, are served. Once the first is answered,
    the client may ask again."""
    with Held(stack, "192.0.2.1", HARD) as held:
        page = ask(stack, "GET", ANSWER, "192.0.2.1")
        assert page.status == 503
        assert "<h1>Server busy</h1>" in page.text
        assert page.headers["retry-after"] == "1"
        assert_secured(page)
        api = ask(stack, "POST", "/api/solve", "192.0.2.1")
        assert api.status == 503
        assert api.headers["content-type"] == "application/json"
        assert api.json()["errors"][0]["code"] == "busy"
        assert api.headers["retry-after"] == "1"
        assert ask(stack, "GET", "/index", "192.0.2.1").status == 200
        assert ask(stack, "GET", ANSWER, "192.0.2.2").status == 200
        status_line, _, body = held.finish()
    assert " 200 " in status_line
    assert json.loads(body)["solution"] == HARD_SOLUTION
    # nginx frees the client's slot as it closes the held request, a moment
    # after the reply's last byte: a few tries, never a clock.
    statuses = [ask(stack, "GET", ANSWER, "192.0.2.1").status]
    while statuses[-1] == 503 and len(statuses) < 50:
        time.sleep(0.02)
        statuses.append(ask(stack, "GET", ANSWER, "192.0.2.1").status)
    assert statuses[-1] == 200, statuses


def name(request: tuple[str, str]) -> str:
    method, path = request
    return f"{method} {path.split('?')[0]}"


@pytest.mark.parametrize(("method", "path"), HEAVY, ids=map(name, HEAVY))
def test_every_heavy_address_counts_as_the_clients_heavy_work(stack, method, path):
    client = f"198.51.100.{HEAVY.index((method, path)) + 1}"
    with Held(stack, client):
        reply = ask(stack, method, path, client)
    assert reply.status == 503, reply.text[:300]
    assert reply.headers["retry-after"] == "1"


@pytest.mark.parametrize(("method", "path"), CHEAP, ids=map(name, CHEAP))
def test_no_cheap_page_waits_for_the_clients_heavy_work(stack, method, path):
    """The page is answered by Django (or nginx, for a static file), whatever
    its status (an empty body is the wrong one for some, and a form posted
    without its CSRF token is refused)."""
    client = f"203.0.113.{CHEAP.index((method, path)) + 1}"
    with Held(stack, client):
        reply = ask(stack, method, path, client)
    assert reply.status in (200, 400, 403, 404), reply.text[:300]


def test_the_sites_heavy_work_is_capped_at_twice_its_workers(stack):
    """With 3 workers, 6 heavy requests may be under way at once, whoever sends
    them (those past the workers wait in gunicorn's queue): a seventh client's
    heavy request gets 503, its cheap pages 200."""
    with ExitStack() as held:
        for n in range(2 * WORKERS):
            held.enter_context(Held(stack, f"192.0.2.{21 + n}"))
        refused = ask(stack, "GET", ANSWER, "192.0.2.29")
        assert refused.status == 503
        assert "<h1>Server busy</h1>" in refused.text
        for path in ("/index", "/library", "/static/css/site.css"):
            assert ask(stack, "GET", path, "192.0.2.29").status == 200, path
    assert ask(stack, "GET", ANSWER, "192.0.2.29").status == 200


DEAR = [("POST", "/api/steps"), ("GET", "/new?level=easy"), ("GET", "/api/openapi.json")]


@pytest.mark.parametrize(("method", "path"), DEAR, ids=map(name, DEAR))
def test_the_dearest_work_has_a_share_of_its_own_and_the_short_solves_the_rest(stack, method, path):
    """With 3 workers, 1 may do the dearest work: a second client's dear
    request gets 503 while a third's answer is served."""
    with Held(stack, "192.0.2.41", path="/api/steps"):
        refused = ask(stack, method, path, "192.0.2.42")
        assert refused.status == 503, refused.text[:300]
        assert refused.headers["retry-after"] == "1"
        assert ask(stack, "GET", ANSWER, "192.0.2.43").status == 200


@pytest.mark.parametrize(
    ("holder", "same", "other"),
    [
        # An IPv6 client is its /64, however its address is written.
        ("2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:3::1"),
        ("2001:db8:1:2::1", "2001:0db8:0001:0002:0000:0000:0000:0009", "2001:db8:1::2"),
        # An IPv4 client is its address; written as IPv6, it is the same client.
        ("192.0.2.31", "::ffff:192.0.2.31", "192.0.2.32"),
        ("::ffff:192.0.2.33", "192.0.2.33", "::ffff:192.0.2.34"),
    ],
)
def test_a_client_is_its_address_or_its_ipv6_network(stack, holder, same, other):
    with Held(stack, holder):
        assert ask(stack, "GET", ANSWER, same).status == 503
        assert ask(stack, "GET", ANSWER, other).status == 200


def test_the_rates_count_an_ipv6_network_as_one_client(stack):
    """60 requests at once from 60 addresses of one /64 share one burst of 50
    for the pages (some are refused); from 60 networks, none is."""
    one = [("GET", "/library", {"X_Forwarded_For": f"2001:db8:9:9::{n:x}"}) for n in range(1, 61)]
    assert any(reply.status == 429 for reply in at_once(stack, one))
    many = [("GET", "/library", {"X_Forwarded_For": f"2001:db8:9:{n:x}::1"}) for n in range(1, 61)]
    assert all(reply.status == 200 for reply in at_once(stack, many))


# Requests at the edge of what nginx reads: each is answered by Django or
# refused by nginx, JSON under /api/ either way, never by gunicorn's bare 400.
LONGEST_LINE = 8190  # nginx.conf's large_client_header_buffers, less its shortest line end


def request_line(length: int) -> str:
    path = "/api/no-such-operation-"
    filler = length - len(f"GET {path} HTTP/1.1")
    return f"GET {path}{'x' * filler} HTTP/1.1"


@pytest.mark.parametrize("end", ["\r\n", "\n"], ids=["crlf", "lf"])
@pytest.mark.parametrize("length", [LONGEST_LINE - 1, LONGEST_LINE, LONGEST_LINE + 1])
def test_a_request_line_nginx_takes_gunicorn_takes(stack, length, end):
    line = request_line(length)
    assert len(line) == length
    request = end.join([line, "Host: localhost", "Connection: close", "", ""])
    status_line, _, body = raw_exchange(stack, request.encode())
    if len(line + end) <= LONGEST_LINE + 1:  # within nginx's buffer: Django's, as JSON
        assert " 404 " in status_line, status_line
        assert json.loads(body)["errors"]
    else:  # nginx's own refusal, the line being too long for it: JSON too, under /api/
        assert " 414 " in status_line, status_line
        assert json.loads(body)["errors"][0]["code"] == "uri_too_long"
    assert "Invalid request" not in stack.log_text()


@pytest.mark.parametrize(
    "headers",
    [
        [f"X-Many-{n}: {n}" for n in range(500)],
        # The longest line nginx takes, with its CRLF, and the same written
        # without the space, which nginx adds as it passes it on.
        ["X-Long: " + "y" * (LONGEST_LINE - 1 - len("X-Long: "))],
        ["X-Long:" + "y" * (LONGEST_LINE - 1 - len("X-Long:"))],
        # One longer: nginx's own refusal.
        ["X-Long: " + "y" * (LONGEST_LINE - len("X-Long: "))],
    ],
    ids=["many", "longest", "longest-without-space", "too-long"],
)
def test_headers_nginx_takes_gunicorn_takes(stack, headers):
    """Under /api/, whoever answers, the reply is the API's JSON."""
    request = "\r\n".join(
        ["POST /api/solve HTTP/1.1", "Host: localhost", "Content-Type: application/json"]
        + headers
        + ["Content-Length: 2", "Connection: close", "", "{}"]
    )
    status_line, reply_headers, body = raw_exchange(stack, request.encode())
    assert reply_headers["content-type"] == "application/json", status_line
    assert json.loads(body)["errors"]
    assert "Invalid request" not in stack.log_text()
