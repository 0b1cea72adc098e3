"""Table cells that fit on one line drawn as plain strings in their style's font, and only the rest as
Paragraphs. A string cell is drawn where a one-line Paragraph of the same style would be (reportlab
puts both baselines one font size below the cell's top padding) and, with the style's leading, gives
the row the same height; but it costs no markup parsing and no line breaking. 500 army sheets hold
about 20,000 cells."""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, Table, TableStyle

from tournament.pdfs.headers import PADDING


@dataclass(frozen=True)
class Text:
    """A cell's text in a paragraph style; a Paragraph only if it does not fit on one line."""

    text: str
    style: ParagraphStyle


class Cells:
    """The rows of a table and the font commands its string cells need."""

    def __init__(self, widths):
        self.widths = list(widths)
        self.rows: list[list] = []
        self.fonts: list[tuple] = []

    def row(self, *values) -> None:
        r = len(self.rows)
        self.rows.append([self.cell(value, r, c) for c, value in enumerate(values)])

    def cell(self, value, r: int, c: int):
        if not isinstance(value, Text):
            return value
        style = value.style
        text = " ".join(str(value.text).split())
        if stringWidth(text, style.fontName, style.fontSize) > self.widths[c] - PADDING:
            return Paragraph(escape(text), style)
        self.fonts.append(("FONT", (c, r), (c, r), style.fontName, style.fontSize, style.leading))
        return text

    def table(self, rules: list, **options) -> Table:
        """The table, `rules` applied first and then each string cell's font."""
        table = Table(self.rows, colWidths=self.widths, **options)
        table.setStyle(TableStyle(rules + self.fonts))
        return table
