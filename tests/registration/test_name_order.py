"""Names with accents sort as the reader's language expects: Àlex and Íñigo before Tom."""

from __future__ import annotations

import re

from django.urls import reverse

from tests.factories import make_player, make_registration
from tests.pairing.test_rounds import pair
from tournament.registration.names import sort_key

NAMES = ["Tom Smith", "Íñigo Larrañaga", "Zoe Adams", "Àlex Puig", "Nuria Vidal", "Ñuflo Gil"]


def _order(html: str, names: list[str]) -> list[str]:
    return sorted(names, key=lambda name: html.index(name))


def test_players_list_sorts_accented_names_by_letter(organizer_client, event):
    for name in NAMES:
        make_registration(event, make_player(name))
    html = organizer_client.get(reverse("tournament:players", args=[event.slug])).text
    assert _order(html, NAMES) == ["Àlex Puig", "Íñigo Larrañaga", "Ñuflo Gil", "Nuria Vidal", "Tom Smith", "Zoe Adams"]


def test_spanish_reader_sees_n_tilde_after_n(organizer_client, event):
    for name in NAMES:
        make_registration(event, make_player(name))
    html = organizer_client.get(reverse("tournament:players", args=[event.slug]), headers={"Accept-Language": "es"}).text
    assert _order(html, NAMES) == ["Àlex Puig", "Íñigo Larrañaga", "Nuria Vidal", "Ñuflo Gil", "Tom Smith", "Zoe Adams"]


def test_swap_choices_in_name_order(organizer_client, event):
    for name in NAMES:
        make_registration(event, make_player(name))
    rnd = pair(organizer_client, event)
    html = organizer_client.get(reverse("tournament:round", args=[event.slug, rnd.number])).text
    select = re.search(r'<select id="swap-first".*?</select>', html, re.S)[0]
    assert _order(select, NAMES) == ["Àlex Puig", "Íñigo Larrañaga", "Ñuflo Gil", "Nuria Vidal", "Tom Smith", "Zoe Adams"]


def test_sort_key_ignores_case_and_accents():
    assert sorted(["tom", "Émile", "alex"], key=sort_key) == ["alex", "Émile", "tom"]
