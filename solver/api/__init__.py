"""The JSON API under ``/api/``: solve and check puzzles, described by OpenAPI.

Read ``schemas`` (what goes in and out), ``errors`` (every failure as
JSON), then ``endpoints`` (the operations). django-ninja makes the OpenAPI
schema (``/api/openapi.json``) and the docs page (``/api/docs``) from them.
"""

from .endpoints import api
from .errors import API_PREFIX

__all__ = ["API_PREFIX", "api"]
