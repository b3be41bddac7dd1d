# Named targets for the usual jobs; `make run` and `make test` each set up
# everything they need on a fresh machine.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-requirements
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: install run test lint format browser clean

install: $(STAMP)

$(STAMP): requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $(STAMP)

## run: the development site on http://localhost:8000/index (debug on unless DJANGO_DEBUG says otherwise)
run: install
	$(BIN)/python manage.py migrate --noinput
	DJANGO_DEBUG=$${DJANGO_DEBUG:-1} $(BIN)/python manage.py runserver 127.0.0.1:8000

## test: the whole suite, browser tests included (installs Debian's chromium if missing)
test: install browser
	$(BIN)/python -m pytest

## browser: Debian's Chromium, which the browser tests drive (never a downloaded browser)
browser:
	@test -x /usr/bin/chromium || { \
		echo "Installing Debian's chromium for the browser tests"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium; }

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache
