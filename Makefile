# Two commands on a fresh machine: `make run` and `make test`.
# Django 6 needs Python 3.12+; we look for one (PATH, then pyenv) and say what to install if none.

VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
PYTHON_FOR_VENV := $(shell for p in python3.13 python3.12 python3.14 python3 $$HOME/.pyenv/versions/3.13*/bin/python $$HOME/.pyenv/versions/3.12*/bin/python; do \
	PYENV_VERSION=3.13.0:3.12.1 $$p -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null && { echo $$p; break; }; done)
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: setup run test test-postgres bench ci-deps check lint messages clean

$(VENV)/.installed: requirements.txt
	@if [ -z "$(PYTHON_FOR_VENV)" ]; then \
		echo "Python 3.12 or newer is required (Django 6). Install it, e.g. 'pyenv install 3.13' or 'apt-get install python3.12', then run make again." >&2; exit 1; fi
	@echo "Creating $(VENV) with $(PYTHON_FOR_VENV)"
	@test -x $(PY) || PYENV_VERSION=3.13.0:3.12.1 $(PYTHON_FOR_VENV) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet -r requirements.txt
	@touch $@

setup: $(VENV)/.installed
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_reference
	$(PY) manage.py load_demo

run: setup
	@echo ""
	@echo "Organizer login:  organizer / dba-demo-2026   (demo event: http://$(HOST):$(PORT)/e/demo/)"
	@echo ""
	$(PY) manage.py runserver $(HOST):$(PORT)

test: setup
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) -m pytest -q $(PYTEST_ARGS)

test-postgres:
	DATABASE_URL=postgres://postgres@127.0.0.1:5432/test $(MAKE) test

bench: setup
	$(PY) bench/pairing.py
	$(PY) bench/printing.py
	$(PY) bench/search.py
	DATABASE_URL=$${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test} $(PY) bench/search.py
	$(PY) bench/load.py

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .

check: $(VENV)/.installed
	DEBUG=0 SECRET_KEY=$$($(PY) -c 'import secrets; print(secrets.token_urlsafe(50))') ALLOWED_HOSTS=example.org \
		$(PY) manage.py check --deploy --fail-level WARNING

# Compile every catalogue (locale/<area>/<lang>/LC_MESSAGES/django.po -> django.mo); it extracts nothing.
messages: $(VENV)/.installed
	cd locale && for d in */*/LC_MESSAGES; do msgfmt -o $$d/django.mo $$d/django.po; done

clean:
	rm -rf $(VENV) staticfiles db.sqlite3 db.sqlite3-*
