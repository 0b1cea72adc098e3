"""Printed documents from a real event: QR targets, slips per table, standings with the event's
tie-breaks as columns, permissions of drafts and slips, the command's options, pages at A4."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from tests.factories import make_event, make_player, make_registration, make_user
from tournament.armies.catalogue import load_catalogue
from tournament.armies.validation import default_army
from tournament.models import EventRole, Round
from tournament.pairing.manager import round_pair, round_publish
from tournament.pdfs import army_sheet as army_sheet_module
from tournament.pdfs import round_docs as round_docs_module
from tournament.pdfs.army_sheet import GENERAL_MARK
from tournament.pdfs.data import army_sheets, round_sheet
from tournament.pdfs.qr import QR
from tournament.registration.names import sort_key
from tournament.results.entry import result_enter
from tournament.results.shorthand import parse_shorthand
from tournament.transfer.frames import standings_frame

NAMES = ("Íñigo Larrañaga", "Niccolò Bianchi", "Ana Peña", "Zoë Müller")
BASE = "http://testserver/"


def text(body: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)


@pytest.fixture
def full_event(event):
    """Four players with II/33 armies; the first and the second log in."""
    army = default_army(load_catalogue().get("II/33"))
    users = [make_user("iñigo"), make_user("nicco"), None, None]
    regs = [make_registration(event, make_player(name, club="Ludópatas de Sevilla", user=user), army_ref="II/33",
                              elements=list(army.elements), general=army.general, camp="Seguidores")
            for name, user in zip(NAMES, users, strict=True)]
    return {"event": event, "regs": regs, "users": users}


def login(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def drawn(monkeypatch):
    """The data of every QR code laid out while the fixture is active."""
    seen: list[str] = []

    class Spy(QR):
        def __init__(self, data, size):
            seen.append(data)
            super().__init__(data, size)

    monkeypatch.setattr(army_sheet_module, "QR", Spy)
    monkeypatch.setattr(round_docs_module, "QR", Spy)  # slips draw with pdfs/qr directly
    return seen


def report_url(seat) -> str:
    return BASE.rstrip("/") + reverse("tournament:report", args=[seat.report_token])


def test_army_sheet_qr_is_the_players_stable_my_game_link(full_event, organizer, drawn):
    event, mine = full_event["event"], full_event["regs"][0]
    my_game = BASE.rstrip("/") + reverse("tournament:my_game", args=[mine.game_token])
    (before,) = army_sheets(event, event.registrations.filter(pk=mine.pk), BASE)
    assert before.report_url == my_game
    rnd = round_pair(event, organizer)
    round_publish(rnd, organizer)
    (after,) = army_sheets(event, event.registrations.filter(pk=mine.pk), BASE)
    assert after.report_url == my_game  # not bound to the round in progress when it was printed
    response = login(full_event["users"][0]).get(reverse("tournament:army_sheet_pdf", args=[event.slug, mine.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert drawn == [my_game]
    content = text(response.content)
    for expected in ("Íñigo Larrañaga", "Ludópatas de Sevilla", "Polybian Roman", "275-105 BC", "DBA 3.0",
                     GENERAL_MARK, "Seguidores", event.name):
        assert expected in content, expected


def test_army_sheet_of_a_22_event_prints_the_22_quick_reference(organizer):
    event = make_event(edition="2.2", name="Trofeo Città")
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    make_registration(event, make_player("Niccolò Rossi"), army_name="Romani", elements=["Cv"] + ["4Bd"] * 11,
                      general=0)
    response = login(organizer).get(reverse("tournament:army_sheets_pdf", args=[event.slug]) + "?size=A5")
    assert response.status_code == 200
    page = PdfReader(io.BytesIO(response.content)).pages[0]
    assert round(float(page.mediabox.width)) == 420  # A5 on request
    content = text(response.content)
    assert "Niccolò Rossi" in content and "DBA 2.2" in content and "Every tactical move costs 1 PIP" in content


def test_slips_one_per_table_with_both_report_codes(full_event, organizer, organizer_client, drawn):
    event = full_event["event"]
    rnd = round_pair(event, organizer)
    url = reverse("tournament:round_pdf", args=[event.slug, 1, "slips"])
    response = organizer_client.get(url)
    assert response.status_code == 200  # staff print the slips of a draft
    content = text(response.content)
    assert all(name in content for name in NAMES)
    assert content.count("Signature") == 4 and "Table 1" in content and "Table 2" in content
    assert "Elements lost" in content and "General lost" in content and "Camp / BUA lost" in content
    assert sorted(drawn) == sorted(report_url(seat) for seat in rnd.seats.all())


def test_each_slip_code_has_a_caption_and_its_address_printed_to_type(full_event, organizer, organizer_client):
    event = full_event["event"]
    rnd = round_pair(event, organizer)
    content = text(organizer_client.get(reverse("tournament:round_pdf", args=[event.slug, 1, "slips"])).content)
    assert " ".join(content.split()).count("Scan to report your result") == 4  # the caption wraps in its column
    joined = "".join(content.split())  # the address wraps anywhere in its narrow column
    for seat in rnd.seats.all():
        assert report_url(seat).split("://", 1)[1] in joined


def test_slip_caption_in_italian(full_event, organizer, organizer_client):
    event = full_event["event"]
    round_pair(event, organizer)
    url = reverse("tournament:round_pdf", args=[event.slug, 1, "slips"])
    content = text(organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="it").content)
    assert "Scansiona per comunicare il tuo risultato" in " ".join(content.split())


def test_pairing_sheet_sorted_by_table_then_player(full_event, organizer, client):
    event = full_event["event"]
    rnd = round_publish(round_pair(event, organizer), organizer)
    sheet = round_sheet(rnd, BASE)
    content = text(client.get(reverse("tournament:round_pdf", args=[event.slug, 1, "pairings"])).content)
    expected = []
    for game in sorted(sheet.games, key=lambda g: g.table):
        expected += sorted((game.a.name, game.b.name), key=sort_key)  # accents do not count: Íñigo before Zoë
    positions = [content.index(name) for name in expected]
    assert positions == sorted(positions)


@pytest.mark.parametrize("kind", ["pairings", "slips", "pack"])
def test_nobody_but_staff_prints_a_draft_round(full_event, organizer, umpire_client, client, kind):
    event = full_event["event"]
    round_pair(event, organizer)
    url = reverse("tournament:round_pdf", args=[event.slug, 1, kind])
    anonymous = client.get(url)
    assert anonymous.status_code in (302, 403, 404)
    assert anonymous["Content-Type"] != "application/pdf"
    assert login(full_event["users"][1]).get(url).status_code == 403
    assert umpire_client.get(url).status_code == 200


def test_slips_and_packs_of_a_published_round_are_for_staff(full_event, organizer, client):
    event = full_event["event"]
    round_publish(round_pair(event, organizer), organizer)
    player = login(full_event["users"][1])
    assert player.get(reverse("tournament:round_pdf", args=[event.slug, 1, "pairings"])).status_code == 200
    for kind in ("slips", "pack"):
        assert player.get(reverse("tournament:round_pdf", args=[event.slug, 1, kind])).status_code == 403
    assert client.get(reverse("tournament:round_pdf", args=[event.slug, 1, "other"])).status_code == 404
    assert client.get(reverse("tournament:round_pdf", args=[event.slug, 9, "pairings"])).status_code == 404


def test_player_cannot_print_another_sheet_nor_all_sheets(full_event):
    event, regs = full_event["event"], full_event["regs"]
    player = login(full_event["users"][1])
    assert player.get(reverse("tournament:army_sheet_pdf", args=[event.slug, regs[0].pk])).status_code == 403
    assert player.get(reverse("tournament:army_sheet_pdf", args=[event.slug, regs[1].pk])).status_code == 200
    assert player.get(reverse("tournament:army_sheets_pdf", args=[event.slug])).status_code == 403


def test_standings_after_a_round_have_the_tiebreak_columns(full_event, organizer, client):
    event = full_event["event"]
    rnd = round_publish(round_pair(event, organizer), organizer)
    for game in rnd.games.filter(is_bye=False):
        result_enter(game, parse_shorthand("4G-1", event.edition), organizer)
    frame = standings_frame(event, upto=1)
    response = client.get(reverse("tournament:standings_pdf", args=[event.slug]) + "?round=1")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    content = text(response.content)
    assert "after round 1" in content and all(name in content for name in NAMES)
    compact = "".join(content.split())
    for column in frame.columns:  # narrow headers wrap inside their cell, even mid-word
        assert "".join(str(column).split()) in compact, column


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")
def test_round_pack_pages_render_at_a4(full_event, organizer, tmp_path):
    from PIL import Image

    event = full_event["event"]
    round_publish(round_pair(event, organizer), organizer)
    out = tmp_path / "pack.pdf"
    call_command("print_pdf", "--event", event.slug, "--kind", "round", "--round", "1", "--out", str(out))
    subprocess.run(["pdftoppm", "-r", "20", "-png", str(out), str(tmp_path / "page")], check=True)
    pages = sorted(tmp_path.glob("page*.png"))
    assert len(pages) == len(PdfReader(str(out)).pages) >= 2  # pairing sheet, then the slips
    for image in pages:
        width, height = Image.open(image).size
        assert abs(height / width - 297 / 210) < 0.02


def test_command_refuses_unknown_event_and_round(full_event, tmp_path):
    out = tmp_path / "x.pdf"
    with pytest.raises(CommandError):
        call_command("print_pdf", "--event", "nope", "--kind", "standings", "--out", str(out))
    with pytest.raises(CommandError):
        call_command("print_pdf", "--event", full_event["event"].slug, "--kind", "slips", "--round", "3",
                     "--out", str(out))
    assert not out.exists()


def test_command_writes_army_sheets_in_italian(full_event, tmp_path):
    out = tmp_path / "sheets.pdf"
    call_command("print_pdf", "--event", full_event["event"].slug, "--kind", "army-sheets", "--lang", "it",
                 "--size", "A5", "--out", str(out))
    reader = PdfReader(str(out))
    assert len(reader.pages) == len(NAMES)
    content = text(out.read_bytes())
    assert "Zoë Müller" in content and "Elemento" in content and "Cavalry" in content  # 001 names Cv "Cavalry"
    assert Round.objects.count() == 0
