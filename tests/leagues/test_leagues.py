"""Leagues end to end: the table from real events, corrections, identity, ownership, exports, queries."""

from __future__ import annotations

import datetime
import html

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.factories import make_event, make_player, make_registration, make_user
from tournament.leagues import service
from tournament.leagues.table import load_league
from tournament.models import EventRole, Game, League, LeagueEvent, Round, Seat
from tournament.results.entry import result_enter
from tournament.results.shorthand import parse_shorthand

pytestmark = pytest.mark.django_db

SECRET_EMAIL = "hidden.person@example.org"
SECRET_REGION = "Secretshire"


def played_event(organizer, people: dict, rounds: list[list[tuple[str, str, str]]], date=datetime.date(2026, 3, 1), **fields):
    """An event with `people` (label -> Player) entered under the label as name, and confirmed games:
    rounds of (side A label, side B label, shorthand such as "4-1")."""
    event = make_event(date=date, **fields)
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    regs = {label: make_registration(event, player, name=label, club=player.club, email=SECRET_EMAIL, region=SECRET_REGION)
            for label, player in people.items()}
    for number, games in enumerate(rounds, start=1):
        played_round(event, number, games, regs, organizer)
    return event


def played_round(event, number: int, games: list[tuple[str, str, str]], regs: dict, user) -> Round:
    """Round `number` published, its games (side A label, side B label, shorthand) confirmed by `user`."""
    rnd = Round.objects.create(event=event, number=number, status=Round.Status.PUBLISHED)
    for table, (a, b, code) in enumerate(games, start=1):
        game = Game.objects.create(round=rnd, table=table)
        Seat.objects.create(game=game, round=rnd, registration=regs[a], side="a")
        Seat.objects.create(game=game, round=rnd, registration=regs[b], side="b")
        result_enter(game, parse_shorthand(code, event.edition), user)
    return rnd


@pytest.fixture
def league_organizer(db):
    return make_user("leaguer")


@pytest.fixture
def league(league_organizer):
    league = League(slug="uk-2026", name="UK DBA League 2026", season_start=datetime.date(2026, 1, 1),
                    season_end=datetime.date(2026, 12, 31), scoring_preset="soa-best5")
    return service.create_league(league_organizer, league)


def join(league, event, premier=False):
    return LeagueEvent.objects.create(league=league, event=event, state=LeagueEvent.State.ACCEPTED, premier=premier)


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def invited(league, league_organizer, organizer, people, **fields) -> tuple[Client, LeagueEvent]:
    """A played event (`fields`: its own, e.g. a name) invited from the league's management page: the league
    organizer's client and the waiting membership."""
    event = played_event(organizer, people, [[("Ann", "Bob", "4-1")]], **fields)
    owner = signed_in(league_organizer)
    owner.post(f"/leagues/{league.slug}/manage/", {"event": event.slug})
    return owner, LeagueEvent.objects.get(league=league, event=event)


def requested(league, organizer, people, **fields) -> tuple[Client, LeagueEvent]:
    """A played event whose organizer asked to join: their client and the waiting membership."""
    event = played_event(organizer, people, [[("Ann", "Bob", "4-1")]], **fields)
    event_side = signed_in(organizer)
    event_side.post(f"/leagues/{league.slug}/join/", {"event": event.pk})
    return event_side, LeagueEvent.objects.get(league=league, event=event)


@pytest.fixture
def people():
    return {name: make_player(name, club="Club " + name) for name in ("Ann", "Bob", "Cid", "Dee")}


def test_table_scores_places_across_events_by_the_person_not_the_name(league, organizer, people):
    first = played_event(organizer, people, [[("Ann", "Bob", "4-1"), ("Cid", "Dee", "4-0")],
                                             [("Ann", "Cid", "4-2"), ("Bob", "Dee", "4-3")]])
    # The same Ann enters the second event as "Ann S."; a different person also called "Bob" plays too.
    other_bob = make_player("Bob")
    second = played_event(organizer, {"Ann S.": people["Ann"], "Bob": other_bob, "Cid": people["Cid"], "Dee": people["Dee"]},
                          [[("Cid", "Ann S.", "4-1"), ("Bob", "Dee", "4-0")]], date=datetime.date(2026, 4, 1))
    join(league, first)
    join(league, second)
    rows = {row.player_id: row for row in load_league(league).rows}
    ann = rows[people["Ann"].pk]
    assert ann.name == "Ann S."  # the name of her latest entry
    assert [r.place for r in ann.results] == [1, 3]
    assert ann.points == 15 + 10  # small event: 15 for 1st; second event's 3rd place
    assert rows[people["Bob"].pk].games == 2 and rows[other_bob.pk].games == 1
    assert ann.games == 3 and ann.rating is not None and ann.deviation < 350


