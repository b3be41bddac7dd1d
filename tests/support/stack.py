"""The production stack, started for a test or the load benchmark: deploy/serve.sh
(gunicorn behind Debian's nginx) on a free loopback port, with .env.example's
values, every file it writes kept in a directory the caller gives (usually a
temporary one): the runtime directory, the database and the static root.

    stack = start_stack(directory, SETTING="value", ...)
    try:
        reply = stack.fetch("GET", "/index")
    finally:
        stack.stop()

- ``start_stack`` returns once Django answers GET /index through the stack's
  own nginx: 200, or with DJANGO_HTTPS=1 its redirect to HTTPS. If the port
  it chose was taken before nginx could listen on it (tests run side by side),
  it starts again on another. It raises StackError, with serve.sh's output,
  if nginx is missing, if serve.sh exits, or if the site does not answer
  within START_SECONDS. Nothing stops the stack at exit: the caller must
  call ``stop``.
- ``Stack.fetch(method, path, body, connected, **headers)``: one request on a
  connection of its own (``connected()`` called once it is open, before the
  request goes), redirects not followed; a header's ``_`` is sent as ``-``.
  It asks for ``Connection: close`` and returns once nginx has closed the
  connection, having freed what the request held. It gives a Reply: the
  status, the headers (names in lower case, a repeated header's values joined
  with ", ") and the body.
- ``Stack.log_text()``: serve.sh's output so far, then gunicorn's log
  (``Stack.gunicorn_log``), Django's included.
- ``Stack.run_dir``: serve.sh's runtime directory: nginx.conf, logs/access.log,
  logs/error.log and logs/gunicorn.log, gunicorn's socket and the pid files.
- ``Stack.pids``: the pids of the masters, {"nginx": ..., "gunicorn": ...},
  read once the site answers (their workers are their children).
- ``Stack.stop()``: SIGTERM to serve.sh (or, given SIGINT, SIGINT to its
  process group, as Ctrl-C in a terminal), which stops both gracefully; serve.sh's exit
  status. If it has not stopped within STOP_SECONDS, everything is killed and
  subprocess.TimeoutExpired raised.

Plain standard library: nothing from Django, solver/ or the rest of tests/, so
that the tests and bench/load.py share this one starter.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENV_EXAMPLE = ROOT / ".env.example"
SERVE = ROOT / "deploy" / "serve.sh"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
START_SECONDS = 90  # migrate, collectstatic and gunicorn's imports on a slow machine
STOP_SECONDS = 30
# free_port() finds a port free, but another process (a test worker's live
# server or stack) may take it before nginx listens on it: nginx then stops
# at once, and the stack is started again on another port, up to this many times.
PORT_TRIES = 3


def _closed(sock: socket.socket) -> None:
    """Wait for the server to close ``sock``'s connection (its end of file).

    nginx frees what a request holds (a client's share of heavy work) a moment
    after the reply's last byte, but before it closes the connection: waiting
    for the close, a request sent next never finds the one before still
    counted, however loaded the machine (keep-alive browsers send the next on
    the same connection, where nginx has freed it too)."""
    with contextlib.suppress(ConnectionResetError):  # a refused body's reset: closed too
        while sock.recv(4096):
            pass


class StackError(RuntimeError):
    """The stack could not be started; the message holds serve.sh's output."""


@dataclass
class Reply:
    status: int
    headers: dict[str, str]  # names in lower case; a repeated header's values joined
    body: bytes

    def json(self):
        return json.loads(self.body)

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


@dataclass
class Stack:
    """A running deploy/serve.sh: its address, runtime directory and process."""

    port: int
    run_dir: Path
    process: subprocess.Popen
    log: Path
    pids: dict[str, int] = field(default_factory=dict)

    def fetch(
        self,
        method: str,
        path: str,
        body: bytes | str | None = None,
        connected: Callable[[], object] | None = None,
        **headers,
    ) -> Reply:
        """One request, on a connection of its own; redirects are not followed.
        ``connected``, if given, is called once the connection is open, before
        the request is sent. Returns once the server has closed the connection
        (see ``_closed``)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        sent = {"Connection": "close"}
        sent.update((name.replace("_", "-"), value) for name, value in headers.items())
        connection.connect()
        watched = connection.sock.dup()  # still open once http.client closes its own
        try:
            if connected is not None:
                connected()
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            joined: dict[str, str] = {}
            for name, value in response.getheaders():
                key = name.lower()
                joined[key] = f"{joined[key]}, {value}" if key in joined else value
            reply = Reply(response.status, joined, response.read())
            if sent["Connection"] == "close":
                _closed(watched)
            return reply
        finally:
            connection.close()
            watched.close()

    def stop(self, how: signal.Signals = signal.SIGTERM) -> int:
        """Stop serve.sh: SIGTERM to it, or SIGINT to its process group, as
        Ctrl-C in a terminal does. Its exit status once it has stopped."""
        if self.process.poll() is None:
            if how == signal.SIGINT:
                os.killpg(self.process.pid, signal.SIGINT)
            else:
                self.process.send_signal(how)
        try:
            return self.process.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            # gunicorn and nginx lead groups of their own, out of serve.sh's:
            # each group goes, workers too (nginx's would keep the port).
            for pid in self.pids.values():
                _kill(pid)
            raise

    @property
    def gunicorn_log(self) -> Path:
        """gunicorn's log, with what Django writes (deploy/gunicorn.conf.py)."""
        return self.run_dir / "logs" / "gunicorn.log"

    def log_text(self) -> str:
        """serve.sh's output so far, then gunicorn's log."""
        text = self.log.read_text(encoding="utf-8", errors="replace")
        if self.gunicorn_log.exists():
            text += self.gunicorn_log.read_text(encoding="utf-8", errors="replace")
        return text


def _kill(pid: int) -> None:
    """SIGKILL to the process group ``pid`` leads, or to ``pid`` alone if it leads none."""
    with contextlib.suppress(ProcessLookupError):
        try:
            os.killpg(pid, signal.SIGKILL)
        except ProcessLookupError:
            os.kill(pid, signal.SIGKILL)


def alive(pid: int, group: bool = False) -> bool:
    """True while process ``pid`` lives; with ``group``, while any process of
    the group it leads does (its workers, say, once it has died)."""
    try:
        (os.killpg if group else os.kill)(pid, 0)
    except ProcessLookupError:
        return False
    return True


def csrf_of(set_cookie: str, page: str) -> tuple[str, str]:
    """The CSRF cookie a reply set (its Set-Cookie) and the token its page's
    form carries."""
    return (
        re.search(r"csrftoken=([^;]+)", set_cookie)[1],
        form_token(page),
    )


def form_token(page: str) -> str:
    """The CSRF token a page's form carries."""
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]


