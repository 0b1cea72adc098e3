"""Review (limits): `MAX_EVENT_ENTRIES` (4,000; README "Settings", docs/deploy.md: "the most players an import may
bring an event to") is checked by the players file import only (registration/player_import.py,
`check_import_allowed`). The other import, a whole-event backup (/events/import/, 20 MB, parsed and written
inside the web request by transfer/backup.py `_people`, one full_clean and save per row), never asks: one upload
by any signed-in account makes an event with as many entries as 20 MB of JSON holds (tens of thousands), each
written row by row while a web worker waits, and every page of that event then reads them all. Measured here
(SQLite, this machine): a 3 MB backup of 10,000 entries was taken, 302, after 27.7 s in the one request; 20 MB
holds about 65,000.

The cap is lowered here (`settings`) so that the file stays small; the code path is the same."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournament.models import Event

REG = {"status": "registered", "army_ref": "", "army_name": "", "elements": [], "general": None, "camp": "",
       "allies": [], "late_entry_round": None, "dropped_after_round": None, "fixed_table": None, "notes": ""}


def _backup(players: int) -> bytes:
    data = {"format": "dba-tournament-event", "version": 1,
            "event": {"slug": "imported", "name": "Imported", "date": "2026-05-01"},
            "clubs": [], "roles": [], "rounds": [],
            "players": [{"ref": f"p{n}", "name": f"Player {n}", "club": None, "region": "", "email": ""}
                        for n in range(players)],
            "registrations": [{"player": f"p{n}", **REG} for n in range(players)]}
    return json.dumps(data).encode()


@pytest.mark.django_db
def test_a_backup_cannot_bring_an_event_past_the_most_entries_an_event_may_hold(organizer_client, settings):
    settings.MAX_EVENT_ENTRIES = 5
    response = organizer_client.post(reverse("tournament:backup_upload"),
                                     {"file": SimpleUploadedFile("b.json", _backup(6)), "slug": ""})
    made = Event.objects.filter(slug="imported").first()
    assert made is None, (f"the backup made an event of {made.registrations.count()} entries, past the "
                          f"{settings.MAX_EVENT_ENTRIES} an event may hold (answer {response.status_code})")
    assert response.status_code == 400
