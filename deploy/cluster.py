"""make cluster: the site as it runs past one machine, here on loopback.

    deploy/cluster.py start    (make cluster: starts every part, then returns)
    deploy/cluster.py stop     (make cluster-stop)
    deploy/cluster.py status
        [--dir var/cluster] [--listen 127.0.0.1:8000] [--redis-port 6381]
        [--app-port 8101]

The parts, each a process group of its own with its pid file and log in the
cluster's directory (``--dir``):

- **PostgreSQL**: the project's own server (deploy/postgres.sh, started by
  make cluster), the database ``DATABASE_URL`` names;
- **Redis**: one of the cluster's own, on ``--redis-port``:
  the queue and the caches (REDIS_URL; docs/scaling.md);
- **two app servers**: gunicorn (deploy/gunicorn.conf.py) on 127.0.0.1 from
  ``--app-port`` (8101, 8102), each with its runtime directory;
- **one nginx** on ``--listen`` before both: its
  limits see every client whichever app server answers;
- **two Celery workers**, one task at a time each, and **one beat**, the
  clock of the sweeper and the library's top-up.

Everything the app servers and workers must share comes from here: the
database, Redis, the secret key (made once, kept in the directory: signed
cookies and CSRF tokens must read alike on both servers) and the settings.
``start`` returns once the site answers through nginx; a part already
running is left as it is. ``stop`` asks each part to finish what it is doing
(SIGTERM; a worker hands its message back) and kills what is left after
STOP_SECONDS. The suite's cluster test starts one on ports of its own.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = ROOT / ".venv" / "bin" / "python"
START_SECONDS = 90
STOP_SECONDS = 30


@dataclass(frozen=True)
class Layout:
    """Where the cluster's parts live: its directory, ports and how many of each."""

    directory: Path
    listen: str
    redis_port: int
    app_port: int
    apps: int = 2
    workers: int = 2

    @property
    def redis_url(self) -> str:
        return f"redis://127.0.0.1:{self.redis_port}/0"

    def app_addresses(self) -> list[str]:
        return [f"127.0.0.1:{self.app_port + n}" for n in range(self.apps)]

    def pid_file(self, name: str) -> Path:
        return self.directory / f"{name}.pid"

    def log(self, name: str) -> Path:
        return self.directory / "logs" / f"{name}.log"


def site_environment(layout: Layout) -> dict[str, str]:
    """The environment every app server and worker gets: production settings,
    PostgreSQL, Redis, the celery runner and one secret key."""
    env = dict(os.environ)
    if not env.get("DATABASE_URL"):
        raise SystemExit("cluster: DATABASE_URL is not set (make cluster sets it)")
    env.update(
        DJANGO_SETTINGS_MODULE="sudoku_site.settings",
        DJANGO_DEBUG="0",
        DJANGO_STATIC_MANIFEST="1",
        DJANGO_SECRET_KEY=secret_key(layout),
        SUDOKU_CLIENT_IP_HEADER="HTTP_X_REAL_IP",
        SUDOKU_LISTEN=layout.listen,
        REDIS_URL=layout.redis_url,
        SUDOKU_BATCH_RUNNER="celery",
        PYTHONPATH=str(ROOT),
    )
    # Two cores here: two workers each app server unless told otherwise.
    env.setdefault("SUDOKU_WORKERS", "2")
    return env


def secret_key(layout: Layout) -> str:
    """The cluster's secret key: made once, kept readable by its owner only."""
    path = layout.directory / "secret_key"
    if not path.exists():
        path.touch(mode=0o600)
        path.write_text(secrets.token_urlsafe(50), encoding="utf-8")
    return path.read_text(encoding="utf-8").strip()


def running(layout: Layout, name: str) -> int | None:
    """The pid of the part ``name`` if it runs, else None."""
    try:
        pid = int(layout.pid_file(name).read_text())
        os.kill(pid, 0)
    except (OSError, ValueError):
        return None
    return pid


