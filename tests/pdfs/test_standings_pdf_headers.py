"""The printed standings break no column header word in the middle, in any language. Found by a review: the standings
PDF set its column headers as plain paragraphs, not through `pdfs.headers.header_cells` (which the army sheets, the
final standings and the league table use so that "no word is broken in the middle ("Dispar/o", "Posizi/one") in any
language"): in English "Countbac / k", in Italian the first column reads "Posizi / one", in Spanish "Puest / o" and
"Elemento / s destruid / os"."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils.translation import override

from tests.pairing.test_rounds import enter, games, pair, publish
from tests.pdfs.test_printing_views import full_event, text  # noqa: F401
from tournament.transfer.frames import standings_frame


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_no_standings_pdf_header_word_is_broken_in_the_middle(full_event, organizer_client, client, lang):  # noqa: F811
    event = full_event["event"]
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    for game, shorthand in zip(games(rnd), ("4-1", "4G-0"), strict=True):
        enter(organizer_client, event, game, shorthand)
    body = client.get(reverse("tournament:standings_pdf", args=[event.slug]), headers={"Accept-Language": lang}).content
    printed = text(body)
    with override(lang):
        first = standings_frame(event).iloc[0, 1]  # the leader's name: the header row is printed before it
    header = printed.split(first, 1)[0]
    with override(lang):
        labels = list(standings_frame(event).columns)
    broken = [word for label in labels for word in re.split(r"\s+", label) if word and word not in header]
    assert not broken, f"header words broken across lines in the {lang} standings PDF: {broken}"
