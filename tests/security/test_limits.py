"""Hostile parameters and sizes (issue 11, section 4): length limits, ?round=², existing=abc, request
bodies before parsing, event spam, the similar-name check, JSON errors under /api/. Each test sends the
attack as it was sent."""

from __future__ import annotations

import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.factories import make_event, make_player, make_registration, make_user
from tournament.models import Event, Player, Registration
from tournament.pairing.manager import round_pair, round_publish

EVENT_FORM = {"name": "Spam", "date": "2026-09-12", "edition": "3.0", "rounds_planned": 3, "round_minutes": 90,
              "scoring_preset": "wdl", "round_one_method": "random"}


# Length limits ------------------------------------------------------------------------------------------

def test_a_300_character_name_in_an_import_is_a_line_error(organizer_client, event):
    body = ("name,club\n" + "N" * 300 + ",Club\n").encode()
    url = reverse("tournament:player_import", args=[event.slug])
    response = organizer_client.post(url, {"file": SimpleUploadedFile("players.csv", body)})
    assert response.status_code == 200 and "“name” is longer than 120 characters." in response.text
    assert Registration.objects.count() == 0


def test_a_name_that_grows_when_folded_fits_its_key(organizer_client, event):
    """120 × "ß" folds to 240 letters: the key column holds 120 (PostgreSQL answered 500)."""
    url = reverse("tournament:player_add", args=[event.slug])
    response = organizer_client.post(url, {"name": "ß" * 120, "different_person": "on"})
    assert response.status_code == 302
    assert len(Player.objects.get().name_key) <= 120


@pytest.fixture
def long_named_event(event, organizer):
    """Names of 10,000 characters, as SQLite stores them (and as older rows or imports could hold them);
    PostgreSQL's column holds 120."""
    length = 10_000 if connection.vendor == "sqlite" else 120
    for i in range(2):
        make_registration(event, make_player((f"{i} " + "Wolfeschlegelsteinhausenbergerdorff " * 280)[:length]))
    round_publish(round_pair(event, organizer), organizer)
    return event


@pytest.mark.parametrize("name, args", [("tournament:standings_pdf", []), ("tournament:army_sheets_pdf", []),
                                        ("tournament:round_pdf", [1, "pack"]), ("tournament:round_pdf", [1, "pairings"])])
def test_ten_thousand_character_names_do_not_break_pdfs(organizer_client, long_named_event, name, args):
    response = organizer_client.get(reverse(name, args=[long_named_event.slug, *args]))
    assert response.status_code == 200 and response.content.startswith(b"%PDF")


# Query parameters and form values -----------------------------------------------------------------------

@pytest.mark.parametrize("name, args", [("tournament:standings", []), ("tournament:standings_export", ["csv"]),
                                        ("tournament:standings_export", ["xlsx"]), ("tournament:standings_pdf", [])])
@pytest.mark.parametrize("value", ["²", "١٢", "99999999999999999999", "-1", "1e3"])
def test_round_parameter_takes_ascii_digits_only(client, event, name, args, value):
    response = client.get(reverse(name, args=[event.slug, *args]), {"round": value})
    assert response.status_code == 400 and "“round”" in response.text


def test_round_parameter_still_works(client, event):
    from tournament.models import Round

    for number in (1, 2):
        Round.objects.create(event=event, number=number, status=Round.Status.PUBLISHED)
    assert client.get(reverse("tournament:standings", args=[event.slug]), {"round": "2"}).status_code == 200


@pytest.mark.parametrize("value", ["abc", "²", "99999999999999999999999"])
def test_existing_player_id_that_is_not_a_number_is_a_form_error(organizer_client, event, value):
    url = reverse("tournament:player_add", args=[event.slug])
    response = organizer_client.post(url, {"existing": value})
    assert response.status_code == 400 and "Select a valid choice" in response.text  # the form names the field
    assert Registration.objects.count() == 0


# Request bodies before parsing --------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/no/such/page/", "/events/import/", "/e/test-event/players/import/"])
def test_a_declared_1_gb_body_is_refused_before_it_is_read(client, event, path):
    body = b"--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\"\r\n\r\n" + b"A" * 1000
    response = client.generic("POST", path, body, content_type="multipart/form-data; boundary=x",
                              CONTENT_LENGTH=str(2**30))
    assert response.status_code == 413 and "too large" in response.text


