"""Every benchmark's output starts with one line naming the machine."""

from bench.machine import cpu_model, machine


def test_the_cpu_model_is_read_from_cpuinfo(tmp_path):
    cpuinfo = tmp_path / "cpuinfo"
    cpuinfo.write_text("processor\t: 0\nmodel name\t: Example CPU @ 2.0GHz\nflags\t: fpu\n")
    assert cpu_model(cpuinfo) == "Example CPU @ 2.0GHz"
    assert cpu_model(tmp_path / "missing") is None


def test_the_line_names_the_cores_and_how_the_run_uses_them():
    line = machine("one used")
    assert line.startswith("Machine: CPU ")
    assert "cores usable" in line
    assert "; one used)" in line
    assert "Python 3." in line
