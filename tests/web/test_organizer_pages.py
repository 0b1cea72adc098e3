"""What the organizer reads around the rounds: the audit log in sentences (filtered, translated),
check-in in bulk with an undo, a confirmed drop, the event page's primary button, and printed sheets
(pairings by name too, A4/A5 file names, headers that never split a word, translated topography)."""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.factories import make_player, make_registration
from tests.pairing.test_round_workflow import play, swap, text_of
from tests.pairing.test_rounds import enter, games, pair
from tournament.models import Registration, Seat


def pdf_text(body: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)


@pytest.fixture
def four(event):
    names = [("Peter Smith", "Dracs"), ("Hannah O'Brien", "Gruppo"), ("Luis Gómez", "Circolo"), ("Marta Ruiz", "Solo")]
    return [make_registration(event, make_player(name, club)) for name, club in names]


# --- the audit log ---------------------------------------------------------------------------------

def test_audit_log_speaks_in_sentences_with_names(organizer_client, umpire_client, event, four):
    rnd1 = pair(organizer_client, event)
    play(organizer_client, event, rnd1, "4-1")
    game = games(rnd1)[0]
    a, b = (s.registration.player.name for s in game.seats.select_related("registration__player").order_by("side"))
    enter(umpire_client, event, game, "1-4")  # the umpire corrects it
    met = {frozenset(g.seats.values_list("registration_id", flat=True)) for g in games(rnd1)}
    rnd2 = pair(organizer_client, event)
    seats = list(Seat.objects.filter(round=rnd2).select_related("registration__player"))
    first, second = next((x, y) for x in seats for y in seats if x.game_id != y.game_id and frozenset(
        {x.registration_id, next(s.registration_id for s in seats if s.game_id == y.game_id and s.pk != y.pk)}) in met)
    swap(organizer_client, event, rnd2, first, second)
    page = organizer_client.get(reverse("tournament:audit", args=[event.slug]))
    log = text_of(page.text)
    assert f"Table {game.table} ({a} v {b}): result corrected from 4-1 to 1-4 by umpire Umpire Due." in log
    # Four players: any swap makes both games rematches, and the entry names them.
    swapped = re.search(r"Swapped ([^.]+?) ↔ ([^.]+?) \(warnings: rematch [^;]+ v [^;]+; rematch [^;]+ v [^)]+\)\.", log)
    assert swapped and {swapped.group(1), swapped.group(2)} == {first.registration.player.name,
                                                                 second.registration.player.name}
    assert "Round 1 published." in log and "Round 2 paired: 2 games." in log
    assert "{" not in log and "result.enter" not in log and "round.swap" not in log


def test_audit_log_filters_by_round_kind_and_person(organizer_client, event, four):
    rnd1 = pair(organizer_client, event)
    play(organizer_client, event, rnd1, "4-1")
    pair(organizer_client, event)
    url = reverse("tournament:audit", args=[event.slug])
    only_two = text_of(organizer_client.get(url, {"round": "2"}).text)
    assert "Round 2 paired" in only_two and "Round 1 published." not in only_two
    results = text_of(organizer_client.get(url, {"kind": "results"}).text)
    assert "result 4-1 entered" in results and "Round 1 published." not in results
    person = four[0]
    game = Seat.objects.get(round=rnd1, registration=person).game
    mine = text_of(organizer_client.get(url, {"person": str(person.pk), "kind": "results"}).text)
    assert f"Table {game.table} (" in mine and person.player.name in mine
    others = [g for g in games(rnd1) if g.pk != game.pk]
    assert all(f"Table {g.table} (" not in mine for g in others)
    assert organizer_client.get(url, {"round": "x"}).status_code == 200  # a bad filter is ignored, not a 500


@pytest.mark.parametrize(("language", "sentence"), [("es", "Ronda 1 publicada."), ("it", "Turno 1 pubblicato.")])
def test_audit_log_is_translated(organizer_client, event, four, language, sentence):
    rnd = pair(organizer_client, event)
    play(organizer_client, event, rnd)
    page = organizer_client.get(reverse("tournament:audit", args=[event.slug]), headers={"Accept-Language": language})
    assert sentence in text_of(page.text)


# --- check-in and drops -------------------------------------------------------------------------

