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


@dataclass(frozen=True)
class Markup:
    """A cell's Paragraph markup (its text escaped, with <b> and the like): always a Paragraph."""

    markup: str
    style: ParagraphStyle


class Wrapped(Paragraph):
    """A Paragraph that breaks its lines once per width: a table wraps each cell to size its row and
    again to draw it, and a document's tables may share one Wrapped for the same text (wrapping only
    depends on the width; each cell wraps it just before drawing it)."""

    def wrap(self, availWidth, availHeight):
        if getattr(self, "_wrapped_at", None) != availWidth:
            self._wrapped = super().wrap(availWidth, availHeight)
            self._wrapped_at = availWidth
        return self._wrapped


class Paragraphs:
    """One Wrapped per text and style for the cells of one document: 500 army sheets repeat the same
    element types' texts (outcomes, list options) hundreds of times. Not to be shared between threads."""

    def __init__(self):
        self.made: dict[tuple, Wrapped] = {}

    def __call__(self, markup: str, style: ParagraphStyle) -> Wrapped:
        key = (markup, id(style))  # the Wrapped holds its style, so the id is not reused meanwhile
        if key not in self.made:
            self.made[key] = Wrapped(markup, style)
        return self.made[key]


class Cells:
    """The rows of a table and the font commands its string cells need; cells too long for one line
    are Paragraphs, from `paragraphs` if given (a document's shared ones). `padding`: the table's left and
    right cell padding together, if not the usual (styles.table_style)."""

    def __init__(self, widths, paragraphs: Paragraphs | None = None, padding: float = PADDING):
        self.widths = list(widths)
        self.padding = padding  # the table's left and right cell padding together
        self.paragraphs = paragraphs or Paragraph
        self.rows: list[list] = []
        self.fonts: list[tuple] = []

    def row(self, *values) -> None:
        r = len(self.rows)
        self.rows.append([self.cell(value, r, c) for c, value in enumerate(values)])

    def cell(self, value, r: int, c: int):
        if isinstance(value, Markup):
            return self.paragraphs(value.markup, value.style)
        if not isinstance(value, Text):
            return value
        style = value.style
        text = " ".join(str(value.text).split())
        if stringWidth(text, style.fontName, style.fontSize) > self.widths[c] - self.padding:
            return self.paragraphs(escape(text), style)
        self.fonts.append(("FONT", (c, r), (c, r), style.fontName, style.fontSize, style.leading))
        return text

    def table(self, rules: list, **options) -> Table:
        """The table, `rules` applied first and then each string cell's font."""
        table = Table(self.rows, colWidths=self.widths, **options)
        table.setStyle(TableStyle(rules + self.fonts))
        return table
