"""The production stack end to end: deploy/serve.sh starts gunicorn behind
Debian's nginx on a free loopback port, with .env.example's settings, and
pages, forms, the API, static files, floods and oversized bodies are tried
through it, as a browser or a script would; then it is stopped with SIGTERM.

Debian's nginx must be installed (`make serve`, `make test` and .ci/run
install it); without it these tests fail, they are never skipped.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import runpy
import signal
import socket
import subprocess
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlencode, urljoin

import pytest
from django.conf import settings
from django.test import RequestFactory
from django.utils import translation

from deploy import render
from solver.core.cells import CELL_NAMES
from tests.support import stack as stack_support
from tests.support.puzzles import HARD, HARD_SOLUTION
from tests.support.served import (
    assert_secured,
    flood,
    raw_exchange,
    require_nginx,
    start_stack,
)
from tests.support.stack import (
    ENV_EXAMPLE,
    ROOT,
    Reply,
    Stack,
    StackError,
    alive,
    csrf_of,
    file_form,
    read_env_file,
)
from tests.support.stack import start_stack as start_serving

pytestmark = pytest.mark.stack

YEAR = "public, max-age=31536000, immutable"
# What a script module imports by a relative path (`from "./cells.js"`).
MODULE_IMPORT = re.compile(r"""\b(?:from|import)\s*\(?\s*["'](\.{1,2}/[^"']+)["']""")
HASHED_SCRIPT = re.compile(r"\.[0-9a-f]{12}\.js$")
# How long a test waits for the stack to do what it was told (write a log line,
# reopen its logs, let its workers go): a safety net on a loaded machine, as
# each wait ends the moment what it waits for has happened.
PATIENCE = 30


@pytest.fixture(scope="module")
def stack(tmp_path_factory) -> Stack:
    # The tests stand for a proxy on this machine, naming clients in X-Forwarded-For.
    started = start_stack(tmp_path_factory.mktemp("stack"), SUDOKU_TRUSTED_PROXIES="127.0.0.1")
    yield started
    if started.process.poll() is None:
        started.stop()


def test_a_page_comes_through_nginx_with_the_security_headers(stack):
    reply = stack.fetch("GET", "/index")
    assert reply.status == 200
    assert reply.headers["server"] == "nginx"  # no version given away
    assert "<h1>Enter a puzzle</h1>" in reply.text
    assert_secured(reply)


def post_puzzle(stack: Stack, page: Reply, origin: str, **headers: str) -> Reply:
    """HARD posted from the entry ``page`` as a browser at ``origin`` does:
    with the page's CSRF cookie and token, Origin and Referer."""
    cookie, token = csrf_of(page.headers["set-cookie"], page.text)
    cells = {
        name: "" if symbol == "." else symbol for name, symbol in zip(CELL_NAMES, HARD, strict=True)
    }
    return stack.fetch(
        "POST",
        "/answer",
        urlencode({"csrfmiddlewaretoken": token, **cells}),
        Content_Type="application/x-www-form-urlencoded",
        Cookie=f"csrftoken={cookie}",
        Origin=origin,
        Referer=f"{origin}/index",
        **headers,
    )


def post_batch_file(stack: Stack, text: str, **headers: str) -> Reply:
    """``text`` sent as the batch page's file, with the page's CSRF cookie and token."""
    page = stack.fetch("GET", "/batch")
    cookie, token = csrf_of(page.headers["set-cookie"], page.text)
    body, kind = file_form(token, "many.txt", text)
    origin = f"http://127.0.0.1:{stack.port}"
    return stack.fetch(
        "POST",
        "/batch",
        body,
        Content_Type=kind,
        Cookie=f"csrftoken={cookie}",
        Origin=origin,
        Referer=f"{origin}/batch/",
        **headers,
    )


def test_a_form_posts_through_nginx_with_its_csrf_token(stack):
    """The browser's Origin names the port nginx listens on; Django sees the same host."""
    page = stack.fetch("GET", "/index")
    reply = post_puzzle(stack, page, f"http://127.0.0.1:{stack.port}")
    assert reply.status == 303, reply.text[:500]
    assert reply.headers["location"] == f"/answer?puzzle={HARD}"
    answer = stack.fetch("GET", reply.headers["location"])
    assert answer.status == 200
    assert HARD_SOLUTION[:9] in answer.text


def test_the_api_solves_a_post_through_nginx(stack):
    reply = stack.fetch(
        "POST", "/api/solve", json.dumps({"puzzle": HARD}), Content_Type="application/json"
    )
    assert reply.status == 200
    assert reply.json()["solution"] == HARD_SOLUTION
    assert_secured(reply)


def test_static_files_with_hashed_names_are_kept_for_a_year(stack):
    page = stack.fetch("GET", "/index").text
    stylesheet = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', page)[1]
    script = re.search(r'src="(/static/js/entry/entry\.[0-9a-f]{12}\.js)"', page)[1]
    for address, kind in ((stylesheet, "text/css"), (script, "application/javascript")):
        reply = stack.fetch("GET", address, Accept_Encoding="gzip")
        assert reply.status == 200
        assert reply.headers["content-type"] == kind
        assert reply.headers["cache-control"] == YEAR
        assert reply.headers.get("content-encoding") == "gzip"
        assert_secured(reply)


def test_static_files_by_plain_names_are_checked_again_each_time(stack):
    """What is asked for by its plain name (nginx's error pages link the
    stylesheet so) may change with a release."""
    reply = stack.fetch("GET", "/static/js/entry/cells.js")
    assert reply.status == 200
    assert reply.headers["cache-control"] == "no-cache"
    assert "etag" in reply.headers
    assert_secured(reply)


def test_the_entry_scripts_modules_are_hashed_and_kept_for_a_year(stack):
    """entry.js imports its modules, and they theirs, by hashed names
    (sudoku_site/storage.py): every one is kept for a year, and a cached
    entry.js never loads another release's modules."""
    page = stack.fetch("GET", "/index").text
    entry = re.search(r'src="(/static/js/entry/entry\.[0-9a-f]{12}\.js)"', page)[1]
    seen, waiting = set(), [entry]
    while waiting:
        address = waiting.pop()
        reply = stack.fetch("GET", address)
        assert reply.status == 200, address
        assert reply.headers["cache-control"] == YEAR, address
        imported = {urljoin(address, path) for path in MODULE_IMPORT.findall(reply.text)}
        assert all(HASHED_SCRIPT.search(url) for url in imported), (address, imported)
        waiting += sorted(imported - seen)
        seen |= imported | {address}
    assert len(seen) >= 10  # entry.js, the nine it starts, and what they share
    # The page names each of them up front, as the modules import it, so the
    # browser asks for them all at once and finds them in its cache after.
    preloaded = set(re.findall(r'<link rel="modulepreload" href="([^"]+)">', page))
    assert preloaded == seen - {entry}


def solved_for(stack: Stack, client: str, *logs: Path) -> tuple[str, Path]:
    """An API solve from ``client`` (a proxy's X-Forwarded-For): the client
    hash its line names, and which of ``logs`` (gunicorn's, by default) holds
    it, once a worker has written it."""
    logs = logs or (stack.gunicorn_log,)

    def lines() -> Counter[tuple[str, Path]]:
        return Counter(
            (client, log) for log in logs if log.exists()
            for client in SOLVE_LINE.findall(log.read_text())
        )  # fmt: skip

    before = lines()
    reply = stack.fetch(
        "POST", "/api/solve", json.dumps({"puzzle": HARD}), Content_Type="application/json",
        X_Forwarded_For=client,
    )  # fmt: skip
    assert reply.status == 200
    deadline = time.monotonic() + PATIENCE
    while not (new := lines() - before) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert new, f"no solve line reached the log:\n{stack.log_text()}"
    return next(iter(new))


# A worker's line for each solve (solver/core/logs.py), and the client it names.
SOLVE_LINE = re.compile(r"^solve source=api .* client=([0-9a-f]{12})$", re.MULTILINE)


def test_what_a_client_sends_writes_to_gunicorns_log_only_its_solves_lines(stack):
    """A missing page with 8 KB of path, more fields than Django reads, a
    failed CSRF check, a byte past ASCII in the address: none writes a line
    (Django's 4xx warnings and security loggers are off), so however fast a
    client sends them, the log grows by the solves alone, each a short line."""
    start = stack.gunicorn_log.stat().st_size
    fields = "&".join(f"f{n}=1" for n in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 100))
    for method, path, body, headers in [
        ("GET", "/" + "x" * 8000, None, {}),
        ("POST", "/answer", fields, {"Content_Type": "application/x-www-form-urlencoded",
                                     "Cookie": "csrftoken=" + "a" * 32}),
        ("POST", "/answer", "cell=1", {"Content_Type": "application/x-www-form-urlencoded"}),
    ]:  # fmt: skip
        assert stack.fetch(method, path, body, **headers).status in (400, 403, 404), path
    raw_exchange(stack, asked("GET /api/solve?puzzle=\u4e00 HTTP/1.1").encode())
    solved_for(stack, "192.0.2.80")  # each reply's lines are written before its reply ends
    written = stack.gunicorn_log.read_bytes()[start:].decode()
    assert SOLVE_LINE.fullmatch(written.strip()), written


