# Named targets for the usual jobs; `make run` and `make test` each set up
# everything they need on a fresh machine.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Every package pinned with its hashes (pip checks them; see `make lock`).
PIP_INSTALL := $(BIN)/python -m pip install --quiet --require-hashes
# The index and find-links options are this machine's pip configuration, not the project's.
LOCK = CUSTOM_COMPILE_COMMAND="make lock" $(BIN)/pip-compile --quiet --generate-hashes \
	--allow-unsafe --strip-extras --no-emit-index-url --no-emit-find-links $(UPGRADE)

.PHONY: install install-dev lock run library serve check-deploy test test-fast test-postgres soundness \
	bench lint format node-modules nodejs test-js photos-model fonts browser nginx postgres postgres-stop redis redis-server redis-stop cluster \
	cluster-stop messages clean

## install: what the site needs to run (requirements.txt), no test or lint tool, and the
## photo reader's digit classifier (photos-model)
install: $(VENV)/.installed-runtime photos-model

## install-dev: the site's packages and the test and lint tools (requirements-dev.txt), and the
## photo reader's digit classifier (photos-model)
install-dev: $(VENV)/.installed-dev photos-model

## photos-model: the photo reader's digit classifier, trained from digits drawn in Debian's fonts
## (installed if missing) into var/photos/ (about 80 s on one core, once; seeded and exact,
## so the same network on every machine; nothing to do when it is there already). docs/photos.md
photos-model: fonts
	$(BIN)/python -m solver.photos

# Debian's fonts the classifier learns from (solver/photos/fonts.py), installed if missing
FONT_PACKAGES := fonts-dejavu-core fonts-dejavu-extra fonts-liberation fonts-freefont-ttf \
	fonts-urw-base35 fonts-crosextra-carlito
fonts:
	@dpkg -s $(FONT_PACKAGES) >/dev/null 2>&1 || { \
		echo "Installing Debian's fonts for the photo reader's classifier"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(FONT_PACKAGES); }

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Each stamp is older than its requirement file after an edit or a `make lock`,
# so the next target that needs the set installs it again.
$(VENV)/.installed-runtime: requirements.txt | $(BIN)/python
	$(PIP_INSTALL) -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements-dev.txt | $(BIN)/python
	$(PIP_INSTALL) -r requirements-dev.txt
	touch $@

## lock: requirements.txt and requirements-dev.txt from the short .in files, every package
## pinned with its hashes. Pins that still fit the .in files are kept; to upgrade one package,
## `make lock UPGRADE="--upgrade-package django"` (UPGRADE=--upgrade upgrades them all).
## The dev set is compiled against requirements.txt, so both pin the same shared versions.
lock: | $(BIN)/pip-compile
	$(LOCK) -o requirements.txt requirements.in
	$(LOCK) -o requirements-dev.txt requirements-dev.in

# Only if pip-tools is missing: a lock file being rewritten need not install first.
$(BIN)/pip-compile:
	$(MAKE) install-dev

## run: the development site on http://localhost:8000/index (debug on unless DJANGO_DEBUG says otherwise),
## served at once while the puzzle library and the big boards' stock are topped up beside it (as make
## library does, its summary lines among the server's); until then, expert and extreme, and boards of
## 20x20 and up, answer that they are being prepared
run: install messages
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py generate --until $(LIBRARY_COUNT) --stock --jobs 0 --verbosity 0 & top_up=$$!; \
	trap 'kill $$top_up 2>/dev/null' EXIT INT TERM; \
	DJANGO_DEBUG=$${DJANGO_DEBUG:-1} $(BIN)/python manage.py runserver 127.0.0.1:8000

## library: migrate, then top the puzzle library up to LIBRARY_COUNT puzzles of each level, and the
## stock of boards of 20x20 and up to SUDOKU_STOCK_PER_SIZE each. Expert and extreme, and the big
## boards, are never made inside a request, only picked from the library or the stock, so a site
## needs this run once (about a minute on two cores for the levels, several more for the big boards,
## the first time; after that, nothing to do), and again with a higher LIBRARY_COUNT for more
## (docs/library.md)
LIBRARY_COUNT ?= 20
library: install messages
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py generate --until $(LIBRARY_COUNT) --stock --jobs 0

## serve: the production stack on http://127.0.0.1:8080: gunicorn behind nginx, debug off,
## settings from the environment and .env (see .env.example and deploy/serve.sh)
serve: install nginx messages
	deploy/serve.sh

## check-deploy: Django's deployment checks with the settings `make serve` uses
## (DJANGO_HTTPS=1 make check-deploy for a site served over HTTPS)
check-deploy: install
	deploy/serve.sh --check

# The tests run on WORKERS processes (pytest-xdist), each with its own test database,
# live server port, Chromium and production stack: two for the two cores CI has
# (WORKERS=auto takes one per core). pytest keeps its rewritten test modules as bytecode;
# with PYTHONDONTWRITEBYTECODE set, every worker would rewrite them all again (~4 s).
WORKERS ?= 2
test test-fast test-postgres soundness: export PYTHONDONTWRITEBYTECODE :=
# SQLite, whatever the shell says; the PostgreSQL pass names its own server.
test test-fast test-postgres soundness: export DATABASE_URL :=

