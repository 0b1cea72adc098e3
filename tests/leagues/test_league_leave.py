"""A member event leaves its league (a dead end until now: once accepted, only a site admin could take an event out,
and the event's edit refused a date or edition out of the league without saying what to do).

- The league's organizer removes a member event from the league's events list, whatever its results: the table stops
  counting its games; the audit log says who did it, in en, es and it.
- The event's organizer leaves from the event's edit page while no game has a confirmed result (a bye does not count),
  and may then move the date out of the season; after a confirmed result they are refused, told to ask the league's
  organizer, and the edit's refusal says the same.
- Someone else gets a 404; a second click is told the event already left; a waiting membership is left to `decline`.
- The event's ratings no longer come from a league the event was moved out of."""

from __future__ import annotations

import datetime
import html

import pytest
from django.urls import reverse

from tests.factories import make_event, make_registration, make_user
from tests.leagues.test_league_event_keeps_its_season import LANGUAGES, _edit
from tests.leagues.test_leagues import league, league_organizer, people, played_event, signed_in  # noqa: F401
from tournament.leagues import service
from tournament.leagues.event_ratings import event_ratings
from tournament.leagues.table import load_league
from tournament.models import Event, EventRole, Game, League, LeagueEvent, Round, Seat

pytestmark = pytest.mark.django_db

REMOVED = {
    "en": "Autumn Open is no longer in UK DBA League 2026: its games no longer count in the league's table.",
    "es": "Autumn Open ya no está en UK DBA League 2026: sus partidas ya no cuentan en la clasificación de la liga.",
    "it": "Autumn Open non è più in UK DBA League 2026: le sue partite non contano più nella classifica della lega.",
}
REFUSED = {
    "en": "Autumn Open has confirmed results, which UK DBA League 2026 counts, so only an organizer of the league can "
          "take it out now: ask them.",
    "es": "Autumn Open tiene resultados confirmados, que UK DBA League 2026 cuenta, así que ahora solo un organizador "
          "de la liga puede sacarlo: pídeselo.",
    "it": "Autumn Open ha risultati confermati, che UK DBA League 2026 conta, quindi ora solo un organizzatore della "
          "lega può toglierlo: chiediglielo.",
}
ALREADY = {
    "en": "Autumn Open is no longer in UK DBA League 2026: it was already taken out.",
    "es": "Autumn Open ya no está en UK DBA League 2026: ya se había sacado de la liga.",
    "it": "Autumn Open non è più in UK DBA League 2026: era già stato tolto dalla lega.",
}
DATE_LEAVE_FIRST = {
    "en": "This date is outside the season of UK DBA League 2026 (Jan. 1, 2026 to Dec. 31, 2026), and the event counts "
          "in that league: keep a date within the season, or first take the event out of the league with “Leave the "
          "league” under “Leagues” on the event's edit page, then move it.",
    "es": "Esta fecha queda fuera de la temporada de UK DBA League 2026 (del 1 de enero de 2026 al 31 de diciembre de "
          "2026), y el torneo cuenta en esa liga: mantén una fecha dentro de la temporada, o antes saca el torneo de "
          "la liga con «Salir de la liga» en «Ligas», en la página de edición del torneo, y luego cámbiala.",
    "it": "Questa data è fuori dalla stagione di UK DBA League 2026 (1 gennaio 2026 – 31 dicembre 2026), e il torneo "
          "conta in quella lega: mantieni una data entro la stagione, oppure prima togli il torneo dalla lega con "
          "«Esci dalla lega» in «Leghe», nella pagina di modifica del torneo, e poi spostala.",
}
LEAVE_BUTTON = {"en": "Leave the league", "es": "Salir de la liga", "it": "Esci dalla lega"}
REMOVE_BUTTON = {"en": "Remove from the league", "es": "Quitar de la liga", "it": "Togli dalla lega"}
LOG = {
    "league": {"en": "Removed from the league “uk-2026” by Lea Guer, an organizer of the league.",
               "es": "Quitado de la liga «uk-2026» por Lea Guer, organizador de la liga.",
               "it": "Tolto dalla lega «uk-2026» da Lea Guer, organizzatore della lega."},
    "event": {"en": "Left the league “uk-2026”: taken out by Organizer Uno, the event's organizer.",
              "es": "Salió de la liga «uk-2026»: lo sacó Organizer Uno, organizador del torneo.",
              "it": "Uscito dalla lega «uk-2026»: lo ha tolto Organizer Uno, organizzatore del torneo."},
}