def test_page_and_player_page_show_the_table_without_private_data(client, league, organizer, people):
    event = played_event(organizer, people, [[("Ann", "Bob", "4-1"), ("Cid", "Dee", "4-0")]])
    join(league, event)
    page = client.get("/leagues/uk-2026/")
    text = page.content.decode()
    assert page.status_code == 200
    assert "Ann" in text and "Club Ann" in text and "±" in text
    assert SECRET_EMAIL not in text and SECRET_REGION not in text
    player = client.get(f"/leagues/uk-2026/players/{people['Ann'].pk}/")
    body = player.content.decode()
    assert event.get_absolute_url() in body and "<svg" in body
    assert SECRET_EMAIL not in body and SECRET_REGION not in body
    for fmt in ("csv", "xlsx"):
        export = client.get(f"/leagues/uk-2026/table.{fmt}")
        assert export.status_code == 200
        assert SECRET_EMAIL.encode() not in export.content and SECRET_REGION.encode() not in export.content
    assert "Ann" in client.get("/leagues/uk-2026/table.csv").content.decode("utf-8-sig")


def test_export_is_formula_safe(client, league, organizer):
    people = {"=HYPERLINK(\"http://x\")": make_player("Evil"), "Bob": make_player("Bob")}
    event = played_event(organizer, people, [[("=HYPERLINK(\"http://x\")", "Bob", "4-1")]])
    join(league, event)
    csv = client.get("/leagues/uk-2026/table.csv").content.decode("utf-8-sig")
    assert "'=HYPERLINK" in csv
    assert "\n=HYPERLINK" not in csv and ",=HYPERLINK" not in csv


def test_table_recomputed_after_a_past_result_is_corrected(client, league, organizer, people):
    event = played_event(organizer, people, [[("Ann", "Bob", "4-1")]])
    join(league, event)
    assert [row.name for row in load_league(league).rows] == ["Ann", "Bob"]
    game = Game.objects.get(round__event=event)
    result_enter(game, parse_shorthand("1-4", event.edition), organizer)  # the umpire corrects: Bob won
    rows = load_league(league).rows
    assert [(row.name, row.points) for row in rows] == [("Bob", 15.0), ("Ann", 12.0)]
    assert "Bob" in client.get("/leagues/uk-2026/table.csv").content.decode("utf-8-sig").splitlines()[1]


def test_the_exported_table_writes_points_as_the_page_shows_them(client, league, organizer, people):
    """Whole league points are written 15, as the page and the event's own exports write them, not 15.0."""
    import csv
    import io

    event = played_event(organizer, people, [[("Ann", "Bob", "4-1")]])
    join(league, event)
    rows = list(csv.reader(io.StringIO(client.get("/leagues/uk-2026/table.csv").content.decode("utf-8-sig"))))
    points = rows[0].index("Points")
    assert [(row[1], row[points]) for row in rows[1:]] == [("Ann", "15"), ("Bob", "12")]


def test_only_accepted_events_count(league, organizer, people):
    event = played_event(organizer, people, [[("Ann", "Bob", "4-1")]])
    LeagueEvent.objects.create(league=league, event=event, state=LeagueEvent.State.INVITED)
    assert load_league(league).rows == []


