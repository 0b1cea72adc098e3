"""Issue 26 §6 and §7: league invitations.

§6: inviting the same event 11 times wrote 11 audit entries in that event's log, and the invite form told an
unlisted slug from an unknown one. §7: accepting someone else's invitation said "X is now part of Y" (a private
league's name) before any permission check."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from tests.factories import make_event, make_user
from tournament.leagues import service
from tournament.models import AuditEntry, EventRole, League, LeagueEvent


@pytest.fixture
def league_owner(db):
    return make_user("league-owner")


@pytest.fixture
def league(league_owner):
    league = League(slug="secret-liga", name="Liga Segreta", season_start=datetime.date(2026, 1, 1),
                    season_end=datetime.date(2026, 12, 31), scoring_preset="soa-best5")
    return service.create_league(league_owner, league)


@pytest.fixture
def owner_client(league_owner):
    client = Client()
    client.force_login(league_owner)
    return client


def _invite(client, slug: str):
    return client.post("/leagues/secret-liga/manage/", {"event": slug})


def test_inviting_one_event_again_and_again_logs_it_once(league, owner_client, demo):
    for _ in range(11):
        _invite(owner_client, demo.slug)
    assert AuditEntry.objects.filter(event=demo, action="league.invite").count() == 1


def test_invitations_are_limited_per_account_and_day(league, owner_client, settings):
    settings.LEAGUE_INVITES_PER_DAY = 3
    events = [make_event(slug=f"open-{n}", date=datetime.date(2026, 5, 1)) for n in range(4)]
    for event in events[:3]:
        assert _invite(owner_client, event.slug).status_code == 302
    page = _invite(owner_client, events[3].slug)
    assert page.status_code == 429 and "try again tomorrow" in page.text
    assert not LeagueEvent.objects.filter(event=events[3]).exists()


def test_an_unlisted_event_answers_like_an_unknown_one(league, owner_client):
    make_event(slug="hidden", listed=False, date=datetime.date(2026, 5, 1))
    hidden, unknown = _invite(owner_client, "hidden"), _invite(owner_client, "no-such-event")
    errors = [page.text.split('id="id_event_error"', 1)[-1][:200] if 'id="id_event_error"' in page.text
              else page.text.split("errorlist", 1)[-1][:200] for page in (hidden, unknown)]
    assert hidden.status_code == unknown.status_code == 400
    assert errors[0] == errors[1] and "No listed event has this short name" in errors[0]
    assert not LeagueEvent.objects.exists()


def test_the_organizer_may_invite_their_own_unlisted_event(league, owner_client, league_owner):
    mine = make_event(slug="own-hidden", listed=False, date=datetime.date(2026, 5, 1))
    EventRole.objects.create(event=mine, user=league_owner, role=EventRole.Role.ORGANIZER)
    assert _invite(owner_client, "own-hidden").status_code == 302


@pytest.mark.parametrize("state", [LeagueEvent.State.INVITED, LeagueEvent.State.ACCEPTED])
def test_someone_elses_invitation_is_404_and_names_nothing(league, demo, stranger_client, state):
    membership = LeagueEvent.objects.create(league=league, event=demo, state=state)
    response = stranger_client.post(f"/leagues/invitations/{membership.pk}/accept/", follow=True)
    assert response.status_code == 404
    assert "Liga Segreta" not in response.text and "Demo" not in response.text
    assert LeagueEvent.objects.get(pk=membership.pk).state == state
