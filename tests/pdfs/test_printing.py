"""Printed documents: read back with pypdf (accents, the general mark), rendered with pdftoppm at A4,
reachable with the right permissions, and from the command line."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from tests.factories import make_player, make_registration, make_user
from tournament.armies.catalogue import load_catalogue
from tournament.armies.validation import default_army
from tournament.pairing.manager import round_pair, round_publish
from tournament.pdfs.army_sheet import GENERAL_MARK, army_sheets_pdf
from tournament.pdfs.data import ArmySheet, GameSlip, RoundSheet, Side
from tournament.pdfs.round_docs import round_pdf

LONG = "Íñigo Larrañaga de la Peña y Martínez-Echevarría, Conde de Villanueva del Arzobispo " * 2


def text(body: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)


def sheet(name="Íñigo Larrañaga", ref="II/33") -> ArmySheet:
    army = default_army(load_catalogue().get(ref))
    return ArmySheet("Torneo di Città", "3.0", name, "Ludópatas", ref, load_catalogue().get(ref).name, "Arable", 1,
                     army.elements, army.general, "Camp followers", ("II/11",), "http://testserver/report/abc/")


def test_army_sheet_has_accents_general_mark_and_profiles():
    body = army_sheets_pdf([sheet(), sheet("Niccolò Città")], lang="es")
    content = text(body)
    assert "Íñigo Larrañaga" in content and "Niccolò Città" in content and "Torneo di Città" in content
    assert GENERAL_MARK in content and "Polybian Roman" in content
    assert "Caballería" in content  # element names in the reader's language
    assert len(PdfReader(io.BytesIO(body)).pages) == 2  # one page per player


def test_a5_and_long_names_wrap():
    body = army_sheets_pdf([sheet(LONG)], size="A5")
    reader = PdfReader(io.BytesIO(body))
    assert round(float(reader.pages[0].mediabox.width)) == 420  # A5 portrait
    assert "Villanueva del Arzobispo" in text(body)  # wrapped; past the models' 120 characters it is cut


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")
def test_page_renders_at_a4(tmp_path):
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(army_sheets_pdf([sheet()]))
    subprocess.run(["pdftoppm", "-r", "20", "-png", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "page")], check=True)
    from PIL import Image  # pillow comes with reportlab

    (image,) = list(tmp_path.glob("page*.png"))
    width, height = Image.open(image).size
    assert abs(height / width - 297 / 210) < 0.02


def round_sheet_data(tables: int) -> RoundSheet:
    games = tuple(GameSlip(t, Side(f"Giocatore {2 * t} Niccolò", "Città", "II/33", "http://x/r/a/"),
                           Side(f"Jugador {2 * t + 1} Peña", "Ludópatas", "I/1a", "http://x/r/b/")) for t in range(1, tables + 1))
    return RoundSheet("Torneo", 3, "3.0", games + (GameSlip(None, Side("Solo Bye", "", "IV/1", "http://x/"), None),))


def test_round_pack_has_pairings_sorted_and_one_slip_per_table():
    body = round_pdf(round_sheet_data(5), kind="pack", lang="it")
    content = text(body)
    assert "Giocatore 2 Niccolò" in content and "Jugador 11 Peña" in content and "Solo Bye" in content
    assert "Tavolo 5" in content and "Firma" in content and "Elementi persi" in content
    slips = text(round_pdf(round_sheet_data(5), kind="slips"))
    assert slips.count("Signature") == 10  # two players per table, five tables, no slip for the bye


@pytest.fixture
def printed_event(event, organizer):
    owner = make_user("dueno")
    regs = []
    for name, user in (("Íñigo Larrañaga", owner), ("Niccolò Bianchi", None)):
        army = default_army(load_catalogue().get("II/33"))
        regs.append(make_registration(event, make_player(name, user=user), army_ref="II/33",
                                      elements=list(army.elements), general=army.general))
    return {"event": event, "owner": owner, "mine": regs[0], "other": regs[1]}


def test_permissions(client, organizer_client, printed_event):
    event, mine, other = printed_event["event"], printed_event["mine"], printed_event["other"]
    player = Client()
    player.force_login(printed_event["owner"])
    own_url = reverse("tournament:army_sheet_pdf", args=[event.slug, mine.pk])
    response = player.get(own_url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "Íñigo Larrañaga" in text(response.content)
    assert player.get(reverse("tournament:army_sheet_pdf", args=[event.slug, other.pk])).status_code == 403
    assert client.get(own_url).status_code == 302
    assert organizer_client.get(reverse("tournament:army_sheets_pdf", args=[event.slug])).status_code == 200
    assert player.get(reverse("tournament:army_sheets_pdf", args=[event.slug])).status_code == 403


def test_public_prints_published_pairings_and_standings_only(client, organizer_client, organizer, printed_event):
    event = printed_event["event"]
    rnd = round_pair(event, organizer)
    pairings = reverse("tournament:round_pdf", args=[event.slug, 1, "pairings"])
    assert client.get(pairings).status_code == 302  # a draft is not public
    round_publish(rnd, organizer)
    assert "Niccolò Bianchi" in text(client.get(pairings).content)
    assert client.get(reverse("tournament:round_pdf", args=[event.slug, 1, "pack"])).status_code == 302
    assert organizer_client.get(reverse("tournament:round_pdf", args=[event.slug, 1, "pack"])).status_code == 200
    standings = client.get(reverse("tournament:standings_pdf", args=[event.slug]))
    assert standings.status_code == 200 and "Íñigo Larrañaga" in text(standings.content)


def test_big_packs_are_made_in_the_background_with_progress(organizer_client, organizer, printed_event, settings):
    from tournament.web.views import pdf

    event = printed_event["event"]
    pdf.BACKGROUND_SHEETS, saved = 0, pdf.BACKGROUND_SHEETS
    try:
        response = organizer_client.get(reverse("tournament:army_sheets_pdf", args=[event.slug]))
    finally:
        pdf.BACKGROUND_SHEETS = saved
    assert response.status_code == 302
    job_url = response["Location"]
    import time

    for _ in range(100):
        page = organizer_client.get(job_url, headers={"HX-Request": "true"})
        if "print-download" in page.text:
            break
        assert "<progress" in page.text or "ready" in page.text
        time.sleep(0.1)
    download = organizer_client.get(job_url + "?download=1")
    assert download["Content-Type"] == "application/pdf" and "Niccolò Bianchi" in text(download.content)
    stranger = Client()
    stranger.force_login(make_user())
    assert stranger.get(job_url).status_code in (403, 404)


def test_print_command(printed_event, organizer, tmp_path):
    event = printed_event["event"]
    round_publish(round_pair(event, organizer), organizer)
    for kind in ("army-sheets", "round", "slips", "standings"):
        out = tmp_path / f"{kind}.pdf"
        call_command("print_pdf", "--event", event.slug, "--kind", kind, "--out", str(out), "--lang", "es")
        assert "Larrañaga" in text(out.read_bytes())


def test_dba30_sheet_prints_only_what_the_sources_support():
    content = " ".join(text(army_sheets_pdf([sheet()])).split())
    assert "DBA 3.0 rulebook is not among this program's sources" in content
    assert "List option" in content and "General: " in content  # the list's columns, from the catalogue
    for header in ("Depth", "Move good/bad", "CF foot/mtd", "PIPs", "Victory"):  # no 2.2 factors as 3.0
        assert header not in content


def test_dba30_sheet_note_in_the_sheets_language():
    content = " ".join(text(army_sheets_pdf([sheet()], lang="it")).split())
    assert "non è tra le fonti" in content and "Opzione della lista" in content
    assert "rulebook" not in content


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
@pytest.mark.parametrize("size", ["A4", "A5"])
def test_element_table_text_stays_in_its_column(size, tmp_path):
    """Short cells are drawn as plain strings, long ones wrap: no word crosses into the next column."""
    import dataclasses
    import re

    from reportlab.lib.units import mm

    from tournament.pdfs.army_sheet import WIDTHS

    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(army_sheets_pdf([dataclasses.replace(sheet(), edition="2.2")], lang="es", size=size))
    page = subprocess.run(["pdftotext", "-bbox", "-f", "1", "-l", "1", str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout
    words = [(float(x0), float(y0), float(x1), word) for x0, y0, x1, word in
             re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<', page)]
    scale, margin, page_width = (1.0, 12 * mm, 210 * mm) if size == "A4" else (0.7, 8 * mm, 148 * mm)
    # The table is centred in the frame, the page less its margins and the frame's padding (6 points a side): at A4
    # it starts at the margin, at A5 (a frame a little wider than the A4 sheet scaled) 2.5 points inside it.
    edges = [margin + 6 + (page_width - 2 * margin - 12 - sum(WIDTHS) * mm * scale) / 2]
    for width in WIDTHS:
        edges.append(edges[-1] + width * mm * scale)
    top = next(y for x, y, _, word in words if word == "n.º")  # the header row
    bottom = next(y for x, y, _, word in words if word.startswith("Campamento"))
    table = [(x0, x1, word) for x0, y, x1, word in words if top <= y < bottom]
    assert any(word == "Caballería" for *_, word in table)  # the element rows are there, with long outcome texts
    for x0, x1, word in table:
        column = next(c for c in range(len(WIDTHS)) if x0 < edges[c + 1])
        assert x1 <= edges[column + 1], (word, column)
