"""Issue #26, low 8: league creation had no quota (30 public spam leagues in 0.7 s) and `/leagues/`
listed them at once, all on one page. Now: the daily quota events have, new leagues unlisted until
their first accepted event, and the list paged."""

from __future__ import annotations

import datetime
import html

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_event, make_user
from tournament.leagues import service
from tournament.models import League, LeagueEvent

pytestmark = pytest.mark.django_db


def form(k: int) -> dict:
    return {"name": f"Spam league {k}", "slug": f"spam-{k}", "season_start": "2026-01-01",
            "season_end": "2026-12-31", "edition": "3.0", "public": "on", "scoring_preset": "soa-best5",
            "best_n": "5", "min_games": "0"}


def league(k: int, owner, *, season=2026) -> League:
    return service.create_league(owner, League(slug=f"league-{k}", name=f"League number {k}", public=True,
                                               season_start=datetime.date(season, 1, 1),
                                               season_end=datetime.date(season, 12, 31)))


def accepted(league_: League) -> LeagueEvent:
    event = make_event(slug=f"ev-{league_.slug}")
    return LeagueEvent.objects.create(league=league_, event=event, state=LeagueEvent.State.ACCEPTED)


@pytest.mark.parametrize(("language", "words"), [
    ("en", "You have created 3 leagues in the last 24 hours, the most one account may."),
    ("es", "Has creado 3 ligas en las últimas 24 horas, el máximo por cuenta."),
    ("it", "Hai creato 3 leghe nelle ultime 24 ore, il massimo per un account."),
])
def test_one_account_creates_a_limited_number_of_leagues_a_day(settings, language, words):
    settings.LEAGUES_PER_DAY = 3
    spammer = Client()
    spammer.force_login(make_user("spammer"))
    for k in range(3):
        created = spammer.post(reverse("leagues:create"), form(k))
        assert created.status_code == 302, created.content.decode()[:2000]
    refused = spammer.post(reverse("leagues:create"), form(3), headers={"Accept-Language": language})
    assert refused.status_code == 429 and words in html.unescape(refused.content.decode())
    assert League.objects.count() == 3
    League.objects.update(created_at=datetime.datetime(2020, 1, 1, tzinfo=datetime.UTC))
    assert spammer.post(reverse("leagues:create"), form(4)).status_code == 302  # a day later
    other = Client()
    other.force_login(make_user("someone-else"))  # the quota is the account's own
    assert other.post(reverse("leagues:create"), form(5)).status_code == 302


def test_the_events_quota_is_the_default():
    from django.conf import settings

    assert settings.LEAGUES_PER_DAY == settings.EVENTS_PER_DAY


def test_a_new_league_is_listed_only_once_an_event_has_joined(client):
    owner = make_user("owner")
    new = league(1, owner)
    assert "League number 1" not in client.get("/leagues/").content.decode()
    assert client.get(new.get_absolute_url()).status_code == 200  # reachable by its link
    mine = Client()
    mine.force_login(owner)
    assert "League number 1" in mine.get("/leagues/").content.decode()  # under "Leagues you run"
    LeagueEvent.objects.create(league=new, event=make_event(slug="invited"), state=LeagueEvent.State.INVITED)
    assert "League number 1" not in client.get("/leagues/").content.decode()  # an invitation is not a member
    accepted(new)
    assert "League number 1" in client.get("/leagues/").content.decode()


def test_the_leagues_page_is_paged(client, settings):
    settings.LEAGUES_PER_PAGE = 2
    owner = make_user("owner")
    for k, season in enumerate((2024, 2025, 2026)):
        accepted(league(k, owner, season=season))
    first = client.get("/leagues/").content.decode()
    assert "League number 2" in first and "League number 1" in first and "League number 0" not in first
    assert 'rel="next"' in first and "1 / 2" in first
    second = client.get("/leagues/?page=2").content.decode()
    assert "League number 0" in second and "League number 2" not in second and 'rel="prev"' in second
