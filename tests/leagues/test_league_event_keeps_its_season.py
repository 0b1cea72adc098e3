"""An event in a league keeps the league's season and edition (first written by a review). Every way into a league
checks them (test_league_event_fits_when_it_joins.py), but the event's own edit did not: a member moved to next year,
or to DBA 2.2, still counted in the league's table.

- The edit form refuses a date or an edition that no longer fits a league the event is in, or waiting to join: the
  form comes back as sent, the error beside the field names the league and its season or edition, in en, es and it;
  nothing is saved, and the event still counts. A date within the season saves as before.
- The admin refuses it the same way.
- A member moved out some other way (before the edit checked, or a league's season changed in the admin) is not
  counted while it does not fit, and counts again once it does: its membership stays."""

from __future__ import annotations

import datetime
import html

import pytest
from django.urls import reverse

from tests.events.test_event_form import form_values
from tests.factories import make_event
from tests.leagues.test_leagues import league, league_organizer, people, played_event, signed_in  # noqa: F401
from tournament.leagues import service
from tournament.leagues.table import load_league
from tournament.models import Event, EventRole, LeagueEvent

pytestmark = pytest.mark.django_db
LANGUAGES = ("en", "es", "it")
DATE_MEMBER = {  # a member with confirmed results: only the league's organizer may take it out (test_league_leave.py)
    "en": "This date is outside the season of UK DBA League 2026 (Jan. 1, 2026 to Dec. 31, 2026), and the event counts "
          "in that league with confirmed results: keep a date within the season, or ask an organizer of UK DBA League "
          "2026 to remove the event from the league first.",
    "es": "Esta fecha queda fuera de la temporada de UK DBA League 2026 (del 1 de enero de 2026 al 31 de diciembre de "
          "2026), y el torneo cuenta en esa liga con resultados confirmados: mantén una fecha dentro de la temporada, o "
          "pide antes a un organizador de UK DBA League 2026 que quite el torneo de la liga.",
    "it": "Questa data è fuori dalla stagione di UK DBA League 2026 (1 gennaio 2026 – 31 dicembre 2026), e il torneo "
          "conta in quella lega con risultati confermati: mantieni una data entro la stagione, oppure chiedi prima a un "
          "organizzatore di UK DBA League 2026 di togliere il torneo dalla lega.",
}
EDITION_WAITING = {
    "en": "UK DBA League 2026 counts DBA 3.0 events only, and the event asked to join it: keep DBA 3.0, or first "
          "withdraw that request under “Invitations and requests”.",
    "es": "UK DBA League 2026 solo cuenta torneos de DBA 3.0, y el torneo pidió unirse a ella: mantén DBA 3.0, o antes "
          "anula esa solicitud en «Invitaciones y solicitudes».",
    "it": "UK DBA League 2026 conta solo i tornei di DBA 3.0, e il torneo ha chiesto di entrarci: mantieni DBA 3.0, "
          "oppure prima ritira quella richiesta in «Inviti e richieste».",
}


def _edit(client, event, lang: str, **changes):
    """The event's edit form as the organizer gets it, sent back with `changes`."""
    url = reverse("tournament:event_edit", args=[event.slug])
    values = form_values(client.get(url, headers={"Accept-Language": lang}).text, "event-form")
    values.update(changes)
    return client.post(url, values, headers={"Accept-Language": lang})


