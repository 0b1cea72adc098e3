"""Warhammer Fantasy Battle movement, a club's Spanish summary (wfbmove.es.txt).

The source has no blank lines and headings wrapped over two lines; headings follow the guide
digest (section 3.3). Several headings have no text in the source (kept, with no clauses).
Lines 128–129 are the web site's navigation footer and are not clauses.
"""

from __future__ import annotations

from rulings.sources.seedparse.blocks import Options, build_document
from rulings.sources.seedparse.model import DocumentMeta, HeadingSpec, ParsedDocument, read_seed_lines

META = DocumentMeta(
    slug="wfbmove",
    filename="wfbmove.es.txt",
    title="Warhammer Fantasy Battle — Movimiento (resumen en castellano)",
    short_title="Warhammer Fantasy: movimiento",
    language="es",
    game="Warhammer Fantasy",
    edition="edition not stated (metric)",
    authority="guide",
    attribution="Spanish summary of the Warhammer Fantasy Battle movement rules from a club web page.",
    order=5,
)

H = HeadingSpec
HEADINGS = [
    H(1, "sequence", title="Movimiento"),
    H(9, "declare", end_line=10),
    H(14, "reactions", end_line=15),
    H(17, "reactions.stand-shoot", level=2),
    H(20, "reactions.hold", level=2),
    H(22, "reactions.flee", level=2),
    H(29, "rally", end_line=30),
    H(39, "compulsory"),
    H(42, "chargers", end_line=43),
    H(47, "chargers.flank-rear", level=2),
    H(55, "remaining", end_line=56),
    H(58, "moving", end_line=59),
    H(61, "moving.rate", level=2),
    H(65, "moving.manoeuvres", level=2),
    H(69, "moving.pivot", level=3),
    H(79, "moving.turn", level=3),
    H(83, "moving.formation", level=3),
    H(85, "moving.reform", level=3),
    H(93, "moving.impassable", level=2),
    H(94, "charging"),
    H(98, "charging.failed", level=2),
    H(99, "charging.manoeuvres", level=2),
    H(107, "charging.align", level=2),
    H(110, "cc-moves"),
    H(111, "cc-moves.redirect", level=2),
    H(114, "cc-moves.exception", level=2, end_line=115),
    H(116, "cc-moves.special", level=2, end_line=117),
    H(118, "cc-moves.flank", level=2, end_line=119),
    H(120, "cc-moves.bonuses", level=2, end_line=121),
    H(123, "march", end_line=124),
    H(126, "spacing", end_line=127),
]


def parse() -> ParsedDocument:
    lines = read_seed_lines(META.filename)
    opts = Options(line_mode=True, skip_lines=frozenset({128, 129}))
    return build_document(META, lines, HEADINGS, opts)
