"""Fonts, paragraph styles and the page template (footer with event name and page numbers)."""

from __future__ import annotations

from functools import cache
from io import BytesIO

from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, A5
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

from config.paths import STATIC_DIR

# Page streams Flate-compressed only, not also wrapped in ASCII85 text: a smaller file, and the pure-Python
# ASCII85 encoder was a fifth of the time of 500 army sheets. reportlab reads this when a PDF is saved.
rl_config.useA85 = 0

FONTS = STATIC_DIR / "fonts"
SIZES = {"A4": A4, "A5": A5}
GRID = colors.HexColor("#8a8a8a")
SHADE = colors.HexColor("#ececec")
FOOTER_FONT, FOOTER_SIZE, FOOTER_GAP = "DejaVu", 7, 4 * mm  # the gap: between the footer's end and the page number
MAX_TEXT = 120  # the longest name the models hold; older or imported rows may be longer


def fit(text, limit: int = MAX_TEXT) -> str:
    """Typed text (names, clubs, armies) cut to `limit` characters, so no table cell outgrows a page."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def fit_width(text, width: float, font: str = "DejaVu", size: float = 7) -> str:
    """One line of `text` cut to `width` points as drawn in `font` at `size`, ending in "…" when cut (only "…",
    or nothing, when not even a character fits)."""
    text = " ".join(str(text).split())
    if stringWidth(text, font, size) <= width:
        return text
    short, long = 0, len(text)  # the longest prefix that fits with its ellipsis, by halving
    while short < long:
        middle = (short + long + 1) // 2
        if stringWidth(text[:middle].rstrip() + "…", font, size) <= width:
            short = middle
        else:
            long = middle - 1
    cut = text[:short].rstrip() + "…"
    return cut if stringWidth(cut, font, size) <= width else ""


@cache
def register_fonts() -> None:
    """DejaVu Sans covers ñ, á, è, ò and the rest of Spanish and Italian."""
    pdfmetrics.registerFont(TTFont("DejaVu", str(FONTS / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont("DejaVu-Bold", str(FONTS / "DejaVuSans-Bold.ttf")))
    pdfmetrics.registerFontFamily("DejaVu", normal="DejaVu", bold="DejaVu-Bold", italic="DejaVu", boldItalic="DejaVu-Bold")


@cache
def styles(scale: float = 1.0) -> dict[str, ParagraphStyle]:
    register_fonts()
    base = ParagraphStyle("base", fontName="DejaVu", fontSize=9 * scale, leading=11 * scale)
    return {
        "base": base,
        "small": ParagraphStyle("small", parent=base, fontSize=7.5 * scale, leading=9 * scale),
        "cell": ParagraphStyle("cell", parent=base, fontSize=8 * scale, leading=9.5 * scale),
        "cell_bold": ParagraphStyle("cell_bold", parent=base, fontName="DejaVu-Bold", fontSize=8 * scale,
                                    leading=9.5 * scale),
        # The army sheet's outcome texts: the small size, set a little closer (the longest cells of the page).
        "outcome": ParagraphStyle("outcome", parent=base, fontSize=7.5 * scale, leading=8.5 * scale),
        "header": ParagraphStyle("header", parent=base, fontName="DejaVu-Bold", fontSize=6.5 * scale, leading=8 * scale),
        "bold": ParagraphStyle("bold", parent=base, fontName="DejaVu-Bold"),
        "title": ParagraphStyle("title", parent=base, fontName="DejaVu-Bold", fontSize=15 * scale, leading=18 * scale,
                                spaceAfter=3 * mm),
        "h2": ParagraphStyle("h2", parent=base, fontName="DejaVu-Bold", fontSize=11 * scale, leading=14 * scale,
                             spaceBefore=3 * mm, spaceAfter=1.5 * mm),
        # An address printed to be typed: small, and broken anywhere (it has no spaces to break at).
        "address": ParagraphStyle("address", parent=base, fontSize=6 * scale, leading=7 * scale, wordWrap="CJK"),
    }


def table_style(header: bool = True, size: float = 8) -> list:
    rules = [
        ("FONT", (0, 0), (-1, -1), "DejaVu", size),
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ]
    if header:
        rules += [("BACKGROUND", (0, 0), (-1, 0), SHADE), ("FONT", (0, 0), (-1, 0), "DejaVu-Bold", size)]
    return rules


class Pace:
    """Progress of a long document, `progress(done, total)`, over its two phases: the story is built
    (a step per item), then pages are laid out (about one per item; the slow part). Pages keep
    reporting, so a print job's heartbeat goes on for as long as the layout runs."""

    def __init__(self, progress, items: int):
        self.progress, self.items = progress, max(1, items)

    def built(self, done: int) -> None:
        if self.progress:
            self.progress(done, 2 * self.items)

    def page(self, number: int) -> None:
        if self.progress:
            self.progress(min(self.items + number, 2 * self.items - 1), 2 * self.items)


def render(flowables: list, *, title: str, footer: str, size: str = "A4", on_page=None) -> bytes:
    """Lay out the flowables on pages with a footer: `footer` text left, "page n" right, on one baseline. The
    footer is cut by its measured width to end a gap before the page number, whatever the page size, with "…"
    when cut. `on_page(n)` is told of every page as it is drawn."""
    register_fonts()
    buffer = BytesIO()
    pagesize = SIZES.get(size, A4)
    margin = 12 * mm if size == "A4" else 8 * mm
    doc = BaseDocTemplate(buffer, pagesize=pagesize, title=title, author="DBA tournament app",
                          leftMargin=margin, rightMargin=margin, topMargin=margin, bottomMargin=margin + 5 * mm)
    frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="body")
    fitted: dict[float, str] = {}  # the footer cut for the room a page number leaves (the same on most pages)

    def draw_footer(canvas, document):
        number = f"{document.page}"
        room = doc.width - stringWidth(number, FOOTER_FONT, FOOTER_SIZE) - FOOTER_GAP
        if room not in fitted:
            fitted[room] = fit_width(footer, room, FOOTER_FONT, FOOTER_SIZE)
        canvas.saveState()
        canvas.setFont(FOOTER_FONT, FOOTER_SIZE)
        canvas.setFillColor(colors.HexColor("#555555"))
        canvas.drawString(doc.leftMargin, margin, fitted[room])
        canvas.drawRightString(pagesize[0] - doc.rightMargin, margin, number)
        canvas.restoreState()
        if on_page:
            on_page(document.page)

    doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=draw_footer)])
    doc.build(flowables)
    return buffer.getvalue()
