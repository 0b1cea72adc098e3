"""DBA 2.2 unofficial guide by La Armada (guia22.es.txt), 46 top-level sections.

Top-level headings are the decorated lines (".: X :.", "∴ X ∴", "·: X ·:") plus a few plain ones,
listed with fixed codes (the guide's second "MOVER UN GRUPO" is really column movement: code
``mov-columna``). Sub-headings are detected: a short stand-alone line with no closing punctuation.
Clauses are paragraphs keyed ``guia22:<section>[.<subsection>].<n>``.
"""

from __future__ import annotations

import re
from dataclasses import replace

from rulings.sources.seedparse.blocks import Options, build_document, is_blank, slugify
from rulings.sources.seedparse.model import DocumentMeta, HeadingSpec, ParsedDocument, read_seed_lines

META = DocumentMeta(
    slug="guia22",
    filename="guia22.es.txt",
    title="DBA 2.2 De Bellis Antiquitatis — guía no oficial",
    short_title="Guía no oficial DBA 2.2",
    language="es",
    game="DBA",
    edition="2.2",
    authority="guide",
    attribution=(
        "La Armada, \"DBA 2.2 De Bellis Antiquitatis, guía no oficial\", revised edition November 2019 "
        "(draft 2). Some values are missing or doubtful in this draft."
    ),
    order=3,
)

TOP = [
    (1, "portada", "Portada"), (21, "indice", None), (64, "nota", "Nota de impresión y leyenda"),
    (72, "intro", None), (138, "escala", None), (161, "elementos", None), (271, "tabla-elementos", None),
    (312, "listas", None), (367, "ejemplo-lista", None), (399, "escenografia", None),
    (477, "campamentos", None), (509, "bua", None), (551, "rios", None), (614, "preparacion", None),
    (687, "terreno", None), (734, "secuencia", None), (765, "mov-tactico", None), (791, "pip", None),
    (832, "capacidad", None), (868, "tabla-mov", None), (878, "mov-elemento", None), (890, "mov-grupo", None),
    (931, "mov-columna", None), (966, "desembarcos", None), (978, "mov-adicionales", None),
    (990, "desmontar", None), (1004, "atravesar", None), (1018, "cortar-esquina", None),
    (1030, "separarse", None), (1044, "zoc", None), (1082, "frente", None), (1121, "contacto", None),
    (1153, "encaramiento", None), (1184, "distancia", None), (1269, "cac", None), (1344, "vagones", None),
    (1384, "resolucion", None), (1400, "reaccion", None), (1460, "atravesar-tropas", None),
    (1485, "empujar", None), (1509, "huir", None), (1547, "persecucion", None), (1569, "victoria", None),
    (1590, "factores", None), (1636, "resultados", None), (1672, "glosario", None),
]
NO_SUBHEADINGS = {"portada", "indice", "nota", "glosario"}
CAPTION_RE = re.compile(r"^(Ejemplo de |Ejemplo:|El elemento [A-Z]\b|Antes:|Después:|Primero )")
ELEMENT_ENTRY = re.compile(r"^\[([A-Za-z]{1,4})\] ")
DECORATION = re.compile(r"^[\s.:∴·]+|[\s.:∴·]+$")


def clean_title(line: str) -> str:
    return DECORATION.sub("", line).strip()


def is_subheading(lines: list[str], number: int, end: int) -> bool:
    text = lines[number - 1].strip()
    if not (3 <= len(text) <= 70) or "\t" in lines[number - 1]:
        return False
    if text.endswith((".", ",", ";", ":", ")", "*", "…")) or text.startswith(("-", "[", "*", "(", "|", "Lorem")):
        return False
    if not (text[0].isupper() or text[0] == "¿") or text[0].isdigit():
        return False
    before_blank = number == 1 or is_blank(lines[number - 2])
    after_blank = number >= len(lines) or is_blank(lines[number])
    if not (before_blank and after_blank):
        return False
    previous = next((lines[n - 1].strip() for n in range(number - 1, 0, -1) if not is_blank(lines[n - 1])), "")
    if previous.endswith(":") or CAPTION_RE.match(text):
        return False
    following = next((n for n in range(number + 1, end + 1) if not is_blank(lines[n - 1])), None)
    return following is not None


def _headings(lines: list[str]) -> list[HeadingSpec]:
    """The top headings where TOP puts them, and the subheadings found under each (unique keys within it)."""
    headings: list[HeadingSpec] = []
    bounds = [line for line, _, _ in TOP] + [len(lines) + 1]
    for index, (line, code, title) in enumerate(TOP):
        if title is None and not lines[line - 1].strip():
            raise ValueError(f"guia22: heading {code} expected at L{line}")
        headings.append(HeadingSpec(line, code, title=title or clean_title(lines[line - 1])))
        if code in NO_SUBHEADINGS:
            continue
        end = bounds[index + 1] - 1
        seen: set[str] = set()
        for number in range(line + 1, end + 1):
            if is_subheading(lines, number, end):
                sub = slugify(lines[number - 1], 24)
                while sub in seen:
                    sub += "-2"
                seen.add(sub)
                headings.append(HeadingSpec(number, f"{code}.{sub}", level=2))
    return headings


def _captions(lines: list[str]) -> frozenset[int]:
    return frozenset(
        n for n in range(1, len(lines) + 1)
        if CAPTION_RE.match(lines[n - 1].strip()) and len(lines[n - 1].strip()) <= 90
        and (n == 1 or is_blank(lines[n - 2])) and (n == len(lines) or is_blank(lines[n]))
    )


def _keyed(clauses) -> list:
    """Element-type entries keyed by their abbreviation (guia22:elementos.<sub>.el), numbered paragraphs by number."""
    out = []
    taken: set[str] = set()
    for clause in clauses:
        local = clause.key.rsplit(".", 1)[-1]
        entry = ELEMENT_ENTRY.match(clause.text)
        if entry:
            local = entry.group(1).lower()
            while f"{clause.section_key}.{local}" in taken:
                local += "-2"
            clause = replace(clause, key=f"{clause.section_key}.{local}", number=entry.group(1))
        elif local.startswith("p") and local[1:].isdigit():
            clause = replace(clause, key=f"{clause.section_key}.{local[1:]}")
        taken.add(clause.key)
        out.append(clause)
    return out


def parse() -> ParsedDocument:
    lines = read_seed_lines(META.filename)
    # "[El] Elefante (*Elephant*)" heads the (placeholder) description that follows it.
    document = build_document(META, lines, _headings(lines), Options(captions=_captions(lines), lead_re=ELEMENT_ENTRY))
    return replace(document, clauses=tuple(_keyed(document.clauses)))
