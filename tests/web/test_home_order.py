"""The homes (/me/) list "most recent first", the events still being played at the top, on SQLite and PostgreSQL
alike. Found by a review: the lists were ordered by `finished_at` ascending: the oldest finished event came first
(and the newest was cut off past the list's length), and on PostgreSQL, the production database, NULL sorts last, so
the event being played today came after every finished one (and was cut off, or shown without its game)."""

from __future__ import annotations

import datetime

from django.utils import timezone

from tests.factories import make_event, make_player, make_registration, make_user
from tests.pairing.test_rounds import pair, publish
from tests.web.test_personal_home import ME, client_for, text
from tournament.models import EventRole


def finished_events(count: int, start=datetime.date(2024, 1, 6)) -> list:
    events = []
    for k in range(count):
        date = start + datetime.timedelta(weeks=k)
        ended = timezone.make_aware(datetime.datetime.combine(date, datetime.time(20, 0)))
        events.append(make_event(slug=f"old-{k}", name=f"Old open {k:02d}", date=date, finished_at=ended))
    return events


def test_a_players_home_lists_today_s_game_and_the_latest_finished_event_first(event, organizer_client):
    marta = make_user("marta")
    player = make_player("Marta Núñez", user=marta)
    past = finished_events(13)
    for old in past:
        make_registration(old, player)
    make_registration(event, player, army_ref="II/56")
    for k in range(3):
        make_registration(event, make_player(f"Rival {k}"), army_ref="I/1a")
    publish(organizer_client, event, pair(organizer_client, event))

    page = text(client_for(marta).get(ME))
    assert "Round 1: table" in page, "the game being played now is not on the home"
    newest, oldest = past[-1].name, past[0].name
    assert newest in page, "the most recently finished event is left off the home"
    if oldest in page:
        assert page.index(newest) < page.index(oldest), "the oldest finished event is listed first"


def test_an_organizers_home_lists_the_event_they_are_running_and_their_latest_events(event, organizer):
    past = finished_events(31)
    for old in past:
        EventRole.objects.create(event=old, user=organizer, role=EventRole.Role.ORGANIZER)
    page = text(client_for(organizer).get(ME))
    assert event.name in page, "the event being run now is not on the organizer's home"
    assert past[-1].name in page, "the most recently finished event is left off the organizer's home"
