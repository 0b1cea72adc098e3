"""Column headers that fit their columns: a header is set smaller until its longest word fits, so no
word is broken in the middle ("Dispar/o", "Posizi/one") in any language. A slash may end a line
("appiedati/ montati"): where a slashed word is wider than its column, a space after each slash lets
the line break there. (reportlab breaks plain paragraphs at spaces only: a zero-width space is not a
break for it, and a word wider than the line is cut anywhere, "pie/mo ntados".)"""

from __future__ import annotations

import re
from functools import lru_cache
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

PADDING = 6  # points: the table cells' left and right padding together (styles.table_style)
SMALLEST = 4.5


def words(text: str) -> list[str]:
    """The pieces a header line may not break: words, split after slashes too."""
    return [w for w in re.split(r"\s+|(?<=/)", str(text)) if w] or [""]


def header_size(text: str, width: float, style: ParagraphStyle, scale: float = 1.0) -> float:
    """The largest font size, at most the style's, at which every word of `text` fits in `width` points. `scale`:
    a page drawn smaller (an A5 army sheet) has its padding and smallest size scaled alike."""
    pieces = words(text)
    size = style.fontSize
    while size > SMALLEST * scale and max(stringWidth(w, style.fontName, size) for w in pieces) > width - PADDING * scale:
        size -= 0.25 * scale
    return size


@lru_cache(maxsize=256)
def fitted_style(style: ParagraphStyle, size: float) -> ParagraphStyle:
    """`style` set at `size`, its leading in proportion; one object per style and size."""
    return style if size == style.fontSize else ParagraphStyle(
        f"{style.name}-{size}", parent=style, fontSize=size, leading=size * style.leading / style.fontSize)


def breakable(text: str, width: float, style: ParagraphStyle, padding: float = PADDING) -> str:
    """`text` with a space after the slashes of each word too wide for `width` points in `style`."""
    room = width - padding
    return " ".join(word.replace("/", "/ ") if "/" in word and stringWidth(word, style.fontName, style.fontSize) > room
                    else word for word in str(text).split())


def header_cells(texts, widths, style: ParagraphStyle, make=Paragraph, scale: float = 1.0) -> list[Paragraph]:
    """The header row's Paragraphs, made by `make(markup, style)` (a document's shared ones, say); `scale` as in
    `header_size`, for a table whose cell padding is scaled too."""
    cells = []
    for text, width in zip(texts, widths, strict=True):
        fitted = fitted_style(style, header_size(text, width, style, scale))
        cells.append(make(escape(breakable(text, width, fitted, PADDING * scale)), fitted))
    return cells


def shared_widths(texts, total: float, style: ParagraphStyle) -> list[float]:
    """`total` points shared among the columns headed `texts`: each gets what its longest word needs at the
    style's size, and the rest evenly; all narrowed alike when they need more (their headers then set smaller)."""
    needs = [max(stringWidth(w, style.fontName, style.fontSize) for w in words(t)) + PADDING for t in texts]
    spare = total - sum(needs)
    return [n + spare / len(needs) for n in needs] if spare >= 0 else [n * total / sum(needs) for n in needs]
