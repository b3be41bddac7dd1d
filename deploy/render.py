"""Print the nginx configuration for deploy/serve.sh: deploy/nginx.conf with its
``@NAME@`` placeholders filled in from Django's settings and the arguments.

    python deploy/render.py RUN_DIR LISTEN SERVERS > RUN_DIR/nginx.conf

SERVERS names the app servers (gunicorn) nginx passes requests to, separated
by commas: a unix socket's path (serve.sh's one) or HOST:PORT (make cluster's).

It also writes nginx's own error pages into RUN_DIR/errors, in each of
settings.LANGUAGES: an HTML page for each of ``PAGES`` from
deploy/errors/page.html and a JSON reply for each of ``REPLIES``, named
``<name>.<language>.<html|json>`` (``429.zh-hans.html``), from the compiled
catalogs (an untranslated word stays English).
Run it with the environment gunicorn gets, so that nginx and Django agree on
the static files, the body limit and the security headers. It exits with a
message if a placeholder is left or a value cannot be written into the file.
"""

from __future__ import annotations

import ipaddress
import json
import os
import re
import sys
from pathlib import Path


def gettext_noop(message: str) -> str:
    """``message`` as it is, marked for the catalogs: makemessages looks for
    this name (Django's own gettext_noop reads the settings, which are not
    configured when this module is imported; an alias such as N_ is not
    found)."""
    return message


DEPLOY = Path(__file__).resolve().parent
TEMPLATE = DEPLOY / "nginx.conf"
# Multipart boundaries and part headers around the batch form's fields.
MULTIPART_ROOM = 16 * 1024
INDENT = " " * 12
# nginx.conf's limit_req zones: each client's rate, and the seconds of a
# worker the zone's dearest request may take: measured by bench.zones (CPU
# time, bench/README.md's "What each zone costs"), with room to spare, or the
# budget that bounds it where the settings bound it in wall time (the
# teacher's, a new puzzle's, a batch's slice). A zone's rate times its
# dearest request stays within one worker-second a second (nginx.conf says why).
ZONES = {
    "pages": ("10r/s", 0.02),  # 16 ms measured on 2 Dec 2026 (4 ms on 27 Nov)
    # The hardest 9x9 in 15 ms; a short solve's most, on 25x25 (solver.core.slots).
    "solve": ("4r/s", 0.25),
    "load": ("4r/s", 0.03),
    "teach": ("30r/m", 1.6),
    "make": ("20r/m", 2.5),
    "batch": ("15r/m", 3.5),  # a batch of 10,000 stored and its first slice, 3.4 s
    "reports": ("60r/m", 0.3),
    "photos": ("30r/m", 1.5),  # a 40-megapixel PNG read in 0.8 to 0.9 s (nginx.conf)
}
RATES = {f"{zone.upper()}_RATE": rate for zone, (rate, _) in ZONES.items()}
# The zones whose requests are dear by their address (a tenth of a second
# and up: the teacher, a puzzle made, a batch's slice and reports, a photo):
# their locations hold a share of the dear work too (limit_conn dear_site).
# A solve is short by its address; one that turns out long takes one of the
# site's own dear slots (solver.core.slots).
DEAR_ZONES = {"teach", "make", "batch", "reports", "photos"}


def per_second(rate: str) -> float:
    """An nginx rate ("10r/s", "30r/m") in requests a second."""
    number, unit = rate[: -len("r/s")], rate[-1]
    return int(number) / (60 if unit == "m" else 1)