def launch(layout: Layout, name: str, command: list[str], env: dict[str, str]) -> int:
    """Start the part ``name`` (unless it runs) in a process group of its own,
    its output in its log; its pid."""
    pid = running(layout, name)
    if pid is not None:
        return pid
    with open(layout.log(name), "ab") as log:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    layout.pid_file(name).write_text(str(process.pid))
    return process.pid


def parts(layout: Layout) -> list[str]:
    """Every part's name, in the order they start (stopped the other way)."""
    return [
        "redis",
        *(f"app{n + 1}" for n in range(layout.apps)),
        "nginx",
        "beat",
        *(f"worker{n + 1}" for n in range(layout.workers)),
    ]


def start(layout: Layout) -> None:
    """Start every part not running yet; return once the site answers."""
    (layout.directory / "logs").mkdir(parents=True, exist_ok=True)
    env = site_environment(layout)
    start_redis(layout)
    prepare(env)
    for number, address in enumerate(layout.app_addresses(), start=1):
        start_app(layout, f"app{number}", address, env)
    start_nginx(layout, env)
    celery = [str(ROOT / ".venv" / "bin" / "celery"), "-A", "sudoku_site"]
    beat_file = str(layout.directory / "beat-schedule")
    launch(layout, "beat", [*celery, "beat", "--schedule", beat_file, "-l", "info"], env)
    for number in range(1, layout.workers + 1):
        start_worker(layout, number, env)
    wait_until_answering(layout)


def start_redis(layout: Layout) -> None:
    """The cluster's Redis: no snapshot (the database is the truth, the
    sweeper queues lost work again); past its memory, it evicts cached
    values, which expire, never queued work, which does not."""
    server = shutil.which("redis-server")
    if server is None:
        raise SystemExit("cluster: redis-server is missing (make cluster installs it)")
    command = [
        server,
        "--port",
        str(layout.redis_port),
        "--bind",
        "127.0.0.1",
        "--dir",
        str(layout.directory),
        "--save",
        "",
        "--appendonly",
        "no",
        "--maxmemory",
        "256mb",
        "--maxmemory-policy",
        "volatile-lru",
    ]
    launch(layout, "redis", command, dict(os.environ))
    wait_for_port(layout.redis_port, "redis")


def prepare(env: dict[str, str]) -> None:
    """Migrate the database, collect the static files, compile the catalogs
    (once for every app server: they share the database and this checkout)."""
    for command in (
        ["migrate", "--noinput"],
        ["collectstatic", "--noinput"],
        ["compilemessages", "--ignore", ".venv"],
    ):
        subprocess.run(
            [str(PYTHON), "manage.py", *command, "--verbosity", "0"], cwd=ROOT, env=env, check=True
        )


def start_app(layout: Layout, name: str, address: str, env: dict[str, str]) -> None:
    """One app server: gunicorn as make serve runs it, bound to ``address``,
    its log in a runtime directory of its own."""
    run_dir = layout.directory / name
    (run_dir / "logs").mkdir(parents=True, exist_ok=True)
    app_env = {**env, "SUDOKU_RUN_DIR": str(run_dir)}
    command = [
        str(ROOT / ".venv" / "bin" / "gunicorn"),
        "--config",
        "deploy/gunicorn.conf.py",
        "--bind",
        address,
        "--pid",
        str(run_dir / "gunicorn.pid"),
        "sudoku_site.wsgi",
    ]
    launch(layout, name, command, app_env)
    wait_for_port(int(address.rsplit(":", 1)[1]), name)