def test_a_missing_static_file_is_nginxs_404_page_never_cached(stack):
    reply = stack.fetch("GET", "/static/css/site.0123456789ab.css")
    assert reply.status == 404
    assert "<h1>Page not found</h1>" in reply.text
    assert reply.headers["cache-control"] == "no-store"
    assert_secured(reply)


def test_a_body_over_the_limit_is_refused_by_nginx(stack):
    """The API's refusal is JSON; the batch page's is HTML."""
    too_big = b"x" * (3 * 1024 * 1024)
    api = stack.fetch("POST", "/api/solve", too_big, Content_Type="application/json")
    assert api.status == 413
    assert api.json()["errors"][0]["code"] == "too_large"
    assert_secured(api)
    page = stack.fetch("POST", "/batch", too_big, Content_Type="text/plain")
    assert page.status == 413
    assert "<h1>Request too large</h1>" in page.text
    assert_secured(page)


def test_a_batch_file_at_the_limit_gets_through_to_django(stack):
    """nginx's limit leaves room for the largest file Django takes
    (SUDOKU_BATCH_MAX_BYTES, 2 MiB) and the form around it."""
    form = stack.fetch("GET", "/batch")
    cookie, token = csrf_of(form.headers["set-cookie"], form.text)
    puzzles = (HARD + "\n") * 20
    padding = 2 * 1024 * 1024 - len(puzzles) - 1
    content = (puzzles + "#" * padding + "\n").encode()
    assert len(content) == int(read_env_file(ENV_EXAMPLE)["SUDOKU_BATCH_MAX_BYTES"])
    boundary = "----limit"
    body = b"".join(
        [
            f"--{boundary}\r\nContent-Disposition: form-data; "
            f'name="csrfmiddlewaretoken"\r\n\r\n{token}\r\n'.encode(),
            f'--{boundary}\r\nContent-Disposition: form-data; name="puzzles"\r\n\r\n\r\n'.encode(),
            f"--{boundary}\r\nContent-Disposition: form-data; "
            f'name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n'.encode(),
            content,
            f"\r\n--{boundary}--\r\n".encode(),
        ]
    )
    origin = f"http://127.0.0.1:{stack.port}"
    reply = stack.fetch(
        "POST",
        "/batch",
        body,
        Content_Type=f"multipart/form-data; boundary={boundary}",
        Cookie=f"csrftoken={cookie}",
        Origin=origin,
        Referer=f"{origin}/batch/",
    )
    assert reply.status == 303, reply.text[:500]
    assert re.fullmatch(r"/batch/[0-9a-f-]{36}", reply.headers["location"])


