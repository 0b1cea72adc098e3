"""An event's places in a league are the places the event itself shows: its final placings when it was run in
stages, else its standings, ranked exactly as its standings page ranks them."""

from __future__ import annotations

import datetime

import pytest

from tests.factories import make_player, make_user
from tests.leagues.test_leagues import join, played_event
from tournament.leagues import service
from tournament.leagues.table import load_league
from tournament.models import HeadToHeadRule, League
from tournament.results.scoring import templates
from tournament.results.standings import event_standings
from tournament.stages.tables import final_placings
from tournament.transfer.exports import read_table
from tournament.transfer.results_import import import_results

pytestmark = pytest.mark.django_db


def make_league():
    league = League(slug="places-2026", name="Places League 2026", season_start=datetime.date(2026, 1, 1),
                    season_end=datetime.date(2026, 12, 31), scoring_preset="soa-best5")
    return service.create_league(make_user("leaguer"), league)


def league_places(league) -> dict[str, int]:
    """Each player's place at the league's one event, as the league table shows it."""
    return {row.name: row.results[0].place for row in load_league(league).rows}


# Three Swiss rounds put Ann first; Bob beats her in the final.
SWISS_THEN_FINAL = """round,table,player_a,club_a,player_b,club_b,result,stage
1,1,Ann,,Bob,,4-0,swiss
1,2,Cid,,Dee,,4-0,swiss
2,1,Ann,,Cid,,4-0,swiss
2,2,Bob,,Dee,,4-3,swiss
3,1,Ann,,Dee,,4-0,swiss
3,2,Bob,,Cid,,4-3,swiss
4,1,Bob,,Ann,,4-3,final
"""


def test_a_final_s_winner_is_first_of_the_event_in_the_league_too():
    """An event run in stages whose final Bob won: its final page shows Bob as champion and Ann second, and the
    league gives them 1st and 2nd place points, not Ann 1st because she led the Swiss rounds."""
    league = make_league()
    event = import_results(read_table(SWISS_THEN_FINAL.encode(), "cup.csv"), slug="cup", name="Cup",
                           date=datetime.date(2026, 5, 9), edition="3.0", scoring=templates()["5-2-1-0"])
    join(league, event)
    names = {r.pk: r.name for r in event.registrations.all()}
    event_places = {names[player]: place for place, player, _stage in final_placings(event)}
    assert event_places["Bob"] == 1 and event_places["Ann"] == 2
    assert league_places(league) == event_places


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
