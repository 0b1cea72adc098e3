"""A DBA 2.2 army sheet is one page, to lie beside the table, for the widest army a player may bring. The 2.2 lists
are not in the sources, so any twelve known codes make an army: at most twelve element types. Once the outcome bands
were named, nine types spilt onto a second page in Spanish (six of the longest rows did), ten or twelve in every
language, at A4 and at A5.

The armies below are the tallest sheets in each language, found by measuring every type's row: the twelve tallest
rows, the general on the type whose bold label costs the most. The page must still say what it said: each row's
band labels and every element type, by code and by name."""

from __future__ import annotations

import io
from collections import Counter

import pytest
from django.utils.translation import gettext as _
from django.utils.translation import override
from pypdf import PdfReader

from tournament.armies.elements import element_profile
from tournament.pdfs.army_sheet import army_sheets_pdf, sheet_flowables
from tournament.pdfs.data import ArmySheet
from tournament.pdfs.headers import PADDING, words

WIDEST = {
    "en": ("SCh", "6Kn", "HCh", "2LH", "2LCm", "7Hd", "2Ps", "6Cv", "4Sp", "4Pk", "6Bd", "LCh"),
    "es": ("5Wb", "7Hd", "2Ps", "6Kn", "HCh", "6Cv", "2LH", "2LCm", "4Sp", "4Pk", "El", "6Bd"),
    "it": ("SCh", "7Hd", "6Kn", "HCh", "2LH", "2LCm", "2Ps", "6Cv", "4Sp", "4Pk", "6Bd", "WWg"),
}
BANDS = {"tie": "Tie:", "beaten": "Beaten:", "doubled": "Doubled:"}


def sheet(elements, general: int = 0) -> ArmySheet:
    return ArmySheet("Torneo di Città", "2.2", "Niccolò Peña", "Ludópatas", "II/56", "Early Gallic", "", None,
                     tuple(elements), general, "Camp followers", ("II/11",), "http://testserver/game/abc/")


def pages(elements, lang: str, size: str = "A4") -> list:
    return PdfReader(io.BytesIO(army_sheets_pdf([sheet(elements)], lang=lang, size=size))).pages


@pytest.mark.parametrize("size", ["A4", "A5"])
@pytest.mark.parametrize("army", sorted(WIDEST))
@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_the_widest_army_sheet_is_one_page(lang, army, size):
    assert len(WIDEST[army]) == len(set(WIDEST[army])) == 12  # twelve elements, each its own type
    assert len(pages(WIDEST[army], lang, size)) == 1


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_the_widest_sheet_keeps_every_band_label_and_every_element_type(lang):
    army = WIDEST[lang]
    (page,) = pages(army, lang)
    content = " ".join(page.extract_text().split())
    with override(lang):
        labels = {band: _(label) for band, label in BANDS.items()}
        general = _("general")
    expected = Counter(band for code in army for band in {o.band for o in element_profile(code).outcomes})
    assert set(expected) >= {"beaten", "doubled"}
    for band, label in labels.items():  # each row that has a band names it: none lost to the tighter layout
        assert content.count(label) == expected[band], (band, label)
    for i, code in enumerate(army):  # the general first
        assert f"{code}{f' ★ {general}' if i == 0 else ''} · {element_profile(code).name(lang)}" in content, code


def test_a_second_subtype_of_a_type_points_at_the_first_outcomes():
    """Outcomes are the type's (4Kn's are 3Kn's): a second subtype points at the first row instead of repeating it."""
    content = " ".join(pages(("3Kn", "4Kn") + ("4Bd",) * 10, "en")[0].extract_text().split())
    assert "4Kn · Knights 30/40 300/200 +3/+4 as element 1" in content
    assert content.count("Doubled:") == 2  # the Knights' outcomes once, the Blades' once


@pytest.mark.parametrize("size", ["A4", "A5"])
@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_no_header_word_of_the_element_table_is_cut(lang, size):
    """The headers as reportlab lays them out: a line may end after a slash, never inside a word ("pie/mo ntados")."""
    scale = 1.0 if size == "A4" else 0.7
    with override(lang):
        table = sheet_flowables(sheet(WIDEST[lang]), lang, scale)[2]
        for cell, width in zip(table._cellvalues[0], table._colWidths, strict=True):
            allowed = set(words(cell.text))
            cell.wrap(width - PADDING * scale, 1000)
            for line in cell.blPara.lines:
                for word in line[1]:
                    assert set(words(word)) <= allowed, (cell.text, word)
