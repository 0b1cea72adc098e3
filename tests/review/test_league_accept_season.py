"""An event joins a league only when it is played within the league's season and under its edition: the invite and
join forms check it (`eligible_events`), but accepting a waiting invitation checks nothing, so an event moved out
of the season after it was invited still joins, and its games count in the league table."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from tests.leagues.test_leagues import league, league_organizer, people, played_event  # noqa: F401
from tournament.leagues.table import load_league
from tournament.models import LeagueEvent

pytestmark = pytest.mark.django_db


def test_an_invited_event_moved_out_of_the_season_is_not_counted_once_accepted(league, league_organizer,  # noqa: F811
                                                                               organizer, people):  # noqa: F811
    """The UK 2026 league (season 2026) invites the October 2026 event. Its organizer then moves it to March 2027
    (it was postponed; they played it then) and accepts the invitation. The league's table must not count a 2027
    event, as the invite form would have refused it."""
    event = played_event(organizer, people, [[("Ann", "Bob", "4-1")]], date=datetime.date(2026, 10, 3))
    owner = Client()
    owner.force_login(league_organizer)
    assert owner.post("/leagues/uk-2026/manage/", {"event": event.slug}).status_code == 302
    membership = LeagueEvent.objects.get(league=league, event=event)
    assert membership.state == LeagueEvent.State.INVITED

    event.date = datetime.date(2027, 3, 6)
    event.save(update_fields=["date"])
    event_side = Client()
    event_side.force_login(organizer)
    event_side.post(f"/leagues/invitations/{membership.pk}/accept/")

    data = load_league(league)
    assert event.pk not in data.events, "a March 2027 event counts in the 2026 league"
    assert data.rows == [], [(row.name, row.points) for row in data.rows]


def test_an_invited_event_switched_to_another_edition_is_not_counted_once_accepted(league, league_organizer,  # noqa: F811
                                                                                   organizer, people):  # noqa: F811
    """The DBA 3.0 league invites an event not played yet; its organizer switches it to DBA 2.2 (allowed while no
    result is confirmed), plays it and accepts. The league must not count a DBA 2.2 event."""
    from tests.factories import make_event
    from tournament.models import EventRole

    event = make_event(date=datetime.date(2026, 10, 3))
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    owner = Client()
    owner.force_login(league_organizer)
    assert owner.post("/leagues/uk-2026/manage/", {"event": event.slug}).status_code == 302
    membership = LeagueEvent.objects.get(league=league, event=event)

    event.edition, event.scoring_preset = "2.2", "nasamw-v4"
    event.save(update_fields=["edition", "scoring_preset"])
    event_side = Client()
    event_side.force_login(organizer)
    event_side.post(f"/leagues/invitations/{membership.pk}/accept/")

    assert event.pk not in load_league(league).events, "a DBA 2.2 event counts in the DBA 3.0 league"
