"""No public event page is ever served stale: after each change an organizer, umpire, player or the admin makes,
every public page read through the caches is the page rendered with every cache empty (tests/page_oracle.py).

The changes are made through the app's own services and views, committed for real (the page generation is
renewed when a transaction commits, as on a server); tests/page_changes.py makes them. Each kind is tried on its
own, and in a seeded random sequence of them."""

from __future__ import annotations

import datetime
import random
from types import SimpleNamespace

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.conftest import DATABASE_SCOPE
from tests.factories import make_user
from tests.page_changes import CHANGES, LEAGUE_CHANGES, apply
from tests.page_oracle import LANGUAGES, every_cache_empty, normalised
from tests.page_ratings import RATED_CHANGES
from tests.page_world import build_world
from tournament.results import standings
from tournament.web import table_rows

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _no_kept_rows():
    """The rows and entrants this process kept for other tests' events are no part of these."""
    table_rows._KEPT_ROWS.clear()
    standings._KEPT_ENTRANTS.clear()
    yield
    table_rows._KEPT_ROWS.clear()
    standings._KEPT_ENTRANTS.clear()


def _world(name: str, **kwargs):
    """The world of the test `name`. On a second database (`TEST_SCOPE=database`) its pages are read in one language,
    a different one from test to test: the three languages' keys ran on the first database."""
    world = build_world(**kwargs)
    if DATABASE_SCOPE:
        world.pages.languages = (LANGUAGES[sum(map(ord, name)) % len(LANGUAGES)],)
    return world


# What makes a kind apply (a draft to swap in, a tie to settle), done first.
DRAFT = ["confirm the round", "pair a draft"]
NEW_ROUND = ["publish a new round"]
BEFORE = {"pair a draft": ["confirm the round"], "swap in a draft": DRAFT, "publish the draft": DRAFT,
          "delete the last round": DRAFT, "finish the event": ["confirm the round"], "undrop": ["drop"],
          "settle a tie": ["head-to-head alone"], "unsettle a tie": ["head-to-head alone", "settle a tie"],
          "remove a stage": ["add a stage"], "remove an entry": ["register a player"], "half report": NEW_ROUND,
          "confirm by players": NEW_ROUND, "dispute": NEW_ROUND, "start the clock": NEW_ROUND,
          "draw the stage": ["add a stage", "confirm the round"],
          "correct an earlier event's result": ["join the league"], "merge two people in the league": ["join the league"],
          "move a later rated event before this one": ["move an earlier rated event after this one"],
          "move the league's earlier event after this one": ["join the league"],
          "move the league's later event before this one": ["join the league", "move the league's earlier event after this one"]}


@pytest.mark.parametrize("kind", list(CHANGES))
def test_each_change_shows_on_every_page_at_once(kind):
    world = _world(kind, seed=sum(map(ord, kind)), league=kind in LEAGUE_CHANGES, rated=kind in RATED_CHANGES)
    rng = random.Random(kind)
    for first in BEFORE.get(kind, []):
        assert apply(world, first, rng, check=False) is not None, first
    world.pages.warm(world.event)  # the readers have the pages as they were
    assert apply(world, kind, rng) is not None, f"{kind} did not apply"


@pytest.mark.parametrize("seed", [1, 2])
def test_a_random_sequence_of_changes_never_leaves_a_stale_page(seed):
    world = _world(str(seed), seed=seed, league=True, rated=True)  # every kind of change can apply
    world.pages.check(world.event, "the event was built")
    rng = random.Random(seed)
    kinds = list(CHANGES)
    while world.pages.checks < 10:
        apply(world, rng.choice(kinds), rng)


# --- what the oracle found: the ratings beside the names come from other events -------------------------------------

SEASON = [[("A", "B", "4-1"), ("C", "D", "4-1")], [("A", "C", "4-1"), ("B", "E", "4-1")]]


