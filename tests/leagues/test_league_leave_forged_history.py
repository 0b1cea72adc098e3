"""A double click on "leave" is told what the first click did (`leagues.service.left`), from the user's own audit
entry only: an imported backup writes whatever history it holds into the new event, so a forged "league.leave" entry
naming a private league must not make "leave" tell anyone that league's name, or whether it exists."""

from __future__ import annotations

import datetime
import html
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.factories import make_user
from tournament.leagues import service
from tournament.models import League

pytestmark = pytest.mark.django_db

FORGED_PK = 987654


def _backup(slug: str, league_slug: str) -> dict:
    return {"format": "dba-tournament-event", "version": 1,
            "event": {"slug": slug, "name": "Probe", "date": "2026-05-01"},
            "clubs": [], "players": [], "roles": [], "registrations": [], "rounds": [],
            "audit": [{"at": "2026-05-01T10:00:00+00:00", "user": "someone", "action": "league.leave",
                       "target": league_slug, "before": {"state": "accepted", "premier": False,
                                                         "membership": FORGED_PK},
                       "after": {"by": "event"}}]}


def _upload(client, data: dict):
    body = json.dumps(data).encode()
    return client.post(reverse("tournament:backup_upload"), {"file": SimpleUploadedFile("b.json", body), "slug": ""})


@pytest.fixture
def private_league(db):
    owner = make_user("league-owner")
    return service.create_league(owner, League(
        slug="secret-liga", name="Liga Segreta", public=False, season_start=datetime.date(2026, 1, 1),
        season_end=datetime.date(2026, 12, 31), scoring_preset="soa-best5"))


def test_a_forged_history_does_not_reveal_a_private_league_through_leave(private_league):
    stranger = Client()
    stranger.force_login(make_user("stranger"))
    assert stranger.get(reverse("leagues:league", args=["secret-liga"])).status_code == 404  # private: none to them
    assert _upload(stranger, _backup("probe", "secret-liga")).status_code == 302

    answer = stranger.post(reverse("leagues:leave", args=[FORGED_PK]), {"back": "event"}, follow=True)

    assert "Liga Segreta" not in html.unescape(answer.content.decode())
    assert answer.status_code == 404  # as for a membership that never was