def _page(response) -> str:
    return html.unescape(response.content.decode())


def _leave_url(membership) -> str:
    return reverse("leagues:leave", args=[membership.pk])


def _played_member(league, league_organizer, organizer, people, **fields):  # noqa: F811
    """The October event, Ann beat Bob (confirmed), invited by the league and accepted: its membership."""
    event = played_event(organizer, people, [[("Ann", "Bob", "4-1")]], date=datetime.date(2026, 10, 3),
                         name="Autumn Open", **fields)
    membership = service.invite_event(league_organizer, league, event)
    return service.accept(organizer, membership.pk)


def _unplayed_member(league, league_organizer, organizer, people, bye: bool = True):  # noqa: F811
    """The October event, not played yet but for a bye its round 1 gave (confirmed as a bye is), a member."""
    event = make_event(date=datetime.date(2026, 10, 3), name="Autumn Open")
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    ann = make_registration(event, people["Ann"], name="Ann")
    if not bye:
        return service.accept(organizer, service.invite_event(league_organizer, league, event).pk)
    rnd = Round.objects.create(event=event, number=1, status=Round.Status.PUBLISHED)
    bye = Game.objects.create(round=rnd, table=1, is_bye=True, status=Game.Status.CONFIRMED)
    Seat.objects.create(game=bye, round=rnd, registration=ann, side="a")
    membership = service.invite_event(league_organizer, league, event)
    return service.accept(organizer, membership.pk)


@pytest.fixture
def named_league_organizer(league_organizer):  # noqa: F811
    league_organizer.first_name, league_organizer.last_name = "Lea", "Guer"  # the log names them
    league_organizer.save()
    return league_organizer


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_league_organizer_removes_a_member_event_and_the_table_stops_counting_it(
        lang, league, named_league_organizer, organizer, people):  # noqa: F811
    """Even with confirmed results: the league decides what it counts. The button is on the league's events list."""
    spring = played_event(organizer, {"Cid": people["Cid"], "Dee": people["Dee"]}, [[("Cid", "Dee", "4-1")]],
                          date=datetime.date(2026, 4, 4), name="Spring Open")
    service.accept(organizer, service.invite_event(named_league_organizer, league, spring).pk)
    membership = _played_member(league, named_league_organizer, organizer, people)
    assert {row.name for row in load_league(league).rows} == {"Ann", "Bob", "Cid", "Dee"}
    owner = signed_in(named_league_organizer)
    page = _page(owner.get(reverse("leagues:manage", args=[league.slug]), headers={"Accept-Language": lang}))
    form = page[page.index(f'action="{_leave_url(membership)}"'):].split("</form>")[0]
    assert f">{REMOVE_BUTTON[lang]}</button>" in form and 'name="csrfmiddlewaretoken"' in form

    answer = owner.post(_leave_url(membership), {"back": "manage"}, headers={"Accept-Language": lang}, follow=True)
    assert answer.redirect_chain == [(reverse("leagues:manage", args=[league.slug]), 302)]
    assert REMOVED[lang] in _page(answer)
    assert not LeagueEvent.objects.filter(pk=membership.pk).exists()
    data = load_league(league)
    assert membership.event_id not in data.events
    assert {row.name for row in data.rows} == {"Cid", "Dee"}  # Ann's and Bob's only games were at Autumn Open
    log = _page(signed_in(organizer).get(reverse("tournament:audit", args=[membership.event.slug]),
                                         headers={"Accept-Language": lang}))
    assert LOG["league"][lang] in log, log


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_event_organizer_leaves_before_results_and_can_then_move_the_date(lang, league, league_organizer,  # noqa: F811
                                                                               organizer, people):  # noqa: F811
    """Postponed to next year: the edit is refused, telling how to go on; the edit page shows the league with a
    button; once left, the new date saves. A bye confirmed in round 1 is no result."""
    membership = _unplayed_member(league, league_organizer, organizer, people)
    event = membership.event
    client = signed_in(organizer)
    refused = _edit(client, event, lang, date="2027-03-06")
    assert refused.status_code == 400
    page = _page(refused)
    assert DATE_LEAVE_FIRST[lang] in page, page
    leagues = page[page.index('id="leagues"'):page.index('id="event-form"')]
    assert "UK DBA League 2026" in leagues
    assert f'action="{_leave_url(membership)}"' in leagues and f">{LEAVE_BUTTON[lang]}</button>" in leagues

    answer = client.post(_leave_url(membership), {"back": "event"}, headers={"Accept-Language": lang}, follow=True)
    assert answer.redirect_chain == [(reverse("tournament:event_edit", args=[event.slug]) + "#leagues", 302)]
    assert REMOVED[lang] in _page(answer)
    assert 'id="leagues"' not in _page(answer)  # no league left to show
    assert not LeagueEvent.objects.filter(event=event).exists()

    assert _edit(client, event, lang, date="2027-03-06").status_code == 302
    event.refresh_from_db()
    assert event.date == datetime.date(2027, 3, 6)
    log = _page(client.get(reverse("tournament:audit", args=[event.slug]), headers={"Accept-Language": lang}))
    assert LOG["event"][lang] in log, log


