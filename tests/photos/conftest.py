"""The photo reader's tests need its trained classifier: made once here if
``make photos-model`` has not made it (about 15 s), as the site would on first use."""

import pytest

from solver.photos.model import classifier


@pytest.fixture(scope="session", autouse=True)
def photos_model():
    return classifier()
