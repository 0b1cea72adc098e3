"""Issue 11 §1: an organizer sees and changes only their own events' entries."""

from __future__ import annotations

import pandas as pd
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.factories import make_player, make_registration
from tournament.models import Player, Registration


def _csv(rows: list[dict]) -> SimpleUploadedFile:
    return SimpleUploadedFile("players.csv", pd.DataFrame(rows).to_csv(index=False).encode(), content_type="text/csv")


def test_adding_another_events_player_by_id_is_refused(stranger_client, own_event, demo, nuria):
    url = reverse("tournament:player_add", args=[own_event.slug])
    response = stranger_client.post(url, {"existing": str(nuria.pk)})
    assert response.status_code == 400
    assert not own_event.registrations.exists()
    export = stranger_client.get(reverse("tournament:player_export", args=[own_event.slug, "csv"]))
    assert "nuria@example.org" not in export.content.decode()


def test_similar_name_hint_gives_no_other_events_ids(stranger_client, own_event, demo, nuria):
    url = reverse("tournament:player_add", args=[own_event.slug])
    response = stranger_client.post(url, {"name": "Nuria Puigdemont"})
    assert f'value="{nuria.pk}"' not in response.text
    assert "Dracs de Barcelona" not in response.text
    assert response.status_code == 302 and own_event.registrations.get().player_id != nuria.pk


def test_adding_a_person_with_an_account_is_refused_even_from_own_events(stranger_client, stranger, own_event):
    """A person's account link is theirs: an organizer may invite them, never attach them."""
    from tests.factories import make_event, make_user
    from tournament.models import EventRole

    earlier = make_event(slug="earlier")
    EventRole.objects.create(event=earlier, user=stranger, role=EventRole.Role.ORGANIZER)
    member = make_registration(earlier, make_player("Pau Casals", user=make_user("pau"))).player
    response = stranger_client.post(reverse("tournament:player_add", args=[own_event.slug]), {"existing": str(member.pk)})
    assert response.status_code == 400 and not own_event.registrations.exists()


def test_player_import_does_not_link_rows_to_other_events_players(stranger_client, own_event, demo, nuria):
    url = reverse("tournament:player_import", args=[own_event.slug])
    response = stranger_client.post(url, {"file": _csv([{"name": "Núria Puigdemont", "club": "Dracs de Barcelona"}])})
    assert response.status_code == 302
    assert own_event.registrations.get().player_id != nuria.pk
    export = stranger_client.get(reverse("tournament:player_export", args=[own_event.slug, "csv"])).content.decode()
    assert "nuria@example.org" not in export and "Baix Llobregat" not in export


def test_renaming_an_entry_does_not_change_another_events_pages(stranger_client, own_event, demo, nuria, client):
    """Even with a person entered in both events, an edit changes only the editing event's entry."""
    shared = make_registration(own_event, nuria)
    url = reverse("tournament:entry_edit", args=[own_event.slug, shared.pk])
    response = stranger_client.post(url, {"name": "Hacked Name", "club": "Evil Club", "status": "registered",
                                          "fixed_table": "", "notes": ""})
    assert response.status_code == 302
    assert "Hacked Name" in client.get(reverse("tournament:event", args=[own_event.slug])).text
    for page in (reverse("tournament:event", args=["demo"]), reverse("tournament:standings", args=["demo"]),
                 reverse("tournament:standings_export", args=["demo", "csv"])):
        body = client.get(page).content.decode()
        assert "Hacked Name" not in body and "Evil Club" not in body
        assert "Núria Puigdemont" in body
    assert Player.objects.get(pk=nuria.pk).name == "Núria Puigdemont"
    assert Registration.objects.get(event=demo).name == "Núria Puigdemont"
