"""Issue #26, low 11: league ratings could be farmed: two fresh accounts entered an event of the league
and confirmed 14 ladder games in seconds.

Now: only players with a played game in one of the league's events take part; a pair that never met
in such a game counts only once the league organizer approves it; and a pair reports at most
LADDER_GAMES_PER_PAIR_PER_MONTH games played in one month."""

from __future__ import annotations

import datetime
import html

import pytest
from django.test import Client

from tests.factories import make_player, make_user
from tests.leagues.test_leagues import join, played_event
from tournament import models
from tournament.leagues import service
from tournament.leagues.table import load_league
from tournament.models import AuditEntry, LadderGame, League

pytestmark = pytest.mark.django_db
URL = "/leagues/farm-ladder/ladder/"


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def league_organizer(db):
    return make_user("leaguer")


@pytest.fixture
def people(league_organizer):
    """A league event: Ann beat Cid, Bob beat Dee; Eve and Fay (fresh accounts) entered and played nothing."""
    league = service.create_league(league_organizer, League(
        slug="farm-ladder", name="Farm Ladder", season_start=datetime.date(2026, 1, 1),
        season_end=datetime.date(2026, 12, 31), scoring_preset="game-points"))
    people = {name: make_player(name, user=make_user(name.lower())) for name in ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")}
    join(league, played_event(make_user("event-org"), people, [[("Ann", "Cid", "4-1"), ("Bob", "Dee", "4-1")]]))
    return people


def report(who, opponent, played_on="2026-04-02", outcome="a", language="en"):
    return client_for(who.user).post(URL, {"opponent": opponent.pk, "played_on": played_on, "outcome": outcome,
                                           "points_a": 6, "points_b": 1}, headers={"Accept-Language": language})


def confirm(who, game):
    return client_for(who.user).post(f"{URL}{game.pk}/confirm/")


def rating(name):
    return next(r for r in load_league(League.objects.get()).rows if r.name == name).rating


def test_fresh_accounts_that_played_no_game_cannot_report(people):
    refused = report(people["Eve"], people["Fay"])
    assert refused.status_code == 400
    assert "Only players with an account who played in one of the league" in html.unescape(refused.content.decode())
    assert report(people["Ann"], people["Eve"]).status_code == 400  # nor be chosen as an opponent
    assert not LadderGame.objects.exists()


@pytest.mark.parametrize(("language", "words"), [
    ("en", ["Pairs of ladder players", "Waiting for the league organizer", "Approve"]),
    ("es", ["Parejas de jugadores de escalera", "Esperando al organizador de la liga", "Aprobar"]),
    ("it", ["Coppie di giocatori della scala", "In attesa dell'organizzatore della lega", "Approva"]),
])
def test_a_new_pair_counts_only_once_the_league_organizer_approves_it(people, league_organizer, language, words):
    ann, bob = people["Ann"], people["Bob"]  # both played in the league, never against each other
    before = rating("Ann")
    assert report(ann, bob).status_code == 302
    game = LadderGame.objects.get()
    assert confirm(bob, game).status_code == 302 and LadderGame.objects.get().state == "confirmed"
    assert rating("Ann") == before  # confirmed by both, but the pair waits for the league organizer
    pair = models.LadderPair.objects.get()
    assert pair.state == "pending"
    page = html.unescape(client_for(league_organizer).get(URL, headers={"Accept-Language": language}).content.decode())
    assert all(word in page for word in words), page
    assert "ladder-pairs" not in client_for(ann.user).get(URL).content.decode()  # players do not decide
    assert client_for(bob.user).post(f"{URL}pairs/{pair.pk}/approve/").status_code == 403
    assert client_for(league_organizer).post(f"{URL}pairs/{pair.pk}/approve/").status_code == 302
    assert rating("Ann") > before
    assert AuditEntry.objects.filter(action="league.ladder_pair", user=league_organizer).exists()
    client_for(league_organizer).post(f"{URL}pairs/{pair.pk}/refuse/")
    assert rating("Ann") == before
    assert report(ann, bob, played_on="2026-05-02").status_code == 400  # a refused pair reports nothing more


def test_a_pair_that_met_at_an_event_needs_no_approval(people):
    ann, cid = people["Ann"], people["Cid"]
    before = rating("Cid")
    report(ann, cid, outcome="b")
    confirm(cid, LadderGame.objects.get())
    assert models.LadderPair.objects.get().state == "approved" and rating("Cid") > before


@pytest.mark.parametrize(("language", "words"), [
    ("en", "You two have reported as many ladder games played that month as the league allows."),
    ("es", "Ya habéis comunicado tantas partidas de escalera jugadas ese mes como permite la liga."),
    ("it", "Avete già comunicato tante partite della scala giocate in quel mese quante la lega ne permette."),
])
def test_a_pair_reports_a_limited_number_of_games_a_month(people, settings, language, words):
    settings.LADDER_GAMES_PER_PAIR_PER_MONTH = 4
    ann, cid = people["Ann"], people["Cid"]
    for day in (1, 2, 3, 4):
        assert report(ann if day % 2 else cid, cid if day % 2 else ann, played_on=f"2026-04-0{day}").status_code == 302
    refused = report(ann, cid, played_on="2026-04-20", language=language)
    assert refused.status_code == 400 and words in html.unescape(refused.content.decode())
    assert LadderGame.objects.count() == 4
    client_for(cid.user).post(f"{URL}{LadderGame.objects.filter(player_b=cid).first().pk}/reject/")
    assert report(ann, cid, played_on="2026-04-21").status_code == 302  # a rejected game frees its place
    assert report(ann, cid, played_on="2026-05-01").status_code == 302  # another month
