"""The footer of every PDF (event name · document, page number) is drawn as one line of at most 120 characters,
whatever the page: on A5 a long event name runs over the page number and off the page's edge."""

from __future__ import annotations

import io
from dataclasses import replace

from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from tests.pdfs.test_printing import sheet
from tournament.pdfs.army_sheet import army_sheets_pdf
from tournament.pdfs.styles import register_fonts

EVENT = "Campionato Italiano di De Bellis Antiquitatis 2026 · Torneo Nazionale di Città di Castello"


def _footer_runs(page) -> list[tuple[float, str]]:
    """(x, text) of the runs drawn on the footer's baseline (the lowest line of the page)."""
    runs = []

    def visit(text, cm, tm, _font, _size):
        if text.strip():
            runs.append((tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5], text.strip()))

    page.extract_text(visitor_text=visit)
    lowest = min(y for _x, y, _t in runs)
    return sorted((x, t) for x, y, t in runs if abs(y - lowest) < 0.5)


def test_an_a5_army_sheets_footer_stays_on_the_page_and_clear_of_the_page_number():
    """An Italian event of 90 characters prints its A5 army sheets: the footer ("<event> · Schede d'esercito", 110
    characters, about 378 pt at 7 pt) must end before the page number, drawn at the right margin (374 pt between
    the margins of a 420 pt page). It runs over it: both are drawn on one line, whatever their widths."""
    register_fonts()
    body = army_sheets_pdf([replace(sheet(), event_name=EVENT)], size="A5", lang="it")
    page = PdfReader(io.BytesIO(body)).pages[0]
    width = float(page.mediabox.width)
    (footer_x, footer), (number_x, number) = _footer_runs(page)
    assert number == "1" and footer.startswith("Campionato"), (footer, number)
    end = footer_x + stringWidth(footer, "DejaVu", 7)
    assert end <= number_x, f"the footer ends at {end:.0f} pt, over the page number at {number_x:.0f} pt"
    assert end <= width, f"the footer ends at {end:.0f} pt, off the {width:.0f} pt page"
