"""nginx's configuration as deploy/render.py writes it from the settings, read
without nginx: the limits on each zone, heavy work's caps, the client's key,
the hosts served, and the order of the time bounds (deploy/limits.py).
The stack's tests (test_stack.py, test_limits.py) run what it writes."""

from __future__ import annotations

import ipaddress
import re
import runpy

import pytest
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest

from deploy import limits, render
from tests.support.stack import ENV_EXAMPLE, ROOT, read_env_file

# Each zone's locations: the paths nginx sends to it (a regex location's
# alternatives, or an exact location), as the site names its addresses.
ZONES = {
    "solve": {"/answer", "/play", "/api/solve", "/api/validate"},
    "teach": {"/steps", "/level", "/api/steps", "/api/hint", "/api/rating"},
    "make": {"/new", "/daily", "/api/generate", "/api/daily", "/api/puzzles/random"},
    "load": {"/load"},
    "batch": {"/batch", "/batch/<id>/step"},
    "reports": {"/batch/<id>", "/api/openapi.json"},
    "photos": {"/photo", "/api/read"},
}


@pytest.fixture(autouse=True)
def served_budgets(settings):
    """The budgets the stack serves with (.env.example's), not the tests' out of reach."""
    for name, value in read_env_file(ENV_EXAMPLE).items():
        if name.endswith("_SECONDS"):
            setattr(settings, name, float(value))


@pytest.fixture
def conf(tmp_path, settings) -> str:
    """nginx.conf as render.py writes it with the site's settings and 3 workers."""
    settings.SUDOKU_WORKERS = 3
    return rendered(tmp_path)


def rendered(directory) -> str:
    template = render.TEMPLATE.read_text(encoding="utf-8")
    return render.render(template, render.values(str(directory), "127.0.0.1:8080", "x.sock"))


def locations(conf: str) -> dict[str, str]:
    """Each location's pattern and the text of its block."""
    found = re.findall(r"\n {8}location ([^{]+?) \{\n(.*?)\n {8}\}", conf, re.S)
    return {pattern: body for pattern, body in found}


def paths_of(pattern: str) -> set[str]:
    """The paths a location's pattern names: ``= /load``, or a regex
    ``~ ^/(?:answer|api/solve)$`` (``[^/]+``, a batch's id, written ``<id>``)."""
    if pattern.startswith("= "):
        return {pattern[2:]}
    match = re.fullmatch(r"~ \^/\(\?:(.+)\)\$", pattern) or re.fullmatch(r"~ \^/(.+)\$", pattern)
    alternatives = match[1].replace("[^/]+", "<id>").replace("\\.", ".").split("|")
    return {"/" + path for path in alternatives}


def zone_rates(conf: str) -> dict[str, tuple[str, str]]:
    """Each limit_req zone's key and rate."""
    found = re.findall(r"limit_req_zone (\$\w+) zone=(\w+):\w+ rate=(\d+r/[sm]);", conf)
    return {zone: (key, rate) for key, zone, rate in found}


def test_rates_are_read_as_nginx_reads_them():
    assert render.per_second("10r/s") == 10
    assert render.per_second("30r/m") == 0.5
    assert render.per_second("20r/m") == pytest.approx(1 / 3)


def test_each_zones_rate_times_its_dearest_request_is_at_most_one_worker(conf):
    """A client sending as fast as a zone allows keeps at most one worker busy."""
    rates = zone_rates(conf)
    assert set(rates) == set(render.ZONES)
    for zone, (_, rate) in rates.items():
        dearest = render.ZONES[zone][1]
        assert render.per_second(rate) * dearest <= 1.0, zone


def test_every_zone_is_keyed_by_the_client(conf):
    """The client's key, or (batch) the client's for a POST alone."""
    keys = {zone: key for zone, (key, _) in zone_rates(conf).items()}
    assert keys.pop("batch") == "$batch_post_client"
    assert set(keys.values()) == {"$client"}
    assert re.search(r"map \$request_method \$batch_post_client \{[^}]*POST \$client;", conf)
    assert "limit_conn_zone $heavy_client zone=heavy:" in conf


