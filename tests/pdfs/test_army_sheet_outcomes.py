"""A DBA 2.2 army sheet's "special outcomes": the guide's table has one band for a beaten element and another for a
doubled one (guia22 L1636-1670). Printed as one run, "destroyed: otherwise" of the doubled band read as the Blades'
or the Cavalry's fate whenever beaten, where the guide says they recoil. Each band is named, in the sheet's
language (the guide's own headings in Spanish, the NASAMW commentary's words in Italian), short enough that a
usual army still fits one page."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from tournament.pdfs.army_sheet import army_sheets_pdf
from tournament.pdfs.data import ArmySheet

ELEMENTS = ("4Bd", "4Bd", "4Bd", "4Bd", "3Cv", "3Cv", "3Cv", "2LH", "2Ps", "2Ps", "4Ax", "4Ax")


def sheet_text(lang: str) -> str:
    sheet = ArmySheet("Torneo di Città", "2.2", "Niccolò Peña", "Ludópatas", "II/56", "", "", None, ELEMENTS, 4,
                      "", (), "http://testserver/game/abc/")
    body = army_sheets_pdf([sheet], lang=lang)
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages).split())


@pytest.mark.parametrize(("lang", "beaten", "doubled", "blades"), [
    ("en", "Beaten:", "Doubled:", "destroyed: by Warband that is not in a BUA or camp."),
    ("es", "Derrota simple:", "Doblado:", "vs. Bandas de Guerra si no están en BUA o Campamento."),
    ("it", "Battuto:", "Raddoppiato:", "da Warband che non è in una BUA o Accampamento."),
])
def test_blades_are_destroyed_otherwise_only_when_doubled(lang, beaten, doubled, blades):
    content = sheet_text(lang)
    assert "Niccolò Peña" in content and "Ludópatas" in content
    # The Blades' row: the beaten band's own cases, then the doubled band's "otherwise".
    start = content.index(beaten)
    assert content.index(blades, start) < content.index(doubled, start)


def test_cavalry_flees_or_dies_by_its_band():
    content = sheet_text("en")
    row = content[content.index("3Cv ★ general"):content.index("2LH")]
    assert "Beaten: flees: by Scythed Chariots; flees: in bad going." in row
    assert "Doubled: flees: in good going by Pikes, Spears or Hordes" in row
    assert row.index("destroyed: otherwise") > row.index("Doubled:")


@pytest.mark.parametrize("lang", ["en", "es", "it"])
@pytest.mark.parametrize("size", ["A4", "A5"])
def test_a_six_type_army_still_fits_one_page(lang, size):
    elements = ("3Kn", "3Cv", "3Cv", "2LH", "2LH", "4Sp", "4Sp", "4Sp", "4Bw", "4Bw", "2Ps", "2Ps")
    sheet = ArmySheet("Torneo di Città", "2.2", "Niccolò Peña", "Ludópatas", "II/56", "", "", None, elements, 0,
                      "Camp", ("II/11",), "http://testserver/game/abc/")
    assert len(PdfReader(io.BytesIO(army_sheets_pdf([sheet], lang=lang, size=size))).pages) == 1
