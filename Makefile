# Two commands on a fresh machine: `make run` and `make test`. `make venue` serves a hall's network.
# Django 6 needs Python 3.12+: we look for one on PATH and among pyenv's installed versions (newest
# first), and say what to install if there is none.

VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
PYENV_PYTHONS := $(shell ls -d $${PYENV_ROOT:-$$HOME/.pyenv}/versions/3.*/bin/python3 2>/dev/null | sort -rV)
PYTHON_FOR_VENV := $(shell for p in python3.14 python3.13 python3.12 python3 $(PYENV_PYTHONS); do \
	"$$p" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null && { command -v "$$p"; break; }; done)
HOST ?= 127.0.0.1
PORT ?= 8000
PG_URL ?= postgres://postgres@127.0.0.1:5432/test
FUZZ_RUNS ?= 5

# The development and test targets run with DEBUG on (settings default to off, for deployments); `run`, `venue`,
# `check` and the benchmarks set DEBUG=0 themselves.
setup setup-check test fuzz mutate: export DEBUG ?= 1

.PHONY: setup run dev venue worker test test-postgres setup-check bench ci-deps check lint fuzz mutate guide messages clean

$(VENV)/.installed: requirements.txt
	@if [ -z "$(PYTHON_FOR_VENV)" ]; then \
		echo "Python 3.12 or newer is required (Django 6). Install it, e.g. 'pyenv install 3.13' or 'apt-get install python3.12', then run make again." >&2; exit 1; fi
	@echo "Creating $(VENV) with $(PYTHON_FOR_VENV)"
	@test -x $(PY) || $(PYTHON_FOR_VENV) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet -r requirements.txt
	@touch $@

# The development database (db.sqlite3, or DATABASE_URL): schema, cache table, reference data, demo event.
setup: $(VENV)/.installed
	$(PY) manage.py migrate --noinput
	$(PY) manage.py createcachetable
	$(PY) manage.py load_reference
	$(PY) manage.py load_demo

# `make run` serves as in production: DEBUG off, static files collected (whitenoise), a secret key kept in
# the untracked .dev-secret; plain HTTP on this machine. `make dev` runs with DEBUG on, for development.
DEV_SECRET := .dev-secret
RUN_ENV = DEBUG=0 SECRET_KEY="$$(cat $(DEV_SECRET))" ALLOWED_HOSTS="$(HOST),127.0.0.1,localhost" \
	SECURE_SSL_REDIRECT=0 SECURE_COOKIES=0

$(DEV_SECRET):
	@umask 077 && $(PY) -c 'import secrets; print(secrets.token_urlsafe(50))' > $@

run: setup $(DEV_SECRET)
	$(RUN_ENV) $(PY) manage.py collectstatic --noinput -v0
	@echo ""
	@echo "Organizer login:  organizer / dba-demo-2026   (demo event: http://$(HOST):$(PORT)/e/demo/)"
	@echo "The task worker (print packs) runs beside the server; Ctrl-C stops both."
	@echo ""
	$(RUN_ENV) $(PY) -m tournament.launch run --host $(HOST) --port $(PORT)

dev: setup
	@echo ""
	@echo "Development server (DEBUG on) and the task worker. Organizer login:  organizer / dba-demo-2026"
	@echo ""
	DEBUG=1 $(PY) -m tournament.launch run --host $(HOST) --port $(PORT)

# The hall's network from a laptop, no internet needed: gunicorn on the LAN address only (ADDRESS=…
# to choose one; a worker per CPU) over HTTPS with a certificate made once (.venue-cert.pem), the task
# worker, whitenoise, DEBUG off, a secret kept in .venue-secret, /admin/ on 127.0.0.1 only; prints the
# address, a QR code and the certificate's fingerprint. No demo event (its password is public): asks
# for an organizer account once.
venue: $(VENV)/.installed
	$(PY) -m tournament.launch venue --port $(PORT) $(if $(ADDRESS),--address $(ADDRESS))

# The task worker alone (production runs one or more beside the app servers: docs/deploy.md).
worker: $(VENV)/.installed
	$(PY) manage.py worker