# The PostgreSQL pass: every test that touches the database (the django_db mark, which
# tests/conftest.py gives every test of the test client too), but the browser's, the real
# stack's, the sweeps and the slow checks, again on the project's own server (make postgres).
POSTGRES_PORT ?= 5433
export POSTGRES_PORT  # the cluster's tests and benchmark find the server by it
POSTGRES_PASS = DATABASE_URL=$$(deploy/postgres.sh url $(POSTGRES_PORT)) $(BIN)/python -m pytest \
	-m "django_db and not browser and not stack and not slow and not sweep" -n $(WORKERS)

## test: the whole suite, browser and deployment tests included (installs Debian's chromium,
## nginx, gettext, postgresql and redis-server if missing; starts the project's Redis for the
## tests of real Celery workers), the sweeps over the shared sets on an even sample of each, on
## SQLite; then the PostgreSQL pass (make test-postgres), run whatever the first found, so that
## one run reports both; the scripts' unit tests (make test-js) run first. Tests are handed to the workers one at a time as each finishes
## (--dist load), which measured fastest: 11 minutes on two cores, and a minute or two more on
## PostgreSQL.
test: install-dev browser nginx messages postgres redis node-modules
	$(NODE_TEST); scripts=$$?; \
	$(BIN)/python -m pytest -n $(WORKERS) --dist load; sqlite=$$?; \
	$(POSTGRES_PASS); postgres=$$?; \
	exit $$((scripts || sqlite || postgres))

## test-postgres: the tests that touch the database, but the browser's, the real stack's, the
## sweeps and the slow checks, on PostgreSQL (the project's own server, started if need be)
test-postgres: install-dev messages postgres
	$(POSTGRES_PASS)

## test-fast: every test but the browser's, the real stack's, the sweeps and the slow checks
## (see the markers in pyproject.toml): under a minute, and needs neither chromium nor nginx
## (only gettext); the scripts' unit tests (make test-js) first, and it fails when either fails
test-fast: install-dev messages node-modules
	$(NODE_TEST); scripts=$$?; \
	$(BIN)/python -m pytest -m "not browser and not stack and not slow and not sweep" -n $(WORKERS); \
	python=$$?; exit $$((scripts || python))

## test-js: the unit tests of the scripts that hold no page (tests/js/, mirroring static/js/),
## under Node's own test runner: no browser, no server, about a second
# The spec reporter whatever the output is (Node writes TAP when it is not a terminal).
NODE_TEST = node --test --test-reporter=spec tests/js/
test-js: node-modules
	$(NODE_TEST)

## node-modules: the scripts' lint tools, pinned by package-lock.json, in node_modules/
## (npm ci, again only after the lock file changes), with Debian's nodejs and npm
node-modules: node_modules/.installed

node_modules/.installed: package-lock.json | nodejs
	npm ci --no-audit --no-fund --ignore-scripts
	touch $@

# Debian's nodejs and npm, installed if missing (the scripts' tests and lint need them)
nodejs:
	@command -v node >/dev/null && command -v npm >/dev/null || { \
		echo "Installing Debian's nodejs and npm for the scripts' tests and lint"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq nodejs npm; }

## soundness: the sweeps alone, each over every puzzle of its shared sets (--sweep=all): the
## teacher's steps, the propagation and its plain twin, the search, canonical writings
## (14 minutes on two cores, measured on 2026-11-27; figures in docs/teacher.md)
soundness: install-dev
	$(BIN)/python -m pytest -m sweep --sweep=all -n $(WORKERS)

## bench: the engine benchmark against the Norvig-style baseline, then the tail benchmark
## (the engine as the site runs it, on equivalent copies of puzzles), on the shared puzzle
## sets (about three minutes each; figures as markdown for bench/README.md; BENCH_ARGS
## passes options to the first, TAILS_ARGS to the second), then the teacher's benchmark
## (TEACHER_ARGS; --peer-python runs hodoku-py beside it, see bench/README.md), then the
## generator's (GENERATE_ARGS), the canonical writings' and the library's import (LIBRARY_ARGS),
## and what the level costs an answer, with the command line's CSV with and without --rate
## (RATING_ARGS), and the dearest request of each of nginx's rate zones (ZONES_ARGS)
bench: install-dev nginx postgres redis-server browser
	$(BIN)/python -m bench.engine $(BENCH_ARGS)
	$(BIN)/python -m bench.tails $(TAILS_ARGS)
	$(BIN)/python -m bench.teacher $(TEACHER_ARGS)
	$(BIN)/python -m bench.generate $(GENERATE_ARGS)
	$(BIN)/python -m bench.canonical
	$(BIN)/python -m bench.library $(LIBRARY_ARGS)
	$(BIN)/python -m bench.rating $(RATING_ARGS)
	$(BIN)/python -m bench.zones $(ZONES_ARGS)
	$(BIN)/python -m bench.cluster $(CLUSTER_ARGS)
	$(BIN)/python -m bench.pages_sizes $(PAGES_ARGS)
	$(BIN)/python -m bench.big_boards