def client_key(rules: list[tuple[str, str]], address: str) -> bytes:
    """The $client key nginx's map gives ``address``: the capture of the first
    rule that matches its binary form, else the binary form itself."""
    packed = ipaddress.ip_address(address).packed
    for pattern, variable in rules:
        match = re.fullmatch(pattern.replace("(?<", "(?P<").encode(), packed, re.S)
        if match:
            return match[variable.lstrip("$")]
    return packed


def test_the_client_is_its_address_or_its_ipv6_network(conf):
    """4 bytes of IPv4 (written as IPv6 too), the first 8 of IPv6's 16."""
    block = re.search(r"map \$binary_remote_addr \$client \{(.*?)\n    \}", conf, re.S)[1]
    assert "default $binary_remote_addr;" in block
    rules = re.findall(r'"~\(\?s\)(\S+)" (\$\w+);', block)
    assert len(rules) == 2

    def key(address: str) -> bytes:
        return client_key(rules, address)

    assert key("192.0.2.1") == key("::ffff:192.0.2.1") == bytes([192, 0, 2, 1])
    assert key("192.0.2.1") != key("192.0.2.2")
    network = bytes.fromhex("20010db800010002")
    assert key("2001:db8:1:2::1") == key("2001:db8:1:2:ffff::9") == network
    assert key("2001:db8:1:2::1") != key("2001:db8:1:3::1")
    assert key("::1") == bytes(8)


def test_each_heavy_location_holds_the_clients_and_the_sites_share(conf):
    """One heavy request a client, six for the site of 3 workers; the pages
    (location /) hold none."""
    found = locations(conf)
    heavy = {pattern: body for pattern, body in found.items() if "limit_conn" in body}
    assert {path for pattern in heavy for path in paths_of(pattern)} == set().union(*ZONES.values())
    for body in heavy.values():
        assert "limit_conn heavy 1;" in body
        assert "limit_conn heavy_site 6;" in body
    assert "limit_conn" not in found["/"]
    assert "limit_req zone=pages burst=50 nodelay;" in found["/"]


def test_the_dear_zones_locations_hold_the_dear_share_too(conf):
    """The zones priced at a tenth of a second or more share one cap (one of
    3 workers); the short solves and a paste loaded do not count in it."""
    short = {zone for zone, (_, seconds) in render.ZONES.items() if seconds < 0.1}
    assert short | {"solve"} == set(render.ZONES) - render.DEAR_ZONES
    for pattern, body in locations(conf).items():
        if "limit_conn heavy " in body:
            zones = set(re.findall(r"limit_req zone=(\w+) ", body)) - {"pages"}
            dear = "limit_conn dear_site 1;" in body
            assert dear == bool(zones & render.DEAR_ZONES), pattern
    assert "limit_conn_zone $heavy_site zone=dear_site:" in conf


def test_the_dear_share_leaves_most_workers_to_the_short_solves(settings):
    for workers, share in ((1, 1), (3, 1), (5, 2), (9, 4)):
        settings.SUDOKU_WORKERS = workers
        assert limits.dear_workers() == share
    settings.SUDOKU_WORKERS, settings.SUDOKU_DEAR_WORKERS = 9, 6
    assert limits.dear_workers() == 6
    settings.SUDOKU_DEAR_WORKERS = 9
    with pytest.raises(ValueError, match="leaves none of the 9 workers for the short solves"):
        limits.dear_workers()


def test_gunicorn_has_a_worker_a_core_and_one_more(settings, monkeypatch):
    settings.SUDOKU_WORKERS = 0
    monkeypatch.setattr(limits.os, "sched_getaffinity", lambda pid: {0, 1})
    assert limits.workers() == 3


def test_each_zone_limits_its_own_locations(conf):
    found = locations(conf)
    for zone, paths in ZONES.items():
        named = [p for p, body in found.items() if f"limit_req zone={zone} " in body]
        assert set().union(*(paths_of(pattern) for pattern in named)) == paths, zone


def test_only_what_does_the_work_of_a_heavy_location_counts_as_heavy(conf):
    """Reading the batch form shares /batch with posting a batch; posting the
    entry form to an answer or to play is checked and redirected: neither is
    the heavy work of its location."""
    block = re.search(r'map "\$request_method \$uri" \$heavy_client \{(.*?)\n    \}', conf, re.S)[1]
    assert re.findall(r'"~(.+)" "";', block) == [
        r"^(?:GET|HEAD) /batch$",
        r"^POST /(?:answer|play)$",
    ]
    assert "default $client;" in block


