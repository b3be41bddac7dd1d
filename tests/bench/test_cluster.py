"""The cluster benchmark's reading of where the CPU went: each part is its
process group, its workers counted as one."""

import subprocess
import sys
import time

from bench.cluster import cpu_seconds
from deploy.cluster import Layout

BURN = "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass\n"
WAIT = "import sys\nsys.stdin.read()\n"


def test_a_parts_cpu_is_its_process_groups(tmp_path):
    """A worker that burns 0.3 s of CPU in a child, then waits: counted whole,
    the child's time after it has ended too."""
    layout = Layout(tmp_path, "127.0.0.1:1", redis_port=2, app_port=3)
    code = f"import subprocess, sys\nsubprocess.run([sys.executable, '-c', {BURN!r}])\n{WAIT}"
    worker = subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, start_new_session=True
    )
    try:
        layout.pid_file("worker1").write_text(str(worker.pid))
        deadline = time.monotonic() + 10
        while cpu_seconds(layout)["worker"] < 0.3:
            assert time.monotonic() < deadline, cpu_seconds(layout)
            time.sleep(0.05)
        time.sleep(0.3)
        assert cpu_seconds(layout)["worker"] >= 0.3  # the child ended and was reaped
        assert set(cpu_seconds(layout)) <= {"worker", "postgres"}
    finally:
        worker.communicate(b"")
