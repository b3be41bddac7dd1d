"""deploy/cluster.py's bookkeeping: every part it started is stopped, workers
started later included, and a part already running is not started twice."""

import subprocess
import sys

from deploy import cluster


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