def test_a_flood_of_api_requests_gets_json_refusals(stack):
    """One client (named by the local proxy header) sending 60 at once: past
    its burst of 20, 429 (too many requests); within it, those that find the
    client's one heavy request under way, 503 (busy); the others are answered.
    Each refusal is the API's JSON, with Retry-After."""
    replies = flood(stack, 60, "GET", f"/api/validate?puzzle={HARD}", X_Forwarded_For="192.0.2.1")
    statuses = Counter(reply.status for reply in replies)
    assert set(statuses) <= {200, 429, 503}, statuses
    assert statuses[429] >= 20
    assert statuses[200] >= 1
    codes = {429: "too_many_requests", 503: "busy"}
    for reply in replies:
        if reply.status in codes:
            assert reply.headers["content-type"] == "application/json"
            assert reply.json()["errors"][0]["code"] == codes[reply.status]
            assert reply.headers["retry-after"] == "1"
            assert_secured(reply)
    other_client = stack.fetch("GET", f"/api/validate?puzzle={HARD}", X_Forwarded_For="192.0.2.2")
    assert other_client.status == 200


def test_a_flood_of_answers_gets_the_html_429_page(stack):
    """(and the page's 503, busy, for any that found the client's answer under way)"""
    replies = flood(stack, 60, "GET", f"/answer?puzzle={HARD}", X_Forwarded_For="192.0.2.3")
    refused = [reply for reply in replies if reply.status == 429]
    assert len(refused) >= 20
    assert "<h1>Too many requests</h1>" in refused[0].text
    assert_secured(refused[0])


@pytest.mark.parametrize(
    ("path", "client"),
    [
        ("/new?level=easy", "192.0.2.5"),
        ("/daily", "192.0.2.6"),
        (f"/steps?puzzle=.{HARD_SOLUTION[1:]}", "192.0.2.7"),
        (f"/play?puzzle={HARD}", "192.0.2.8"),
    ],
)
def test_a_flood_of_pages_that_make_explain_or_play_puzzles_is_limited(stack, path, client):
    replies = flood(stack, 60, "GET", path, X_Forwarded_For=client)
    assert sum(reply.status in (429, 503) for reply in replies) >= 20


def test_a_flood_of_pages_to_read_is_limited_generously(stack):
    """Within the pages' burst of 50 every one is answered; past it, 429."""
    replies = flood(stack, 40, "GET", "/batch", X_Forwarded_For="192.0.2.4")
    assert {reply.status for reply in replies} == {200}
    replies = flood(stack, 80, "GET", "/library", X_Forwarded_For="192.0.2.9")
    assert {reply.status for reply in replies} == {200, 429}


def test_nginx_takes_its_limits_from_the_settings(stack):
    """The rendered configuration: the body limit follows SUDOKU_BATCH_MAX_BYTES."""
    conf = (stack.run_dir / "nginx.conf").read_text()
    settings = read_env_file(ENV_EXAMPLE)
    expected = int(settings["SUDOKU_BATCH_MAX_BYTES"]) + 64 * 1024 + 16 * 1024
    assert f"client_max_body_size {expected};" in conf


