"""The join poster for the hall's wall: the event's name, a big QR code to its page and the address
written out for those who type it. One A4 page."""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import override
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from tournament.pdfs.qr import QR
from tournament.pdfs.styles import render, styles


def join_poster_pdf(event_name: str, url: str, *, lang: str = "en") -> bytes:
    base = styles()["base"]
    title = ParagraphStyle("poster-title", parent=base, fontName="DejaVu-Bold", fontSize=30, leading=36,
                           alignment=TA_CENTER)
    big = ParagraphStyle("poster-big", parent=base, fontSize=16, leading=21, alignment=TA_CENTER)
    address = ParagraphStyle("poster-url", parent=base, fontName="DejaVu-Bold", fontSize=20, leading=26,
                             alignment=TA_CENTER)
    with override(lang):
        code = Table([[QR(url, 130 * mm)]], colWidths=[186 * mm])
        code.setStyle(TableStyle([("ALIGN", (0, 0), (-1, -1), "CENTER")]))
        story = [
            Paragraph(escape(event_name), title), Spacer(1, 8 * mm),
            Paragraph(escape(_("Pairings, standings and result reports: scan the code with your phone.")), big),
            Spacer(1, 8 * mm), code, Spacer(1, 8 * mm),
            Paragraph(escape(_("Or type this address:")), big), Paragraph(escape(url), address),
        ]
        return render(story, title=_("Join poster"), footer=event_name)
