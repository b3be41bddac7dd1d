"""The files package (the command line's) is plain Python: no module of it imports Django."""

from tests.support.isolation import django_loaded_by


def test_importing_every_module_of_the_package_loads_no_django_module():
    modules, django = django_loaded_by("solver.cli")
    assert len(modules) >= 4
    assert django == []
