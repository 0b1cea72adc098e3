"""The rounds of an event's stages are not beyond its plan: the planned number is the Swiss rounds' (or the
default of an event run in groups), and the groups, semi-finals and final that follow are the event's own rounds,
not an "extra round" the organizer chose against the plan. The final page counts the rounds the event played."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.stages.test_stage_draw_after_a_correction import groups_and_a_drawn_cut
from tests.stages.test_stage_events import play_round, play_until_done, text_of

EXTRA = {"en": "extra round", "es": "ronda extra", "it": "turno extra"}
ROUNDS = {"en": "{n} rounds", "es": "{n} rondas", "it": "{n} turni"}


def groups_then_semi_finals(organizer_client, event):
    """Two groups of four (three rounds, the event's three planned), then the top four in semi-finals and a final
    with a third-place game: five rounds in all."""
    assert event.rounds_planned == 3
    return groups_and_a_drawn_cut(organizer_client, event)[2]


def heading(page) -> str:
    return text_of(re.search(r"<h1>.*?</h1>", page.text, re.S).group(0))


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_a_semi_final_round_is_not_called_an_extra_round(organizer_client, event, language):
    strength = groups_then_semi_finals(organizer_client, event)
    semis = play_round(organizer_client, event, strength)
    assert semis.number == 4 and semis.method == "stage"
    page = organizer_client.get(reverse("tournament:round", args=[event.slug, semis.number]),
                                headers={"Accept-Language": language})
    assert page.status_code == 200
    assert EXTRA[language] not in heading(page)


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_the_final_page_counts_the_rounds_played(organizer_client, client, event, language):
    strength = groups_then_semi_finals(organizer_client, event)
    play_until_done(organizer_client, event, strength)  # semi-finals, then the final and the third-place game
    assert event.rounds.count() == 5
    assert organizer_client.post(reverse("tournament:event_finish", args=[event.slug])).status_code == 302
    page = client.get(reverse("tournament:final", args=[event.slug]), headers={"Accept-Language": language})
    line = text_of(re.search(r'<p class="muted">.*?</p>', page.text, re.S).group(0))
    assert ROUNDS[language].format(n=5) in line, line
