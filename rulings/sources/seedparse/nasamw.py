"""Bob's Commentaries on DBA 2.2, Italian translation (nasamw22.it.txt).

Headings, codes and caption lines follow the commentary digest (section 1); the engine checks
each heading line against the text. Numbered clarifications restart under every heading, so a
key is ``nasamw22:<section code>.<printed number>`` (``nasamw22:out.rec.5``).
"""

from __future__ import annotations

import re

from rulings.sources.seedparse.blocks import Options, build_document
from rulings.sources.seedparse.model import DocumentMeta, HeadingSpec, ParsedDocument, read_seed_lines

META = DocumentMeta(
    slug="nasamw22",
    filename="nasamw22.it.txt",
    title="Bob's Commentaries on DBA 2.2 (NASAMW) — traduzione italiana",
    short_title="Commentario NASAMW DBA 2.2",
    language="it",
    game="DBA",
    edition="2.2",
    authority="commentary",
    attribution=(
        "Bob Beattie, \"Bob's Commentaries on DBA 2.2\": clarifications used for 2004 NASAMW-sponsored "
        "tournaments (last updated 13 May 2004). Italian translation by Attilio Andreazza (3 January 2005). "
        "DBA 2.2 © Phil Barker, Richard Bodley Scott and Sue Laflin."
    ),
    order=2,
)

H = HeadingSpec
HEADINGS = [
    H(3, "meta"),
    H(15, "intro", title="Lo scopo di questo Commentario è duplice"),
    H(21, "chi"),
    H(27, "conduct"),
    H(33, "org"),
    H(41, "thanks"),
    H(49, "newcomers", title="Appendice per neofiti (in inglese)"),
    H(53, "gloss", title="Un glossario"),
    H(75, "battle"),
    H(77, "dep", level=2),
    H(103, "seq", level=2),
    H(117, "pip", level=2),
    H(139, "tac", level=2),
    H(192, "rivx", level=2),
    H(216, "int", level=2),
    H(228, "zoc", level=2),
    H(287, "con", level=2),
    H(323, "brk", level=2),
    H(329, "md", level=2),
    H(355, "rivm", level=2),
    H(365, "add", level=2),
    H(375, "sho", level=2),
    H(464, "cc", level=2),
    H(557, "res", level=2),
    H(565, "res.rs", level=3),
    H(577, "res.tf", level=3),
    H(607, "out", level=2),
    H(631, "out.tie", level=3),
    H(635, "out.beat", level=3),
    H(659, "out.dbl", level=3),
    H(669, "out.rec", level=3),
    H(723, "out.flee", level=3),
    H(751, "out.pur", level=3),
    H(765, "win", level=2),
    H(775, "nas"),
    H(777, "nas.prep", level=2),
]

# Sections whose first line is both heading and text (L49, L53): keep the line as a clause too.
INLINE_FIRST = {49, 53}

# Diagram captions that survived the conversion (English, except L413), per the digest's table.
CAPTIONS = frozenset(
    [157, 166, 244, 246, 248, 250, 393, 395, 397, 399, 401, 403, 407, 409, 411, 413, 441, 442,
     478, 482, 484, 488, 498, 501, 504, 506, 510, 514, 517, 521, 523, 527, 529]
)

ITEM_RE = re.compile(r"^(\d+)\.\s")


def parse() -> ParsedDocument:
    lines = read_seed_lines(META.filename)
    headings = [
        HeadingSpec(h.line, h.code, h.level, h.end_line, h.title, h.number, inline_clause=h.line in INLINE_FIRST)
        for h in HEADINGS
    ]
    opts = Options(item_re=ITEM_RE, captions=CAPTIONS, table_groups=((683, 696),))
    return build_document(META, lines, headings, opts)
