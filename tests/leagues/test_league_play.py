"""Ladder games, merges the player confirms (and un-merges), a backup imported into a league, the league PDF."""

from __future__ import annotations

import datetime
import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from pypdf import PdfReader

from tests.factories import make_player, make_user
from tests.leagues.test_leagues import SECRET_EMAIL, SECRET_REGION, join, played_event
from tournament.leagues import service
from tournament.leagues.table import load_league
from tournament.models import AuditEntry, Event, LadderGame, League, LeagueEvent, LeagueMerge
from tournament.transfer.backup import export_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def league_organizer(db):
    return make_user("leaguer")


@pytest.fixture
def organizer(db):
    return make_user("event-organizer")


def make_league(owner, **fields) -> League:
    values = {"slug": "club-ladder", "name": "Club Ladder 2026", "season_start": datetime.date(2026, 1, 1),
              "season_end": datetime.date(2026, 12, 31), "scoring_preset": "soa-best5", **fields}
    return service.create_league(owner, League(**values))


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def ladder_league(league_organizer, organizer):
    """A game-points league with an event of Ann and Bob (accounts) and Cid (none)."""
    league = make_league(league_organizer, scoring_preset="game-points")
    ann, bob = make_player("Ann", user=make_user("ann")), make_player("Bob", user=make_user("bob"))
    cid = make_player("Cid")
    join(league, played_event(organizer, {"Ann": ann, "Bob": bob, "Cid": cid}, [[("Ann", "Bob", "4-1")]]))
    return league


def row(league, name):
    return next(r for r in load_league(league).rows if r.name == name)


def report(client, opponent, outcome="a", points=(6, 1), played_on="2026-04-02"):
    return client.post("/leagues/club-ladder/ladder/", {
        "opponent": opponent.pk, "played_on": played_on, "outcome": outcome,
        "points_a": points[0], "points_b": points[1]})


def test_a_ladder_game_counts_only_once_the_opponent_confirms_it_with_their_own_account(ladder_league):
    ann_user, bob_user = client_for(_user("ann")), client_for(_user("bob"))
    bob = _user("bob").player
    before = row(ladder_league, "Bob")
    assert report(ann_user, bob, outcome="b", points=(1, 6)).status_code == 302
    game = LadderGame.objects.get()
    assert game.state == LadderGame.State.PENDING
    assert row(ladder_league, "Bob") == before  # reported, not yet confirmed: nothing moves
    # The reporter cannot confirm their own report; nor can a stranger or the league organizer.
    assert ann_user.post(f"/leagues/club-ladder/ladder/{game.pk}/confirm/").status_code == 403
    assert client_for(make_user("stranger")).post(f"/leagues/club-ladder/ladder/{game.pk}/confirm/").status_code == 403
    assert client_for(_user("leaguer")).post(f"/leagues/club-ladder/ladder/{game.pk}/confirm/").status_code == 403
    assert row(ladder_league, "Bob") == before
    waiting = bob_user.get("/leagues/club-ladder/ladder/").content.decode()
    assert "Waiting for your answer" in waiting and "Ann" in waiting
    assert bob_user.post(f"/leagues/club-ladder/ladder/{game.pk}/confirm/").status_code == 302
    after = row(ladder_league, "Bob")
    assert after.rating > before.rating  # a win moves the rating up
    assert after.points == before.points and after.games == before.games  # the league did not opt in to points
    assert AuditEntry.objects.filter(action="league.ladder_report", user=_user("ann")).exists()
    assert AuditEntry.objects.filter(action="league.ladder_confirmed", user=_user("bob")).exists()
    page = Client().get(f"/leagues/club-ladder/players/{after.player_id}/").content.decode()
    assert "Ladder games" in page and "Bob won" in page


def test_ladder_points_count_when_the_league_says_so_and_a_rejected_game_never_counts(ladder_league):
    ladder_league.ladder_points = True
    ladder_league.save()
    before = row(ladder_league, "Ann")
    ann, bob = client_for(_user("ann")), client_for(_user("bob"))
    report(ann, _user("bob").player, points=(6, 1))
    report(ann, _user("bob").player, points=(6, 0), played_on="2026-04-09")
    first, second = LadderGame.objects.order_by("pk")
    bob.post(f"/leagues/club-ladder/ladder/{first.pk}/confirm/")
    bob.post(f"/leagues/club-ladder/ladder/{second.pk}/reject/")
    after = row(ladder_league, "Ann")
    assert after.points == before.points + 6 and after.games == before.games + 1
    assert bob.post(f"/leagues/club-ladder/ladder/{second.pk}/confirm/").status_code == 302  # already answered
    assert LadderGame.objects.get(pk=second.pk).state == LadderGame.State.REJECTED
    assert "toward points" in Client().get("/leagues/club-ladder/").content.decode()


