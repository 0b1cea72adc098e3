"""An event joins a league only when it is played within the league's season and under its edition (first written by
a review): the invite and join forms check it (`eligible_events`), and every way into the league checks it again under
a lock, as the event stands then. Accepting a waiting invitation used to check nothing, so an event moved out of the
season after it was invited still joined, and its games counted in the league table. The refusal names the date or
edition that does not fit, and what to do, in en, es and it."""

from __future__ import annotations

import datetime
import html

import pytest
from django.test import Client

from tests.factories import make_event
from tests.leagues.test_leagues import league, league_organizer, people, played_event  # noqa: F401
from tournament.leagues import service
from tournament.leagues.table import load_league
from tournament.models import EventRole, LeagueEvent

pytestmark = pytest.mark.django_db
LANGUAGES = ("en", "es", "it")
OUT_OF_SEASON = {
    "en": "is played on March 6, 2027, outside the season of UK DBA League 2026 (Jan. 1, 2026 to Dec. 31, 2026), so it "
          "cannot join the league. If the event's date is wrong, correct it under “Edit event”, then try again.",
    "es": "se juega el 6 de marzo de 2027, fuera de la temporada de UK DBA League 2026 (del 1 de enero de 2026 al 31 de "
          "diciembre de 2026), así que no puede unirse a la liga. Si la fecha del torneo está mal, corrígela en «Editar "
          "evento» y vuelve a intentarlo.",
    "it": "si gioca il 6 marzo 2027, fuori dalla stagione di UK DBA League 2026 (1 gennaio 2026 – 31 dicembre 2026), "
          "quindi non può entrare nella lega. Se la data del torneo è sbagliata, correggila in «Modifica evento» e "
          "riprova.",
}
OTHER_EDITION = {
    "en": "is played under DBA 2.2, but UK DBA League 2026 counts DBA 3.0 events only, so it cannot join the league.",
    "es": "se juega con DBA 2.2, pero UK DBA League 2026 solo cuenta torneos de DBA 3.0, así que no puede unirse a la "
          "liga.",
    "it": "si gioca con DBA 2.2, ma UK DBA League 2026 conta solo i tornei di DBA 3.0, quindi non può entrare nella "
          "lega.",
}


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _invited(league, league_organizer, event) -> LeagueEvent:  # noqa: F811
    assert _client(league_organizer).post("/leagues/uk-2026/manage/", {"event": event.slug}).status_code == 302
    membership = LeagueEvent.objects.get(league=league, event=event)
    assert membership.state == LeagueEvent.State.INVITED
    return membership


def _accept(organizer, membership, lang="en") -> str:
    response = _client(organizer).post(f"/leagues/invitations/{membership.pk}/accept/", follow=True,
                                       headers={"Accept-Language": lang})
    assert response.status_code == 200
    return html.unescape(response.content.decode())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_invited_event_moved_out_of_the_season_is_not_counted_once_accepted(lang, league, league_organizer,  # noqa: F811
                                                                               organizer, people):  # noqa: F811
    """The UK 2026 league (season 2026) invites the October 2026 event. Its organizer then moves it to March 2027
    (it was postponed; they played it then) and accepts the invitation. The league's table must not count a 2027
    event, as the invite form would have refused it; the invitations page says why, and what to do."""
    event = played_event(organizer, people, [[("Ann", "Bob", "4-1")]], date=datetime.date(2026, 10, 3),
                         name="Autumn Open")
    membership = _invited(league, league_organizer, event)

    event.date = datetime.date(2027, 3, 6)
    event.save(update_fields=["date"])
    page = _accept(organizer, membership, lang)
    assert "Autumn Open " + OUT_OF_SEASON[lang] in page, page

    data = load_league(league)
    assert event.pk not in data.events, "a March 2027 event counts in the 2026 league"
    assert data.rows == [], [(row.name, row.points) for row in data.rows]
    membership.refresh_from_db()
    assert membership.state == LeagueEvent.State.INVITED  # still waiting: it was the date that was wrong

    # What the page says to do: the date corrected, the invitation is accepted.
    event.date = datetime.date(2026, 10, 3)
    event.save(update_fields=["date"])
    _accept(organizer, membership, lang)
    assert event.pk in load_league(league).events


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_invited_event_switched_to_another_edition_is_not_counted_once_accepted(lang, league, league_organizer,  # noqa: F811
                                                                                   organizer):  # noqa: F811
    """The DBA 3.0 league invites an event not played yet; its organizer switches it to DBA 2.2 (allowed while no
    result is confirmed), plays it and accepts. The league must not count a DBA 2.2 event."""
    event = make_event(date=datetime.date(2026, 10, 3), name="Autumn Open")
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    membership = _invited(league, league_organizer, event)

    event.edition, event.scoring_preset = "2.2", "nasamw-v4"
    event.save(update_fields=["edition", "scoring_preset"])
    page = _accept(organizer, membership, lang)
    assert "Autumn Open " + OTHER_EDITION[lang] in page, page

    assert event.pk not in load_league(league).events, "a DBA 2.2 event counts in the DBA 3.0 league"
    membership.refresh_from_db()
    assert membership.state == LeagueEvent.State.INVITED


def test_every_other_way_in_checks_the_event_as_it_stands(league, league_organizer, organizer):  # noqa: F811
    """Asking to join (which accepts a waiting invitation), and a league organizer inviting an event of their own
    (which joins at once) or accepting a request, all refuse an event that no longer fits; nothing is written."""
    invited = make_event(date=datetime.date(2026, 10, 3), name="Invited")
    EventRole.objects.create(event=invited, user=organizer, role=EventRole.Role.ORGANIZER)
    membership = service.invite_event(league_organizer, league, invited)
    invited.date = datetime.date(2027, 1, 2)
    invited.save(update_fields=["date"])
    with pytest.raises(service.MembershipRefused, match="season"):
        service.request_join(organizer, league, invited)
    membership.refresh_from_db()
    assert membership.state == LeagueEvent.State.INVITED

    own = make_event(date=datetime.date(2026, 5, 5), name="Own", edition="2.2", scoring_preset="nasamw-v4")
    EventRole.objects.create(event=own, user=league_organizer, role=EventRole.Role.ORGANIZER)
    with pytest.raises(service.MembershipRefused, match="edition"):
        service.invite_event(league_organizer, league, own)
    assert not LeagueEvent.objects.filter(event=own).exists()

    asked = make_event(date=datetime.date(2026, 6, 6), name="Asked")
    EventRole.objects.create(event=asked, user=organizer, role=EventRole.Role.ORGANIZER)
    request = service.request_join(organizer, league, asked)
    assert request.state == LeagueEvent.State.REQUESTED
    asked.date = datetime.date(2025, 12, 31)
    asked.save(update_fields=["date"])
    with pytest.raises(service.MembershipRefused, match="season"):
        service.accept(league_organizer, request.pk)
    with pytest.raises(service.MembershipRefused, match="season"):
        service.invite_event(league_organizer, league, asked)  # inviting it accepts the standing request
    request.refresh_from_db()
    assert request.state == LeagueEvent.State.REQUESTED
