"""A calculator's working is read in the page's language.

The PIP calculator named the general's terrain (guia22 L820) by its form value: "el general está en: wood"."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse


def working(html: str) -> list[str]:
    block = re.search(r"<ul>((?:<li[^>]*>.*?</li>)+)</ul>", html, re.S)
    items = re.findall(r"<li[^>]*>(.*?)</li>", block.group(1), re.S) if block else []
    return [" ".join(unescape(re.sub(r"<[^>]+>", " ", item)).split()) for item in items]


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "place", "said"), [
    ("es", "wood", "el general está en: un bosque"),
    ("es", "marsh", "el general está en: un pantano"),
    ("it", "bua", "il generale è in: una BUA"),
])
def test_the_generals_terrain_is_named_in_the_readers_language(client, language, place, said):
    response = client.get(reverse("rulings:calc", args=["dba-pip-cost"]), {"elements": "3Cv", "general_in": place},
                          HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert any(said in item for item in working(response.text)), working(response.text)