def test_bulk_check_in_and_undo(organizer_client, event, four):
    url = reverse("tournament:check_in_bulk", args=[event.slug])
    response = organizer_client.post(url, {"entries": [four[0].pk, four[1].pk]}, follow=True)
    assert "2 players checked in: Hannah O'Brien, Peter Smith." in text_of(response.text)
    statuses = dict(Registration.objects.values_list("pk", "status"))
    assert [statuses[r.pk] for r in four] == ["checked_in", "checked_in", "registered", "registered"]
    page = organizer_client.get(reverse("tournament:players", args=[event.slug])).text
    row = re.search(rf'<tr id="entry-{four[0].pk}">.*?</tr>', page, re.S).group(0)
    assert "Undo check-in" in row and 'value="registered"' in row
    organizer_client.post(reverse("tournament:entry_status", args=[event.slug, four[0].pk]), {"status": "registered"})
    assert Registration.objects.get(pk=four[0].pk).status == "registered"
    everyone = organizer_client.post(url, {"all": "1"}, follow=True)
    assert "3 players checked in" in text_of(everyone.text)
    assert set(Registration.objects.values_list("status", flat=True)) == {"checked_in"}
    log = text_of(organizer_client.get(reverse("tournament:audit", args=[event.slug])).text)
    assert "Peter Smith checked in." in log and "Peter Smith's check-in undone." in log


def test_a_drop_asks_for_confirmation_with_the_name(organizer_client, event, four):
    page = organizer_client.get(reverse("tournament:players", args=[event.slug])).text
    row = re.search(rf'<tr id="entry-{four[1].pk}">.*?</tr>', page, re.S).group(0)
    confirm = re.search(r'<form[^>]*hx-confirm="([^"]*)"[^>]*>\s*<input[^>]*>\s*<button name="status" value="dropped"',
                        row, re.S)
    assert confirm and "Drop Hannah O&#x27;Brien from the event?" in confirm.group(1)


def test_the_organizers_primary_button_is_not_register(organizer_client, client, event, four):
    page = organizer_client.get(event.get_absolute_url()).text
    primary = re.findall(r'class="button primary"[^>]*>([^<]*)<', page)
    assert primary == ["Rounds and results"]
    assert re.findall(r'class="button primary"[^>]*>([^<]*)<', client.get(event.get_absolute_url()).text) == [
        "Register for this event"]


# --- printing ----------------------------------------------------------------------------------

def test_pairing_sheet_also_lists_players_by_name(organizer_client, client, event, four):
    rnd = pair(organizer_client, event)
    play(organizer_client, event, rnd)
    body = pdf_text(client.get(reverse("tournament:round_pdf", args=[event.slug, 1, "pairings"])).content)
    by_name = body[body.index("By name"):]
    order = [by_name.index(name) for name in sorted(r.player.name for r in four)]
    assert "By table" in body and order == sorted(order)


def test_a4_and_a5_army_sheets_have_different_file_names(organizer_client, event, four):
    url = reverse("tournament:army_sheets_pdf", args=[event.slug])
    names = {organizer_client.get(url, {"size": size})["Content-Disposition"] for size in ("A4", "A5")}
    assert names == {f'inline; filename="{event.slug}-army-sheets-a4.pdf"',
                     f'inline; filename="{event.slug}-army-sheets-a5.pdf"'}


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_sheet_headers_never_split_a_word(language):
    from django.utils import translation
    from reportlab.lib.units import mm
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from tournament.pdfs.army_sheet import WIDTHS
    from tournament.pdfs.data import GameSlip, RoundSheet, Side
    from tournament.pdfs.headers import PADDING, header_cells, words
    from tournament.pdfs.round_docs import pairing_flowables
    from tournament.pdfs.styles import styles

    side = Side("Ana", "Dracs", "II/56", "http://x/")
    with translation.override(language):
        tables = [f for f in pairing_flowables(RoundSheet("E", 1, "3.0", (GameSlip(1, side, side),))) if hasattr(f, "_cellvalues")]
        labels = [(tables[0]._cellvalues[0], tables[0]._colWidths)]
        headers = [translation.gettext(t) for t in ("#", "Element", "Depth 15/25 mm", "Move good/bad", "Shoot",
                                                      "CF foot/mtd", "Special outcomes")]
        labels.append((header_cells(headers, [w * mm for w in WIDTHS], styles()["header"]), [w * mm for w in WIDTHS]))
        for cells, widths in labels:
            for cell, width in zip(cells, widths, strict=True):
                style = cell.style
                for word in words(cell.text):
                    assert stringWidth(word, style.fontName, style.fontSize) <= width - PADDING, (language, word)


def test_army_sheet_topography_is_translated():
    from tournament.pdfs.army_sheet import army_sheets_pdf
    from tournament.pdfs.data import ArmySheet

    sheet = ArmySheet("Torneo", "3.0", "Ana", "Dracs", "II/56", "Galos", "Forest/Arable", 2, ("3Wb",) * 12, 0, "", (),
                      "http://x/")
    spanish = pdf_text(army_sheets_pdf([sheet], lang="es"))
    assert "Bosque/Fértil" in spanish and "Arable" not in spanish
    italian = pdf_text(army_sheets_pdf([sheet], lang="it"))
    assert "Bosco/Coltivabile" in italian and "Arable" not in italian
