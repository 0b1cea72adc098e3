"""The baseline bench/printing.py measures army sheets against: the same 500 sheets built the obvious
way with plain reportlab platypus, as its user guide shows, with reportlab's default settings.

Per sheet: a heading table (title, player, event line beside reportlab's own QR widget), a table of
the elements with a Paragraph in every cell (#, element, type, list option), three closing lines and
a page break. DejaVu Sans (the app's font) so the accents and the general's star print."""

from __future__ import annotations

from io import BytesIO
from xml.sax.saxutils import escape

from reportlab import rl_config
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from tournament.armies.catalogue import load_catalogue
from tournament.armies.elements import element_profile
from tournament.armies.messages import box_captions
from tournament.pdfs.data import ArmySheet
from tournament.pdfs.styles import register_fonts


def qr_drawing(url: str, size: float) -> Drawing:
    widget = QrCodeWidget(url)
    x0, y0, x1, y1 = widget.getBounds()
    drawing = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0])
    drawing.add(widget)
    return drawing


def sheet_story(sheet: ArmySheet, styles) -> list:
    body, small = styles["BodyText"], styles["Small"]
    head = [Paragraph(escape(f"{sheet.army_ref} {sheet.army_name}"), styles["Title"]),
            Paragraph(escape(f"{sheet.player} · {sheet.club}"), styles["Heading2"]),
            Paragraph(escape(f"{sheet.event_name} · DBA {sheet.edition} · {sheet.topography}"), body)]
    top = Table([[head, qr_drawing(sheet.report_url, 24 * mm)]], colWidths=[158 * mm, 28 * mm])
    top.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")]))
    entry = load_catalogue().get(sheet.army_ref)
    captions = box_captions(entry) if entry else []
    rows = [[Paragraph(h, small) for h in ("#", "Element", "Type", "List option")]]
    for i, code in enumerate(sheet.elements):
        profile = element_profile(code.split("/")[0], sheet.edition)
        label = f"{code} ★ general" if sheet.general == i else code
        rows.append([Paragraph(str(i + 1), body), Paragraph(escape(label), body),
                     Paragraph(escape(profile.name("en") if profile else ""), body),
                     Paragraph(escape(captions[i] if i < len(captions) else ""), small)])
    elements = Table(rows, colWidths=[w * mm for w in (7, 44, 45, 90)], repeatRows=1)
    elements.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.4, colors.grey), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                  ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey)]))
    extra = [Paragraph(escape(f"Camp or BUA: {sheet.camp or '—'}"), body),
             Paragraph(escape(f"Allies: {', '.join(sheet.allies) or '—'}"), body),
             Paragraph("★ = general · Scan the code to report your result.", small)]
    return [top, Spacer(1, 3 * mm), elements, Spacer(1, 3 * mm), *extra, PageBreak()]


def baseline_pdf(sheets: list[ArmySheet]) -> bytes:
    register_fonts()
    styles = getSampleStyleSheet()
    for style in styles.byName.values():
        style.fontName = "DejaVu-Bold" if style.name.startswith(("Title", "Heading")) else "DejaVu"
    styles.add(type(styles["BodyText"])("Small", parent=styles["BodyText"], fontSize=7.5, leading=9))
    saved, rl_config.useA85 = rl_config.useA85, 1  # reportlab's default, whatever the app sets
    try:
        buffer = BytesIO()
        story = [flowable for sheet in sheets for flowable in sheet_story(sheet, styles)]
        SimpleDocTemplate(buffer, pagesize=A4, title="Army sheets").build(story)
        return buffer.getvalue()
    finally:
        rl_config.useA85 = saved
