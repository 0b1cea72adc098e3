"""Issue 11 §1: a backup import creates one new event and touches nothing outside it; every value is checked."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournament.models import Event, EventRole, Player, Seat

REG = {"status": "registered", "army_ref": "", "army_name": "", "elements": [], "general": None, "camp": "",
       "allies": [], "late_entry_round": None, "dropped_after_round": None, "fixed_table": None, "notes": ""}


def backup(**event) -> dict:
    return {"format": "dba-tournament-event", "version": 1,
            "event": {"slug": "imported", "name": "Imported", "date": "2026-05-01", **event},
            "clubs": [], "players": [], "roles": [], "registrations": [], "rounds": []}


def upload(client, data, slug: str = ""):
    body = data if isinstance(data, bytes) else json.dumps(data).encode()
    return client.post(reverse("tournament:backup_upload"), {"file": SimpleUploadedFile("b.json", body), "slug": slug})


def round_of(number: int, games: list | None = None) -> dict:
    return {"number": number, "status": "published", "seed": 1, "method": "swiss", "cost": [], "warnings": [],
            "published_at": None, "clock_started_at": None, "games": games or []}


def test_a_small_backup_does_not_take_over_another_events_player(stranger_client, stranger, demo, nuria):
    data = backup()
    data["clubs"] = [{"name": "Dracs de Barcelona", "region": "", "country": ""}]
    data["players"] = [{"ref": "p1", "name": "Núria Puigdemont", "club": "Dracs de Barcelona", "region": "", "email": "",
                        "user": "stranger"}]
    data["registrations"] = [{"player": "p1", **REG}]
    assert upload(stranger_client, data).status_code == 302
    nuria.refresh_from_db()
    assert nuria.user is None and not Player.objects.filter(user=stranger).exists()
    assert Event.objects.get(slug="imported").registrations.get().player_id != nuria.pk
    her_entry = demo.registrations.get()
    assert stranger_client.get(reverse("tournament:army", args=["demo", her_entry.pk])).status_code == 403
    assert stranger_client.get(reverse("tournament:army_sheet_pdf", args=["demo", her_entry.pk])).status_code == 403


def test_no_account_is_created_and_no_role_granted(stranger_client, stranger, demo):
    """Usernames in the file (roles, players, history) create no account; roles are listed to invite, not granted."""
    users = get_user_model().objects.count()
    data = backup()
    data["roles"] = [{"user": "demo-org", "role": "umpire"}, {"user": "squatted", "role": "organizer"}]
    data["players"] = [{"ref": "p1", "name": "Ana", "club": None, "region": "", "email": "", "user": "ana-account"}]
    data["registrations"] = [{"player": "p1", **REG}]
    data["audit"] = [{"at": "2026-05-01T10:00:00+00:00", "user": "admin-lookalike", "action": "event.create",
                      "target": "x", "before": None, "after": None}]
    response = upload(stranger_client, data)
    assert response.status_code == 302
    assert get_user_model().objects.count() == users
    event = Event.objects.get(slug="imported")
    assert list(event.roles.values_list("user__username", "role")) == [("stranger", "organizer")]
    page = stranger_client.get(response.url).text
    assert "demo-org (umpire)" in page and "squatted (organizer)" in page  # shown, to invite


def test_a_role_value_superuser_is_refused(stranger_client, demo):
    data = backup()
    data["roles"] = [{"user": "stranger", "role": "superuser"}]
    response = upload(stranger_client, data)
    assert response.status_code == 400 and "roles[0].role" in response.text
    assert not Event.objects.filter(slug="imported").exists()


def test_report_tokens_chosen_by_the_file_are_not_kept(stranger_client, client, demo):
    data = backup()
    data["players"] = [{"ref": "p1", "name": "Ana", "club": None, "region": "", "email": "", "user": None}]
    data["registrations"] = [{"player": "p1", **REG}]
    bye = {"table": None, "is_bye": True, "status": "pending", "outcome": "", "explanation": [], "manual": False,
           "version": 0, "entered_by": None, "entered_at": None, "reports": [],
           "seats": [{"side": "a", "elements_lost": 0, "general_lost": False, "camp_lost": False, "score": None,
                      "report_token": "chosen-by-the-file", "token_revoked": False, "player": "p1"}]}
    data["rounds"] = [round_of(1, [bye])]
    assert upload(stranger_client, data).status_code == 302
    assert Seat.objects.filter(round__event__slug="imported").exists()
    assert not Seat.objects.filter(report_token="chosen-by-the-file").exists()
    assert client.get(reverse("tournament:report", args=["chosen-by-the-file"])).status_code == 404


def test_an_invalid_slug_is_refused_and_the_home_page_stays_up(stranger_client, client, demo):
    response = upload(stranger_client, backup(), slug="not a slug!")
    assert response.status_code == 400 and "event.slug" in response.text
    assert not Event.objects.filter(slug="not a slug!").exists()
    assert client.get(reverse("tournament:home")).status_code == 200


def test_the_home_page_survives_an_odd_row(client, demo):
    """A row stored before imports were checked must not break the page for everyone."""
    Event.objects.create(slug="not a slug!", name="Odd", date=demo.date)
    response = client.get(reverse("tournament:home"))
    assert response.status_code == 200 and "Demo" in response.text


def _set(path: str, value):
    def mutate(data):
        target = data
        *parents, last = path.split(".")
        for key in parents:
            target = target[key]
        target[last] = value
    return mutate


def _duplicate_rounds(data):
    data["rounds"] = [round_of(1), round_of(1)]


BAD_VALUES = [
    (_set("event.slug", None), "event.slug"),
    (_set("event.name", None), "event.name"),
    (_set("event.seed", 2**70), "event.seed"),
    (_set("event.rounds_planned", -5), "event.rounds_planned"),
    (_set("event.rounds_planned", 10**12), "event.rounds_planned"),
    (_set("event.name", "N" * 5000), "event.name"),
    (_set("event.scoring_preset", "nope"), "event.scoring_preset"),
    (_set("event.wdl_points", "a/b/c"), "event.wdl_points"),
    (_set("event.restrictions", {"allowed_books": "I", "date_from": "yesterday"}), "event.restrictions"),
    (_set("event.restrictions", ["I"]), "event.restrictions"),
    (_set("event.tiebreaks", ["nope"]), "event.tiebreaks"),
    (_set("event.tiebreaks", "head_to_head"), "event.tiebreaks"),
    (_set("event.edition", "9.9"), "event.edition"),
    (_duplicate_rounds, "rounds[1].number"),
]


@pytest.mark.parametrize(("mutate", "field"), BAD_VALUES, ids=[field + str(i) for i, (_m, field) in enumerate(BAD_VALUES)])
def test_each_bad_value_is_a_clear_400_naming_the_field(stranger_client, client, demo, mutate, field):
    data = backup(scoring_preset="nasamw-3.0", wdl_points="3/1/0", tiebreaks=[], restrictions={}, edition="3.0",
                  seed=1, rounds_planned=3)
    mutate(data)
    events, users = Event.objects.count(), get_user_model().objects.count()
    response = upload(stranger_client, data)
    assert response.status_code == 400 and field in response.text
    assert (Event.objects.count(), get_user_model().objects.count()) == (events, users)
    assert EventRole.objects.filter(event__slug="imported").count() == 0
    assert client.get(reverse("tournament:home")).status_code == 200


def test_deep_nesting_is_a_clean_400(stranger_client, demo):
    depth = 100_000
    body = b'{"format": "dba-tournament-event", "version": 1, "event": ' + b"[" * depth + b"]" * depth + b"}"
    response = upload(stranger_client, body)
    assert response.status_code == 400 and "nested too deeply" in response.text
    assert Event.objects.count() == 1
