"""One log line per solve, naming the client only by a keyed hash.

The line says where the solve came from, the verdict, the guesses and the
time, and ``client=`` a hash of the client's address keyed with the secret
key: the same client gets the same hash (to spot a flood, and to give each
client its quota of batches), but the address cannot be read back, nor found
by hashing all four billion IPv4 addresses without the key. Behind a proxy
the address comes from the header the proxy sets (``SUDOKU_CLIENT_IP_HEADER``,
e.g. ``HTTP_X_REAL_IP`` behind nginx).

A client is one IPv4 address, but a whole IPv6 /64 network: a home or a phone
gets a /64 and picks its addresses from it at will (privacy addresses change
daily), so one address there stands for nobody in particular, while 2^64 of
them would let one sender pass for as many clients.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import logging

from django.conf import settings
from django.http import HttpRequest

from ..engine import Result

logger = logging.getLogger("solver.solves")


def client_hash(request: HttpRequest) -> str:
    """12 hex digits standing for the client (HMAC-SHA256 with the secret key):
    its IPv4 address, or its IPv6 address's /64 network (``client_network``)."""
    header = settings.SUDOKU_CLIENT_IP_HEADER
    address = (header and request.META.get(header)) or request.META.get("REMOTE_ADDR", "")
    key = settings.SECRET_KEY.encode()
    return hmac.new(key, client_network(address.strip()).encode(), hashlib.sha256).hexdigest()[:12]


def client_network(address: str) -> str:
    """What stands for the client at ``address``: an IPv6 address's /64
    ("2001:db8:1:2::/64"); an IPv4 address, or an IPv4-mapped IPv6 one, as the
    IPv4 address itself; anything unreadable as it is."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 4:
        return address
    if ip.ipv4_mapped:
        return str(ip.ipv4_mapped)
    # From the number, so that a zone ("fe80::1%eth0") goes with the host's half.
    return f"{ipaddress.IPv6Address(int(ip) >> 64 << 64)}/64"


def log_solve(request: HttpRequest, source: str, result: Result) -> None:
    """Log ``result``: ``solve source=api status=unique guesses=86 ms=4.69 client=…``."""
    logger.info(
        "solve source=%s status=%s guesses=%d ms=%.2f client=%s",
        source,
        result.status.value,
        result.guesses,
        result.elapsed * 1000,
        client_hash(request),
    )


def log_slice(request: HttpRequest, job_id: object, solved: int, seconds: float) -> None:
    """Log one slice of a batch: how many puzzles it solved, in how long."""
    logger.info(
        "solve source=batch job=%s puzzles=%d ms=%.2f client=%s",
        str(job_id)[:8],
        solved,
        seconds * 1000,
        client_hash(request),
    )
