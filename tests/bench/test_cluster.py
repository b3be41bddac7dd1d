"""The cluster benchmark's reading of where the CPU went: each part is its
process group, its workers counted as one."""

import os
import time

from bench.cluster import cpu_seconds
from deploy.cluster import Layout


def test_a_parts_cpu_is_its_process_groups(tmp_path):
    layout = Layout(tmp_path, "127.0.0.1:1", redis_port=2, app_port=3)
    layout.pid_file("worker1").write_text(str(os.getpgid(0)))  # this test's own group
    before = cpu_seconds(layout)["worker"]
    end = time.process_time() + 0.2
    while time.process_time() < end:
        pass
    assert cpu_seconds(layout)["worker"] - before >= 0.15
    assert set(cpu_seconds(layout)) <= {"worker", "postgres"}