def test_an_edition_switch_of_a_member_says_to_leave_first(league, league_organizer, organizer, people):  # noqa: F811
    membership = _unplayed_member(league, league_organizer, organizer, people, bye=False)  # no round: edition free
    refused = _edit(signed_in(organizer), membership.event, "en", edition="2.2", scoring_preset="nasamw-v4")
    assert refused.status_code == 400
    assert ("UK DBA League 2026 counts DBA 3.0 events only, and the event counts in that league: keep DBA 3.0, or first "
            "take the event out of the league with “Leave the league” under “Leagues” on the event's edit page, then "
            "change it.") in _page(refused)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_event_organizer_is_refused_after_a_confirmed_result(lang, league, league_organizer, organizer,  # noqa: F811
                                                                 people):  # noqa: F811
    membership = _played_member(league, league_organizer, organizer, people)
    client = signed_in(organizer)
    edit = _page(client.get(reverse("tournament:event_edit", args=[membership.event.slug]),
                            headers={"Accept-Language": lang}))
    assert f'action="{_leave_url(membership)}"' not in edit  # no button: a note to ask the league instead
    assert "UK DBA League 2026" in edit[edit.index('id="leagues"'):edit.index('id="event-form"')]

    answer = client.post(_leave_url(membership), {"back": "event"}, headers={"Accept-Language": lang}, follow=True)
    assert answer.status_code == 200
    assert REFUSED[lang] in _page(answer)
    assert LeagueEvent.objects.get(pk=membership.pk).state == LeagueEvent.State.ACCEPTED
    assert [row.name for row in load_league(league).rows] == ["Ann", "Bob"]
    assert not membership.event.audit_entries.filter(action="league.leave").exists()