def test_every_request_ends_before_gunicorn_and_gunicorn_before_nginx(stack):
    """The stack's settings (.env.example's), its rendered nginx.conf and
    gunicorn's configuration: the longest a heavy request may work (after the
    longest wait for SQLite's lock) is shorter than gunicorn's timeout, which
    is shorter than nginx's proxy_read_timeout. So no worker is ended while
    its request still has work to do within its budget, and nginx never stops
    waiting (504) for a reply a worker is still working on."""
    values = {name: float(value) for name, value in read_env_file(ENV_EXAMPLE).items()
              if name.endswith("_SECONDS")}  # fmt: skip
    solve = values["SUDOKU_SOLVE_SECONDS"]
    works = {
        "/answer, /play, the API's solve": solve + values["SUDOKU_RATE_SLICE_SECONDS"],
        "/steps, /level, the API's steps, hint and rating": solve
        + values["SUDOKU_EXPLAIN_SECONDS"],
        "/new, /daily, the API's generate": values["SUDOKU_GENERATE_SECONDS"],
        "a batch's slice, and the puzzle under way": values["SUDOKU_BATCH_SLICE_SECONDS"] + solve,
    }
    longest = settings.DATABASES["default"]["OPTIONS"]["timeout"] + max(works.values())
    worker_timeout = runpy.run_path(str(ROOT / "deploy" / "gunicorn.conf.py"))["timeout"]
    conf = (stack.run_dir / "nginx.conf").read_text()
    read_timeout = int(re.search(r"proxy_read_timeout (\d+)s;", conf)[1])
    assert longest < worker_timeout < read_timeout, (works, longest)


def test_behind_a_local_tls_proxy_the_site_is_https_only(tmp_path_factory):
    """With DJANGO_HTTPS=1, a request a proxy on this machine forwards as HTTPS
    gets HSTS, from Django and from nginx alike, and a secure CSRF cookie that
    a form post over HTTPS then uses; plain HTTP is sent to HTTPS."""
    https = start_stack(
        tmp_path_factory.mktemp("https"), DJANGO_HTTPS="1", SUDOKU_TRUSTED_PROXIES="127.0.0.1"
    )
    try:
        host = f"127.0.0.1:{https.port}"
        plain = https.fetch("GET", "/index")
        assert plain.status == 301
        assert plain.headers["location"] == f"https://{host}/index"
        page = https.fetch("GET", "/index", X_Forwarded_Proto="https")
        assert page.status == 200
        assert page.headers["strict-transport-security"] == "max-age=31536000"
        assert "; secure" in page.headers["set-cookie"].lower()
        stylesheet = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', page.text)[1]
        static = https.fetch("GET", stylesheet, X_Forwarded_Proto="https")
        assert static.headers["strict-transport-security"] == "max-age=31536000"
        assert "strict-transport-security" not in https.fetch("GET", stylesheet).headers

        reply = post_puzzle(https, page, f"https://{host}", X_Forwarded_Proto="https")
        assert reply.status == 303, reply.text[:500]
    finally:
        assert https.stop() == 0, https.log_text()


def test_no_client_but_a_trusted_proxy_picks_its_address_or_claims_https(tmp_path_factory):
    """nginx believes only the proxies named in SUDOKU_TRUSTED_PROXIES: from
    anyone else, a flood naming a new address in each request is still one
    client, and a claim of HTTPS over plain HTTP is still sent to HTTPS."""
    # HTTPS through a proxy that is not this test: the test's own claims are not believed.
    guarded = start_stack(
        tmp_path_factory.mktemp("guarded"), DJANGO_HTTPS="1", SUDOKU_TRUSTED_PROXIES="192.0.2.250"
    )
    try:
        claimed = guarded.fetch("GET", "/index", X_Forwarded_Proto="https")
        assert claimed.status == 301
        assert "strict-transport-security" not in claimed.headers
        path = f"/api/validate?puzzle={HARD}"
        with ThreadPoolExecutor(max_workers=20) as pool:
            replies = list(
                pool.map(
                    lambda n: guarded.fetch("GET", path, X_Forwarded_For=f"192.0.2.{n}"),
                    range(1, 61),
                )
            )
        assert sum(reply.status in (429, 503) for reply in replies) >= 20
    finally:
        assert guarded.stop() == 0, guarded.log_text()


def test_https_without_a_trusted_proxy_is_refused_at_start(tmp_path):
    """nginx here listens on plain HTTP, so DJANGO_HTTPS=1 without a proxy in
    front that nginx believes would send every request to HTTPS for ever."""
    require_nginx()
    with pytest.raises(StackError, match="needs the TLS proxy in front named in"):
        start_serving(tmp_path, DJANGO_HTTPS="1")


def test_trusted_proxies_are_addresses_or_networks():
    filled = render.trusted_proxies("127.0.0.1, 10.0.0.0/8 ::1")
    assert filled["REAL_IP_FROM"].split() == [
        "set_real_ip_from", "127.0.0.1/32;", "set_real_ip_from", "10.0.0.0/8;",
        "set_real_ip_from", "::1/128;",
    ]  # fmt: skip
    assert render.trusted_proxies("") == {"REAL_IP_FROM": "", "TRUSTED_PROXIES": ""}
    for wrong in ("localhost", "fe80::1%eth0"):
        with pytest.raises(ValueError, match=f"{wrong!r} is not an address"):
            render.trusted_proxies(wrong)
    # An IPv4-mapped proxy is the IPv4 address nginx sees.
    assert render.trusted_proxies("::ffff:127.0.0.1")["TRUSTED_PROXIES"].split() == [
        "127.0.0.1/32",
        "1;",
    ]