# For bench/load.py's throughput run only (SUDOKU_BENCH_UNLIMITED=1): a
# rate, and a count of heavy requests under way, that no client reaches, so
# the run measures the site, not the limits (limit_conn counts up to 65535).
UNLIMITED_RATE = "1000000r/s"
UNLIMITED_CONNECTIONS = 65535
ERRORS = DEPLOY / "errors"
# nginx's own HTML error pages: file name, title, message. Each has a JSON
# twin for /api/ in REPLIES (deploy/nginx.conf's error_page lines). Marked
# for the catalogs, written in each language the site speaks; nginx chooses
# one as Django does (the language cookie, else Accept-Language).
DAMAGED_LINK = gettext_noop(
    "If you followed a link, it may be damaged; starting again from the entry page usually works."
)
PAGES = {
    "400": (
        gettext_noop("Bad request"),
        gettext_noop("The server could not read this request. %(damaged)s"),
    ),
    "403": (gettext_noop("Forbidden"), gettext_noop("This address is not open to visitors.")),
    "404": (gettext_noop("Page not found"), gettext_noop("There is no such file on this site.")),
    "405": (
        gettext_noop("Method not allowed"),
        gettext_noop("This address does not take that kind of request."),
    ),
    "413": (
        gettext_noop("Request too large"),
        gettext_noop(
            "The request was larger than this site takes. "
            "The batch page says how large a file of puzzles may be."
        ),
    ),
    "412": (
        gettext_noop("Precondition failed"),
        gettext_noop("The file has changed since the request's copy of it."),
    ),
    "414": (
        gettext_noop("Address too long"),
        gettext_noop("The address was longer than this site reads. %(damaged)s"),
    ),
    "494": (
        gettext_noop("Request headers too large"),
        gettext_noop(
            "The request's headers, its cookies most often, were larger than this site reads. "
            "Clearing this site's cookies usually helps."
        ),
    ),
    "429": (
        gettext_noop("Too many requests"),
        gettext_noop(
            "This address sent more requests than a person could in a moment. "
            "Wait a second and try again."
        ),
    ),
    "503": (
        gettext_noop("Server busy"),
        gettext_noop(
            "The server is still working on another request from this address, or is busy "
            "with other visitors' requests. Try again in a moment."
        ),
    ),
    "501": (
        gettext_noop("Not implemented"),
        gettext_noop("The request asked for something this server does not do."),
    ),
    "505": (
        gettext_noop("HTTP version not supported"),
        gettext_noop("The request used a version of HTTP this server lacks."),
    ),
    "50x": (
        gettext_noop("Server unavailable"),
        gettext_noop("The server could not answer in time. Please try again in a moment."),
    ),
}
# The API's twins of the pages (/api/ gets JSON): file name, code, message.
REPLIES = {
    "400": ("bad_request", gettext_noop("The request could not be read.")),
    "403": ("forbidden", gettext_noop("This address is not open to visitors.")),
    "404": (
        "not_found",
        gettext_noop("There is nothing at this address; the API is described at /api/docs."),
    ),
    "405": ("method_not_allowed", gettext_noop("This method is not allowed here.")),
    "412": (
        "precondition_failed",
        gettext_noop("The resource has changed since the request's copy of it."),
    ),
    "413": ("too_large", gettext_noop("The request body is too large for this site.")),
    "414": (
        "uri_too_long",
        gettext_noop(
            "The address is longer than this site reads; send a puzzle in a POST body instead."
        ),
    ),
    "429": ("too_many_requests", gettext_noop("Too many requests: wait a moment and try again.")),
    "503": (
        "busy",
        gettext_noop(
            "The server is still working on another request from this client, or is busy; "
            "try again in a moment."
        ),
    ),
    "494": (
        "headers_too_large",
        gettext_noop("The request's headers are larger than this site reads."),
    ),
    "501": (
        "not_implemented",
        gettext_noop("The request asks for something this server does not do."),
    ),
    "505": (
        "http_version_not_supported",
        gettext_noop("The request's HTTP version is not one this server speaks."),
    ),
    "50x": (
        "server_error",
        gettext_noop("The server could not answer in time; try again in a moment."),
    ),
}
# The words around each page's message (deploy/errors/page.html's @NAME@s).
CHROME = {
    "SITE": gettext_noop("Sudoku solver"),
    "SKIP": gettext_noop("Skip to the message"),
    "WHERE": gettext_noop("Where to go"),
    "ENTER": gettext_noop("Enter a puzzle"),
}


