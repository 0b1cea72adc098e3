"""The new areas speak Spanish and Italian: step-throughs, calculators, rounds and printing links."""

from __future__ import annotations

import pytest
from django.urls import reverse


@pytest.mark.parametrize(("language", "words"), [
    ("es", {"rulings:flows": "Recorridos guiados", "rulings:calc_index": "Calculadoras"}),
    ("it", {"rulings:flows": "Percorsi guidati", "rulings:calc_index": "Calcolatori"}),
])
def test_umpire_pages(client, db, language, words):
    for name, word in words.items():
        page = client.get(reverse(name), headers={"Accept-Language": language})
        assert word in page.text, (name, language)


@pytest.mark.parametrize(("language", "word"), [("es", "Emparejar la siguiente ronda"), ("it", "Abbina il prossimo turno")])
def test_organizer_round_pages(organizer_client, event, language, word):
    page = organizer_client.get(reverse("tournament:rounds", args=[event.slug]), headers={"Accept-Language": language})
    assert word in page.text