@pytest.fixture
def rated(client):
    """An event (its pairings published, no result yet) whose four players played an earlier event with a fifth,
    the earlier event a member of a league that invites this one; a signed-in reader; and the pages as each
    reader gets them."""
    from django.test import Client

    from tests.factories import make_player
    from tests.leagues.test_event_ratings import next_event
    from tests.leagues.test_leagues import played_event
    from tournament.leagues.service import accept, create_league, invite_event
    from tournament.models import League
    from tournament.pairing.manager import round_pair, round_publish

    organizer, league_organizer = make_user("rated-org"), make_user("rated-league")
    league = create_league(league_organizer, League(slug="liga", name="Liga Ibérica", season_start=datetime.date(2026, 1, 1),
                                                    season_end=datetime.date(2026, 12, 31)))
    people = {label: make_player(f"Person {label}") for label in "ABCDE"}
    past = played_event(organizer, people, SEASON, date=datetime.date(2026, 3, 1))
    accept(organizer, invite_event(league_organizer, league, past).pk)
    event, _regs = next_event(organizer, {label: people[label] for label in "ABCD"})
    round_publish(round_pair(event, organizer), organizer)
    reader = Client()
    reader.force_login(make_user("rated-reader"))

    def pages() -> dict[str, str]:
        home, pairings = reverse("tournament:event", args=[event.slug]), reverse("tournament:pairings", args=[event.slug])
        return {"home": client.get(home).text, "pairings": client.get(pairings).text,
                "pairings, signed in": normalised(reader.get(pairings).text)}

    def fresh() -> dict[str, str]:
        with every_cache_empty():
            return pages()

    return SimpleNamespace(event=event, past=past, league=league, organizer=organizer,
                           league_organizer=league_organizer, people=people, pages=pages, fresh=fresh)


def test_an_event_joining_a_league_shows_the_ratings_at_once(rated):
    from tournament.leagues.service import accept, invite_event

    membership = invite_event(rated.league_organizer, rated.league, rated.event)
    assert "Strength of field" not in rated.pages()["home"]
    accept(rated.organizer, membership.pk)
    assert rated.pages() == rated.fresh()
    assert "Strength of field" in rated.pages()["home"] and "±" in rated.pages()["pairings, signed in"]


def test_a_result_corrected_in_an_earlier_event_moves_the_ratings_at_once(rated):
    from tests.leagues.test_leagues import join
    from tournament.models import Game
    from tournament.results.entry import result_enter
    from tournament.results.shorthand import parse_shorthand

    join(rated.league, rated.event)
    before = rated.pages()
    game = Game.objects.filter(round__event=rated.past).order_by("pk").first()
    result_enter(game, parse_shorthand("1-4G", rated.past.edition), rated.organizer)  # A beat B: now B beat A
    assert rated.pages() == rated.fresh() != before


def test_people_merged_in_the_league_move_the_ratings_at_once(rated):
    from tests.factories import make_player, make_registration
    from tests.leagues.test_leagues import join
    from tournament.leagues.merges import merge

    join(rated.league, rated.event)
    newcomer = make_registration(rated.event, make_player("Person E again"), name="E")  # E under a new person record
    before = rated.pages()
    merge(rated.league_organizer, rated.league, newcomer.player_id, rated.people["E"].pk)
    assert rated.pages() == rated.fresh() != before


def test_an_earlier_event_approved_for_the_global_rating_moves_the_ratings_at_once(rated):
    from django.contrib import admin
    from django.test import RequestFactory

    from tournament.models import Event

    Event.objects.filter(pk=rated.event.pk).update(global_rating=True)  # asked to count, with no league
    Event.objects.filter(pk=rated.past.pk).update(global_rating=True)
    cache.clear()
    before = rated.pages()
    assert "Strength of field: no player has a rating yet." in before["home"]
    request = RequestFactory().post("/admin/")
    request.user = make_user("site-staff")
    admin.site._registry[Event]._approve(request, Event.objects.filter(pk=rated.past.pk), True)  # the admin's action
    assert rated.pages() == rated.fresh() != before


def test_a_confirmed_ladder_game_of_the_league_moves_the_ratings_at_once(rated):
    from tests.leagues.test_leagues import join
    from tournament.leagues import ladder
    from tournament.models import Player

    join(rated.league, rated.event)
    players = {label: make_user(f"ladder-{label}") for label in "AB"}
    for label, user in players.items():
        Player.objects.filter(pk=rated.people[label].pk).update(user=user)
    before = rated.pages()
    game = ladder.report(players["A"], rated.league, rated.people["B"].pk, datetime.date(2026, 4, 2), "b")
    assert rated.pages() == rated.fresh() == before  # reported, not yet confirmed: nothing moves
    ladder.confirm(players["B"], rated.league, game.pk)
    assert rated.pages() == rated.fresh() != before