def start_nginx(layout: Layout, env: dict[str, str]) -> None:
    """One nginx before every app server (deploy/render.py), in the foreground
    of its own process group."""
    run_dir = layout.directory / "nginx"
    (run_dir / "logs").mkdir(parents=True, exist_ok=True)
    (run_dir / "tmp").mkdir(exist_ok=True)
    servers = ",".join(layout.app_addresses())
    conf = subprocess.run(
        [str(PYTHON), "deploy/render.py", str(run_dir), layout.listen, servers],
        cwd=ROOT,
        env={**env, "SUDOKU_RUN_DIR": str(run_dir)},
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    (run_dir / "nginx.conf").write_text(conf, encoding="utf-8")
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    arguments = ["-p", str(run_dir), "-c", str(run_dir / "nginx.conf")]
    arguments += ["-e", str(run_dir / "logs" / "error.log")]
    subprocess.run([nginx, "-t", "-q", *arguments], check=True)
    launch(layout, "nginx", [nginx, *arguments], env)  # in the foreground (nginx.conf)


def start_worker(layout: Layout, number: int, env: dict[str, str]) -> int:
    """Celery worker ``number``: one task at a time (a slice is CPU-bound
    Python), its pid."""
    command = [
        str(ROOT / ".venv" / "bin" / "celery"),
        "-A",
        "sudoku_site",
        "worker",
        "--hostname",
        f"worker{number}@%h",
        "--concurrency",
        "1",
        "--without-gossip",
        "--without-mingle",
        "-l",
        "info",
    ]
    return launch(layout, f"worker{number}", command, env)


def wait_for_port(port: int, name: str) -> None:
    """Return once something listens on 127.0.0.1:``port``."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"cluster: {name} is not listening on port {port}")


def wait_until_answering(layout: Layout) -> None:
    """Return once GET /ping through nginx answers 200."""
    host, port = layout.listen.rsplit(":", 1)
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection(host, int(port), timeout=5)
            connection.request("GET", "/ping", headers={"Host": "localhost"})
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"cluster: the site does not answer on {layout.listen}")


def stop(layout: Layout) -> None:
    """Stop every part, the last started first, workers started later (a
    pid file of the directory's that ``parts`` does not name) before all:
    SIGTERM to its process group (nginx: SIGQUIT, its graceful stop),
    SIGKILL after STOP_SECONDS."""
    known = parts(layout)
    extra = sorted(path.stem for path in layout.directory.glob("*.pid") if path.stem not in known)
    for name in [*extra, *reversed(known)]:
        pid = running(layout, name)
        if pid is not None:
            stop_group(pid, signal.SIGQUIT if name == "nginx" else signal.SIGTERM)
        layout.pid_file(name).unlink(missing_ok=True)


def stop_group(pid: int, sign: signal.Signals) -> None:
    """Signal the process group ``pid`` leads, and wait for its leader; kill
    the group if it outlives STOP_SECONDS."""
    try:
        os.killpg(pid, sign)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + STOP_SECONDS
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        reap(pid)
        time.sleep(0.1)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, signal.SIGKILL)


def reap(pid: int) -> None:
    """Collect ``pid``'s exit if it is this process's child (a test's cluster)."""
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)


def status(layout: Layout) -> int:
    """Print each part and whether it runs; 0 if all do."""
    down = 0
    for name in parts(layout):
        pid = running(layout, name)
        down += pid is None
        print(f"{name:8s} {'pid ' + str(pid) if pid else 'not running'}")
    return 1 if down else 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("start", "stop", "status"))
    parser.add_argument("--dir", type=Path, default=ROOT / "var" / "cluster", help="var/cluster")
    parser.add_argument("--listen", default="127.0.0.1:8000", help="nginx's address")
    parser.add_argument("--redis-port", type=int, default=6381)
    parser.add_argument("--app-port", type=int, default=8101, help="the first app server's")
    options = parser.parse_args(argv)
    layout = Layout(options.dir.resolve(), options.listen, options.redis_port, options.app_port)
    if options.action == "start":
        start(layout)
        print(f"cluster: the site answers on http://{layout.listen}/index")
        servers = ", ".join(layout.app_addresses())
        print(f"cluster: app servers {servers}; logs in {layout.directory}/")
        return 0
    if options.action == "stop":
        stop(layout)
        return 0
    return status(layout)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
