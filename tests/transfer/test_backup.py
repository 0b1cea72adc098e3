"""Whole-event backup: the round trip is lossless, and a bad file changes nothing."""

from __future__ import annotations

import copy
import json

import pytest
from django.urls import reverse

from tests.factories import make_player, make_registration, make_user
from tournament.models import AuditEntry, Event, EventRole, Game, Registration, ResultReport, Round, Seat
from tournament.transfer.backup import BackupError, export_event, import_event


@pytest.fixture
def played_event(event, organizer):
    """An event with registrations, a round with a confirmed game, a report and a bye."""
    regs = [make_registration(event, make_player(name, club), army_ref="II/33", elements=["Cv"] * 12, general=0)
            for name, club in [("Íñigo Larrañaga", "Ludópatas"), ("Niccolò Bianchi", "Città"), ("Bob <b>Beattie</b>", None)]]
    regs[0].player.user = make_user("inigo")
    regs[0].player.save()
    rnd = Round.objects.create(event=event, number=1, status=Round.Status.PUBLISHED, seed=7, cost=[0, 1], warnings=[])
    game = Game.objects.create(round=rnd, table=1, status=Game.Status.CONFIRMED, outcome="a",
                               explanation=[{"code": "score_group", "score": 0}], entered_by=organizer)
    a = Seat.objects.create(game=game, round=rnd, registration=regs[0], side="a", elements_lost=1, camp_lost=True, score=23)
    Seat.objects.create(game=game, round=rnd, registration=regs[1], side="b", elements_lost=4, general_lost=True, score=3)
    ResultReport.objects.create(game=game, seat=a, source="player",
                                payload={"outcome": "a", "a": [1, False, True], "b": [4, True, False]})
    bye = Game.objects.create(round=rnd, table=None, is_bye=True, status=Game.Status.CONFIRMED)
    Seat.objects.create(game=bye, round=rnd, registration=regs[2], side="a", score=10)
    AuditEntry.objects.create(event=event, user=organizer, action="result.enter", target="table 1", after={"x": 1})
    return event


def _without_links(data: dict) -> dict:
    """What an import never carries over: roles, players' accounts and report tokens (always new)."""
    data = copy.deepcopy(data)
    data["roles"] = []
    for player in data["players"]:
        player["user"] = None
    for rnd in data["rounds"]:
        for game in rnd["games"]:
            for seat in game["seats"]:
                seat["report_token"] = "*"
    data["audit"] = [a for a in data["audit"] if a["action"] != "event.import"]
    return data


def test_round_trip_is_lossless(played_event, django_db_blocker):
    first = export_event(played_event)
    # "A fresh database": drop everything of the event, its people and users, then import.
    Seat.objects.all().delete()
    Registration.objects.all().delete()
    Event.objects.all().delete()
    from django.contrib.auth import get_user_model

    from tournament.models import Club, Player

    Player.objects.all().delete()
    Club.objects.all().delete()
    get_user_model().objects.all().delete()
    importer = make_user("mover")
    imported = import_event(copy.deepcopy(first), importer=importer)
    again = export_event(imported.event)
    assert json.dumps(_without_links(again), sort_keys=True) == json.dumps(_without_links(first), sort_keys=True)
    # History keeps who did what, as text; no account was created for anyone in the file.
    assert again["audit"][0]["user"] == "org" and again["rounds"][0]["games"][0]["entered_by"] == "org"
    assert list(get_user_model().objects.values_list("username", flat=True)) == ["mover"]
    assert list(EventRole.objects.filter(event=imported.event).values_list("user__username", "role")) == [
        ("mover", "organizer")]
    assert sorted(imported.roles) == [("org", "organizer"), ("ump", "umpire")]
    assert imported.accounts == [("Íñigo Larrañaga", "inigo")]


def test_import_under_another_slug_keeps_the_original(played_event):
    data = export_event(played_event)
    copy_event = import_event(data, slug="copia").event
    assert Event.objects.filter(slug__in=[played_event.slug, "copia"]).count() == 2
    assert copy_event.registrations.count() == 3


@pytest.mark.parametrize("mutate", [
    lambda d: d.update(version=99),
    lambda d: d.update(format="other"),
    lambda d: d.pop("rounds"),
    lambda d: d["rounds"][0]["games"][0]["seats"][0].update(player="p99"),
    lambda d: d["registrations"][0].pop("elements"),
])
def test_bad_backup_changes_nothing(played_event, mutate):
    data = export_event(played_event)
    data["event"]["slug"] = "fresh"
    mutate(data)
    counts = (Event.objects.count(), Registration.objects.count(), Seat.objects.count())
    with pytest.raises(BackupError):
        import_event(data)
    assert (Event.objects.count(), Registration.objects.count(), Seat.objects.count()) == counts


def test_backup_download_is_for_organizers_only(client, organizer_client, umpire_client, played_event):
    url = reverse("tournament:backup_download", args=[played_event.slug])
    assert client.get(url).status_code == 302
    assert umpire_client.get(url).status_code == 403
    response = organizer_client.get(url)
    assert response.status_code == 200 and json.loads(response.content)["version"] == 1


def test_backup_upload_and_bad_upload(organizer_client, played_event):
    from django.core.files.uploadedfile import SimpleUploadedFile

    body = json.dumps(export_event(played_event)).encode()
    url = reverse("tournament:backup_upload")
    response = organizer_client.post(url, {"file": SimpleUploadedFile("b.json", body), "slug": "moved"})
    assert response.status_code == 302 and Event.objects.filter(slug="moved").exists()
    response = organizer_client.post(url, {"file": SimpleUploadedFile("b.json", b"{not json")})
    assert response.status_code == 400 and 'id="backup-error"' in response.text


def test_audit_log_page_lists_changes_for_organizers(organizer_client, umpire_client, played_event):
    url = reverse("tournament:audit", args=[played_event.slug])
    assert umpire_client.get(url).status_code == 403
    page = organizer_client.get(url)
    assert "Table 1: result entered by organizer Organizer Uno." in page.text and "result.enter" not in page.text
    assert "<b>Beattie</b>" not in page.text  # hostile text is escaped wherever it appears


def test_revoking_a_report_link(organizer_client, client, played_event):
    seat = Seat.objects.get(round__event=played_event, side="b")
    url = reverse("tournament:report_link", args=[played_event.slug, seat.pk])
    old = seat.report_token
    organizer_client.post(url, {"action": "revoke"})
    assert client.get(reverse("tournament:report", args=[old])).status_code == 404
    organizer_client.post(url, {"action": "renew"})
    seat.refresh_from_db()
    assert seat.report_token != old and not seat.token_revoked