def test_a_chunked_body_over_the_limit_is_refused(client, db, settings):
    settings.MAX_REQUEST_BYTES = 1024
    response = client.generic("POST", "/no/such/page/", b"A" * 4096, content_type="application/octet-stream",
                              CONTENT_LENGTH="", HTTP_TRANSFER_ENCODING="chunked")
    assert response.status_code == 413


def test_multipart_bodies_are_not_parsed_before_routing(client, db):
    """An anonymous multipart POST to a page that does not exist is not parsed (it was, to look for NUL)."""
    response = client.post("/no/such/page/", {"field": "a\x00b", "file": SimpleUploadedFile("a.txt", b"x")})
    assert response.status_code == 404


def test_uploads_are_still_checked_for_nul(organizer_client, event):
    url = reverse("tournament:player_import", args=[event.slug])
    response = organizer_client.post(url, {"note": "a\x00", "file": SimpleUploadedFile("p.csv", b"name\nAna\n")})
    assert response.status_code == 400 and Registration.objects.count() == 0


# Event spam ---------------------------------------------------------------------------------------------

def test_event_creation_has_a_quota_per_account(client, db, settings):
    settings.EVENTS_PER_DAY = 3
    client.force_login(make_user("spammer"))
    codes = [client.post(reverse("tournament:event_create"), {**EVENT_FORM, "slug": f"spam-{i}"}).status_code
             for i in range(4)]
    assert codes == [302, 302, 302, 429]
    assert Event.objects.count() == 3
    last = client.post(reverse("tournament:event_create"), {**EVENT_FORM, "slug": "spam-9"})
    assert "You have created 3 events in the last 24 hours" in last.text


def test_home_page_is_paginated(client, db, settings):
    for i in range(settings.EVENTS_PER_PAGE + 5):
        make_event(slug=f"e{i}", name=f"Evento {i:03d}", date=datetime.date(2026, 1, 1) + datetime.timedelta(days=i))
    first = client.get(reverse("tournament:home"))
    assert first.text.count("/e/e") == settings.EVENTS_PER_PAGE and "?page=2" in first.text
    assert client.get(reverse("tournament:home"), {"page": "2"}).text.count("/e/e") == 5
    assert client.get(reverse("tournament:home"), {"page": "²"}).status_code == 200


def test_a_new_event_stays_unlisted_until_published(client, db):
    organizer = make_user("newcomer")
    client.force_login(organizer)
    client.post(reverse("tournament:event_create"), {**EVENT_FORM, "name": "Quiet Cup", "slug": "quiet"})
    anonymous = Client()
    assert "Quiet Cup" not in anonymous.get(reverse("tournament:home")).text
    assert anonymous.get("/e/quiet/").status_code == 200  # reachable by its link
    client.post(reverse("tournament:event_edit", args=["quiet"]), {**EVENT_FORM, "name": "Quiet Cup", "slug": "quiet",
                                                                   "listed": "on"})
    assert "Quiet Cup" in anonymous.get(reverse("tournament:home")).text


# Similar-name check -------------------------------------------------------------------------------------

def test_similar_name_check_looks_at_a_bounded_set(db, monkeypatch):
    from tournament.registration import services

    Player.objects.bulk_create([Player(name=f"Ana Player {i:05d}", name_key=f"ana player {i:05d}") for i in range(3000)])
    seen = []
    real = services.similar_names
    monkeypatch.setattr(services, "similar_names", lambda name, pool: seen.append(len(list(pool))) or real(name, []))
    services.similar_players("Ana Player 01500")
    assert seen and seen[0] <= 2 * services.SIMILAR_NEIGHBOURS


def test_similar_name_check_still_finds_a_typo_and_takes_the_callers_players(db):
    from tournament.registration.services import similar_players

    Player.objects.bulk_create([Player(name=f"Ana Player {i:05d}", name_key=f"ana player {i:05d}") for i in range(3000)])
    target = make_player("Íñigo Larrañaga")
    assert target in similar_players("Inigo Laranaga")
    assert similar_players("Inigo Laranaga", candidates=Player.objects.exclude(pk=target.pk)) == []


# JSON errors under /api/ --------------------------------------------------------------------------------

def test_api_answers_json_for_an_unknown_calculator(client, db):
    response = client.get("/api/calc/no-such-calculator/")
    assert response.status_code == 404 and response["Content-Type"].startswith("application/json")
    assert response.json()["status"] == 404


def test_api_answers_json_for_a_wrong_method(client, db):
    response = client.post("/api/calc/dba-combat/", {})
    assert response.status_code in (403, 405) and response["Content-Type"].startswith("application/json")