def main(argv: list[str]) -> int:
    if len(argv) != 4:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    run_dir, listen, servers = argv[1:]
    sys.path.insert(0, str(DEPLOY.parent))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sudoku_site.settings")
    import django

    django.setup()
    try:
        print(render(TEMPLATE.read_text(encoding="utf-8"), values(run_dir, listen, servers)))
        write_error_pages(Path(run_dir) / "errors")
    except ValueError as error:
        print(f"render.py: {error}", file=sys.stderr)
        return 1
    return 0


def values(run_dir: str, listen: str, servers: str) -> dict[str, str]:
    """Each placeholder's text, from the settings and the arguments."""
    from django.conf import settings

    from deploy import limits

    headers = [
        f"{INDENT}add_header {name} {quoted(name, value)} always;"
        for name, value in security_headers()
    ]
    headers.append(f"{INDENT}add_header Strict-Transport-Security $hsts always;")
    names = [name for name, _ in security_headers()] + ["Strict-Transport-Security"]
    # For every server: nginx's own replies (a malformed request, TRACE, a URL
    # too long) carry the headers too; Django's copies give way to these.
    server_headers = [line.replace(INDENT, " " * 4, 1) for line in headers]
    server_headers += [f"    proxy_hide_header {name};" for name in names]
    proxies = trusted_proxies(settings.SUDOKU_TRUSTED_PROXIES)
    named = app_servers(servers)
    limits.check_time_order()
    if settings.SECURE_SSL_REDIRECT and not proxies["REAL_IP_FROM"]:
        # nginx here listens on plain HTTP: TLS must end at a proxy in front,
        # which nginx must believe, or every request is sent to HTTPS again.
        raise ValueError(
            "DJANGO_HTTPS=1 needs the TLS proxy in front named in SUDOKU_TRUSTED_PROXIES"
        )
    return {
        "RUN_DIR": plain("RUN_DIR", str(Path(run_dir).resolve())),
        "LISTEN": plain("LISTEN", listen),
        "SERVERS": upstream(named),
        # nginx started by root would hand its workers to "nobody"; the stack
        # runs as whoever starts it, as gunicorn does.
        "USER": "user root root;" if os.geteuid() == 0 else "",
        "MAX_BODY_BYTES": str(max_body_bytes()),
        "PHOTO_BODY_BYTES": str(photo_body_bytes()),
        "STATIC_URL": plain("STATIC_URL", settings.STATIC_URL),
        "STATIC_ROOT": plain("STATIC_ROOT", str(Path(settings.STATIC_ROOT).resolve())),
        "ERRORS_DIR": plain("ERRORS_DIR", str((Path(run_dir) / "errors").resolve())),
        "HSTS": quoted("HSTS", hsts())[1:-1],
        "SECURITY_HEADERS": "\n".join(headers),
        "SERVER_HEADERS": "\n".join(server_headers),
        "SERVER_NAMES": server_names(settings.ALLOWED_HOSTS),
        "HOST_PATTERN": host_pattern(settings.ALLOWED_HOSTS),
        "HEADER_BUFFER": str(limits.HEADER_BUFFER),
        "PROXY_READ_TIMEOUT": str(limits.PROXY_READ_TIMEOUT),
        **rates(),
        **heavy_caps(len(named)),
        **proxies,
    }


def app_servers(text: str) -> list[str]:
    """The app servers ``text`` names, separated by commas: paths of unix
    sockets or HOST:PORT. ValueError if none."""
    named = [item.strip() for item in text.split(",") if item.strip()]
    if not named:
        raise ValueError("no app server to pass requests to")
    return named


def upstream(servers: list[str]) -> str:
    """nginx's ``server`` lines for the app servers. One that fails is tried
    again at once (gunicorn restarts a worker in a moment: ``fail_timeout=0``)."""
    lines = []
    for item in servers:
        address = f"unix:{Path(item).resolve()}" if "/" in item or item.endswith(".sock") else item
        lines.append(f"        server {plain('SERVERS', address)} fail_timeout=0;")
    return "\n".join(lines)