def test_only_players_of_the_league_with_accounts_report_and_only_against_another(ladder_league):
    outsider = make_user("outsider")
    make_player("Out", user=outsider)
    assert report(client_for(outsider), _user("bob").player).status_code == 400
    assert report(client_for(_user("ann")), _user("ann").player).status_code == 400  # against oneself
    assert report(client_for(_user("ann")), _user("bob").player, played_on="2027-02-01").status_code == 400
    assert not LadderGame.objects.exists()


def _user(username):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username=username)


@pytest.fixture
def merge_league(league_organizer, organizer):
    """Ann has an account and played event one; at event two someone entered as "A. Smith" without one."""
    league = make_league(league_organizer)
    ann = make_player("Ann", user=make_user("ann"))
    bob, cid, smith = make_player("Bob"), make_player("Cid"), make_player("A. Smith")
    join(league, played_event(organizer, {"Ann": ann, "Bob": bob}, [[("Ann", "Bob", "4-1")]]))
    join(league, played_event(organizer, {"A. Smith": smith, "Cid": cid}, [[("A. Smith", "Cid", "4-1")]],
                              date=datetime.date(2026, 5, 1)))
    return league, ann, smith


def test_the_player_confirms_a_suggested_merge_and_can_undo_it(merge_league):
    league, ann, smith = merge_league
    organizer = client_for(_user("leaguer"))
    assert len(load_league(league).rows) == 4
    assert organizer.post("/leagues/club-ladder/merge/suggest/", {"player": smith.pk, "into": ann.pk}).status_code == 302
    assert len(load_league(league).rows) == 4  # a suggestion counts for nothing yet
    ann_client = client_for(_user("ann"))
    assert "Check them" in ann_client.get("/leagues/club-ladder/").content.decode()  # the notice
    page = ann_client.get("/leagues/merges/").content.decode()
    assert "A. Smith" in page and "Yes, these are mine" in page
    assert SECRET_EMAIL not in page and SECRET_REGION not in page  # nothing private of the events
    # Nobody but the account holder confirms: not the league organizer, not a stranger.
    assert organizer.post(f"/leagues/club-ladder/merge/{smith.pk}/answer/confirm/").status_code == 403
    assert client_for(make_user("x")).post(f"/leagues/club-ladder/merge/{smith.pk}/answer/confirm/").status_code == 403
    assert ann_client.post(f"/leagues/club-ladder/merge/{smith.pk}/answer/confirm/").status_code == 302
    rows = load_league(league).rows
    assert len(rows) == 3 and rows[0].player_id == ann.pk and rows[0].points == 30.0 and rows[0].games == 2
    assert AuditEntry.objects.filter(action="league.merge_confirm", user=_user("ann")).exists()
    assert ann_client.post(f"/leagues/club-ladder/merge/{smith.pk}/mine/undo/").status_code == 302
    assert len(load_league(league).rows) == 4 and not LeagueMerge.objects.exists()
    assert AuditEntry.objects.filter(action="league.unmerge", user=_user("ann")).exists()


def test_a_declined_suggestion_merges_nothing_and_two_accounts_are_never_merged(merge_league, organizer):
    league, ann, smith = merge_league
    organizer_client = client_for(_user("leaguer"))
    organizer_client.post("/leagues/club-ladder/merge/suggest/", {"player": smith.pk, "into": ann.pk})
    ann_client = client_for(_user("ann"))
    assert ann_client.post(f"/leagues/club-ladder/merge/{smith.pk}/answer/decline/").status_code == 302
    assert len(load_league(league).rows) == 4 and not LeagueMerge.objects.exists()
    assert AuditEntry.objects.filter(action="league.merge_decline").exists()
    dee = make_player("Dee", user=make_user("dee"))
    join(league, played_event(organizer, {"Dee": dee, "Eve": make_player("Eve")}, [[("Dee", "Eve", "4-1")]],
                              date=datetime.date(2026, 7, 1)))
    organizer_client.post("/leagues/club-ladder/merge/suggest/", {"player": dee.pk, "into": ann.pk})
    assert not LeagueMerge.objects.exists()


def test_the_league_organizer_unmerges_a_confirmed_merge(merge_league):
    league, ann, smith = merge_league
    client_for(_user("leaguer")).post("/leagues/club-ladder/merge/suggest/", {"player": smith.pk, "into": ann.pk})
    client_for(_user("ann")).post(f"/leagues/club-ladder/merge/{smith.pk}/answer/confirm/")
    assert len(load_league(league).rows) == 3
    assert client_for(make_user("y")).post(f"/leagues/club-ladder/merge/{smith.pk}/undo/").status_code == 403
    assert client_for(_user("leaguer")).post(f"/leagues/club-ladder/merge/{smith.pk}/undo/").status_code == 302
    assert len(load_league(league).rows) == 4


def _backup(organizer, date=datetime.date(2026, 3, 1)) -> bytes:
    people = {"José Muñoz": make_player("José Muñoz"), "Niccolò Bianchi": make_player("Niccolò Bianchi")}
    event = played_event(organizer, people, [[("José Muñoz", "Niccolò Bianchi", "4-1")]], date=date)
    data = export_event(event)
    event.delete()
    return json.dumps(data).encode()


