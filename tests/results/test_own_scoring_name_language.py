"""The "own scoring" page of an event still on a preset names the preset in English.

A Spanish organizer of an event scored with "NASAMW (adaptación a DBA 3.0)" (as the scoring page and this page's own
"Empezar desde" list call it) opens "La puntuación propia del torneo": the table of outcomes is captioned
«Cada resultado con «NASAMW (DBA 3.0 adaptation)»», in English, because the caption (and the name field it is
filled from) takes the definition's raw English name, never the preset's translated one."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation

from tournament.results.presets import PRESET_NAMES


@pytest.mark.parametrize("language", ["es", "it"])
def test_the_outcome_table_names_the_preset_in_the_readers_language(organizer_client, event, language):
    assert event.scoring_preset == "nasamw-3.0"
    english = PRESET_NAMES["nasamw-3.0"]
    with translation.override(language):
        own = translation.gettext(english)
    assert own != english
    page = organizer_client.get(reverse("tournament:own_scoring", args=[event.slug]), HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    caption = re.search(r'<table id="outcome-table">\s*<caption>(.*?)</caption>', page.text, re.S)
    assert caption, "no table of outcomes"
    caption = unescape(caption.group(1))
    assert english not in caption and own in caption, f"the {language} caption reads {caption!r}"
    name_field = re.search(r'<input[^>]*name="name"[^>]*>', page.text)
    assert name_field and f'value="{own}"' in unescape(name_field.group(0)), f"the name field reads {name_field}"
