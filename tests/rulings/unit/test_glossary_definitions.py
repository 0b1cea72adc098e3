"""What the glossary tells the umpire a term means (its tooltip and library entry), in en, es and it, against
the seed lines it cites. Pure: the glossary is read from fixtures/rulings/glossary.yaml."""

from __future__ import annotations

from rulings.sources.glossary import load_glossary
from rulings.sources.index import resolve_citation


def _entry(slug: str):
    return next(entry for entry in load_glossary() if entry.slug == slug)


def test_a_recoil_is_the_base_depth_or_the_width_if_less__guide_L1430_commentary_L675():
    """guia22 L1430: "Este movimiento es igual a la profundidad de la base del elemento o a la anchura del
    mismo, la que sea menor"; nasamw22 L675: "Dalla versione 2.1, nessun elemento si ritira più di una distanza
    uguale alla sua larghezza". Found by the review of 2026-11-28: the glossary said "moves back its own base
    depth" with no cap (80 mm for a War Wagon at 15 mm, where the seeds give its 40 mm width)."""
    entry = _entry("recoil")
    assert "guia22@L1430" in entry.cite
    clauses = {resolve_citation(cite) for cite in entry.cite}
    assert None not in clauses and resolve_citation("nasamw22@L675") in clauses  # nasamw22 L671-675, one clause
    words = {"en": ("depth", "width", "less"), "es": ("profundidad", "anchura", "menor"),  # the guide's words
             "it": ("profondità", "larghezza", "mai più")}  # the commentary's
    for language, wanted in words.items():
        definition = entry.definition[language].casefold()
        assert all(word in definition for word in wanted), (language, definition)
