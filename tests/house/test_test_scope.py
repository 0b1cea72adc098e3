"""The PostgreSQL run of .ci/run (`TEST_SCOPE=database`) leaves out only what no database changes, and keeps every
journey once: checked on this run's own collected tests (each pytest-xdist process collects them all)."""

from __future__ import annotations

from collections import defaultdict

import pytest

from tests.conftest import DATABASE_SCOPE, same_on_every_database


def test_a_second_database_runs_every_journey_once_in_english_and_every_test_that_touches_a_database(request):
    items = request.session.items
    if DATABASE_SCOPE:  # this run is the second database's: what was left out is no longer here
        assert not [item.nodeid for item in items if same_on_every_database(item)]
        return
    if not any(item.nodeid.startswith("tests/e2e/") for item in items) or not any("/unit/" in i.nodeid for i in items):
        pytest.skip("reads the whole suite's collection (make test); run alone, it has only itself")
    left_out = [item for item in items if same_on_every_database(item)]
    kept = [item for item in items if not same_on_every_database(item)]
    journeys = defaultdict(list)
    for item in items:
        if item.nodeid.startswith("tests/e2e/"):
            journeys[item.nodeid.split("[")[0]].append(item)
    for name, variants in journeys.items():
        runs = [item for item in variants if not same_on_every_database(item)]
        assert len(runs) == 1, f"{name}: {len(runs)} runs on the second database"
        assert "-es-" not in runs[0].nodeid and "-it-" not in runs[0].nodeid, runs[0].nodeid
    for item in left_out:
        path = item.nodeid
        assert ("/unit/" in path or item.get_closest_marker("own_database")
                or (path.startswith("tests/e2e/") and ("-es-" in path or "-it-" in path))), path
    touches = ("db", "transactional_db", "live_server", "client", "admin_client")
    pure = [item for item in left_out if "/unit/" in item.nodeid]
    assert pure and not [item.nodeid for item in pure
                         if item.get_closest_marker("django_db") or set(touches) & set(item.fixturenames)]
    assert "tests/house/test_processes.py" in {item.nodeid.split("::")[0] for item in left_out}
    assert any(item.nodeid.startswith("tests/web/test_no_stale_pages.py") for item in kept)