def server_names(hosts: list[str]) -> str:
    """nginx's server_name for Django's ALLOWED_HOSTS, which it reads alike
    (``.example.com`` is the domain and its subdomains); ``*`` is any host.
    ValueError for a name nginx would not read as one."""
    if "*" in hosts:
        return "~."
    if not hosts:
        raise ValueError("DJANGO_ALLOWED_HOSTS names no host: the site would answer none")
    return " ".join(plain("DJANGO_ALLOWED_HOSTS", host) for host in hosts)


# A name as Django's host_validation_re takes it (lower case: nginx's ``~*``
# matches in any case): a domain's letters, or an IPv6 address in brackets.
ANY_HOST = r"[a-z0-9.-]+|\[[a-f0-9]*:[a-f0-9.:]+\]"


def host_pattern(hosts: list[str]) -> str:
    """A regular expression for the names of Django's ALLOWED_HOSTS as
    Django's ``validate_host`` reads them, without the port: a name exactly,
    with a final dot or not (not after an IPv6 address's bracket);
    ``.example.com`` the domain and its subdomains; ``*`` any name Django
    takes. ValueError as ``server_names``."""
    server_names(hosts)  # the same refusals
    if "*" in hosts:
        return ANY_HOST
    patterns = []
    for host in hosts:
        name = re.escape(host.lower().removeprefix(".").removesuffix("."))
        if host.startswith("."):
            name = rf"(?:[a-z0-9.-]*\.)?{name}"
        patterns.append(name if host.endswith("]") else rf"{name}\.?")
    return "|".join(patterns)


def heavy_caps(app_servers: int = 1) -> dict[str, str]:
    """How many heavy requests one client, and the whole site (``app_servers``
    of them), may have under way at once, and how many of the dearest
    (deploy/limits.py); for the benchmark, more than any reaches."""
    from django.conf import settings

    from deploy import limits

    if settings.SUDOKU_BENCH_UNLIMITED:
        names = ("HEAVY_PER_CLIENT", "HEAVY_WORKERS", "DEAR_WORKERS")
        return dict.fromkeys(names, str(UNLIMITED_CONNECTIONS))
    return {
        "HEAVY_PER_CLIENT": str(limits.heavy_per_client()),
        "HEAVY_WORKERS": str(limits.heavy_workers(app_servers)),
        "DEAR_WORKERS": str(limits.dear_workers(app_servers)),
    }


def rates() -> dict[str, str]:
    """The limit_req rates: as configured, or unlimited for the benchmark."""
    from django.conf import settings

    if settings.SUDOKU_BENCH_UNLIMITED:
        return dict.fromkeys(RATES, UNLIMITED_RATE)
    return dict(RATES)


def trusted_proxies(text: str) -> dict[str, str]:
    """The proxies whose forwarding headers nginx believes: ``text`` holds
    addresses or networks (``127.0.0.1``, ``10.0.0.0/8``, ``::1``) separated
    by commas or spaces. ValueError names one that is neither."""
    networks = []
    for item in text.replace(",", " ").split():
        try:
            network = ipaddress.ip_network(item, strict=False)
        except ValueError:
            network = None
        # nginx takes no zone ("fe80::1%eth0"): it would refuse the whole file.
        if network is None or getattr(network.network_address, "scope_id", None):
            raise ValueError(f"SUDOKU_TRUSTED_PROXIES: {item!r} is not an address")
        mapped = getattr(network.network_address, "ipv4_mapped", None)
        if mapped and network.prefixlen == 128:
            network = ipaddress.ip_network(mapped)  # nginx sees such a proxy as IPv4
        networks.append(str(network))
    return {
        "REAL_IP_FROM": "\n".join(f"    set_real_ip_from {net};" for net in networks),
        "TRUSTED_PROXIES": "\n".join(f"        {net} 1;" for net in networks),
    }


def max_body_bytes() -> int:
    """The largest request Django takes: a batch file and the form's other fields."""
    from django.conf import settings

    return settings.SUDOKU_BATCH_MAX_BYTES + settings.DATA_UPLOAD_MAX_MEMORY_SIZE + MULTIPART_ROOM