def test_the_sites_share_is_twice_the_workers_and_more_than_the_dearest_work(settings):
    for workers, share in ((1, 2), (3, 6), (9, 18)):
        settings.SUDOKU_WORKERS = workers
        assert limits.heavy_workers() == share
    settings.SUDOKU_WORKERS, settings.SUDOKU_HEAVY_WORKERS = 5, 3
    assert limits.heavy_workers() == 3
    settings.SUDOKU_HEAVY_WORKERS = 2
    with pytest.raises(ValueError, match="leaves no room past the 2 of the dearest work"):
        limits.heavy_workers()


def test_a_client_has_at_least_one_heavy_request(settings):
    settings.SUDOKU_HEAVY_PER_CLIENT = 2
    assert limits.heavy_per_client() == 2
    settings.SUDOKU_HEAVY_PER_CLIENT = 0
    with pytest.raises(ValueError, match="SUDOKU_HEAVY_PER_CLIENT"):
        limits.heavy_per_client()


def test_the_benchmark_lifts_the_caps_with_the_rates(tmp_path, settings):
    settings.SUDOKU_BENCH_UNLIMITED = True
    conf = rendered(tmp_path)
    assert set(re.findall(r"limit_conn (?:heavy|heavy_site|dear_site) (\d+);", conf)) == {"65535"}
    assert {rate for _, rate in zone_rates(conf).values()} == {render.UNLIMITED_RATE}


def test_every_request_ends_before_gunicorn_ends_its_worker_and_that_before_nginx(conf):
    """The settings' bounds, gunicorn's configuration and the rendered nginx.conf."""
    longest = limits.longest_request()
    worker_timeout = runpy.run_path(str(ROOT / "deploy" / "gunicorn.conf.py"))["timeout"]
    read_timeout = int(re.search(r"proxy_read_timeout (\d+)s;", conf)[1])
    assert longest < worker_timeout < read_timeout
    assert longest >= 20 + 2.5  # the wait for a lock (DATABASE_WAIT_SECONDS), then a slice


@pytest.mark.parametrize(
    "name", ["SUDOKU_EXPLAIN_SECONDS", "SUDOKU_GENERATE_SECONDS", "SUDOKU_BATCH_SLICE_SECONDS"]
)
def test_settings_that_would_outlast_gunicorns_timeout_are_refused(tmp_path, settings, name):
    setattr(settings, name, 15.0)
    with pytest.raises(ValueError, match="gunicorn's timeout is 30 s, nginx's 35 s"):
        rendered(tmp_path)


def test_gunicorn_reads_every_line_nginx_passes_on(conf):
    """A request line fits nginx's buffer with its end (a bare LF at least),
    and nginx may write a header a byte longer than it came."""
    gunicorn = runpy.run_path(str(ROOT / "deploy" / "gunicorn.conf.py"))
    buffer = int(re.search(r"large_client_header_buffers 4 (\d+);", conf)[1])
    assert gunicorn["limit_request_line"] >= buffer - 1
    assert gunicorn["limit_request_line"] <= 8190  # gunicorn's most
    assert gunicorn["limit_request_field_size"] >= buffer + 1
    assert gunicorn["limit_request_fields"] >= 4 * buffer // len("a:\r\n")


@pytest.mark.parametrize(
    ("hosts", "names"),
    [
        (["localhost", "127.0.0.1", "[::1]"], "localhost 127.0.0.1 [::1]"),
        ([".example.org"], ".example.org"),  # the domain and its subdomains, as Django reads it
        (["*"], "~."),
    ],
)
def test_nginx_serves_the_hosts_django_allows(tmp_path, settings, hosts, names):
    settings.ALLOWED_HOSTS = hosts
    conf = rendered(tmp_path)
    assert f"server_name {names};" in conf
    # Any other host gets the default server, which closes the connection.
    closed = re.search(r"listen \S+ default_server;\n\s+server_name \"\";(.*?)\n    \}", conf, re.S)
    assert "return 444;" in closed[1]


# Host headers, read by Django and by the served names' map in nginx.conf.
HOST_HEADERS = [
    "localhost", "LOCALHOST:8080", "localhost.", "localhost..", "localhost:", "localhost:8a",
    "localhost:80:80", "127.0.0.1", "127.0.0.1:1@x", "127.0.0.2", "[::1]", "[::1]:80",
    "[::1].", "[::1]:1@x", "example.org", "www.Example.org.:443", "evilexample.org",
    "x@localhost", "local_host", "a..example.org", "example.org.evil", "", ":80",
]  # fmt: skip


@pytest.mark.parametrize(
    "hosts", [["localhost", "127.0.0.1", "[::1]"], [".example.org", "localhost"], ["*"]]
)
def test_nginx_passes_on_exactly_the_host_headers_django_takes(tmp_path, settings, hosts):
    """The map nginx.conf checks each Host against (in any case, as ``~*``)
    agrees with Django's own reading, header by header: Django never sees
    one it would refuse, and loses none it would take."""
    settings.ALLOWED_HOSTS = hosts
    conf = rendered(tmp_path)
    pattern = re.search(r'map \$http_host \$host_served \{.*?"~\*(.*?)" 1;', conf, re.S)[1]
    served = re.compile(pattern, re.IGNORECASE)
    for header in HOST_HEADERS:
        request = HttpRequest()
        request.META = {"HTTP_HOST": header, "SERVER_NAME": "", "SERVER_PORT": "80"}
        try:
            request.get_host()
            django_takes = bool(header)  # no Host at all: nginx's own 400, whatever Django says
        except DisallowedHost:
            django_takes = False
        assert bool(served.search(header)) == django_takes, (hosts, header)


def test_hosts_nginx_could_not_read_are_refused(tmp_path, settings):
    settings.ALLOWED_HOSTS = ["bad;host"]
    with pytest.raises(ValueError, match="DJANGO_ALLOWED_HOSTS"):
        rendered(tmp_path)
    settings.ALLOWED_HOSTS = []
    with pytest.raises(ValueError, match="names no host"):
        rendered(tmp_path)


def test_several_app_servers_share_the_site_and_its_heavy_cap(settings, tmp_path):
    """make cluster: one nginx before two app servers sends each request to
    the one with the fewest under way, and the site's caps count the workers
    of both."""
    settings.SUDOKU_WORKERS = 3
    template = render.TEMPLATE.read_text(encoding="utf-8")
    conf = render.render(
        template, render.values(str(tmp_path), "127.0.0.1:8080", "127.0.0.1:8101,127.0.0.1:8102")
    )
    block = re.search(r"upstream django \{(.*?)\}", conf, re.S)[1]
    assert "least_conn;" in block
    servers = re.findall(r"server (\S+) fail_timeout=0;", block)
    assert servers == ["127.0.0.1:8101", "127.0.0.1:8102"]
    assert re.search(r"limit_conn heavy_site (\d+);", conf)[1] == "12"
    assert re.search(r"limit_conn dear_site (\d+);", conf)[1] == "2"


def test_a_socket_is_an_app_server_too_and_none_is_refused(tmp_path):
    assert render.upstream([str(tmp_path / "g.sock")]).strip() == (
        f"server unix:{tmp_path / 'g.sock'} fail_timeout=0;"
    )
    with pytest.raises(ValueError, match="no app server"):
        render.app_servers(" , ")


def test_only_a_photo_read_takes_a_body_of_a_photos_size(conf):
    """/photo and /api/read, in their own location, take the reader's largest
    image (solver.photos.MAX_BYTES) with the form around it, kept in memory;
    every other address keeps the server's limit, the batch's."""
    from solver.photos import MAX_BYTES

    found = locations(conf)
    photo_body = render.photo_body_bytes()
    assert photo_body >= MAX_BYTES + 64 * 1024
    sized = {p: body for p, body in found.items() if "client_max_body_size" in body}
    assert [paths_of(pattern) for pattern in sized] == [{"/photo", "/api/read"}]
    body = next(iter(sized.values()))
    assert f"client_max_body_size {photo_body};" in body
    assert f"client_body_buffer_size {photo_body};" in body
    assert f"    client_max_body_size {render.max_body_bytes()};" in conf


def test_a_photo_read_is_heavy_work_whatever_its_method(conf):
    """No exception in the heavy map names the photo's addresses: every request
    to them holds the client's and the site's share of heavy work."""
    block = re.search(r'map "\$request_method \$uri" \$heavy_client \{(.*?)\n    \}', conf, re.S)[1]
    assert "photo" not in block
    assert "api/read" not in block
