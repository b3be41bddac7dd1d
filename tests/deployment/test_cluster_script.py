"""deploy/cluster.py's bookkeeping: every part it started is stopped, workers
started later included, a part already running is not started twice, and
each app server's files are its own."""

import subprocess
import sys
from pathlib import Path

from deploy import cluster
from tests.support.stack import clean_environment


def sleeper() -> list[str]:
    return [sys.executable, "-c", "import time; time.sleep(60)"]


def test_stop_ends_every_part_with_a_pid_file_a_later_worker_too(tmp_path):
    layout = cluster.Layout(tmp_path, "127.0.0.1:1", redis_port=2, app_port=3)
    (tmp_path / "logs").mkdir()
    pids = [cluster.launch(layout, name, sleeper(), {}) for name in ("beat", "worker7")]
    assert all(cluster.running(layout, name) for name in ("beat", "worker7"))
    cluster.stop(layout)
    assert not list(tmp_path.glob("*.pid"))
    for pid in pids:
        assert subprocess.run(["kill", "-0", str(pid)], capture_output=True).returncode != 0


def test_a_part_running_is_not_started_again(tmp_path):
    layout = cluster.Layout(tmp_path, "127.0.0.1:1", redis_port=2, app_port=3)
    (tmp_path / "logs").mkdir()
    first = cluster.launch(layout, "beat", sleeper(), {})
    try:
        assert cluster.launch(layout, "beat", sleeper(), {}) == first
    finally:
        cluster.stop(layout)


# gunicorn's configuration as an app server reads it, in the environment given.
CONTROL_SOCKET = """
import runpy
print(runpy.run_path("deploy/gunicorn.conf.py")["control_socket"])
"""


def test_each_app_server_has_a_control_socket_of_its_own(tmp_path, monkeypatch):
    """Both app servers of a cluster, as start_app launches them: each reads
    deploy/gunicorn.conf.py in its own runtime directory, and binds its
    control socket there, apart from the other's."""
    launched = {}
    monkeypatch.setattr(cluster, "launch", lambda layout, name, command, env: launched.update(
        {name: (command, env)}))  # fmt: skip
    monkeypatch.setattr(cluster, "wait_for_port", lambda port, name: None)
    layout = cluster.Layout(tmp_path, "127.0.0.1:1", redis_port=2, app_port=3)
    environment = clean_environment(DJANGO_SECRET_KEY="test")
    for number, address in enumerate(layout.app_addresses(), 1):
        cluster.start_app(layout, f"app{number}", address, environment)
    sockets = {}
    for name, (command, env) in launched.items():
        assert "--control-socket" not in command  # the configuration's, not gunicorn's default
        read = subprocess.run(
            [sys.executable, "-c", CONTROL_SOCKET], cwd=cluster.ROOT, env=env,
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        sockets[name] = Path(read.stdout.strip())
    assert sockets == {name: tmp_path / name / "gunicorn.ctl" for name in ("app1", "app2")}
