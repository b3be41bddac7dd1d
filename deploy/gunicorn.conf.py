"""gunicorn for `make serve`, behind nginx (deploy/serve.sh starts both).

Sync workers: the work is CPU-bound solving in pure Python, and nginx reads
each request whole and takes each reply whole, so a worker is busy only while
Django computes. One worker a core keeps every core solving, and one more
takes requests while another waits on the SQLite file (a batch being stored
or read); more would only share the same cores and lengthen each reply.
SUDOKU_WORKERS (read by Django's settings) sets another count;
GUNICORN_CMD_ARGS, gunicorn's own variable, any other option. serve.sh gives
the socket to bind (--bind), in the runtime directory.
"""

import os

from django.conf import settings

worker_class = "sync"
workers = settings.SUDOKU_WORKERS or len(os.sched_getaffinity(0)) + 1
# Loaded once, before the workers fork: they start faster, and share one
# SECRET_KEY even when DJANGO_SECRET_KEY is unset (a random one per start).
preload_app = True

# The slowest requests are bounded by the settings: a solve by
# SUDOKU_SOLVE_SECONDS (0.5 s), a batch slice by SUDOKU_BATCH_SLICE_SECONDS
# (2 s, and the puzzle under way). A worker silent for 30 s is stuck: gunicorn
# ends it and starts another (nginx's proxy_read_timeout is longer).
timeout = 30
# On SIGTERM, requests under way get this long to finish.
graceful_timeout = 10
# Each worker is replaced after about a thousand requests, so whatever a
# long-lived Python process gathers (fragmented memory after large batches)
# is given back; the jitter keeps the workers from restarting together.
max_requests = 1000
max_requests_jitter = 100

# The scheme comes from nginx's X-Forwarded-Proto alone (gunicorn also reads
# X-Forwarded-Ssl and X-Forwarded-Protocol by default, which nginx clears).
secure_scheme_headers = {"X-FORWARDED-PROTO": "https"}

# nginx logs each request; gunicorn's own log, with Django's errors, is stderr.
accesslog = None
errorlog = "-"
loglevel = "info"