## browser: Debian's Chromium, which the browser tests drive (never a downloaded browser)
browser:
	@test -x /usr/bin/chromium || { \
		echo "Installing Debian's chromium for the browser tests"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium; }

## postgres: the project's own PostgreSQL server (deploy/postgres.sh) on 127.0.0.1:POSTGRES_PORT
## and a socket in var/postgres/run, its data in var/postgres; installs Debian's postgresql if
## missing; prints the DATABASE_URL of its database; a server already running is left as it is
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
		echo "Installing Debian's postgresql for the tests' PostgreSQL pass"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq postgresql; }
	@deploy/postgres.sh start $(POSTGRES_PORT)

## postgres-stop: stop the project's own PostgreSQL server (its data stays in var/postgres)
postgres-stop:
	@deploy/postgres.sh stop

## nginx: Debian's nginx, which `make serve` and the deployment tests run as their own process
nginx:
	@test -x /usr/sbin/nginx || { \
		echo "Installing Debian's nginx for make serve and the deployment tests"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq nginx; }

## redis: the project's own Redis, for the celery runner's queue and the shared caches
## (REDIS_URL=redis://127.0.0.1:6380/0) and the tests of real workers: Debian's redis-server
## (installed if missing) on loopback port REDIS_PORT, in the background, its pid, log and
## nothing else in var/redis/ (no snapshot: the database is the truth, the sweeper sends
## lost messages again); nothing when it runs already. Past 256 MB it evicts cached values,
## never queued work (docs/scaling.md). `make redis-stop` stops it. make run needs none.
REDIS_PORT := 6380
REDIS_DIR := $(CURDIR)/var/redis
REDIS_RUNNING = [ -s $(REDIS_DIR)/redis.pid ] && kill -0 "$$(cat $(REDIS_DIR)/redis.pid)" 2>/dev/null
redis: redis-server
	@mkdir -p $(REDIS_DIR)
	@$(REDIS_RUNNING) || redis-server --port $(REDIS_PORT) --bind 127.0.0.1 --daemonize yes \
		--dir $(REDIS_DIR) --pidfile $(REDIS_DIR)/redis.pid --logfile $(REDIS_DIR)/redis.log \
		--save "" --appendonly no --maxmemory 256mb --maxmemory-policy volatile-lru
	@for try in $$(seq 50); do redis-cli -p $(REDIS_PORT) ping >/dev/null 2>&1 && exit 0; sleep 0.1; done; \
		echo "redis: no answer on port $(REDIS_PORT); see $(REDIS_DIR)/redis.log" >&2; exit 1

# Debian's redis-server, installed if missing (make redis and make cluster start their own)
redis-server:
	@command -v redis-server >/dev/null || { \
		echo "Installing Debian's redis-server for the queue and its tests"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq redis-server; }

## cluster: the site past one machine, on this one's loopback (deploy/cluster.py): the project's
## PostgreSQL (make postgres), a Redis of the cluster's own, two app servers (gunicorn on
## 127.0.0.1:8101 and :8102) behind one nginx on http://127.0.0.1:8000/index, two Celery workers
## and their clock; every pid and log in var/cluster/. Returns once the site answers;
## `make cluster-stop` stops it all (docs/scaling.md)
cluster: install nginx messages postgres redis-server
	DATABASE_URL=$$(deploy/postgres.sh url $(POSTGRES_PORT)) $(BIN)/python deploy/cluster.py start

## cluster-stop: stop every part of make cluster (the PostgreSQL server stays: make postgres-stop)
cluster-stop:
	@$(BIN)/python deploy/cluster.py stop

## redis-stop: stop the project's Redis (make redis), if it runs
redis-stop:
	@if $(REDIS_RUNNING); then \
		pid=$$(cat $(REDIS_DIR)/redis.pid); kill "$$pid"; \
		while kill -0 "$$pid" 2>/dev/null; do sleep 0.1; done; fi

## messages: the catalogs (locale/*/LC_MESSAGES/*.po) compiled into the .mo files Django reads,
## with Debian's gettext (installed if msgfmt is missing). The .mo files are built, never committed
## (docs/i18n.md); compilemessages skips a catalog whose .mo is newer than its .po.
messages: install
	@command -v msgfmt >/dev/null || { \
		echo "Installing Debian's gettext to compile the catalogs"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq gettext; }
	$(BIN)/python manage.py compilemessages --ignore .venv --verbosity 0

## lint: ruff over the Python, then ESLint over the scripts and their tests (eslint.config.js)
ESLINT := node_modules/.bin/eslint --max-warnings 0 static/js tests/js eslint.config.js
lint: install-dev node-modules
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(ESLINT)

## format: ruff's fixes and layout for the Python, and ESLint's fixes for the scripts
format: install-dev node-modules
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .
	$(ESLINT) --fix

clean:
	rm -rf $(VENV) node_modules staticfiles deploy/run .pytest_cache .ruff_cache
