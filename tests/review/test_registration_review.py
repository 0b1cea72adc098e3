"""Review of registration and armies (rev-reg): what a player or organizer would notice."""

from __future__ import annotations

import datetime

import pandas as pd
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from tests.factories import make_player, make_registration, make_user
from tournament.armies.catalogue import load_catalogue
from tournament.armies.validation import default_army
from tournament.models import Registration


def army_post(ref: str, elements, general: int, **extra) -> dict:
    data = {"army_ref": ref, "general": str(general), "camp": "", "allies": ""}
    for i, code in enumerate(elements):
        data[f"e{i}"] = code
    data.update(extra)
    return data


def legal_army(ref: str):
    choice = default_army(load_catalogue().get(ref))
    return list(choice.elements), choice.general


@pytest.fixture
def player_user(db):
    return make_user("rev-player", "Rev Player")


@pytest.fixture
def own_reg(event, player_user):
    return make_registration(event, make_player("Rev Player", user=player_user))


# CSV line 267: "2,47,e,Marcomanni Army 9 BC - 19 AD" and line 273: "2,51,,Late Judaean Army 63 BC-6 AD".
# A one-digit year is not read, so II/47e is dated 19 AD only and II/51 63 BC only.
@pytest.mark.parametrize(("ref", "date_from", "date_to"), [
    ("II/47e", -50, -1),   # an event for armies of the first century BC: the Marcomanni fought from 9 BC
    ("II/51", 1, 100),     # an event for armies of the first century AD: the Late Judaeans lasted to 6 AD
])
def test_an_army_within_the_events_years_is_accepted(client, own_reg, player_user, ref, date_from, date_to):
    event = own_reg.event
    event.restrictions = {"date_from": date_from, "date_to": date_to}
    event.save()
    elements, general = legal_army(ref)
    client.force_login(player_user)
    response = client.post(reverse("tournament:army", args=[event.slug, own_reg.pk]), army_post(ref, elements, general))
    assert response.status_code == 302, response.text[response.text.find("army-problems"):][:600]
    own_reg.refresh_from_db()
    assert own_reg.army_ref == ref


def test_an_ally_written_as_the_list_writes_it_is_accepted(client, own_reg, player_user):
    """CSV line for I/47 (Illyrian): Allies "I/63 or II/9 or 33". The player types II/9 and is told
    "The list I/47 cannot take II/9 as allies"."""
    event = own_reg.event
    elements, general = legal_army("I/47")
    client.force_login(player_user)
    response = client.post(reverse("tournament:army", args=[event.slug, own_reg.pk]),
                           army_post("I/47", elements, general, allies="II/9"))
    assert "cannot take" not in response.text
    assert response.status_code == 302
    own_reg.refresh_from_db()
    assert own_reg.allies == ["II/9"]


def test_no_self_registration_into_a_finished_event(client, event, player_user):
    """The event page hides "Register for this event" once the event is finished; the register address still
    enters the player (a bookmark, the link from before, the back button)."""
    event.finished_at = timezone.now()
    event.save()
    client.force_login(player_user)
    client.post(reverse("tournament:register", args=[event.slug]), {"name": "Rev Player"})
    assert not Registration.objects.filter(event=event).exists()


def test_an_imported_reference_typed_with_a_space_is_stored_as_the_catalogue_writes_it(organizer_client, event):
    """The army page stores "II/ 56" as II/56 (tests/armies/test_army_ref_typed.py); the import stores it as typed,
    so the player list, the civil-war check and the army sheet see another army."""
    choice = default_army(load_catalogue().get("II/56"))
    frame = pd.DataFrame([{"name": "Ana Import", "army_ref": "II/ 56", "elements": " ".join(choice.elements),
                           "general": str(choice.general + 1)}])
    upload = SimpleUploadedFile("players.csv", frame.to_csv(index=False).encode("utf-8"), content_type="text/csv")
    response = organizer_client.post(reverse("tournament:player_import", args=[event.slug]), {"file": upload})
    assert response.status_code == 302
    assert Registration.objects.get(event=event).army_ref == "II/56"


# CSV line 238: "2,35,,Later Macedonian Army 260-148 BC,...,Cv,1xCv,1xLH,2x4Pk,2x4Pk,2x4Ax or Ps,1xPs or 4Ax or 4Wb":
# the general and one more element are Cv, ten elements at most are listed (the row is short of two).
# Line 86: "1,37,b,...,HCh,1xCv/LH,5x3Ax,4xPs or 3Bw": at most 4 Ps (the row is short of one).
# A row flagged as not adding up to 12 takes any twelve elements of its types, however many of each.
@pytest.mark.parametrize(("ref", "elements"), [
    ("II/35", ["Cv"] * 12),
    ("I/37b", ["HCh"] + ["Ps"] * 11),
])
def test_a_short_list_row_still_limits_how_many_of_a_type(client, own_reg, player_user, ref, elements):
    event = own_reg.event
    client.force_login(player_user)
    response = client.post(reverse("tournament:army", args=[event.slug, own_reg.pk]), army_post(ref, elements, 0))
    assert response.status_code == 200 and 'id="army-problems"' in response.text
    own_reg.refresh_from_db()
    assert own_reg.elements == []
