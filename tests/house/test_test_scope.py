"""The PostgreSQL run of .ci/run (`TEST_SCOPE=database`) leaves out only what no database changes, and keeps every
journey once: checked on the run's own collection of the whole suite (each pytest-xdist process collects it all)."""

from __future__ import annotations

from collections import defaultdict

import pytest

from tests.conftest import DATABASE_SCOPE, same_on_every_database

OTHER_LANGUAGES = ("-es-", "-it-")


def journeys(items) -> dict[str, list]:
    """Each journey's runs (its language and screen variants), by test function."""
    runs = defaultdict(list)
    for item in items:
        if item.nodeid.startswith("tests/e2e/"):
            runs[item.nodeid.split("[")[0]].append(item)
    return runs


def uses_the_database(item) -> bool:
    """Marked for the database, or asking for a fixture that opens it (not a parameter that happens to be called
    `db`, as a die roll is in the calculators' tests)."""
    params = set(getattr(getattr(item, "callspec", None), "params", {}))
    fixtures = set(item.fixturenames) - params
    return item.get_closest_marker("django_db") is not None or bool(
        fixtures & {"db", "transactional_db", "live_server", "client", "admin_client", "django_db_setup"})


def test_a_second_database_runs_every_journey_once_in_english_and_every_test_that_touches_a_database(request):
    config = request.config
    if (config.args_source != pytest.Config.ArgsSource.TESTPATHS or config.option.keyword or config.option.markexpr
            or config.getoption("deselect", None)):
        pytest.skip("reads the whole suite's collection (make test); this run collected part of it")
    items = request.session.items
    if DATABASE_SCOPE:  # the second database's run: every journey once, in English; nothing pure, nothing of its own
        assert all(len(runs) == 1 for runs in journeys(items).values()), journeys(items)
        assert not [item.nodeid for item in items if any(other in item.nodeid for other in OTHER_LANGUAGES)
                    and item.nodeid.startswith("tests/e2e/")]
        assert not [item.nodeid for item in items if "/unit/" in item.nodeid or item.get_closest_marker("own_database")]
        return
    left_out = [item for item in items if same_on_every_database(item)]
    for name, variants in journeys(items).items():
        runs = [item for item in variants if not same_on_every_database(item)]
        assert len(runs) == 1, f"{name}: {len(runs)} runs on the second database"
        assert not any(other in runs[0].nodeid for other in OTHER_LANGUAGES), runs[0].nodeid
    for item in left_out:
        path = item.nodeid
        assert ("/unit/" in path or item.get_closest_marker("own_database")
                or (path.startswith("tests/e2e/") and any(other in path for other in OTHER_LANGUAGES))), path
    pure = [item for item in left_out if "/unit/" in item.nodeid]
    assert pure and not [item.nodeid for item in pure if uses_the_database(item)]
    assert "tests/house/test_processes.py" in {item.nodeid.split("::")[0] for item in left_out}
    assert any(item.nodeid.startswith("tests/web/test_no_stale_pages.py") for item in items if item not in left_out)
