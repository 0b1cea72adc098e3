"""Leagues as an organizer and a player meet them (issue 27, items 17-21): inviting one's own event from a
list, accepted at once; the account's name after a merge; a ladder game reported with only an outcome; the
league form's suggested short name and season dates. In en, es and it."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.utils import timezone

from tests.factories import make_event, make_player, make_user
from tests.leagues.test_league_play import client_for, make_league
from tests.leagues.test_leagues import join, played_event
from tournament.leagues import ladder
from tournament.leagues.table import load_league
from tournament.models import AuditEntry, EventRole, LadderGame, League, LeagueEvent

pytestmark = pytest.mark.django_db
LANGUAGES = ("en", "es", "it")


def _own_event(user, **fields):
    event = make_event(date=datetime.date(2026, 6, 6), **fields)
    EventRole.objects.create(event=event, user=user, role=EventRole.Role.ORGANIZER)
    return event


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_invite_form_offers_the_organizers_own_events_and_their_own_joins_at_once(lang):
    owner = make_user("both-hats")
    league = make_league(owner)
    mine = _own_event(owner, name="Torneo di Città")
    other_season = _own_event(owner, name="Old Cup")
    other_season.date = datetime.date(2025, 6, 6)
    other_season.save()
    stranger_event = make_event(name="Someone Else's Open", date=datetime.date(2026, 7, 7))
    client = client_for(owner)
    page = client.get("/leagues/club-ladder/manage/", headers={"Accept-Language": lang}).content.decode()
    # The select lists the organizer's own eligible events (not another season's, not another organizer's).
    options = page[page.index('name="own_event"'):]
    options = options[: options.index("</select>")]
    assert f'value="{mine.pk}"' in options and "Torneo di Città" in options
    assert f'value="{other_season.pk}"' not in options and f'value="{stranger_event.pk}"' not in options
    response = client.post("/leagues/club-ladder/manage/", {"own_event": mine.pk}, headers={"Accept-Language": lang})
    assert response.status_code == 302
    membership = LeagueEvent.objects.get(league=league, event=mine)
    assert membership.state == LeagueEvent.State.ACCEPTED and membership.accepted_at is not None
    assert AuditEntry.objects.filter(event=mine, action="league.accept", user=owner).exists()
    assert not client.get("/leagues/invitations/").content.decode().count('action="/leagues/invitations/')
    # Once in, it is no longer offered (nor is the list, with nothing left in it).
    page = client.get("/leagues/club-ladder/manage/").content.decode()
    assert 'name="own_event"' not in page


def test_another_organizers_event_is_still_invited_by_its_short_name_and_waits_for_them():
    owner, other = make_user("leaguer2"), make_user("other-organizer")
    league = make_league(owner)
    theirs = _own_event(other)
    client = client_for(owner)
    assert client.post("/leagues/club-ladder/manage/", {"event": theirs.slug}).status_code == 302
    assert LeagueEvent.objects.get(league=league, event=theirs).state == LeagueEvent.State.INVITED
    # Someone else's event cannot be slipped in through the own-events select.
    another = _own_event(other, name="Second")
    assert client.post("/leagues/club-ladder/manage/", {"own_event": another.pk}).status_code == 400
    assert not LeagueEvent.objects.filter(event=another).exists()
    # Neither chosen: a clear error, nothing written.
    page = client.post("/leagues/club-ladder/manage/", {"event": ""}).content.decode()
    assert "Choose one of your events or write an event" in page


@pytest.fixture
def merged_account():
    """Niccolò Gallo has an account; at a later event he was typed in as "Niccolo Gallo" without it."""
    owner, organizer = make_user("leaguer3"), make_user("ev-org")
    league = make_league(owner)
    account = make_player("Niccolò Gallo", user=make_user("niccolo"))
    typed, bob, cid = make_player("Niccolo Gallo"), make_player("Bob"), make_player("Cid")
    join(league, played_event(organizer, {"Niccolò Gallo": account, "Bob": bob}, [[("Niccolò Gallo", "Bob", "4-1")]]))
    join(league, played_event(organizer, {"Niccolo Gallo": typed, "Cid": cid}, [[("Niccolo Gallo", "Cid", "4-1")]],
                              date=datetime.date(2026, 5, 1)))
    return league, account, typed, owner


@pytest.mark.parametrize("lang", LANGUAGES)
def test_after_a_merge_the_league_shows_the_accounts_name(merged_account, lang):
    league, account, typed, owner = merged_account
    assert client_for(owner).post(
        "/leagues/club-ladder/merge/suggest/", {"player": typed.pk, "into": account.pk}).status_code == 302
    assert client_for(account.user).post(f"/leagues/club-ladder/merge/{typed.pk}/answer/confirm/").status_code == 302
    names = [row.name for row in load_league(league).rows]
    assert "Niccolò Gallo" in names and "Niccolo Gallo" not in names
    page = Client().get("/leagues/club-ladder/", headers={"Accept-Language": lang}).content.decode()
    assert "Niccolò Gallo" in page and "Niccolo Gallo" not in page


@pytest.mark.parametrize("lang, won", [("en", "Won"), ("es", "Ganada"), ("it", "Vinta")])
def test_a_ladder_game_reported_with_only_an_outcome_shows_no_score(lang, won):
    owner, organizer = make_user("leaguer4"), make_user("ev-org2")
    league = make_league(owner, scoring_preset="game-points")
    ann, bob = make_player("Ann", user=make_user("ann")), make_player("Bob", user=make_user("bob"))
    join(league, played_event(organizer, {"Ann": ann, "Bob": bob}, [[("Ann", "Bob", "4-1")]]))
    ladder.pair_of(league, ann, bob, owner)  # they met at the league's event: a pair whose games count
    LadderGame.objects.create(league=league, player_a=ann, player_b=bob, played_on=datetime.date(2026, 4, 2),
                              outcome=LadderGame.Outcome.A, reported_by=ann.user, state=LadderGame.State.CONFIRMED)
    LadderGame.objects.create(league=league, player_a=bob, player_b=ann, played_on=datetime.date(2026, 4, 3),
                              outcome=LadderGame.Outcome.A, points_a=6, points_b=2, reported_by=bob.user,
                              state=LadderGame.State.CONFIRMED)
    page = client_for(ann.user).get("/leagues/club-ladder/ladder/", headers={"Accept-Language": lang}).content.decode()
    assert f"{won} 6–2" in page  # a score given is shown
    assert "0–0" not in page and f"<td>{won}</td>" in page
    player_page = Client().get(f"/leagues/club-ladder/players/{ann.pk}/", headers={"Accept-Language": lang}).content.decode()
    assert "0–0" not in player_page and "6–2" in player_page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_league_form_suggests_a_short_name_and_this_years_season(lang):
    client = client_for(make_user("new-leaguer"))
    page = client.get("/leagues/new/", headers={"Accept-Language": lang}).content.decode()
    year = timezone.localdate().year
    assert 'data-suggests="id_slug"' in page
    assert f'name="season_start" value="{year}-01-01"' in page and f'name="season_end" value="{year}-12-31"' in page
    form = {"name": "Lega Città 2026", "season_start": "2026-01-01", "season_end": "2026-12-31", "edition": "3.0",
            "scoring_preset": "game-points", "min_games": 5}
    assert client.post("/leagues/new/", form, headers={"Accept-Language": lang}).status_code == 302
    assert client.post("/leagues/new/", form, headers={"Accept-Language": lang}).status_code == 302
    assert set(League.objects.values_list("slug", flat=True)) == {"lega-citta-2026", "lega-citta-2026-2"}


def test_an_organizer_with_no_event_of_their_own_in_the_season_sees_only_the_short_name():
    owner = make_user("no-events")
    make_league(owner)
    page = client_for(owner).get("/leagues/club-ladder/manage/", headers={"Accept-Language": "es"}).content.decode()
    assert 'name="own_event"' not in page and 'name="event"' in page and "Nombre corto del torneo" in page
