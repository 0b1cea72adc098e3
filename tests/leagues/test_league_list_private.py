"""The leagues page lists public leagues only: a league whose "public" box is unticked is seen by its organizers
alone (its table answers everyone else as a league that does not exist), so its name is not on the list either,
not even once an event has joined it."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from tests.factories import make_event, make_user
from tournament.leagues import service
from tournament.models import League, LeagueEvent

pytestmark = pytest.mark.django_db


def league(owner, slug: str, name: str, *, public: bool) -> League:
    made = service.create_league(owner, League(slug=slug, name=name, public=public,
                                               season_start=datetime.date(2026, 1, 1),
                                               season_end=datetime.date(2026, 12, 31)))
    LeagueEvent.objects.create(league=made, event=make_event(slug=f"ev-{slug}"), state=LeagueEvent.State.ACCEPTED)
    return made


def test_a_private_league_with_a_member_event_is_not_on_the_leagues_page():
    owner = make_user("leaguer")
    league(owner, "loud", "The Loud League", public=True)
    league(owner, "quiet", "The Quiet League", public=False)
    stranger = Client()
    stranger.force_login(make_user("passer-by"))
    for client in (Client(), stranger):
        page = client.get("/leagues/").text
        assert "The Loud League" in page
        assert "The Quiet League" not in page and "/leagues/quiet/" not in page
