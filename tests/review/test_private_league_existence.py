"""Review (information leak): "a private league exists only for its organizers" (tournament/web/league_access.py,
`league_in_url`; leagues/test_leagues.py checks its page answers a stranger 404). Its organizers' pages answer a
stranger 403 instead, because `league_in_url` refuses a non-organizer (PermissionDenied) before it hides a private
league (Http404): a slug that does not exist is 404 and a private league's is 403, so anyone signed in can tell
which private leagues exist by trying names (`/leagues/<slug>/manage/`, `/merge/`, `/import/`)."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from tests.factories import make_user
from tournament.leagues import service
from tournament.models import League


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["manage/", "merge/", "import/"])
def test_a_private_leagues_organizer_pages_answer_a_stranger_as_a_league_that_does_not_exist(page):
    owner = make_user("leaguer")
    service.create_league(owner, League(slug="secret-club-2026", name="Secret club league", public=False,
                                        season_start=datetime.date(2026, 1, 1), season_end=datetime.date(2026, 12, 31),
                                        scoring_preset="soa-best5"))
    stranger = Client()
    stranger.force_login(make_user("nosy"))
    missing = stranger.get(f"/leagues/no-such-league/{page}").status_code
    private = stranger.get(f"/leagues/secret-club-2026/{page}").status_code
    assert missing == 404
    assert private == missing, f"a private league answers {private}, a missing one {missing}: its existence shows"