def file_form(token: str, name: str, text: str) -> tuple[bytes, str]:
    """A form post of the CSRF token and ``text`` as the file ``name`` (the
    batch page's form): its body and Content-Type."""
    boundary = "sudoku-form-boundary"
    body = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="csrfmiddlewaretoken"\r\n\r\n'
        f"{token}\r\n--{boundary}\r\n"
        f'Content-Disposition: form-data; name="file"; filename="{name}"\r\n'
        f"Content-Type: text/plain\r\n\r\n{text}\r\n--{boundary}--\r\n"
    )
    return body.encode(), f"multipart/form-data; boundary={boundary}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def read_env_file(path: Path) -> dict[str, str]:
    """NAME=value lines as deploy/serve.sh reads them: comments and blank lines
    skipped, one pair of quotes around a value removed, nothing expanded."""
    values = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        name, value = line.split("=", 1)
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        values[name.strip().removeprefix("export ").strip()] = value
    return values


def clean_environment(**values: str) -> dict[str, str]:
    """This process's environment without any of the site's variables, plus
    ``values``: SQLite (DJANGO_DB_PATH) unless they name DATABASE_URL."""
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("DJANGO_", "SUDOKU_")) and name != "DATABASE_URL"
    }
    env["DJANGO_SETTINGS_MODULE"] = "sudoku_site.settings"
    env.update(values)
    return env


def start_stack(directory: Path, **settings: str) -> Stack:
    """serve.sh started with .env.example's values, ``settings`` and its files
    in ``directory``; returns once the site answers."""
    if not os.access(NGINX, os.X_OK):
        raise StackError(
            f"{NGINX} is missing: the stack needs Debian's nginx (apt-get install nginx)"
        )
    for _ in range(PORT_TRIES - 1):
        try:
            return _start(directory, free_port(), settings)
        except PortTaken:
            pass  # another process took the port between free_port() and nginx: another one
    return _start(directory, free_port(), settings)


class PortTaken(StackError):
    """nginx could not listen on the port chosen: another process had taken it."""


def _start(directory: Path, port: int, settings: dict[str, str]) -> Stack:
    """serve.sh listening on ``port``, returned once the site answers there
    through its own nginx. PortTaken if nginx found the port taken."""
    values = read_env_file(ENV_EXAMPLE) | {
        "SUDOKU_ENV_FILE": os.devnull,  # never a developer's own .env
        "SUDOKU_LISTEN": f"127.0.0.1:{port}",
        "SUDOKU_RUN_DIR": str(directory / "run"),
        "DJANGO_STATIC_ROOT": str(directory / "static"),
        "DJANGO_DB_PATH": str(directory / "db.sqlite3"),
        "SUDOKU_WALKS_DIR": str(directory / "walks"),
        **settings,
    }
    log = directory / "serve.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [str(SERVE)],
            cwd=ROOT,
            env=clean_environment(**values),
            stdout=output,
            stderr=subprocess.STDOUT,
            # A group of its own, so that stop() can signal it without reaching us.
            start_new_session=True,
        )
    stack = Stack(port, directory / "run", process, log)
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            error_log = stack.run_dir / "logs" / "error.log"
            if error_log.exists() and "Address already in use" in error_log.read_text():
                error_log.unlink()  # the next try's nginx starts a log of its own
                raise PortTaken(f"port {port} taken:\n{stack.log_text()}")
            raise StackError(f"serve.sh exited with {process.returncode}:\n{stack.log_text()}")
        if _answers(stack):
            break
        time.sleep(0.2)
    else:
        stack.stop()
        raise StackError(f"the stack did not answer in {START_SECONDS} s:\n{stack.log_text()}")
    for name in ("nginx", "gunicorn"):
        stack.pids[name] = int((stack.run_dir / f"{name}.pid").read_text())
    return stack


def _answers(stack: Stack) -> bool:
    """True once this stack's nginx runs (it writes its pid file once it listens;
    before that, another server might answer on the port) and Django answers
    through it: 200, or with DJANGO_HTTPS=1 its redirect to HTTPS."""
    if not (stack.run_dir / "nginx.pid").exists():
        return False
    try:
        return stack.fetch("GET", "/index").status in (200, 301)
    except OSError:
        return False