def test_someone_else_gets_a_404_and_nothing_changes(client, league, league_organizer, organizer, people):  # noqa: F811
    membership = _unplayed_member(league, league_organizer, organizer, people)
    url = _leave_url(membership)
    stranger = signed_in(make_user("stranger"))
    assert stranger.post(url).status_code == 404
    assert stranger.post(reverse("leagues:leave", args=[membership.pk + 1000])).status_code == 404
    other = make_user("other")
    service.create_league(other, League(slug="other-2026", name="Other League", season_start=datetime.date(2026, 1, 1),
                                        season_end=datetime.date(2026, 12, 31), scoring_preset="soa-best5"))
    assert signed_in(other).post(url).status_code == 404  # another league's organizer
    anonymous = client.post(url)
    assert anonymous.status_code == 302 and "login" in anonymous.url  # sign in first
    assert signed_in(organizer).get(url).status_code == 405  # POST only
    assert LeagueEvent.objects.get(pk=membership.pk).state == LeagueEvent.State.ACCEPTED
    service.leave(league_organizer, membership.pk)
    assert stranger.post(url).status_code == 404  # gone: still nothing to tell a stranger


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_double_click_is_told_the_event_already_left(lang, league, league_organizer, organizer, people):  # noqa: F811
    membership = _unplayed_member(league, league_organizer, organizer, people)
    for user, back, to in ((league_organizer, "manage", reverse("leagues:manage", args=["uk-2026"])),
                           (organizer, "event", reverse("tournament:event_edit", args=[membership.event.slug]))):
        user_client = signed_in(user)
        if user is organizer:  # join again, and leave twice from the event's side
            service.accept(organizer, service.invite_event(league_organizer, league, membership.event).pk)
            membership = LeagueEvent.objects.get(event=membership.event)
        assert user_client.post(_leave_url(membership), {"back": back}).status_code == 302
        again = user_client.post(_leave_url(membership), {"back": back}, headers={"Accept-Language": lang},
                                 follow=True)
        assert again.status_code == 200 and again.redirect_chain[0][0].split("#")[0] == to
        assert ALREADY[lang] in _page(again)
    assert membership.event.audit_entries.filter(action="league.leave").count() == 2


def test_a_double_click_racing_inside_the_service_is_no_server_error(league, league_organizer, organizer, people,  # noqa: F811
                                                                     monkeypatch):
    """The second click passes the view's check while the first is still deleting the row."""
    membership = _unplayed_member(league, league_organizer, organizer, people)
    real_leave = service.leave

    def first_click_done_meanwhile(user, pk):
        real_leave(user, pk)
        return real_leave(user, pk)

    monkeypatch.setattr(service, "leave", first_click_done_meanwhile)
    answer = signed_in(league_organizer).post(_leave_url(membership), {"back": "manage"}, follow=True)
    assert answer.status_code == 200 and ALREADY["en"] in _page(answer)


def test_a_waiting_membership_is_not_left_but_declined(league, league_organizer, organizer, people):  # noqa: F811
    """`leave` ends a membership; a waiting invitation is declined or withdrawn (`decline`, its own audit entry)."""
    event = make_event(date=datetime.date(2026, 10, 3), name="Autumn Open")
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    membership = service.invite_event(league_organizer, league, event)
    answer = signed_in(organizer).post(_leave_url(membership), {"back": "event"}, follow=True)
    assert "Autumn Open is not in UK DBA League 2026 yet: decline or withdraw the invitation or request under " \
           "“Invitations and requests”." in _page(answer)
    assert LeagueEvent.objects.get(pk=membership.pk).state == LeagueEvent.State.INVITED
    assert not event.audit_entries.filter(action="league.leave").exists()


def test_the_event_ratings_ignore_a_league_the_event_no_longer_fits(league, league_organizer, organizer, people):  # noqa: F811
    """Moved out of the season some other way (the admin, before the edit checked): the league's table does not count
    the event, and its round 1 is not seeded by that league's ratings either."""
    played_event(organizer, people, [[("Ann", "Bob", "4-1")]], date=datetime.date(2026, 3, 1), name="Spring Open")
    service.accept(organizer, service.invite_event(league_organizer, league, Event.objects.get(name="Spring Open")).pk)
    event = make_event(date=datetime.date(2026, 10, 3), name="Autumn Open")
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    make_registration(event, people["Ann"], name="Ann")
    service.accept(organizer, service.invite_event(league_organizer, league, event).pk)
    assert event_ratings(event).league == league
    Event.objects.filter(pk=event.pk).update(date=datetime.date(2027, 3, 6))
    event.refresh_from_db()
    assert event_ratings(event) is None  # no league it fits, and no global rating asked for


# Each note on a page describes something the page offers; a refusal that names a page offers the way to it.

