"""Rules-library fixtures: the five seeds imported into the test database."""

from __future__ import annotations

import pytest

from rulings.importer import import_rules


@pytest.fixture
def rules(db):
    return import_rules()