def test_scheme_headers_a_client_sends_do_not_reach_gunicorn(stack):
    """gunicorn answers contradictory scheme headers with a bare 400 of its
    own; nginx clears every one but its own X-Forwarded-Proto."""
    for header in ("X_Forwarded_Ssl", "X_Forwarded_Protocol"):
        reply = stack.fetch("GET", "/index", **{header: "on" if header.endswith("Ssl") else "ssl"})
        assert reply.status == 200, header
        assert_secured(reply)


def test_nginx_logs_no_client_address_and_no_puzzle(stack):
    stack.fetch("GET", f"/api/validate?puzzle={HARD}", X_Forwarded_For="192.0.2.77")
    flood(stack, 40, "GET", f"/api/validate?puzzle={HARD}", X_Forwarded_For="192.0.2.78")
    # A batch file is larger than nginx's usual buffer; buffered to disk, it is
    # logged with its client's address. It is sent as the page sends it, so
    # Django reads it whole: a body refused unread (no CSRF token) would be
    # cut off by gunicorn, and nginx logs the broken connection, naming the client.
    reply = post_batch_file(stack, "\n".join([HARD] * 2000), X_Forwarded_For="192.0.2.79")
    assert reply.status == 303, reply.text[:500]
    logs = (stack.run_dir / "logs" / "access.log").read_text()
    logs += (stack.run_dir / "logs" / "error.log").read_text()
    assert "GET /api/validate HTTP/1.1" in logs
    assert "192.0.2.77" not in logs
    assert "192.0.2.78" not in logs
    assert "192.0.2.79" not in logs
    assert HARD not in logs


def test_nginx_logs_one_in_hundreds_of_its_own_refusals(stack):
    """A flood past its burst is refused (429) as fast as it comes: nginx logs
    one refusal in 256 (by its request id, so which ones is chance), every
    request answered. Of 400 refusals, 1.6 lines are logged on average; 15
    or more would come once in billions of runs."""
    access = stack.run_dir / "logs" / "access.log"
    start = access.stat().st_size
    # Posting a batch without a CSRF token: the zone's burst is 10, Django's 403 cheap.
    replies = [stack.fetch("POST", "/batch", "", X_Forwarded_For="192.0.2.90") for _ in range(410)]
    statuses = Counter(reply.status for reply in replies)
    assert set(statuses) == {403, 429}, statuses
    assert statuses[429] >= 390, statuses
    lines = access.read_bytes()[start:].decode().splitlines()
    logged = Counter(int(line.split()[4]) for line in lines if '"POST /batch ' in line)
    assert logged[403] == statuses[403]
    assert logged[429] < 15, logged


def asked(request_line: str, *headers: str) -> str:
    """``request_line`` with ``headers`` (Host: localhost if none) and Connection: close."""
    lines = [request_line, *(headers or ["Host: localhost"]), "Connection: close"]
    return "\r\n".join(lines) + "\r\n\r\n"


BIG_HEADER = "X-Big: " + "y" * 9000
LONG_PATH = "x" * 9000


# Each request nginx refuses before Django sees it, and the page it answers
# with: the site's HTML page (its heading) or, under /api/, the API's JSON
# (its code). A malformed request line, whose path nginx never read, gets
# the HTML page.
REFUSALS = {
    "garbage": ("GARBAGE\r\n\r\n", 400, "Bad request"),
    "bad-method": (asked("G@T /index HTTP/1.1"), 400, "Bad request"),
    "no-host": (asked("GET /index HTTP/1.1", "Accept: */*"), 400, "Bad request"),
    "api-no-host": (asked("GET /api/solve HTTP/1.1", "Accept: */*"), 400, "bad_request"),
    "api-two-hosts": (asked("GET /api/solve HTTP/1.1", "Host: a", "Host: b"), 400, "bad_request"),
    "trace": (asked("TRACE /index HTTP/1.1"), 405, "Method not allowed"),
    "api-trace": (asked("TRACE /api/solve HTTP/1.1"), 405, "method_not_allowed"),
    "post-static": (
        asked("POST /static/css/site.css HTTP/1.1", "Host: localhost", "Content-Length: 0"),
        405,
        "Method not allowed",
    ),
    "long-url": (asked(f"GET /{LONG_PATH} HTTP/1.1"), 414, "Address too long"),
    # nginx reads no path from a line too long, but the line's start names /api/.
    "api-long-url": (asked(f"GET /api/{LONG_PATH} HTTP/1.1"), 414, "uri_too_long"),
    # A puzzle of 25x25 in Chinese characters, percent-encoded: 27 KB.
    "api-long-query": (
        asked(f"GET /api/validate?puzzle={'%E4%B8%80' * 1000} HTTP/1.1"),
        414,
        "uri_too_long",
    ),
    # A byte past ASCII, not percent-encoded: gunicorn's bare 400, had nginx passed it on.
    "raw-byte": (asked("GET /index?puzzle=\u4e00 HTTP/1.1"), 400, "Bad request"),
    "api-raw-byte": (asked("GET /api/validate?puzzle=\u4e00 HTTP/1.1"), 400, "bad_request"),
    "api-raw-byte-in-path": (asked("GET /api/s\u00f6lve HTTP/1.1"), 400, "bad_request"),
    "big-header": (
        asked("GET /index HTTP/1.1", "Host: localhost", BIG_HEADER),
        400,
        "Request headers too large",
    ),
    "api-big-header": (
        asked("GET /api/solve HTTP/1.1", "Host: localhost", BIG_HEADER),
        400,
        "headers_too_large",
    ),
    "unknown-coding": (
        asked("POST /answer HTTP/1.1", "Host: localhost", "Transfer-Encoding: gzip"),
        501,
        "Not implemented",
    ),
    "api-unknown-coding": (
        asked("POST /api/solve HTTP/1.1", "Host: localhost", "Transfer-Encoding: gzip"),
        501,
        "not_implemented",
    ),
    "http-9": (asked("GET /index HTTP/9.9"), 505, "HTTP version not supported"),
    "api-http-9": (asked("GET /api/solve HTTP/9.9"), 505, "http_version_not_supported"),
    "static-directory": (asked("GET /static/css/ HTTP/1.1"), 403, "Forbidden"),
    "static-changed": (
        asked("GET /static/css/site.css HTTP/1.1", "Host: localhost", 'If-Match: "an-old-copy"'),
        412,
        "Precondition failed",
    ),
}


