"""A statement compiled once runs again with the values that change, put where its stand-ins were, wrapped as the
database adapter wrapped them (psycopg hands a round number back as an `Int2`): a value matched by its type instead
made every "after round N" standings on PostgreSQL the latest ones."""

from __future__ import annotations

import pytest

from tournament.events.statements import Statement


class Wrapped(int):
    """An int as an adapter wraps it."""


def test_stand_ins_are_found_by_place_whatever_wraps_them(db):
    statement = Statement.of("SELECT %s, %s, %s, %s", ["a", Wrapped(32_749), True, -7], {32_749: 1, -7: 1})
    assert statement.places == {1: 32_749, 3: -7}
    row = statement.run({32_749: 3, -7: 42})[0]
    assert list(row) == ["a", 3, True, 42]  # SQLite's 1 for true equals True


def test_a_stand_in_missing_or_doubled_is_refused():
    with pytest.raises(AssertionError):
        Statement.of("SELECT %s", [5], {-7: 1})
    with pytest.raises(AssertionError):
        Statement.of("SELECT %s, %s", [-7, -7], {-7: 1})