STOP_COUNTING = {
    "en": "The event's games stop counting in the league's table.",
    "es": "Las partidas del torneo dejan de contar en la clasificación de la liga.",
    "it": "Le partite del torneo smettono di contare nella classifica della lega.",
}
REMOVE_NOTE = {
    "en": "“Remove from the league”:",
    "es": "«Quitar de la liga»:",
    "it": "«Togli dalla lega»:",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_edit_page_does_not_say_the_games_stop_counting_when_it_offers_no_leave_button(
        lang, league, league_organizer, organizer, people):  # noqa: F811
    """A member with a confirmed result: no "Leave the league" button, a note to ask the league's organizer; the
    button's note ("the games stop counting") describes nothing here and reads as if they had stopped."""
    event = played_event(organizer, people, [[("Ann", "Bob", "4-1")]], date=datetime.date(2026, 10, 3),
                         name="Autumn Open")
    service.accept(organizer, service.invite_event(league_organizer, league, event).pk)
    page = _page(signed_in(organizer).get(reverse("tournament:event_edit", args=[event.slug]),
                                          headers={"Accept-Language": lang}))
    section = page[page.index('id="leagues"'):page.index('id="event-form"')]
    assert reverse("leagues:leave", args=[event.league_memberships.get().pk]) not in section  # no button
    assert STOP_COUNTING[lang] not in section, section


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_manage_page_does_not_explain_a_remove_button_it_does_not_show(lang, league, league_organizer,  # noqa: F811
                                                                           organizer):  # noqa: F811
    """The league's events list holds only a waiting invitation: its button is "Withdraw", no "Remove from the
    league" anywhere, yet the page explains "“Remove from the league”: ..."."""
    event = make_event(date=datetime.date(2026, 10, 3), name="Autumn Open")
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    membership = service.invite_event(league_organizer, league, event)
    page = _page(signed_in(league_organizer).get(reverse("leagues:manage", args=[league.slug]),
                                                 headers={"Accept-Language": lang}))
    assert reverse("leagues:leave", args=[membership.pk]) not in page  # no "Remove from the league" button
    assert REMOVE_NOTE[lang] not in page, page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refused_edit_of_an_event_waiting_to_join_links_to_invitations_and_requests(lang, league,  # noqa: F811
                                                                                       league_organizer, organizer):  # noqa: F811
    """The refusal says to withdraw the request under “Invitations and requests”: the page it comes back on offers
    the way there."""
    event = make_event(date=datetime.date(2026, 10, 3), name="Autumn Open")
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    service.request_join(organizer, league, event)  # the event asked: a waiting request holds its date
    refused = _edit(signed_in(organizer), event, lang, date="2027-03-06")
    assert refused.status_code == 400
    page = _page(refused)
    assert {"en": "“Invitations and requests”", "es": "«Invitaciones y solicitudes»",
            "it": "«Inviti e richieste»"}[lang] in page  # the refusal names the page
    main = page[page.index("<main"):page.index("</main>")] if "<main" in page else page
    assert f'href="{reverse("leagues:invitations")}"' in main, "the refusal names a page the edit page does not link"


def test_the_edit_page_lists_the_leagues_it_counts_in_before_those_it_waits_for(league, league_organizer,  # noqa: F811
                                                                                organizer, people):  # noqa: F811
    """A member's league comes first, with its button; a league the event asked to join after it, with the way to
    the request. Alphabetical order alone would put "A Spring League" (waiting) first."""
    membership = _unplayed_member(league, league_organizer, organizer, people, bye=False)
    other = service.create_league(league_organizer, League(
        slug="a-spring", name="A Spring League", season_start=datetime.date(2026, 1, 1),
        season_end=datetime.date(2026, 12, 31), scoring_preset="soa-best5"))
    service.request_join(organizer, other, membership.event)
    page = _page(signed_in(organizer).get(reverse("tournament:event_edit", args=[membership.event.slug])))
    section = page[page.index('id="leagues"'):page.index("</section>", page.index('id="leagues"'))]
    assert section.index("UK DBA League 2026") < section.index(_leave_url(membership)) < section.index("A Spring League")
    assert f'href="{reverse("leagues:invitations")}"' in section[section.index("A Spring League"):]