@pytest.mark.parametrize(
    ("request_text", "status", "page"), list(REFUSALS.values()), ids=list(REFUSALS)
)
def test_nginx_refusing_a_request_itself_answers_with_the_sites_page(
    stack, request_text, status, page
):
    """And with the security headers, which nginx adds server-wide."""
    status_line, headers, body = raw_exchange(stack, request_text.encode())
    assert status_line.split()[1] == str(status), status_line
    assert_secured(Reply(status, headers, body))
    assert headers["cache-control"] == "no-store"
    if page.islower():
        assert headers["content-type"] == "application/json"
        assert json.loads(body)["errors"][0]["code"] == page
    else:
        assert headers["content-type"] == "text/html"
        assert f"<h1>{page}</h1>" in body.decode()


def test_every_error_page_nginx_names_is_written_as_html_and_json_in_each_language(stack):
    conf = (stack.run_dir / "nginx.conf").read_text()
    names = re.findall(r"error_page [^;]*/_errors/([0-9a-z]+)\.\$error_lang\.\$error_format;", conf)
    assert len(names) >= 10
    for name in names:
        for code, _ in settings.LANGUAGES:
            for suffix in ("html", "json"):
                file = stack.run_dir / "errors" / f"{name}.{code}.{suffix}"
                assert file.is_file(), file.name


def written(name: str, code: str) -> str:
    """The error page or reply ``name`` (``404.html``) as render.py writes it in
    ``code``, from the compiled catalogs."""
    page = (render.ERRORS / "page.html").read_text(encoding="utf-8")
    stem, suffix = name.split(".")
    with translation.override(code):
        return render.error_pages(page, code)[f"{stem}.{code}.{suffix}"]


def django_language(headers: dict[str, str]) -> str:
    """The language Django's LocaleMiddleware chooses for a request with ``headers``."""
    return translation.get_language_from_request(RequestFactory().get("/", headers=headers))


# Accept-Language and the switcher's cookie, and the language nginx's own
# pages come in: the cookie if it names a language of the site, else the first
# of Accept-Language the site has, else English (as Django chooses).
LANGUAGE_CHOICES = [
    ({}, "en"),
    ({"Accept-Language": "de-DE, fr;q=0.8, *;q=0.5"}, "en"),
    ({"Accept-Language": "fr, en;q=0.9, zh;q=0.8"}, "en"),
    ({"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8"}, "zh-hans"),
    ({"Accept-Language": "zh"}, "zh-hans"),
    ({"Accept-Language": "zh-SG"}, "zh-hans"),
    ({"Accept-Language": "zh-Hans-CN, en"}, "zh-hans"),
    ({"Accept-Language": "zh-TW,zh;q=0.9"}, "zh-hant"),
    ({"Accept-Language": "zh-HK"}, "zh-hant"),
    ({"Accept-Language": "zh-MO"}, "zh-hant"),
    ({"Accept-Language": "zh-Hant"}, "zh-hant"),
    ({"Accept-Language": "vi-VN,vi;q=0.9,en-US;q=0.8"}, "vi"),
    ({"Accept-Language": "fr-FR, vi;q=0.8, en;q=0.5"}, "vi"),
    ({"Cookie": "django_language=vi"}, "vi"),
    ({"Cookie": "csrftoken=x; django_language=zh-hant", "Accept-Language": "vi"}, "zh-hant"),
    ({"Cookie": "django_language=zh-hans", "Accept-Language": "en-GB"}, "zh-hans"),
    ({"Cookie": "django_language=en", "Accept-Language": "zh-TW"}, "en"),
    # A cookie naming no language of the site is passed over, as Django does.
    ({"Cookie": "django_language=fr", "Accept-Language": "zh-HK"}, "zh-hant"),
]


@pytest.mark.parametrize(("headers", "code"), LANGUAGE_CHOICES)
def test_nginxs_own_pages_come_in_the_language_django_would_choose(stack, headers, code):
    """A missing static file is nginx's 404: the page render.py wrote in that
    language, with its lang, and Vary naming what chose it."""
    assert django_language(headers) == code
    sent = {name.replace("-", "_"): value for name, value in headers.items()}
    reply = stack.fetch("GET", "/static/css/site.0123456789ab.css", **sent)
    assert reply.status == 404
    assert f'<html lang="{code}">' in reply.text
    assert reply.text == written("404.html", code)
    assert reply.headers["vary"] == "Accept-Language, Cookie"
    assert reply.headers["cache-control"] == "no-store"


