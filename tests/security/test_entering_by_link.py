"""Entering an event is a write, and a GET does not do it.

Before 2026-11-28 a signed-in person who already has a player profile is entered into an event by a plain GET of
/e/<slug>/register/ (tournament/web/views/registration.py, `register`: `player_register` runs before any
method check). Django's session cookie is SameSite=Lax, so a top-level link or redirect from any other site
carries it: any organizer (anyone can sign up and create an event) can enter a stranger into their own event
just by getting them to follow a link, and the entry copied the person's profile email, which that organizer
then read in the player list export. Now a GET asks, in the reader's language, and the button (a POST with its
CSRF token) enters.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import make_event, make_registration, make_user
from tournament.models import EventRole, Player, Registration


def test_a_get_of_the_register_address_enters_nobody(client, db):
    victim = make_user("victim")
    player = Player.objects.create(name="Vera Victim", email="vera@example.org", user=victim)
    own_event = make_event(slug="vera-club-night")
    make_registration(own_event, player)  # she has played before: her profile exists

    stranger = make_user("stranger")
    trap = make_event(slug="strangers-event")
    EventRole.objects.create(event=trap, user=stranger, role=EventRole.Role.ORGANIZER)

    client.force_login(victim)
    response = client.get(reverse("tournament:register", args=[trap.slug]))  # e.g. a link on another site

    assert not Registration.objects.filter(event=trap, player=player).exists(), (
        f"a GET entered the visitor into a stranger's event (answer {response.status_code})")


def test_the_stranger_does_not_get_the_visitors_email_from_a_followed_link(client, db):
    victim = make_user("victim2")
    player = Player.objects.create(name="Vera Victim", email="vera@example.org", user=victim)
    make_registration(make_event(slug="vera-earlier"), player)
    stranger = make_user("stranger2")
    trap = make_event(slug="strangers-other-event")
    EventRole.objects.create(event=trap, user=stranger, role=EventRole.Role.ORGANIZER)

    client.force_login(victim)
    client.get(reverse("tournament:register", args=[trap.slug]))

    client.force_login(stranger)
    export = client.get(reverse("tournament:player_export", args=[trap.slug, "csv"]))
    assert export.status_code == 200
    assert "vera@example.org" not in export.content.decode(), "the stranger's export lists the visitor's email"


@pytest.mark.parametrize(("lang", "words", "button"), [
    ("en", "You will play as Vera Victim", "Register"),
    ("es", "Jugarás como Vera Victim", "Inscribir"),
    ("it", "Giocherai come Vera Victim", "Iscrivi"),
])
def test_a_player_with_a_profile_is_asked_and_the_button_enters_them(client, db, lang, words, button):
    victim = make_user("vera")
    player = Player.objects.create(name="Vera Victim", email="vera@example.org", user=victim)
    make_registration(make_event(slug="vera-before"), player)
    event = make_event(slug="open-night")
    client.force_login(victim)
    url = reverse("tournament:register", args=[event.slug])

    page = client.get(url, headers={"Accept-Language": lang}).content.decode()
    assert words in page and f">{button}</button>" in page and 'name="csrfmiddlewaretoken"' in page
    assert not Registration.objects.filter(event=event).exists()

    answer = client.post(url, headers={"Accept-Language": lang})
    reg = Registration.objects.get(event=event, player=player)
    assert answer.status_code == 302 and answer["Location"] == reverse("tournament:army", args=[event.slug, reg.pk])
