"""The project: settings, addresses, the WSGI app, and the queue's Celery app,
loaded with Django so that the tasks (``shared_task``) are sent through it."""

from .celery import app as celery_app

__all__ = ("celery_app",)
