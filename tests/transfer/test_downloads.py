"""What an organizer downloads (results, pairings) says what the pages and the printed sheets say, in their language."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests.factories import make_player, make_registration
from tests.simulated_events import add_round

# Results columns 6, 7, 10 and 11: A general lost, A camp lost, B general lost, B camp lost (8 and 12: the Scythed
# Chariots lost).
YES_NO_COLUMNS = (6, 7, 10, 11)


@pytest.mark.parametrize(("language", "yes", "no"), [("en", "yes", "no"), ("es", "sí", "no"), ("it", "sì", "no")])
def test_results_csv_says_yes_and_no_in_the_readers_language(client, played, language, yes, no):
    """A Spanish or Italian organizer opening the results CSV reads "sí"/"no" ("sì"/"no") in the general-lost
    and camp-lost columns, not Python's English "True"/"False"."""
    body = client.get(reverse("tournament:results_export", args=[played.slug, "csv"]),
                      headers={"Accept-Language": language}).content.decode("utf-8-sig")
    header, *rows = list(csv.reader(io.StringIO(body)))
    assert len(rows) == 2 and len(header) == 15, body
    flags = [row[i] for row in rows for i in YES_NO_COLUMNS]
    assert set(flags) == {yes, no}, body  # the "1-4g" game lost a general
    assert not {cell for row in rows for cell in row} & {"True", "False"}, body


def test_results_xlsx_keeps_real_yes_no_cells(client, played):
    """In the XLSX the same columns stay true/false cells a spreadsheet can filter and count, in any language."""
    data = client.get(reverse("tournament:results_export", args=[played.slug, "xlsx"]),
                      headers={"Accept-Language": "es"}).content
    _header, *rows = load_workbook(io.BytesIO(data), read_only=True).active.iter_rows(values_only=True)
    flags = [row[i] for row in rows for i in YES_NO_COLUMNS]
    assert all(isinstance(flag, bool) for flag in flags) and set(flags) == {True, False}, flags


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_pairings_download_shows_the_provided_armies_the_pairing_sheet_prints(client, event, fmt):
    """When the organizer provides the armies, the pairing sheet on the wall prints the pair each table plays;
    the pairings CSV/XLSX of that round shows the same armies, not each player's registered one."""
    from pypdf import PdfReader

    from tournament.models import ProvidedArmy

    regs = [make_registration(event, make_player(name), name=name, army_ref="IV/1") for name in ("Ana", "Bea")]
    ProvidedArmy.objects.create(event=event, round_number=None, table=None, army_a="II/32a", army_b="II/33")
    add_round(event, 1, [(regs[0], regs[1], "4-2")])
    sheet = client.get(reverse("tournament:round_pdf", args=[event.slug, 1, "pairings"]))
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(sheet.content)).pages)
    assert "II/32a" in text and "II/33" in text and "IV/1" not in text  # the sheet prints the provided pair
    data = client.get(reverse("tournament:pairings_export", args=[event.slug, 1, fmt]),
                      headers={"Accept-Language": "en"}).content
    if fmt == "csv":
        rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))
    else:
        header, *cells = load_workbook(io.BytesIO(data), read_only=True).active.iter_rows(values_only=True)
        rows = [dict(zip(header, row, strict=True)) for row in cells]
    armies = {row["Player"]: (row["Army"], row["Opponent's army"]) for row in rows}
    assert armies["Ana"][0].startswith("II/32a") and armies["Ana"][1].startswith("II/33"), armies
    assert armies["Bea"][0].startswith("II/33") and armies["Bea"][1].startswith("II/32a"), armies


def test_pairings_download_without_provided_armies_shows_the_registered_ones(client, event):
    """Without provided armies each player's row still shows the army they registered."""
    regs = [make_registration(event, make_player(name), name=name, army_ref=ref)
            for name, ref in (("Ana", "IV/1"), ("Bea", "II/33"))]
    add_round(event, 1, [(regs[0], regs[1], "4-2")])
    body = client.get(reverse("tournament:pairings_export", args=[event.slug, 1, "csv"]),
                      headers={"Accept-Language": "en"}).content.decode("utf-8-sig")
    armies = {row["Player"]: (row["Army"], row["Opponent's army"]) for row in csv.DictReader(io.StringIO(body))}
    assert armies == {"Ana": ("IV/1", "II/33"), "Bea": ("II/33", "IV/1")}, body


def test_the_results_export_keeps_the_scythed_chariots_that_score(db):
    """NASAMW v4 scores Scythed Chariots destroyed (fixtures/scoring_presets.yaml, counts.sch: 1; entered apart as
    "+1S"). The results export writes each side's Scythed Chariots lost beside its elements, general and camp:
    without them a 4+1S-1 win reads "B lost 4" with 24 points, which nobody can get back from the file
    (20 + 4 - 1 = 23)."""
    from tests.factories import make_event
    from tournament.transfer.frames import results_frame

    event = make_event(edition="2.2", scoring_preset="nasamw-v4")
    ana, bruno = (make_registration(event, make_player(n)) for n in ("Ana", "Bruno"))
    add_round(event, 1, [(ana, bruno, "4+1S-1")])
    row = results_frame(event).iloc[0].to_dict()
    assert row["A points"] == 24
    assert 1 in [value for key, value in row.items() if "B" in key and key not in ("B lost", "B points")
                 and not isinstance(value, bool)], row