def test_a_backup_imports_into_the_league_as_a_new_member_event(league_organizer, organizer):
    league = make_league(league_organizer)
    raw = _backup(organizer)
    before = Event.objects.count()
    client = client_for(league_organizer)
    upload = SimpleUploadedFile("backup.json", raw, content_type="application/json")
    response = client.post("/leagues/club-ladder/import/", {"file": upload, "slug": "spring-2026"})
    assert response.status_code == 302, response.content.decode()[-800:]
    event = Event.objects.get(slug="spring-2026")
    assert Event.objects.count() == before + 1
    assert LeagueEvent.objects.get(league=league, event=event).state == LeagueEvent.State.ACCEPTED
    assert event.roles.filter(user=league_organizer).exists()  # counts as the importer's event (the quota)
    assert [r.name for r in load_league(league).rows] == ["José Muñoz", "Niccolò Bianchi"]
    assert client_for(organizer).post("/leagues/club-ladder/import/", {
        "file": SimpleUploadedFile("b.json", raw)}).status_code == 403  # only the league's organizer


def test_a_backup_outside_the_season_imports_nothing(league_organizer, organizer, settings):
    make_league(league_organizer)
    raw = _backup(organizer, date=datetime.date(2025, 3, 1))
    before = Event.objects.count()
    response = client_for(league_organizer).post("/leagues/club-ladder/import/", {
        "file": SimpleUploadedFile("b.json", raw), "slug": "old-one"})
    assert response.status_code == 400 and "season" in response.content.decode()
    assert Event.objects.count() == before and not LeagueEvent.objects.exists()
    settings.EVENTS_PER_DAY = 0
    raw = _backup(organizer)
    response = client_for(league_organizer).post("/leagues/club-ladder/import/", {
        "file": SimpleUploadedFile("b.json", raw), "slug": "too-many"})
    assert response.status_code == 400 and not Event.objects.filter(slug="too-many").exists()


def test_the_league_pdf_reads_back_with_accents_and_wrapped_long_names(league_organizer, organizer):
    league = make_league(league_organizer)
    long_name = "Núria Puigdemont i Ferrer de la Vall d'Àneu Gonçalves Città"
    people = {long_name: make_player(long_name, club="Associació Lúdica Sant Cugat del Vallès i Rodalies"),
              "Niccolò": make_player("Niccolò")}
    join(league, played_event(organizer, people, [[(long_name, "Niccolò", "4-1")]]))
    response = Client().get("/leagues/club-ladder/table.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = " ".join(PdfReader(io.BytesIO(response.content)).pages[0].extract_text().split())
    assert "Club Ladder 2026" in text and "Niccolò" in text
    assert "Núria Puigdemont i Ferrer" in text and "Città" in text  # accents render; the long name wraps whole
    assert text.count("Àneu") == 1
    assert SECRET_EMAIL not in text and SECRET_REGION not in text
    spanish = Client().get("/leagues/club-ladder/table.pdf", HTTP_ACCEPT_LANGUAGE="es")
    assert "Clasificación de la liga" in PdfReader(io.BytesIO(spanish.content)).pages[0].extract_text()


def test_the_demo_carries_a_living_league_and_loads_twice_without_change(client):
    from django.core.management import call_command

    call_command("load_demo", stdout=io.StringIO())
    counts = (Event.objects.count(), LeagueEvent.objects.count(), AuditEntry.objects.count())
    call_command("load_demo", stdout=io.StringIO())
    assert (Event.objects.count(), LeagueEvent.objects.count(), AuditEntry.objects.count()) == counts
    league = League.objects.get(slug="demo-league")
    data = load_league(league)
    assert len(data.memberships) == 4 and "demo" in {m.event.slug for m in data.memberships}
    assert len(data.rows) == 16 and all(r.rating is not None for r in data.rows) and data.rows[0].counted >= 2
    page = client.get("/leagues/demo-league/").content.decode()
    assert data.rows[0].name.replace("'", "&#x27;") in page


def test_players_of_a_private_league_use_its_ladder_and_strangers_do_not_see_it(ladder_league):
    ladder_league.public = False
    ladder_league.save()
    assert client_for(make_user("nosy")).get("/leagues/club-ladder/ladder/").status_code == 404
    ann = client_for(_user("ann"))
    assert report(ann, _user("bob").player).status_code == 302
    game = LadderGame.objects.get()
    assert client_for(_user("bob")).post(f"/leagues/club-ladder/ladder/{game.pk}/confirm/").status_code == 302
    assert LadderGame.objects.get().state == LadderGame.State.CONFIRMED
    spanish = ann.get("/leagues/club-ladder/ladder/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Comunicar una partida" in spanish and "<td>Confirmada</td>" in spanish  # una partida confirmada
    italian = ann.get("/leagues/club-ladder/ladder/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "<td>Confermata</td>" in italian  # una partita confermata
