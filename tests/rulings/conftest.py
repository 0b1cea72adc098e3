"""Rules-library fixtures: the five seeds imported into the test database.

The import takes about a second, and forty tests read the same texts: it runs once per test database
and each test sees it inside its own rolled-back transaction. A transactional test (a live server)
empties the database when it ends; the next test that asks for the rules imports them again."""

from __future__ import annotations

import pytest

from rulings.importer import import_rules


@pytest.fixture(scope="session")
def _rules_imported(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        return import_rules()


@pytest.fixture
def rules(_rules_imported, db):
    from rulings.models import Document

    if Document.objects.count() != len(_rules_imported.documents):
        return import_rules()
    return _rules_imported


@pytest.fixture
def no_rules(db):
    """An empty rules library (as before `load_reference`), whatever an earlier test imported; the
    deletion is rolled back with the test."""
    from rulings.models import Document

    Document.objects.all().delete()
