"""The footer of every PDF (event name · document left, page number right, on one baseline) fits between the left
margin and the page number by its measured width, on A4 and A5 alike, and says it was cut with "…". It used to be cut
at 120 characters, whatever the page: on A5 a long event name ran over the page number and off the page's edge."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from tests.pdfs.test_printing import sheet
from tournament.pdfs.army_sheet import army_sheets_pdf
from tournament.pdfs.styles import fit, fit_width, register_fonts

EVENT = "Campionato Italiano di De Bellis Antiquitatis 2026 · Torneo Nazionale di Città di Castello"
DOCUMENT = {"en": "Army sheets", "es": "Hojas de ejército", "it": "Schede d'esercito"}


def _footer_runs(page) -> list[tuple[float, str]]:
    """(x, text) of the runs drawn on the footer's baseline (the lowest line of the page)."""
    runs = []

    def visit(text, cm, tm, _font, _size):
        if text.strip():
            runs.append((tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5], text.strip()))

    page.extract_text(visitor_text=visit)
    lowest = min(y for _x, y, _t in runs)
    return sorted((x, t) for x, y, t in runs if abs(y - lowest) < 0.5)


def _footer_end(page) -> tuple[str, float, float, str]:
    (footer_x, footer), (number_x, number) = _footer_runs(page)
    return footer, footer_x + stringWidth(footer, "DejaVu", 7), number_x, number


def test_an_a5_army_sheets_footer_stays_on_the_page_and_clear_of_the_page_number():
    """An Italian event of 90 characters prints its A5 army sheets: the footer ("<event> · Schede d'esercito", 110
    characters, about 378 pt at 7 pt) must end before the page number, drawn at the right margin (374 pt between
    the margins of a 420 pt page)."""
    register_fonts()
    body = army_sheets_pdf([replace(sheet(), event_name=EVENT)], size="A5", lang="it")
    page = PdfReader(io.BytesIO(body)).pages[0]
    width = float(page.mediabox.width)
    footer, end, number_x, number = _footer_end(page)
    assert number == "1" and footer.startswith("Campionato Italiano di De Bellis"), (footer, number)
    assert footer.endswith("…"), f"cut without saying so: {footer!r}"
    assert end <= number_x, f"the footer ends at {end:.0f} pt, over the page number at {number_x:.0f} pt"
    assert end <= width, f"the footer ends at {end:.0f} pt, off the {width:.0f} pt page"


@pytest.mark.parametrize("size", ["A4", "A5"])
@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_a_long_event_name_in_the_footer_ends_with_an_ellipsis_before_every_page_number(size, lang):
    """Twelve army sheets of an event named twice as long (cut to the models' 120 characters first): on every page
    (page 10 on, a wider number) the footer ends before the number, cut with "…" on A5, whole on A4 where it fits; a
    short name prints whole, with the document's name in the reader's language."""
    register_fonts()
    long_name = f"{EVENT} {EVENT}"
    whole = f"{fit(long_name)} · {DOCUMENT[lang]}"
    body = army_sheets_pdf([replace(sheet(), event_name=long_name)] * 12, size=size, lang=lang)
    pages = PdfReader(io.BytesIO(body)).pages
    assert len(pages) == 12
    for index, page in enumerate(pages, start=1):
        footer, end, number_x, number = _footer_end(page)
        assert number == str(index)
        assert footer == whole if size == "A4" else (whole.startswith(footer[:-1]) and footer.endswith("…")), footer
        assert end <= number_x, f"page {index}: the footer ends at {end:.0f} pt, over the number at {number_x:.0f} pt"

    short = army_sheets_pdf([sheet()], size=size, lang=lang)
    footer, end, number_x, _number = _footer_end(PdfReader(io.BytesIO(short)).pages[0])
    assert footer == f"Torneo di Città · {DOCUMENT[lang]}" and end <= number_x


def test_fit_width_cuts_by_measured_width_with_an_ellipsis():
    register_fonts()
    assert fit_width("Torneo di Città", 200) == "Torneo di Città"
    cut = fit_width(EVENT, 100)
    assert cut.endswith("…") and EVENT.startswith(cut[:-1]) and stringWidth(cut, "DejaVu", 7) <= 100
    assert stringWidth(EVENT[:len(cut)] + "…", "DejaVu", 7) > 100  # one character more would not fit
    assert fit_width("WWWWWWWWWW", 1) == ""  # not even the ellipsis fits
