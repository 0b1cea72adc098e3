""""Rumbo de colisión": DBA 3 house rules by David Lawrence (rumbo.es.txt), 10 numbered rules.

A rule is a section (``rumbo:deployment``, number "2"); its paragraphs are clauses
``rumbo:deployment.1`` … numbered "2.1" …
"""

from __future__ import annotations

from dataclasses import replace

from rulings.sources.seedparse.blocks import Options, build_document
from rulings.sources.seedparse.model import DocumentMeta, HeadingSpec, ParsedDocument, read_seed_lines

META = DocumentMeta(
    slug="rumbo",
    filename="rumbo.es.txt",
    title="Rumbo de colisión — reglas caseras para DBA 3",
    short_title="Rumbo de colisión",
    language="es",
    game="DBA",
    edition="3.0",
    authority="house",
    attribution=(
        "David Lawrence (2020), house rules from the English DBA group; Spanish translation published with "
        "permission."
    ),
    modifies="DBA 3.0 rules (deployment, baggage, movement, command, littoral landings, BUA, roads, allies)",
    order=1,
)

RULES = [(7, "terrain"), (11, "deployment"), (23, "baggage"), (33, "movement"), (41, "command"),
         (45, "littoral"), (55, "bua"), (59, "edge"), (65, "road"), (71, "allies")]


def parse() -> ParsedDocument:
    lines = read_seed_lines(META.filename)
    headings = [HeadingSpec(3, "intro")]
    for index, (line, code) in enumerate(RULES, start=1):
        if not lines[line - 1].startswith(f"{index}. "):
            raise ValueError(f"rumbo: rule {index} expected at L{line}")
        headings.append(HeadingSpec(line, code, number=str(index)))
    document = build_document(META, lines, headings, Options())
    numbers = {s.key: s.number for s in document.sections}
    clauses = []
    for clause in document.clauses:
        rule = numbers[clause.section_key]
        ordinal = clause.key.rsplit(".p", 1)[-1]
        if rule:
            clause = replace(clause, key=f"{clause.section_key}.{ordinal}", number=f"{rule}.{ordinal}")
        clauses.append(clause)
    return replace(document, clauses=tuple(clauses))