# The suite creates its own test database; the development database is left as it is. The setup of
# `make run` is checked on a scratch SQLite database of its own. The suite runs in TEST_WORKERS processes
# (pytest-xdist), each with a test database of its own (test_…_gw0, _gw1, …): it mostly waits on live servers,
# browsers, subprocesses and the database, so more processes than cores pay. TEST_WORKERS=0: one process.
# `--dist worksteal`: a process that runs out of tests takes some from one still busy, as the browser journeys and
# the killed-worker tests take 10-23 s each (the whole suite on SQLite, 2026-11-27: 4 min 38-50 s in two runs;
# the default split 4 min 20 s - 5 min 36 s in three, on a machine whose speed drifted: no clear gain, no loss).
# TEST_SCOPE=database (.ci/run's PostgreSQL run, after the whole suite on SQLite): what a second database can change
# only: the lint and the setup check (a scratch SQLite database of its own) are left out, and so are the pure tests
# and the journeys' Spanish and Italian runs (tests/conftest.py says which).
TEST_WORKERS ?= 4
test: $(VENV)/.installed
	$(PY) manage.py makemigrations --check --dry-run
	$(if $(filter database,$(TEST_SCOPE)),,$(MAKE) --no-print-directory lint)
	$(if $(filter database,$(TEST_SCOPE)),,$(MAKE) --no-print-directory setup-check)
	$(PY) -m pytest -q -n $(TEST_WORKERS) $(if $(filter 0,$(TEST_WORKERS)),,--dist worksteal) $(PYTEST_ARGS)

setup-check: $(VENV)/.installed
	@scratch=$$(mktemp -d) && trap 'rm -rf "$$scratch"' EXIT && \
	DATABASE_URL="sqlite:///$$scratch/setup-check.sqlite3" $(MAKE) --no-print-directory -s setup >/dev/null && \
	echo "setup-check: migrations, reference data and the demo event load on a fresh database"

test-postgres:
	DATABASE_URL=$(PG_URL) $(MAKE) test

# Benchmarks print medians of several runs beside a baseline measured in the same run.
bench: setup
	$(PY) bench/pairing.py
	$(PY) bench/printing.py
	$(PY) bench/leagues.py
	$(PY) bench/league_db.py
	$(PY) bench/search.py
	$(PY) bench/player_import.py
	$(PY) bench/big_tables.py
	$(PY) bench/pairing_task.py
	@if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then \
		DATABASE_URL=$${BENCH_DATABASE_URL:-$(PG_URL)} $(PY) bench/search.py && $(PY) bench/load.py && $(PY) bench/pages.py && $(PY) bench/served_tables.py && \
		$(PIP) install --quiet -r bench/requirements.txt && $(PY) bench/capacity.py; \
	else echo "bench: PostgreSQL is not reachable on 127.0.0.1:5432; skipping the PostgreSQL search, load, pages, served tables and capacity (Locust) benchmarks"; fi

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports

# Property tests with fresh random seeds, FUZZ_RUNS times (failures are kept in .hypothesis/ to replay).
fuzz: $(VENV)/.installed
	@for i in $$(seq 1 $(FUZZ_RUNS)); do \
		echo "fuzz run $$i of $(FUZZ_RUNS)"; \
		$(PY) -m pytest -q --hypothesis-profile=fuzz -m "not e2e" \
			$$(grep -rl "@given" tests --include='*.py') || exit 1; done

# Mutation testing room by room (.ci/mutate.py; ROOMS="pairing ratings" for some): slow, not part of `make test`.
guide: setup
	GUIDE_SHOTS=1 $(PY) -m pytest -q -p no:cacheprovider -n 0 tests/e2e/test_guide_screenshots.py

mutate: $(VENV)/.installed
	$(PIP) install --quiet -r .ci/mutate-requirements.txt
	$(PY) .ci/mutate.py $(ROOMS)

check: $(VENV)/.installed
	DEBUG=0 SECRET_KEY=$$($(PY) -c 'import secrets; print(secrets.token_urlsafe(50))') ALLOWED_HOSTS=example.org \
		$(PY) manage.py check --deploy --fail-level WARNING

# Compile every translation catalogue (locale/<area>/<lang>/LC_MESSAGES/django.po -> .mo, committed).
messages: $(VENV)/.installed
	cd locale && for d in */*/LC_MESSAGES; do msgfmt -o $$d/django.mo $$d/django.po; done

clean:
	rm -rf $(VENV) staticfiles db.sqlite3 db.sqlite3-*