def _member(league, league_organizer, organizer, people):  # noqa: F811
    """The October event, played, invited by the league and accepted by its organizer."""
    event = played_event(organizer, people, [[("Ann", "Bob", "4-1")]], date=datetime.date(2026, 10, 3),
                         name="Autumn Open")
    membership = service.invite_event(league_organizer, league, event)
    service.accept(organizer, membership.pk)
    return event


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_member_event_moved_out_of_the_season_is_refused_and_still_counts(lang, league, league_organizer,  # noqa: F811
                                                                           organizer, people):  # noqa: F811
    """The organizer of a member event of the 2026 league moves it to March 2027 on the edit form: refused, naming the
    date and the league's season; the event keeps its date and its place in the table. Moved within the season, it
    saves."""
    event = _member(league, league_organizer, organizer, people)
    client = signed_in(organizer)
    response = _edit(client, event, lang, date="2027-03-06")
    assert response.status_code == 400, response.status_code
    page = html.unescape(response.content.decode())
    assert DATE_MEMBER[lang] in page, page
    assert 'value="2027-03-06"' in page  # the form as sent
    event.refresh_from_db()
    assert event.date == datetime.date(2026, 10, 3)
    assert event.pk in load_league(league).events
    assert [row.name for row in load_league(league).rows] == ["Ann", "Bob"]

    assert _edit(client, event, lang, date="2026-11-07").status_code == 302
    event.refresh_from_db()
    assert event.date == datetime.date(2026, 11, 7) and event.pk in load_league(league).events


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_event_that_asked_to_join_switched_to_another_edition_is_refused_naming_the_league(lang, league,  # noqa: F811
                                                                                            organizer):  # noqa: F811
    """An event not played yet that asked to join the DBA 3.0 league: switching it to DBA 2.2 is refused while the
    request waits, saying how to go (withdraw it first); once withdrawn, the switch saves. The league's invitation
    alone holds nothing (tests/leagues/test_league_invitation_holds_nothing.py)."""
    event = make_event(date=datetime.date(2026, 10, 3), name="Autumn Open")
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    membership = service.request_join(organizer, league, event)
    client = signed_in(organizer)
    response = _edit(client, event, lang, edition="2.2", scoring_preset="nasamw-v4")
    assert response.status_code == 400
    assert EDITION_WAITING[lang] in html.unescape(response.content.decode())
    event.refresh_from_db()
    assert (event.edition, event.scoring_preset) == ("3.0", "nasamw-3.0")

    service.decline(organizer, membership.pk)
    assert _edit(client, event, lang, edition="2.2", scoring_preset="nasamw-v4").status_code == 302
    event.refresh_from_db()
    assert event.edition == "2.2"


def test_the_admin_refuses_a_date_out_of_a_member_events_league(client, django_user_model, league,  # noqa: F811
                                                                league_organizer, organizer, people):  # noqa: F811
    event = _member(league, league_organizer, organizer, people)
    client.force_login(django_user_model.objects.create_superuser("root", "root@example.org", "x-Pass-2026!"))
    url = reverse("admin:tournament_event_change", args=[event.pk])
    values = form_values(client.get(url).text, "event_form")
    values.update({"date": "2027-03-06", "_save": "Save"})
    response = client.post(url, values)
    assert response.status_code == 200  # the admin's form again, with the error
    assert DATE_MEMBER["en"] in html.unescape(response.content.decode())
    event.refresh_from_db()
    assert event.date == datetime.date(2026, 10, 3)


def test_a_member_moved_out_some_other_way_is_not_counted_until_it_fits_again(league, league_organizer,  # noqa: F811
                                                                              organizer, people):  # noqa: F811
    """Moved to 2027 before the edit checked (or the league's season shortened in the admin): the 2026 table does not
    count a 2027 event, nor a DBA 2.2 one; the membership stays, and the event counts again once it fits."""
    event = _member(league, league_organizer, organizer, people)
    Event.objects.filter(pk=event.pk).update(date=datetime.date(2027, 3, 6))
    data = load_league(league)
    assert event.pk not in data.events and data.rows == [], [(row.name, row.points) for row in data.rows]
    Event.objects.filter(pk=event.pk).update(date=datetime.date(2026, 10, 3), edition="2.2")
    assert load_league(league).rows == []
    Event.objects.filter(pk=event.pk).update(edition="3.0")
    assert [row.name for row in load_league(league).rows] == ["Ann", "Bob"]
    assert LeagueEvent.objects.get(event=event).state == LeagueEvent.State.ACCEPTED


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_organizer_of_both_the_event_and_its_league_is_told_to_leave_it_not_to_ask_someone(lang, league,  # noqa: F811
                                                                                           league_organizer,  # noqa: F811
                                                                                           organizer, people):  # noqa: F811
    """The league's organizer also organizes the played member event and moves it out of the season: refused, but told
    to take it out with "Leave the league" on this page (which the page offers them), not to ask a league organizer,
    who is themselves."""
    from django.utils import translation
    from django.utils.formats import date_format

    from tournament.web.forms.events import LEAGUE_MISFITS

    event = _member(league, league_organizer, organizer, people)
    EventRole.objects.create(event=event, user=league_organizer, role=EventRole.Role.ORGANIZER)
    response = _edit(signed_in(league_organizer), event, lang, date="2027-03-06")
    assert response.status_code == 400
    page = html.unescape(response.content.decode())
    with translation.override(lang):
        told = str(LEAGUE_MISFITS["date", "member"]) % {"league": league.name, "start": date_format(league.season_start),
                                                         "end": date_format(league.season_end)}
    assert told in page, page
    assert DATE_MEMBER[lang] not in page
    event.refresh_from_db()
    assert event.date == datetime.date(2026, 10, 3)
