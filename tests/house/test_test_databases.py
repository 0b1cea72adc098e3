"""The test run cleans up after itself on PostgreSQL: the test database is dropped at the end, also when a process
ran a database test after a browser journey (a second connection of its own was left open, the drop failed with
"being accessed by other users" and the database stayed behind; seen in CI, `tests/e2e/conftest.playwright`)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import uuid
from urllib.parse import quote

import pytest
from django.db import connection

from config.paths import BASE_DIR

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")  # as tests/e2e/conftest.py finds it

pytestmark = [pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite's test database is in memory"),
              pytest.mark.skipif(CHROMIUM is None and os.environ.get("REQUIRE_BROWSER") != "1",
                                 reason="chromium not installed (apt-get install chromium)")]


def _left_and_dropped(settings: dict, name: str) -> list[str]:
    """The databases named `name` that are there, then dropped (outside the test's transaction)."""
    import psycopg

    with psycopg.connect(host=settings["HOST"] or "127.0.0.1", port=settings["PORT"] or 5432, user=settings["USER"],
                         password=settings["PASSWORD"] or None, dbname="postgres", autocommit=True) as maintenance:
        left = [row[0] for row in maintenance.execute("SELECT datname FROM pg_database WHERE datname = %s", [name])]
        for database in left:
            maintenance.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
    return left


def test_a_run_with_a_journey_between_database_tests_drops_its_test_database():
    settings = connection.settings_dict
    name = f"teardown_{uuid.uuid4().hex[:8]}"  # its test database: test_<name>, this test's own
    password = f":{quote(settings['PASSWORD'], safe='')}" if settings["PASSWORD"] else ""
    url = f"postgres://{quote(settings['USER'], safe='')}{password}@{settings['HOST'] or '127.0.0.1'}:{settings['PORT'] or 5432}/{name}"
    env = {**os.environ, "DATABASE_URL": url}
    env.pop("PYTEST_XDIST_WORKER", None)
    run = subprocess.run(  # noqa: S603
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n0", "-q",
         "tests/house/teardown_scenario.py"],
        cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=300, check=False)
    output = run.stdout + run.stderr
    left = _left_and_dropped(settings, f"test_{name}")
    assert "3 passed" in output, output[-3000:]
    assert "being accessed by other users" not in output, output[-3000:]
    assert left == [], output[-3000:]
