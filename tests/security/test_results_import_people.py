"""The games-file import (`/events/import-results/`) makes a finished event of its own people, as the players file
and the backup do: a stranger who types someone else's name and club gets a new person, never theirs (their
account, their email, their region), and an account with no confirmed email imports no event where the site asks
for one (found by a review on 2026-11-28: the import took the first person of that name and club)."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.factories import make_user
from tournament.models import Event


def _upload(client, rows: str, slug: str = "past-2019"):
    data = ("round,table,player_a,club_a,player_b,club_b,result\n" + rows).encode()
    return client.post(reverse("tournament:results_import"), {
        "name": "Past", "slug": slug, "date": "2019-05-04", "edition": "3.0", "scoring": "5-2-1-0",
        "file": SimpleUploadedFile("games.csv", data, content_type="text/csv")})


def test_a_stranger_typing_someones_name_and_club_gets_a_new_person_not_theirs(stranger_client, demo, nuria):
    response = _upload(stranger_client, "1,1,Núria Puigdemont,Dracs de Barcelona,Somebody,Elsewhere,4-1\n")
    assert response.status_code == 302
    imported = Event.objects.get(slug="past-2019")
    entry = imported.registrations.get(name="Núria Puigdemont")
    assert entry.player_id != nuria.pk
    assert (entry.email, entry.region) == ("", "")
    export = stranger_client.get(reverse("tournament:player_export", args=[imported.slug, "csv"])).content.decode()
    assert "Núria Puigdemont" in export
    assert "nuria@example.org" not in export and "Baix Llobregat" not in export
    assert entry.club.name == "Dracs de Barcelona"  # a club is a public name: the same club


def test_a_person_with_an_account_gets_no_entry_from_a_strangers_import(stranger_client, demo, nuria):
    nuria.user = make_user("nuria")
    nuria.save()
    _upload(stranger_client, "1,1,Núria Puigdemont,Dracs de Barcelona,Somebody,Elsewhere,0-4\n")
    imported = Event.objects.get(slug="past-2019")
    assert imported.registrations.filter(name="Núria Puigdemont").exists()
    assert not imported.registrations.filter(player__user=nuria.user).exists()
    assert list(nuria.registrations.values_list("event__slug", flat=True)) == ["demo"]


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_an_account_without_a_confirmed_email_imports_no_event_where_the_site_asks_for_one(db, settings, language):
    settings.REQUIRE_CONFIRMED_EMAIL = True
    client = Client(headers={"Accept-Language": language})
    client.force_login(make_user("newcomer"))
    response = _upload(client, "1,1,Ana,Norte,Bruno,Sur,4-1\n")
    assert response.status_code == 403
    assert not Event.objects.filter(slug="past-2019").exists()
    assert {"en": "Confirm your email", "es": "Confirma tu email", "it": "Conferma la tua email"}[language] \
        in response.text
