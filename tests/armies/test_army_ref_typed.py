"""A list reference typed with a space ("II/ 56") is the catalogue's II/56: stored as the catalogue writes it, so
two players of that list are the same army to every check that compares them (the civil-war check of round 1),
and the pages show it as everyone else's (found by a review on 2026-11-28: it was stored as typed)."""

from __future__ import annotations

import re

from tests.factories import make_event, make_player, make_registration
from tournament.armies.catalogue import load_catalogue
from tournament.armies.service import ArmyInput
from tournament.armies.validation import default_army
from tournament.registration.services import army_save


def test_a_reference_typed_with_a_space_is_stored_as_the_catalogue_writes_it(db):
    event = make_event(slug="spaces")
    reg = make_registration(event, make_player("Ana"))
    army = default_army(load_catalogue().get("II/56"))
    typed = ArmyInput(ref=" II/ 56 ", elements=tuple(army.elements), general=army.general, camp="", allies=())
    assert army_save(reg=reg, army=typed, user=None, allowed=lambda *_: True) == []
    reg.refresh_from_db()
    assert reg.army_ref == "II/56"


def test_a_reference_typed_on_a_phone_in_other_letters_is_the_catalogues(organizer_client, db):
    """A phone's keyboard starts a box with a capital ("Ii/56"), and a player may type the book in small letters
    ("ii/56", "iii/40B"): the army page said there was no such list, and "Start from the list's standard army"
    left every box empty."""
    from django.urls import reverse

    from tournament.models import EventRole

    event = make_event(slug="phone")
    reg = make_registration(event, make_player("Ana Peña"))
    user = organizer_client.get(reverse("tournament:me")).wsgi_request.user
    EventRole.objects.create(event=event, user=user, role=EventRole.Role.ORGANIZER)
    url = reverse("tournament:army", args=[event.slug, reg.pk])
    standard = organizer_client.post(url, {"army_ref": "Ii/56", "load_defaults": "1"}, headers={"Accept-Language": "es"})
    assert re.search(r'<input type="text" name="e0" value="Cv"', standard.text)
    army = default_army(load_catalogue().get("III/40b"))
    boxes = {f"e{i}": code for i, code in enumerate(army.elements)}
    saved = organizer_client.post(url, {"army_ref": "iii/40B", "general": str(army.general), **boxes},
                                  headers={"Accept-Language": "es"}, follow=True)
    assert "No hay ninguna lista" not in saved.text
    reg.refresh_from_db()
    assert reg.army_ref == "III/40b" and reg.army_name