def test_a_page_in_each_language_holds_its_catalogs_words():
    """What the catalogs translate (the titles, once translated) is on the page."""
    for code, _ in settings.LANGUAGES:
        with translation.override(code):
            title = translation.gettext(render.PAGES["429"][0])
            site = translation.gettext(render.CHROME["SITE"])
        page = written("429.html", code)
        assert f'<html lang="{code}">' in page
        assert f"<title>{title} · {site}</title>" in page
        assert f"<h1>{title}</h1>" in page


@pytest.mark.parametrize(
    ("headers", "code", "client"),
    [
        ({"Accept_Language": "zh-TW"}, "zh-hant", "192.0.2.11"),
        ({"Cookie": "django_language=vi", "Accept_Language": "en"}, "vi", "192.0.2.12"),
    ],
)
def test_a_flood_gets_its_429s_in_the_readers_language(stack, headers, code, client):
    pages = flood(stack, 40, "GET", f"/answer?puzzle={HARD}", X_Forwarded_For=client, **headers)
    page = next(reply for reply in pages if reply.status == 429)
    assert page.text == written("429.html", code)
    api = flood(stack, 40, "GET", f"/api/validate?puzzle={HARD}", X_Forwarded_For=client, **headers)
    reply = next(reply for reply in api if reply.status == 429)
    assert reply.json() == json.loads(written("429.json", code))
    assert reply.headers["vary"] == "Accept-Language, Cookie"


def test_djangos_own_refusals_pass_through_nginx_as_they_are(stack):
    """nginx's error pages are for its own refusals only: Django's 400 and
    404 pages (which link the hashed stylesheet, as only Django's do) and its
    405s, empty or JSON under /api/, are what the client gets."""
    django_page = re.compile(r'href="/static/css/site\.[0-9a-f]{12}\.css"')
    # More fields than Django reads (DATA_UPLOAD_MAX_NUMBER_FIELDS): its 400,
    # once the CSRF check reads them for the token.
    too_many_fields = range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 100)
    fields = "&".join(f"f{number}=1" for number in too_many_fields)
    too_many = stack.fetch(
        "POST",
        "/answer",
        fields,
        Content_Type="application/x-www-form-urlencoded",
        Cookie="csrftoken=" + "a" * 32,
    )
    assert too_many.status == 400
    assert "<h1>Bad request</h1>" in too_many.text
    missing = stack.fetch("GET", "/no/such/page")
    assert missing.status == 404
    for reply in (too_many, missing):
        assert django_page.search(reply.text), reply.text[:300]
        assert "cache-control" not in reply.headers
    page = stack.fetch("OPTIONS", "/index")
    assert (page.status, page.headers["allow"], page.body) == (405, "GET, HEAD", b"")
    api = stack.fetch("OPTIONS", "/api/solve")
    assert api.status == 405
    assert api.json()["errors"][0]["message"].startswith("OPTIONS is not allowed here")


# Names the site does not serve, and Host headers Django would refuse though
# nginx reads a served name in them (it reads the name up to a colon).
NOT_SERVED = ["evil.example", "localhost.evil.example", "127.0.0.2"]
MALFORMED_HOSTS = ["127.0.0.1:1@x", "localhost:", "localhost:8a", "localhost:80:80",
                   "[::1]:1@x", "localhost@evil.example", "x@localhost", "local_host"]  # fmt: skip


@pytest.mark.parametrize("host", NOT_SERVED + MALFORMED_HOSTS)
def test_a_host_the_site_does_not_serve_is_closed_unanswered(stack, host):
    """nginx closes the connection without a reply (444): Django, which would
    refuse the host too, never sees the request, and nothing is logged for it."""
    start = stack.gunicorn_log.stat().st_size
    with pytest.raises(http.client.RemoteDisconnected):
        stack.fetch("GET", "/index", Host=host)
    # A body nginx never reads: the close may reach the client as a reset.
    with pytest.raises(ConnectionResetError):  # RemoteDisconnected is one
        stack.fetch("POST", "/api/solve", "{}", Host=f"{host}:{stack.port}")
    solved_for(stack, "192.0.2.81")  # each reply's lines are written before its reply ends
    written = stack.gunicorn_log.read_bytes()[start:].decode()
    assert SOLVE_LINE.fullmatch(written.strip()), written


@pytest.mark.parametrize("host", ["localhost", "LOCALHOST", "127.0.0.1", "[::1]", "localhost."])
def test_each_allowed_host_is_served_as_django_reads_it(stack, host):
    """DJANGO_ALLOWED_HOSTS, with a port or not, in any case, with the final dot."""
    for named in (host, f"{host}:{stack.port}"):
        assert stack.fetch("GET", "/index", Host=named).status == 200, named


