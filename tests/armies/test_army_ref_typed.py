"""A list reference typed with a space ("II/ 56") is the catalogue's II/56: stored as the catalogue writes it, so
two players of that list are the same army to every check that compares them (the civil-war check of round 1),
and the pages show it as everyone else's (found by a review on 2026-11-28: it was stored as typed)."""

from __future__ import annotations

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