def test_league_page_runs_a_constant_number_of_queries(client, league, organizer, django_assert_max_num_queries):
    def count() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert client.get("/leagues/uk-2026/").status_code == 200
        return len(queries)

    small = {f"P{i}": make_player(f"P{i}") for i in range(4)}
    join(league, played_event(organizer, small, [[("P0", "P1", "4-1"), ("P2", "P3", "4-0")]]))
    few = count()
    for month in range(2, 6):
        many = {f"Q{i}": make_player(f"Q{i}") for i in range(8)}
        games = [[(f"Q{i}", f"Q{i + 1}", "4-1") for i in range(0, 8, 2)], [(f"Q{i}", f"Q{i + 2}", "4-2") for i in (0, 1, 4, 5)]]
        join(league, played_event(organizer, many, games, date=datetime.date(2026, month, 1)))
    assert count() == few, few
    with django_assert_max_num_queries(6):  # league, member events, merges, entries, seats, ladder games
        assert client.get("/leagues/uk-2026/").status_code == 200
    player = League.objects.get(pk=league.pk).memberships.last().event.registrations.first().player_id
    with django_assert_max_num_queries(7):  # and the player's own ladder games
        assert client.get(f"/leagues/uk-2026/players/{player}/").status_code == 200
    with django_assert_max_num_queries(6):
        assert client.get("/leagues/uk-2026/table.xlsx").status_code == 200


def test_stranger_cannot_manage_and_private_league_is_hidden(client, league, league_organizer):
    stranger = Client()
    stranger.force_login(make_user("stranger"))
    assert stranger.get("/leagues/uk-2026/manage/").status_code == 403
    assert client.get("/leagues/uk-2026/manage/").status_code == 302  # to the login page
    owner = Client()
    owner.force_login(league_organizer)
    assert owner.get("/leagues/uk-2026/manage/").status_code == 200
    League.objects.filter(pk=league.pk).update(public=False)
    assert stranger.get("/leagues/uk-2026/").status_code == 404
    assert owner.get("/leagues/uk-2026/").status_code == 200
    assert "UK DBA League" not in client.get("/leagues/").content.decode()


def test_invite_then_event_organizer_accepts(league, league_organizer, organizer, people):
    event = played_event(organizer, people, [[("Ann", "Bob", "4-1")]])
    owner = Client()
    owner.force_login(league_organizer)
    assert owner.post("/leagues/uk-2026/manage/", {"event": event.slug, "premier": "on"}).status_code == 302
    membership = LeagueEvent.objects.get(league=league, event=event)
    assert membership.state == LeagueEvent.State.INVITED and membership.premier
    assert load_league(league).rows == []
    stranger = Client()
    stranger.force_login(make_user("stranger"))
    assert stranger.post(f"/leagues/invitations/{membership.pk}/accept/").status_code == 404
    assert owner.post(f"/leagues/invitations/{membership.pk}/accept/").status_code == 404  # not their event
    event_side = Client()
    event_side.force_login(organizer)
    assert "UK DBA League" in event_side.get("/leagues/invitations/").content.decode()
    assert event_side.post(f"/leagues/invitations/{membership.pk}/accept/").status_code == 302
    assert [row.points for row in load_league(league).rows] == [20.0, 16.0]  # premier, 2 players: middle band


def test_event_asks_to_join_then_league_organizer_accepts(league, league_organizer, organizer, people):
    event = played_event(organizer, people, [[("Ann", "Bob", "4-1")]])
    event_side = Client()
    event_side.force_login(organizer)
    assert event_side.post("/leagues/uk-2026/join/", {"event": event.pk}).status_code == 302
    membership = LeagueEvent.objects.get(league=league, event=event)
    assert membership.state == LeagueEvent.State.REQUESTED
    assert event_side.post(f"/leagues/invitations/{membership.pk}/accept/").status_code == 404
    owner = Client()
    owner.force_login(league_organizer)
    assert owner.post(f"/leagues/invitations/{membership.pk}/accept/").status_code == 302
    membership.refresh_from_db()
    assert membership.state == LeagueEvent.State.ACCEPTED


def test_join_refuses_an_event_the_user_does_not_run(league, organizer, people):
    event = played_event(organizer, people, [[("Ann", "Bob", "4-1")]])
    stranger = Client()
    stranger.force_login(make_user("stranger"))
    assert stranger.post("/leagues/uk-2026/join/", {"event": event.pk}).status_code == 400
    assert not LeagueEvent.objects.exists()