def test_nginx_and_gunicorn_reopen_their_logs_on_usr1(stack):
    """As logrotate's postrotate asks them to (deploy/logrotate.conf): nginx
    through serve.sh, gunicorn's master by its pid. The moved logs are left
    alone, new ones are written, and the stack keeps running. Each solve, from
    an address of its own, is in nginx's access log and, as its client's
    hash, in gunicorn's (Django logs no 404: they are a client's to write)."""
    logs = stack.run_dir / "logs"
    moved = ["access.log", "gunicorn.log"]
    for name in moved:
        (logs / name).rename(logs / f"{name}.1")
    stack.process.send_signal(signal.SIGUSR1)
    os.kill(stack.pids["gunicorn"], signal.SIGUSR1)
    # The servers' workers reopen the files a moment after their masters are
    # told: until then, requests are still written to the moved ones.
    access, gunicorn = logs / "access.log", logs / "gunicorn.log"
    deadline = time.monotonic() + PATIENCE
    for number in range(1, 255):
        client, log = solved_for(stack, f"198.51.100.{number}", gunicorn, logs / "gunicorn.log.1")
        if log == gunicorn and access.exists() and "POST /api/solve" in access.read_text():
            break
        assert time.monotonic() < deadline, stack.log_text()
        time.sleep(0.1)
    assert log == gunicorn, stack.log_text()
    assert client not in (logs / "gunicorn.log.1").read_text()
    assert stack.process.poll() is None, stack.log_text()
    assert all(alive(pid) for pid in stack.pids.values())


def test_a_port_taken_before_nginx_listens_on_it_is_left_for_another(tmp_path_factory, monkeypatch):
    """Tests run side by side: a port found free may be taken (by another
    worker's server) before nginx listens on it. The stack starts on another,
    and answers there through its own nginx, not the server that took it."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        chosen = iter([taken.getsockname()[1]])
        find_free = stack_support.free_port
        monkeypatch.setattr(stack_support, "free_port", lambda: next(chosen, None) or find_free())
        moved = start_stack(tmp_path_factory.mktemp("taken"))
        try:
            assert moved.port != taken.getsockname()[1]
            reply = moved.fetch("GET", "/index")
            assert (reply.status, reply.headers["server"]) == (200, "nginx")
        finally:
            moved.stop()


@pytest.mark.parametrize("server", ["nginx", "gunicorn"])
def test_a_server_dying_stops_the_stack_and_leaves_no_worker(server, tmp_path_factory):
    """If one master is killed, serve.sh stops the other and exits 1; no worker
    of either lives on (nginx's would keep the port, answering 502)."""
    alone = start_stack(tmp_path_factory.mktemp(f"dying-{server}"))
    try:
        os.kill(alone.pids[server], signal.SIGKILL)
        assert alone.process.wait(timeout=30) == 1, alone.log_text()

        def left() -> bool:
            return any(alive(pid, group=True) for pid in alone.pids.values())

        deadline = time.monotonic() + PATIENCE
        while left() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not left(), alone.pids
        with socket.socket() as probe:
            # Connections nginx closed wait out TIME_WAIT on its port; only a
            # socket still listening on it refuses this bind.
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(("127.0.0.1", alone.port))  # the port is free again
    finally:
        alone.stop()


def test_usr1_while_nginx_starts_neither_stops_it_nor_the_stack(tmp_path_factory, monkeypatch):
    """logrotate may fire while the stack starts: USR1 every few milliseconds
    from the moment serve.sh runs leaves it serving, and it stops cleanly."""
    started = []
    popen = subprocess.Popen

    def recorded(*args, **kwargs):
        started.append(popen(*args, **kwargs))
        return started[-1]

    def pester(stop: threading.Event) -> None:
        while not started and not stop.is_set():
            time.sleep(0.001)
        time.sleep(0.2)  # past the first instants, before the trap is set
        while not stop.is_set() and started[0].poll() is None:
            started[0].send_signal(signal.SIGUSR1)
            time.sleep(0.002)

    monkeypatch.setattr("tests.support.stack.subprocess.Popen", recorded)
    stop = threading.Event()
    pestering = threading.Thread(target=pester, args=(stop,), daemon=True)
    pestering.start()
    try:
        pestered = start_stack(tmp_path_factory.mktemp("usr1"))
        time.sleep(0.5)
    finally:
        stop.set()
        pestering.join()
    try:
        assert pestered.fetch("GET", "/ping").status == 200
    finally:  # stopped even when it fails, so that no server outlives the test
        assert pestered.stop() == 0, pestered.log_text()


def test_the_stack_stops_cleanly_on_ctrl_c(stack):
    """Ctrl-C reaches serve.sh alone, which stops gunicorn and nginx gracefully,
    exits 0, and leaves neither running nor their files behind. (SIGTERM is
    the HTTPS test's way to stop its stack.) Stopping logs no traceback."""
    assert all(alive(pid) for pid in stack.pids.values())
    before = stack.gunicorn_log.stat().st_size
    assert stack.stop(signal.SIGINT) == 0, stack.log_text()
    deadline = time.monotonic() + PATIENCE
    while any(alive(pid) for pid in stack.pids.values()) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in stack.pids.values()), stack.pids
    for name in ("gunicorn.sock", "gunicorn.pid", "nginx.pid"):
        assert not (stack.run_dir / name).exists(), name
    log = stack.gunicorn_log.read_bytes()[before:].decode()
    assert "Shutting down: Master" in log
    assert "Traceback" not in log
