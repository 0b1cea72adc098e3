"""ASL night rules, "Bring of the Night" part 10 and an excerpt of part 9 (aslnight.es.txt).

Phases X–XV, the quick-reference summary XV.I–XII, and part 9's "G. Extraviarse" 1–3.
Lettered lines ("A. ...") are clauses keyed by their letter: ``aslnight:xv.los.a``.
"""

from __future__ import annotations

import re

from rulings.sources.seedparse.blocks import Options, build_document
from rulings.sources.seedparse.model import DocumentMeta, HeadingSpec, ParsedDocument, read_seed_lines

META = DocumentMeta(
    slug="aslnight",
    filename="aslnight.es.txt",
    title="Bring of the Night — reglas nocturnas de ASL (partes 10 y 9)",
    short_title="ASL: reglas nocturnas",
    language="es",
    game="ASL",
    edition="ASLRB 2nd ed. (chapter E1)",
    authority="guide",
    attribution=(
        "J.R. VanMachelen, \"Bring of the Night\", part 10 and an excerpt of part 9 (blog post, 23 July 2013), "
        "Spanish translation. Advanced Squad Leader night rules (ASLRB E1)."
    ),
    order=4,
)

H = HeadingSpec
HEADINGS = [
    H(1, "intro", title="Bring of the Night (10ª parte)"),
    H(5, "x", number="X"),
    H(11, "xi", number="XI"),
    H(15, "xii", number="XII"),
    H(31, "xiii", number="XIII"),
    H(35, "xiv", number="XIV"),
    H(37, "xiv.a", level=2, number="A"),
    H(45, "xiv.b", level=2, number="B"),
    H(50, "xiv.c", level=2, number="C"),
    H(54, "xv", number="XV"),
    H(58, "xv.los", level=2, number="I"),
    H(72, "xv.starshells", level=2, number="II"),
    H(96, "xv.defender", level=2, number="III"),
    H(105, "xv.attacker", level=2, number="IV"),
    H(109, "xv.rally", level=2, number="V"),
    H(115, "xv.pfph", level=2, number="VI"),
    H(126, "xv.mph", level=2, number="VII"),
    H(158, "xv.dfph", level=2, number="VIII", inline_clause=True),
    H(159, "xv.afph", level=2, number="IX", inline_clause=True),
    H(163, "xv.rout", level=2, number="X"),
    H(171, "xv.aph", level=2, number="XI"),
    H(176, "xv.ccph", level=2, number="XII"),
    H(186, "part9", title="Bring of the Night (9ª parte)"),
    H(188, "stray", level=2, number="G"),
    H(190, "stray.when", level=3, number="1"),
    H(224, "stray.how", level=3, number="2"),
    H(243, "stray.jitter", level=3, number="3"),
]

LABEL_RE = re.compile(r"^([A-Z])\.\s")
NUMBERED_RE = re.compile(r"^\d+\.\s")


def parse() -> ParsedDocument:
    lines = read_seed_lines(META.filename)
    return build_document(META, lines, HEADINGS, Options(label_re=LABEL_RE, split_re=LABEL_RE, attach_re=NUMBERED_RE))
