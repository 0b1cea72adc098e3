"""Production settings as an operator meets them: HSTS beyond this host is an explicit choice."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = ("import django, json; django.setup(); from django.conf import settings as s; "
         "print(json.dumps([s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS, s.SECURE_HSTS_PRELOAD]))")


DB_PROBE = ("import django, json; django.setup(); from django.db import connection as c; "
            "print(json.dumps([c.settings_dict['CONN_MAX_AGE'], c.settings_dict['CONN_HEALTH_CHECKS']]))")


def production_settings(probe: str = PROBE, base: dict | None = None, **extra: str) -> list:
    env = {k: v for k, v in (os.environ if base is None else base).items()
           if not k.startswith("SECURE_HSTS") and k not in ("CONN_MAX_AGE", "DJANGO_TESTING")}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", DEBUG="0", SECRET_KEY="x" * 50, ALLOWED_HOSTS="example.org",
               **extra)
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_hsts_covers_this_host_only_by_default():
    assert production_settings() == [31536000, False, False]


def test_hsts_subdomains_and_preload_are_opt_in():
    assert production_settings(SECURE_HSTS_INCLUDE_SUBDOMAINS="1", SECURE_HSTS_PRELOAD="1") == [31536000, True, True]


def test_database_connections_are_kept_and_checked_by_default():
    """A deployment that sets nothing keeps its connections for a minute, checked before reuse (issue 29)."""
    assert production_settings(DB_PROBE) == [60, True]
    assert production_settings(DB_PROBE, CONN_MAX_AGE="0") == [0, True]  # an operator may still turn it off


def test_venue_mode_keeps_database_connections():
    from tournament.launch import venue_env

    env = venue_env(["192.168.1.20"], 8000, "s" * 50, base={k: v for k, v in os.environ.items() if k != "CONN_MAX_AGE"})
    assert production_settings(DB_PROBE, base=env) == [60, True]


def test_a_server_process_loads_every_view_before_its_first_request():
    """gunicorn imports config.wsgi in each of its processes: the URL modules and the views they name are loaded
    there, so the first request after a start does not wait for them, and a view that cannot be imported stops the
    server at its start instead of failing a player's request."""
    code = ("import sys, config.wsgi; "
            "print(' '.join(sorted(m for m in sys.modules if '.views.' in m)))")
    loaded = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**os.environ, "DEBUG": "1"},
                            capture_output=True, text=True, check=True).stdout.split()
    for view in ("tournament.web.views.results", "tournament.web.views.rounds", "rulings.views.flows"):
        assert view in loaded


def test_a_server_process_freezes_what_it_loaded_before_its_first_request():
    """The collector's full collections walk every object a process holds: the 130,000 of the loaded app made one
    rendering in twenty or thirty of a 1,000-player standings page take 100–145 ms instead of 20. A server process
    freezes them once loaded (config/wsgi.py), so that those collections walk only what requests leave behind."""
    code = "import gc, config.wsgi; print(gc.get_freeze_count(), len(gc.get_objects()))"
    frozen, walked = map(int, subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**os.environ, "DEBUG": "1"},
                                             capture_output=True, text=True, check=True).stdout.split())
    assert frozen > 50_000 and walked < frozen / 10
