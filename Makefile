# Named targets for the usual jobs; `make run` and `make test` each set up
# everything they need on a fresh machine.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-requirements
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: install run serve check-deploy test lint format browser nginx clean

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

## serve: the production stack on http://127.0.0.1:8080: gunicorn behind nginx, debug off,
## settings from the environment and .env (see .env.example and deploy/serve.sh)
serve: install nginx
	deploy/serve.sh

## check-deploy: Django's deployment checks with the settings `make serve` uses
## (DJANGO_HTTPS=1 make check-deploy for a site served over HTTPS)
check-deploy: install
	deploy/serve.sh --check

## test: the whole suite, browser and deployment tests included (installs Debian's
## chromium and nginx if missing)
test: install browser nginx
	$(BIN)/python -m pytest

## browser: Debian's Chromium, which the browser tests drive (never a downloaded browser)
browser:
	@test -x /usr/bin/chromium || { \
		echo "Installing Debian's chromium for the browser tests"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium; }

## nginx: Debian's nginx, which `make serve` and the deployment tests run as their own process
nginx:
	@test -x /usr/sbin/nginx || { \
		echo "Installing Debian's nginx for make serve and the deployment tests"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq nginx; }

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

clean:
	rm -rf $(VENV) staticfiles deploy/run .pytest_cache .ruff_cache