def photo_body_bytes() -> int:
    """The largest request a photo read takes (/photo, /api/read): the image
    (solver.photos.MAX_BYTES), the entry form's other fields, and room."""
    from django.conf import settings

    from solver.photos import MAX_BYTES

    return MAX_BYTES + settings.DATA_UPLOAD_MAX_MEMORY_SIZE + MULTIPART_ROOM


def security_headers() -> list[tuple[str, str]]:
    """The headers Django's middleware puts on its replies, for nginx's own."""
    from csp.utils import build_policy
    from django.conf import settings

    return [
        ("Content-Security-Policy", build_policy()),
        ("X-Frame-Options", settings.X_FRAME_OPTIONS),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", settings.SECURE_REFERRER_POLICY),
        ("Cross-Origin-Opener-Policy", settings.SECURE_CROSS_ORIGIN_OPENER_POLICY),
    ]


def hsts() -> str:
    """Strict-Transport-Security as SecurityMiddleware writes it; "" without HTTPS."""
    from django.conf import settings

    if not settings.SECURE_HSTS_SECONDS:
        return ""
    value = f"max-age={settings.SECURE_HSTS_SECONDS}"
    if settings.SECURE_HSTS_INCLUDE_SUBDOMAINS:
        value += "; includeSubDomains"
    if settings.SECURE_HSTS_PRELOAD:
        value += "; preload"
    return value


def write_error_pages(directory: Path) -> None:
    """nginx's error pages in ``directory``: each of ``PAGES`` from one
    template, and the API's JSON replies (``REPLIES``), once per language."""
    from django.conf import settings
    from django.utils import translation

    directory.mkdir(parents=True, exist_ok=True)
    page = (ERRORS / "page.html").read_text(encoding="utf-8")
    for code, _ in settings.LANGUAGES:
        with translation.override(code):
            for name, text in error_pages(page, code).items():
                (directory / name).write_text(text, encoding="utf-8")


def error_pages(page: str, code: str) -> dict[str, str]:
    """Each page's and reply's file name and text in the active language
    (``code``, named in the file names and the page's lang)."""
    from django.utils.translation import gettext as _

    chrome = {name: _(words) for name, words in CHROME.items()}
    files = {}
    for name, (title, message) in PAGES.items():
        words = {"TITLE": _(title), "MESSAGE": _(message) % {"damaged": _(DAMAGED_LINK)}}
        files[f"{name}.{code}.html"] = render(page, {"LANG": code, **words, **chrome})
    for name, (error, message) in REPLIES.items():
        reply = {"status": "error", "errors": [{"code": error, "message": _(message), "cells": []}]}
        files[f"{name}.{code}.json"] = json.dumps(reply)  # ASCII, as the API's own
    return files


def render(template: str, filled: dict[str, str]) -> str:
    """``template`` with each ``@NAME@`` replaced; ValueError if one has no value."""
    text = re.sub(r"@([A-Z_]+)@", lambda match: filled.get(match[1], match[0]), template)
    left = sorted(set(re.findall(r"@([A-Z_]+)@", text)))
    if left:
        raise ValueError(f"no value for {', '.join(left)}")
    return text


def plain(name: str, value: str) -> str:
    """``value``, which nginx reads as one word; ValueError if it would read more
    (a space, a quote, a brace, ``;``, ``$``, ``#``)."""
    if not value or re.search(r"""[\s"'{};$#\\]""", value):
        raise ValueError(f"{name} cannot be written into nginx.conf as it is: {value!r}")
    return value


def quoted(name: str, value: str) -> str:
    """``value`` in double quotes; ValueError if it holds a quote, ``$`` or ``\\``."""
    if re.search(r'["$\\\n]', value):
        raise ValueError(f"{name} cannot be written into nginx.conf as it is: {value!r}")
    return f'"{value}"'


if __name__ == "__main__":
    sys.exit(main(sys.argv))