def test_any_signed_in_user_creates_a_league_and_runs_it(client):
    user = make_user("founder")
    own = Client()
    own.force_login(user)
    data = {"name": "Liga", "slug": "liga", "season_start": "2026-01-01", "season_end": "2026-12-31", "edition": "3.0",
            "public": "on", "scoring_preset": "custom-placing", "custom_table": "7, 3"}
    response = own.post("/leagues/new/", data)
    assert response.status_code == 302
    league = League.objects.get(slug="liga")
    assert league.custom_points == [7, 3] and service.is_league_organizer(user, league)
    bad = own.post("/leagues/new/", {**data, "slug": "liga2", "season_end": "2025-01-01"})
    assert bad.status_code == 200 and not League.objects.filter(slug="liga2").exists()
    assert client.get("/leagues/new/").status_code == 302


@pytest.mark.parametrize(("lang", "words"), [("es", "Clasificación"), ("it", "Classifica")])
def test_league_page_in_spanish_and_italian(client, league, lang, words):
    page = client.get("/leagues/uk-2026/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert words in page


def test_league_organizer_marks_an_accepted_event_premier_and_the_points_follow(league, league_organizer, organizer, people):
    event = played_event(organizer, people, [[("Ann", "Bob", "4-1")]])
    membership = join(league, event)
    assert [row.points for row in load_league(league).rows] == [15.0, 12.0]
    stranger = Client()
    stranger.force_login(organizer)  # the event's organizer does not decide the league's premier events
    assert stranger.post(f"/leagues/uk-2026/events/{membership.pk}/premier/", {"premier": "on"}).status_code == 403
    owner = Client()
    owner.force_login(league_organizer)
    assert owner.post(f"/leagues/uk-2026/events/{membership.pk}/premier/", {"premier": "on"}).status_code == 302
    assert [row.points for row in load_league(league).rows] == [20.0, 16.0]


def test_invite_refuses_an_event_outside_the_season_or_edition(league, league_organizer, organizer, people):
    owner = Client()
    owner.force_login(league_organizer)
    late = make_event(date=datetime.date(2027, 2, 1))
    old_rules = make_event(date=datetime.date(2026, 6, 1), edition="2.2", scoring_preset="nasamw-v4")
    for event, words in ((late, "season"), (old_rules, "edition")):
        page = owner.post("/leagues/uk-2026/manage/", {"event": event.slug})
        assert page.status_code == 400 and words in page.content.decode()
    assert not LeagueEvent.objects.exists()
    assert owner.post("/leagues/uk-2026/manage/", {"event": "no-such-event"}).status_code == 400
    assert not LeagueEvent.objects.exists()


def test_league_organizer_merges_two_accountless_records_with_a_preview_and_undoes_it(league, league_organizer, organizer):
    from tournament.models import AuditEntry

    ann_one, ann_two, bob, cid = make_player("Ann"), make_player("Ann"), make_player("Bob"), make_player("Cid")
    join(league, played_event(organizer, {"Ann": ann_one, "Bob": bob}, [[("Ann", "Bob", "4-1")]]))
    join(league, played_event(organizer, {"Ann Smith": ann_two, "Cid": cid}, [[("Ann Smith", "Cid", "4-1")]],
                              date=datetime.date(2026, 5, 1)))
    assert len(load_league(league).rows) == 4  # same name, two records: two people until someone says otherwise
    owner = Client()
    owner.force_login(league_organizer)
    preview = owner.get("/leagues/uk-2026/merge/", {"player": ann_two.pk, "into": ann_one.pk})
    assert preview.status_code == 200 and "Ann Smith" in preview.content.decode(), preview.content.decode()[-1500:]
    assert len(load_league(league).rows) == 4  # the preview changes nothing
    stranger = Client()
    stranger.force_login(organizer)
    assert stranger.post("/leagues/uk-2026/merge/", {"player": ann_two.pk, "into": ann_one.pk}).status_code == 403
    assert owner.post("/leagues/uk-2026/merge/", {"player": ann_two.pk, "into": ann_one.pk}).status_code == 302
    rows = load_league(league).rows
    assert len(rows) == 3 and rows[0].player_id == ann_one.pk and rows[0].points == 30.0 and rows[0].games == 2
    assert AuditEntry.objects.filter(action="league.merge", user=league_organizer).exists()
    assert owner.post(f"/leagues/uk-2026/merge/{ann_two.pk}/undo/").status_code == 302
    assert len(load_league(league).rows) == 4
    assert AuditEntry.objects.filter(action="league.unmerge").exists()


def test_merge_refuses_people_with_accounts_and_people_of_the_same_event(league, league_organizer, organizer):
    with_account = make_player("Ann", user=make_user("ann"))
    bob, cid = make_player("Bob"), make_player("Cid")
    join(league, played_event(organizer, {"Ann": with_account, "Bob": bob, "Cid": cid}, [[("Ann", "Bob", "4-1")], [("Cid", "Bob", "4-1")]]))
    owner = Client()
    owner.force_login(league_organizer)
    assert owner.post("/leagues/uk-2026/merge/", {"player": bob.pk, "into": cid.pk}).status_code == 400  # same event
    assert owner.post("/leagues/uk-2026/merge/", {"player": bob.pk, "into": with_account.pk}).status_code == 400
    assert len(load_league(league).rows) == 3


def test_league_page_says_the_published_rule_with_no_extrapolation(client, league):
    page = client.get("/leagues/uk-2026/").content.decode()
    assert "15/12/10/8/6/5/4/3/2." in page and "20/16/13/10/8/7/6/5/4/3/2." in page
    assert "Places further down score 1." in page and "Only the best 5 results count." in page
    assert "extrapolation" not in page
    spanish = client.get("/leagues/uk-2026/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Solo cuentan los 5 mejores resultados." in spanish and "A partir del puesto 5" not in spanish
    italian = client.get("/leagues/uk-2026/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "25/21/18/15/13/12/11/10/9/8/7/6/5/4/3/2." in italian and "A partire dal" not in italian


# A private league exists only for its organizers: its organizers' pages answer a stranger as a league that does not
# exist (before 2026-11-28 they answered 403 and a missing slug 404, so anyone signed in could tell which exist).
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


# A waiting invitation or request can be declined, by either side (before 2026-11-28 it could only be accepted, and
# one that no longer fits, refused at every press of "Accept", stayed on the page for good).
@pytest.mark.parametrize(("language", "words"), [("en", "Spring Open will not join UK DBA League 2026."),
                                                 ("es", "Spring Open no se unirá a UK DBA League 2026."),
                                                 ("it", "Spring Open non entrerà in UK DBA League 2026.")])
def test_an_invitation_is_declined_by_the_events_organizer_and_leaves_no_trace_in_the_league(
        league, league_organizer, organizer, people, language, words):
    _owner, membership = invited(league, league_organizer, organizer, people, name="Spring Open")
    assert signed_in(make_user("stranger")).post(f"/leagues/invitations/{membership.pk}/decline/").status_code == 404
    event_side = signed_in(organizer)
    page = event_side.get("/leagues/invitations/").text
    assert f'action="/leagues/invitations/{membership.pk}/decline/"' in page
    answer = event_side.post(f"/leagues/invitations/{membership.pk}/decline/", follow=True,
                             headers={"Accept-Language": language})
    assert words in answer.text
    assert not LeagueEvent.objects.filter(pk=membership.pk).exists() and load_league(league).rows == []
    assert "UK DBA League" not in event_side.get("/leagues/invitations/").text.split("<h2>")[1]


def test_a_request_to_join_is_declined_by_the_league_and_a_member_is_not_removed_so(league, league_organizer,
                                                                                     organizer, people):
    _event_side, membership = requested(league, organizer, people)
    owner = signed_in(league_organizer)
    assert owner.post(f"/leagues/invitations/{membership.pk}/decline/").status_code == 302
    assert not LeagueEvent.objects.filter(pk=membership.pk).exists()
    member = join(league, played_event(organizer, people, [[("Ann", "Bob", "1-4")]], date=datetime.date(2026, 4, 1)))
    assert owner.post(f"/leagues/invitations/{member.pk}/decline/").status_code == 302
    assert LeagueEvent.objects.get(pk=member.pk).state == LeagueEvent.State.ACCEPTED


@pytest.mark.parametrize(("language", "button"), [("en", "Withdraw"), ("es", "Anular"), ("it", "Ritira")])
def test_the_league_withdraws_its_waiting_invitation_from_its_events_list(league, league_organizer, organizer, people,
                                                                          language, button):
    owner, membership = invited(league, league_organizer, organizer, people, name="Spring Open")
    page = owner.get("/leagues/uk-2026/manage/", headers={"Accept-Language": language}).text
    form = page[page.index(f'action="/leagues/invitations/{membership.pk}/decline/"'):]
    assert f">{button}</button>" in form.split("</form>")[0]
    answer = owner.post(f"/leagues/invitations/{membership.pk}/decline/", {"back": "manage"})
    assert answer.status_code == 302 and answer.url == "/leagues/uk-2026/manage/"
    assert not LeagueEvent.objects.filter(pk=membership.pk).exists()


@pytest.mark.parametrize(("language", "sent", "gone"), [
    ("en", "Invited to the league “uk-2026”.", "No longer waiting to join the league “uk-2026”: declined or withdrawn."),
    ("es", "Invitado a la liga «uk-2026».", "Ya no está pendiente de unirse a la liga «uk-2026»: rechazado o anulado."),
    ("it", "Invitato nella lega «uk-2026».", "Non più in attesa di entrare nella lega «uk-2026»: rifiutato o ritirato."),
])
def test_the_events_audit_log_tells_its_league_invitation_and_its_decline_in_sentences(
        league, league_organizer, organizer, people, language, sent, gone):
    """They read "Other change (uk-2026)." until 2026-11-28."""
    from html import unescape

    _owner, membership = invited(league, league_organizer, organizer, people)
    event_side = signed_in(organizer)
    event_side.post(f"/leagues/invitations/{membership.pk}/decline/")
    log = unescape(event_side.get(f"/e/{membership.event.slug}/audit/", headers={"Accept-Language": language}).text)
    assert sent in log and gone in log and "uk-2026)" not in log


@pytest.mark.parametrize(("language", "heading", "button"), [
    ("en", "Your events' requests, waiting for the league", "Withdraw"),
    ("es", "Solicitudes de tus torneos, pendientes de la liga", "Anular"),
    ("it", "Richieste dei tuoi tornei, in attesa della lega", "Ritira"),
])
def test_an_events_organizer_withdraws_their_request_to_join(league, league_organizer, organizer, people, language,
                                                             heading, button):
    from html import unescape

    event_side, membership = requested(league, organizer, people, name="Spring Open")
    page = unescape(event_side.get("/leagues/invitations/", headers={"Accept-Language": language}).text)
    main = page[page.index("<main"):page.index("</main>")]
    sent = main[main.index(heading):]
    assert "Spring Open → UK DBA League 2026" in sent
    assert f'action="/leagues/invitations/{membership.pk}/decline/"' in sent and f">{button}</button>" in sent
    assert event_side.post(f"/leagues/invitations/{membership.pk}/decline/").status_code == 302
    assert not LeagueEvent.objects.filter(pk=membership.pk).exists()
    assert heading not in unescape(event_side.get("/leagues/invitations/", headers={"Accept-Language": language}).text)


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Choose one of your events played within the league's season and edition."),
    ("es", None), ("it", None)])
def test_a_refused_join_is_the_league_page_again_with_the_reason_beside_the_field(lang, words, league, organizer,
                                                                                people):
    """An organizer's join sent with an event that is not theirs (a stale page, a forged form): the league's page
    again, in their language, with the reason beside "Your event" and their own events still offered; not a bare
    line of text with no way back."""
    from django.utils import translation

    mine = played_event(organizer, people, [[("Ann", "Bob", "4-1")]], name="Autumn Open")
    other = make_event(slug="not-mine", name="Not Mine", date=mine.date)
    with translation.override(lang):
        words = words or translation.gettext("Choose one of your events played within the league's season and "
                                             "edition.")
    assert lang == "en" or words != "Choose one of your events played within the league's season and edition."
    answer = signed_in(organizer).post(f"/leagues/{league.slug}/join/", {"event": other.pk},
                                       headers={"Accept-Language": lang})
    assert answer.status_code == 400
    page = html.unescape(answer.content.decode())
    assert "<h1" in page and league.name in page and words in page, page
    assert f'<option value="{mine.pk}">Autumn Open' in page
    assert not LeagueEvent.objects.exists()
