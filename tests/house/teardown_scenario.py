"""Not collected by `make test`: `test_test_databases.py` runs it in a pytest of its own, on PostgreSQL.

What pytest-xdist's worksteal can hand one process: a database test, then a browser journey (from which on an
event loop is marked as running in the thread), then a database test again. All three are plain database tests,
so pytest-django keeps them in this order; outside tests/e2e/, the browser starts with the journey, as it does for
a worker whose first tests are not journeys. It uses the journeys' Chromium and their `playwright` fixture."""

import pytest

from tests.e2e.conftest import browser_type_launch_args, playwright  # noqa: F401 - the journeys' own fixtures
from tournament.models import Event

pytestmark = pytest.mark.django_db


def test_1_a_database_test_before_any_journey():
    assert Event.objects.count() == 0


def test_2_a_journey(page):
    page.set_content("<h1>Journey</h1>")
    assert page.inner_text("h1") == "Journey"
    assert Event.objects.count() == 0


def test_3_a_database_test_after_it():
    assert Event.objects.count() == 0
