"""A stage draw refused through a tie says to settle it on the ties page: the stages page it comes back on offers the
way there, in en, es and it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.stages.test_stage_placement_level_across import three_groups_level_per_game


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_the_play_offs_refusal_offers_the_ties_page_it_names(organizer_client, event, organizer, language):
    _regs, playoffs = three_groups_level_per_game(event, organizer)
    organizer_client.cookies["django_language"] = language
    response = organizer_client.post(reverse("tournament:stage_draw", args=[event.slug, playoffs.number]), follow=True)
    assert response.redirect_chain[-1][0] == reverse("tournament:stage_setup", args=[event.slug])
    assert {"en": "settle their tie on the ties page first", "es": "resuelve antes su empate en la página de empates",
            "it": "risolvi prima la loro parità nella pagina delle parità"}[language] in response.text
    assert f'href="{reverse("tournament:ties", args=[event.slug])}"' in response.text, \
        "the refusal sends the organizer to the ties page, which the page does not link"
