"""gunicorn for `make serve`, behind nginx (deploy/serve.sh starts both).

Sync workers: the work is CPU-bound solving in pure Python, and nginx reads
each request whole and takes each reply whole, so a worker is busy only while
Django computes. One worker a core keeps every core solving, and one more
takes requests while another waits on the database (a batch being stored
or read); more would only share the same cores and lengthen each reply.
nginx lets in twice as many heavy requests as there are workers: those past
them wait a moment in gunicorn's queue (its backlog), behind short solves
mostly, since the dearest work may hold only some of the workers
(deploy/limits.py). SUDOKU_WORKERS (read by Django's settings) sets another count;
GUNICORN_CMD_ARGS, gunicorn's own variable, any other option. serve.sh gives
the socket to bind (--bind), in the runtime directory.
"""

from django.conf import settings

from deploy import limits

worker_class = "sync"
workers = limits.workers()
# Loaded once, before the workers fork: they start faster, and share one
# SECRET_KEY even when DJANGO_SECRET_KEY is unset (a random one per start).
preload_app = True

# Every request's work is bounded by the settings: a solve by
# SUDOKU_SOLVE_SECONDS (0.5 s), the teacher by SUDOKU_EXPLAIN_SECONDS (1 s
# more), a new puzzle by SUDOKU_GENERATE_SECONDS (2 s), a batch slice by
# SUDOKU_BATCH_SLICE_SECONDS (2 s, and the puzzle under way), each after at
# most a 20 s wait for a lock (DATABASE_WAIT_SECONDS; PostgreSQL's 5 s to
# connect before it). A worker silent for longer is stuck:
# gunicorn ends it and starts another, before nginx stops waiting for it
# (deploy/limits.py keeps that order; deploy/render.py refuses settings that break it).
timeout = limits.WORKER_TIMEOUT
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

# nginx reads a request line or a header line of up to limits.HEADER_BUFFER
# bytes with its end: gunicorn takes any line nginx passes on (nginx may
# write a header a byte longer, "Name: value" for "Name:value"), and as many
# headers as fit in nginx's buffers (its most), so that no such request gets
# gunicorn's bare 400 page instead of the site's, under /api/ or anywhere.
limit_request_line = limits.HEADER_BUFFER - 1
limit_request_field_size = limits.HEADER_BUFFER + 16
limit_request_fields = 32768

# gunicorn's control socket (gunicornc), in the runtime directory: each app
# server has its own (make cluster runs two on one machine, each with a
# runtime directory of its own), where gunicorn's default, one path in the
# user's home, would have the second take the first's.
control_socket = str(settings.SUDOKU_RUN_DIR / "gunicorn.ctl")

# nginx logs each request. gunicorn's own log, and everything the workers
# write (Django's warnings and errors on stderr, the solve log on stdout), go
# to logs/gunicorn.log in the runtime directory, beside nginx's: on SIGUSR1
# to its master, gunicorn opens it again, after logrotate has moved it
# (deploy/logrotate.conf).
accesslog = None
errorlog = str(settings.SUDOKU_RUN_DIR / "logs" / "gunicorn.log")
capture_output = True
loglevel = "info"
