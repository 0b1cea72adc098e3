"""An event's places in a league are the places the event itself shows: ranked exactly as its standings page
ranks them."""

from __future__ import annotations

import datetime

import pytest

from tests.factories import make_player, make_user
from tests.leagues.test_leagues import join, played_event
from tournament.leagues import service
from tournament.leagues.table import load_league
from tournament.models import HeadToHeadRule, League
from tournament.results.standings import event_standings

pytestmark = pytest.mark.django_db


def make_league():
    league = League(slug="places-2026", name="Places League 2026", season_start=datetime.date(2026, 1, 1),
                    season_end=datetime.date(2026, 12, 31), scoring_preset="soa-best5")
    return service.create_league(make_user("leaguer"), league)


def league_places(league) -> dict[str, int]:
    """Each player's place at the league's one event, as the league table shows it."""
    return {row.name: row.results[0].place for row in load_league(league).rows}


def test_head_to_head_among_any_games_ranks_the_event_as_its_standings_do():
    """An event whose head-to-head counts whatever games the tied players played among themselves (not only when
    every pair met): the league shows each player at the place the event's standings page shows them."""
    people = {name: make_player(name) for name in "ABCDEFGH"}
    rounds = [[("A", "B", "4-1"), ("C", "D", "4-1"), ("E", "F", "4-1"), ("G", "H", "4-1")],
              [("E", "A", "4-1"), ("B", "F", "4-1"), ("G", "C", "4-1"), ("D", "H", "4-1")]]
    event = played_event(make_user("org"), people, rounds, date=datetime.date(2026, 5, 9),
                         tiebreaks=["head_to_head"], head_to_head_rule=HeadToHeadRule.ANY_GAMES)
    league = make_league()
    join(league, event)
    names = {r.pk: r.name for r in event.registrations.all()}
    event_places = {names[row.registration_id]: row.rank for row in event_standings(event)}
    assert league_places(league) == event_places
