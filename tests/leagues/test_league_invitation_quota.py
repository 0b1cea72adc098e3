"""The daily limit on invitations counts the invitations an account makes: withdrawing one (or taking an event out)
gives nothing back, so invite-and-withdraw cannot write without end into a stranger's event log."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_event, make_user
from tournament.leagues import service
from tournament.models import AuditEntry, EventRole, League, LeagueEvent

pytestmark = pytest.mark.django_db


def test_withdrawing_an_invitation_does_not_give_it_back_to_the_daily_limit(settings):
    settings.LEAGUE_INVITES_PER_DAY = 3
    victim = make_event(slug="victim", name="Victim Open", date=datetime.date(2026, 5, 9))
    EventRole.objects.create(event=victim, user=make_user("victim-org"), role=EventRole.Role.ORGANIZER)
    spammer = make_user("spammer")
    league = service.create_league(spammer, League(
        slug="spam-league", name="Spam", season_start=datetime.date(2026, 1, 1),
        season_end=datetime.date(2026, 12, 31), scoring_preset="soa-best5"))
    client = Client()
    client.force_login(spammer)
    manage = reverse("leagues:manage", args=[league.slug])

    answers = []
    for _ in range(settings.LEAGUE_INVITES_PER_DAY + 2):
        answers.append(client.post(manage, {"event": victim.slug}).status_code)
        membership = LeagueEvent.objects.filter(event=victim).first()
        if membership is not None:
            client.post(reverse("leagues:decline", args=[membership.pk]), {"back": "manage"})  # withdrawn

    assert answers[settings.LEAGUE_INVITES_PER_DAY:] == [429, 429], answers
    assert AuditEntry.objects.filter(event=victim, action="league.invite").count() <= settings.LEAGUE_INVITES_PER_DAY
