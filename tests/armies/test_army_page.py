"""The army page: the list's options beside the boxes, offending boxes marked, the standard army as a start."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.registration.test_registration import army_post, legal_army


def _box(html: str, n: int) -> str:
    """The HTML of element box n (1-based)."""
    boxes = re.findall(r'<div class="element-box[^"]*">.*?</div>', html, re.S)
    return boxes[n - 1]


def test_saved_list_shows_its_options_beside_the_boxes(client, own_reg, player_user):
    own_reg.army_ref = "II/56"
    own_reg.save()
    client.force_login(player_user)
    html = client.get(reverse("tournament:army", args=[own_reg.event.slug, own_reg.pk])).text
    assert "General: Cv or 4Bd" in _box(html, 1)
    assert "Column 2: 4 × 4Bd" in _box(html, 3)
    assert "Column 6: 1 × 3Kn or LH or Art or LCm" in _box(html, 12)


def test_options_in_spanish(client, own_reg, player_user):
    own_reg.army_ref = "II/56"
    own_reg.save()
    client.force_login(player_user)
    client.cookies["django_language"] = "es"
    html = client.get(reverse("tournament:army", args=[own_reg.event.slug, own_reg.pk])).text
    assert "1 × 3Kn o LH o Art o LCm" in _box(html, 12)


def test_the_offending_box_is_marked(client, own_reg, player_user):
    elements, general = legal_army("II/56")
    elements[4] = "El"  # no elephants in II/56
    client.force_login(player_user)
    url = reverse("tournament:army", args=[own_reg.event.slug, own_reg.pk])
    html = client.post(url, army_post("II/56", elements, general), headers={"HX-Request": "true"}).text
    assert 'id="army-problems"' in html
    assert 'aria-invalid="true"' in _box(html, 5) and "invalid" in _box(html, 5)
    assert 'aria-invalid="true"' not in _box(html, 4)


def test_choosing_a_list_with_empty_boxes_offers_the_standard_army(client, own_reg, player_user):
    client.force_login(player_user)
    url = reverse("tournament:army_defaults", args=[own_reg.event.slug])
    html = client.get(url, {"army_ref": "II/56", "keep": "1"}, headers={"HX-Request": "true"}).text
    elements, _general = legal_army("II/56")
    assert f'value="{elements[1]}"' in _box(html, 2)
    assert "Column 1: 1 × Cv" in _box(html, 2)


def test_choosing_a_list_keeps_what_the_player_typed(client, own_reg, player_user):
    client.force_login(player_user)
    url = reverse("tournament:army_defaults", args=[own_reg.event.slug])
    html = client.get(url, {"army_ref": "II/56", "keep": "1", "e0": "3Kn"}, headers={"HX-Request": "true"}).text
    assert 'value="3Kn"' in _box(html, 1) and not re.search(r'name="e1"[^>]*value=', html)
    assert "General: Cv or 4Bd" in _box(html, 1)


def _allies_field(html: str) -> str:
    """The HTML from the allies input to the save button: what the page shows beside the allies field."""
    return re.search(r'<input[^>]*name="allies".*?<button type="submit" class="primary"', html, re.S)[0]


@pytest.mark.parametrize(("language", "words"), [
    ("en", ("Allies:", "II/28b, II/51", "(II/22a or 22b or 22e and/or 44) or II/28b or 47d or 51")),
    ("es", ("Aliados:", "II/28b, II/51", "(II/22a or 22b or 22e and/or 44) or II/28b or 47d or 51")),
    ("it", ("Alleati:", "II/28b, II/51", "(II/22a or 22b or 22e and/or 44) or II/28b or 47d or 51")),
])
def test_allies_from_two_alternatives_are_refused_beside_the_allies_field(client, own_reg, player_user, language, words):
    """II/56 takes one of "(II/22a or 22b or 22e and/or 44) or II/28b or 47d or 51": II/28b with II/51 is
    refused, told beside the allies field in the player's language; nothing is saved."""
    elements, general = legal_army("II/56")
    client.force_login(player_user)
    client.cookies["django_language"] = language
    url = reverse("tournament:army", args=[own_reg.event.slug, own_reg.pk])
    response = client.post(url, army_post("II/56", elements, general, allies="II/28b, II/51"),
                           headers={"HX-Request": "true"})
    assert response.status_code == 200
    beside = _allies_field(response.text)
    assert 'aria-invalid="true"' in beside
    assert all(word in beside for word in words), beside
    own_reg.refresh_from_db()
    assert own_reg.elements == [] and own_reg.allies == []


def test_allies_joined_by_and_or_are_saved(client, own_reg, player_user):
    elements, general = legal_army("II/56")
    client.force_login(player_user)
    url = reverse("tournament:army", args=[own_reg.event.slug, own_reg.pk])
    response = client.post(url, army_post("II/56", elements, general, allies="II/22a, II/44"))
    assert response.status_code == 302
    own_reg.refresh_from_db()
    assert own_reg.allies == ["II/22a", "II/44"]
