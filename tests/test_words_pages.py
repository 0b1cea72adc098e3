"""Words a reader meets on event pages (issue 27, items 12-16): tie-breaks named in the reader's language in
the scoring-change preview, a standing's head-to-head and lot in plain words, registration names, Italian
dates and the rulings log's time zone, and accents in the printed order. In en, es and it."""

from __future__ import annotations

import pytest

from tests.test_printing import text
from tournament.pdfs.data import GameSlip, RoundSheet, Side
from tournament.pdfs.round_docs import round_pdf

LANGUAGES = ("en", "es", "it")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_printed_pairings_by_name_ignore_accents(lang):
    names = ["Tomás Ruiz", "Íñigo Larrañaga", "Zoë Müller", "Ana Peña", "Ángel Sanz", "Marco Bianchi"]
    games = tuple(GameSlip(t + 1, Side(a, "", "I/1", "http://x/a/"), Side(b, "", "I/2", "http://x/b/"))
                  for t, (a, b) in enumerate(zip(names[::2], names[1::2], strict=True)))
    content = text(round_pdf(RoundSheet("Torneo", 1, "3.0", games), kind="pairings", lang=lang))
    by_name = content[content.rindex({"en": "By name", "es": "Por nombre", "it": "Per nome"}[lang]):]
    lines = by_name.splitlines()
    order = [line for line, after in zip(lines, lines[1:]) if after.isdigit()]  # each row: the name, then the table
    assert order == ["Ana Peña", "Ángel Sanz", "Íñigo Larrañaga", "Marco Bianchi", "Tomás Ruiz", "Zoë Müller"]
