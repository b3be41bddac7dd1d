"""WSGI entry point for servers such as gunicorn."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sudoku_site.settings")

application = get_wsgi_application()
