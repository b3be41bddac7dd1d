"""The photo reader is pure Python: it imports nothing from Django."""

from tests.support.isolation import django_loaded_by


def test_importing_the_photo_reader_loads_no_django_module():
    modules, django = django_loaded_by("solver.photos")
    assert "solver.photos.reader" in modules
    assert django == []
