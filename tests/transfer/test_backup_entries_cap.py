"""A whole-event backup (/events/import/) brings an event no more people than settings.MAX_EVENT_ENTRIES (4,000;
README "Settings", docs/deploy.md: "the most players an import may bring an event to"), as the players file import
keeps it (registration/player_import.py, `check_import_allowed`). Found by a review on 2026-11-28: the backup never
asked, and a 3 MB backup of 10,000 entries was taken after 27.7 s in one web request (20 MB holds about 65,000).
The file is refused before anything is written: the limit is lowered here so that it stays small."""

from __future__ import annotations

import html
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournament.models import Club, Event, Player

pytestmark = pytest.mark.django_db

REG = {"status": "registered", "army_ref": "", "army_name": "", "elements": [], "general": None, "camp": "",
       "allies": [], "late_entry_round": None, "dropped_after_round": None, "fixed_table": None, "notes": ""}


def _backup(players: int, registrations: int | None = None) -> bytes:
    entries = players if registrations is None else registrations
    data = {"format": "dba-tournament-event", "version": 1,
            "event": {"slug": "imported", "name": "Imported", "date": "2026-05-01"},
            "clubs": [{"name": "Norte", "region": "", "country": ""}], "roles": [], "rounds": [],
            "players": [{"ref": f"p{n}", "name": f"Player {n}", "club": "Norte", "region": "", "email": ""}
                        for n in range(players)],
            "registrations": [{"player": f"p{n}", **REG} for n in range(entries)]}
    return json.dumps(data).encode()


def _upload(client, data: bytes, language: str = "en"):
    return client.post(reverse("tournament:backup_upload"), {"file": SimpleUploadedFile("b.json", data), "slug": ""},
                       headers={"Accept-Language": language})


@pytest.mark.parametrize(("language", "words"), [
    ("en", "An event takes at most 5 players: the file has 6."),
    ("es", "Un evento admite como máximo 5 jugadores: el archivo tiene 6."),
    ("it", "Un evento ammette al massimo 5 giocatori: il file ne ha 6."),
])
def test_a_backup_of_more_players_than_an_event_takes_is_refused_naming_the_limit(organizer_client, settings,
                                                                                   language, words):
    settings.MAX_EVENT_ENTRIES = 5
    response = _upload(organizer_client, _backup(6), language)
    made = Event.objects.filter(slug="imported").first()
    assert made is None, (f"the backup made an event of {made.registrations.count()} entries, past the "
                          f"{settings.MAX_EVENT_ENTRIES} an event may hold (answer {response.status_code})")
    assert response.status_code == 400
    assert words in html.unescape(response.text)
    assert not Player.objects.exists() and not Club.objects.exists(), "rows were written before the refusal"


def test_a_backup_of_more_people_than_an_event_takes_is_refused_even_with_few_entries(organizer_client, settings):
    """Every player of the file becomes a person record of the new event, entered or not."""
    settings.MAX_EVENT_ENTRIES = 5
    response = _upload(organizer_client, _backup(6, registrations=2))
    assert response.status_code == 400
    assert "An event takes at most 5 players: the file has 6." in html.unescape(response.text)
    assert not Event.objects.exists() and not Player.objects.exists()


def test_a_backup_of_as_many_players_as_an_event_takes_is_imported(organizer_client, settings):
    settings.MAX_EVENT_ENTRIES = 5
    response = _upload(organizer_client, _backup(5))
    assert response.status_code == 302
    assert Event.objects.get(slug="imported").registrations.count() == 5


def _with_clubs(clubs: int, players: int = 1) -> bytes:
    data = json.loads(_backup(players))
    data["clubs"] += [{"name": f"Club {n}", "region": "", "country": ""} for n in range(clubs)]
    return json.dumps(data).encode()


@pytest.mark.parametrize(("language", "words"), [
    ("en", "clubs: at most 5, as many as an event takes players."),
    ("es", "clubs: como máximo 5, tantos como jugadores admite un evento."),
    ("it", "clubs: al massimo 5, tanti quanti i giocatori che un evento ammette."),
])
def test_a_backup_listing_more_clubs_than_an_event_takes_players_is_refused(organizer_client, settings, language,
                                                                           words):
    """Clubs are written site-wide: a file of a few players and thousands of clubs wrote them all until
    2026-11-28."""
    settings.MAX_EVENT_ENTRIES = 5
    response = _upload(organizer_client, _with_clubs(5), language)  # 6 with the players' own
    assert response.status_code == 400
    assert words in html.unescape(response.text)
    assert not Event.objects.exists() and not Club.objects.exists()


def test_a_backup_writes_only_the_clubs_its_players_name(organizer_client, settings):
    settings.MAX_EVENT_ENTRIES = 5
    assert _upload(organizer_client, _with_clubs(3)).status_code == 302
    assert list(Club.objects.values_list("name", flat=True)) == ["Norte"]
