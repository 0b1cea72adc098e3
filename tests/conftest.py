"""Shared fixtures: users with event roles and a small event."""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest
from hypothesis import settings

from tests.factories import make_event, make_user

# Property tests are deterministic wherever the suite runs (CI, `make test`): the same examples every
# run and no example database that replays yesterday's failure. `make fuzz` picks the "fuzz" profile:
# fresh random seeds on every run, with the failures it finds kept in .hypothesis/ to replay.
settings.register_profile("ci", derandomize=True, database=None, deadline=None, print_blob=True)
settings.register_profile("fuzz", derandomize=False, deadline=None, print_blob=True)
settings.load_profile("ci")

# TEST_SCOPE=database: the run on a second database (.ci/run's PostgreSQL run, after the whole suite on SQLite)
# leaves out what no database changes: the pure tests (tests/<room>/unit/, which use no database: pytest-django refuses them one), the
# tests whose processes run on a SQLite file of their own (`own_database`), and the browser journeys' other
# languages (each journey runs once, in English; its Spanish and Italian runs, the same requests in other words,
# ran on the first database). Everything else runs again.
DATABASE_SCOPE = os.environ.get("TEST_SCOPE") == "database"
TESTS = Path(__file__).resolve().parent


def same_on_every_database(item) -> bool:
    """A test whose outcome no database changes: a pure one, one on a database of its own, or a journey in another
    language than English."""
    path = Path(str(item.fspath)).resolve()
    if "unit" in path.relative_to(TESTS).parts[:-1] or item.get_closest_marker("own_database"):
        return True
    params = getattr(getattr(item, "callspec", None), "params", {})
    language = params.get("lang", params.get("language"))
    return path.is_relative_to(TESTS / "e2e") and language not in (None, "en")


def pytest_collection_modifyitems(config, items):
    if not DATABASE_SCOPE:
        return
    left_out = [item for item in items if same_on_every_database(item)]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if not same_on_every_database(item)]



@pytest.fixture
def organizer(db):
    return make_user("org", "Organizer Uno")


@pytest.fixture
def umpire(db):
    return make_user("ump", "Umpire Due")


@pytest.fixture
def event(db, organizer, umpire):
    from tournament.models import EventRole

    event = make_event(slug="test-event", name="Torneo de prueba", date=datetime.date(2026, 5, 9))
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    EventRole.objects.create(event=event, user=umpire, role=EventRole.Role.UMPIRE)
    return event


@pytest.fixture
def organizer_client(db, organizer):
    """A client of its own: `client` stays anonymous in the same test."""
    from django.test import Client

    own = Client()
    own.force_login(organizer)
    return own


@pytest.fixture
def umpire_client(db, umpire):
    """A client of its own, so a test can act as organizer, umpire and the public side by side."""
    from django.test import Client

    other = Client()
    other.force_login(umpire)
    return other


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with empty caches: the shared one (rendered standings and pairings) and this process's
    copies of public pages."""
    from django.core.cache import cache

    from tournament.web import page_caches

    cache.clear()
    page_caches.forget_local()
    yield


@pytest.fixture(autouse=True)
def _english_by_default():
    """Each test starts in the site's default language, whatever an earlier test (or a PDF rendered in
    another language in the same thread) left active."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _reports_from_one_test_address(settings):
    """Every test client comes from 127.0.0.1, so two players' reports would look like one person's two browsers:
    tests that are about that hold (tests/security/test_my_game_link.py) set the window back."""
    settings.REPORT_SAME_ADDRESS_SECONDS = 0


@pytest.fixture
def queue(settings, monkeypatch):
    """The real task backend: a queued task waits for the worker, and `work()` runs the worker (`db_worker
    --batch`) here, in the test's transaction. The worker installs its own SIGINT/SIGTERM handlers; they are put
    back afterwards, or a signal meant for the test run would end whichever test runs next instead."""
    import signal

    from django.core.management import call_command
    from django_tasks_db.management.commands import db_worker

    monkeypatch.setattr(db_worker, "close_old_connections", lambda: None)
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    handled = [s for s in (signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGQUIT", None)) if s is not None]
    before = {s: signal.getsignal(s) for s in handled}

    def work() -> None:
        try:
            call_command("db_worker", batch=True, reload=False, startup_delay=False, verbosity=0)
        finally:
            for s, handler in before.items():
                signal.signal(s, handler)

    return work
