"""Issue 11 §2, a result needs two people: each test sends the attack as it was sent.

One person with both QR codes of a slip reported `0-4G` twice and the game was confirmed, overwriting the
other player's pending report. Now each half of a slip carries one player's code, each player has a stable
"my game" link, and a game reported from one browser or account (or reported twice differently) waits for an
umpire, with the reason shown to the player and the umpire.
"""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from tests.factories import make_player, make_registration, make_user
from tournament.models import Game, ResultReport, Seat
from tournament.pairing.manager import round_pair, round_publish
from tournament.pdfs import army_sheet as army_sheet_module
from tournament.pdfs import round_docs as round_docs_module
from tournament.pdfs.data import army_sheets
from tournament.pdfs.qr import QR
from tournament.results.entry import result_enter
from tournament.results.report_rights import slip_pin
from tournament.results.shorthand import parse_shorthand

NAMES = ["Ana Ruiz", "Bea Soto", "Carla Vidal", "Dora Pons"]


@pytest.fixture
def played(event, organizer):
    regs = [make_registration(event, make_player(name)) for name in NAMES]
    rnd = round_publish(round_pair(event, organizer), organizer)
    game = rnd.games.filter(is_bye=False).order_by("table").first()
    a, b = game.seats.order_by("side")
    return {"event": event, "regs": regs, "round": rnd, "game": game, "a": a, "b": b}


def report(client: Client, seat: Seat, shorthand: str):
    return client.post(reverse("tournament:report", args=[seat.report_token]), {"shorthand": shorthand}, follow=True)


def test_one_browser_reporting_both_sides_does_not_confirm(played, umpire_client):
    game, a, b = played["game"], played["a"], played["b"]
    holder = Client()  # the person who picked up the slip and scanned both codes
    report(holder, a, "0-4G")
    page = report(holder, b, "0-4G")
    game.refresh_from_db()
    assert game.status == Game.Status.DISPUTED and game.review_reason == Game.Review.SAME_REPORTER
    assert "same browser or account" in page.text
    umpire_page = umpire_client.get(reverse("tournament:game_result", args=[played["event"].slug, game.pk]))
    assert "same browser or account" in umpire_page.text
    round_page = umpire_client.get(reverse("tournament:round", args=[played["event"].slug, 1]))
    assert "same browser or account" in round_page.text


def test_one_account_reporting_both_sides_from_two_browsers_does_not_confirm(played):
    game, a, b = played["game"], played["a"], played["b"]
    user = make_user("double")
    phone, laptop = Client(), Client()
    phone.force_login(user)
    laptop.force_login(user)
    report(phone, a, "4-1")
    report(laptop, b, "4-1")
    game.refresh_from_db()
    assert game.status == Game.Status.DISPUTED and game.review_reason == Game.Review.SAME_REPORTER


def test_two_players_agreeing_still_confirm(played):
    game, a, b = played["game"], played["a"], played["b"]
    report(Client(), a, "4-1")
    page = report(Client(), b, "4-1")
    game.refresh_from_db()
    assert game.status == Game.Status.CONFIRMED and "confirmed" in page.text


def test_a_differing_second_report_does_not_overwrite_the_first(played):
    game, a, b = played["game"], played["a"], played["b"]
    report(Client(), a, "4-1")  # Ana's honest report
    holder = Client()
    report(holder, a, "0-4G")  # someone else with Ana's code
    report(holder, b, "0-4G")
    game.refresh_from_db()
    assert game.status == Game.Status.DISPUTED and game.review_reason == Game.Review.CHANGED
    ana = list(ResultReport.objects.filter(seat=a).order_by("pk").values_list("payload", flat=True))
    assert len(ana) == 2 and ana[0]["outcome"] == "a"  # the first report kept, the second beside it
    assert not ResultReport.objects.filter(seat=b).exists()  # refused while the umpire is needed


def test_the_same_report_again_is_harmless(played):
    game, a = played["game"], played["a"]
    player = Client()
    report(player, a, "4-1")
    report(player, a, "4-1")  # a reload
    game.refresh_from_db()
    assert game.status == Game.Status.REPORTED and ResultReport.objects.filter(seat=a).count() == 1


def test_the_umpire_settles_a_held_game(played, umpire):
    game, a, b = played["game"], played["a"], played["b"]
    holder = Client()
    report(holder, a, "4-1")
    report(holder, b, "4-1")
    result_enter(game, parse_shorthand("4-1", "3.0"), umpire)
    game.refresh_from_db()
    assert game.status == Game.Status.CONFIRMED and game.review_reason == ""


@pytest.fixture
def drawn(monkeypatch):
    seen: list[str] = []

    class Spy(QR):
        def __init__(self, data, size):
            seen.append(data)
            super().__init__(data, size)

    monkeypatch.setattr(army_sheet_module, "QR", Spy)
    monkeypatch.setattr(round_docs_module, "QR", Spy)  # slips draw with pdfs/qr directly
    return seen


def test_each_half_of_the_slip_carries_only_its_players_code(played, organizer_client, drawn):
    from tournament.pdfs.data import round_sheet
    from tournament.pdfs.round_docs import _slip
    from tournament.pdfs.styles import styles

    sheet = round_sheet(played["round"], "http://testserver/")
    game = next(g for g in sheet.games if g.b is not None)
    slip = _slip(sheet, game, styles())
    halves = [f for f in slip._content if f.__class__.__name__ == "Table" and len(f._cellvalues[0]) == 2]
    assert len(halves) == 2
    for half, side in zip(halves, (game.a, game.b), strict=True):
        codes = [c.data for c in half._cellvalues[0][1] if isinstance(c, QR)]
        assert codes == [side.report_url]
    response = organizer_client.get(reverse("tournament:round_pdf", args=[played["event"].slug, 1, "slips"]))
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert text.count("Cut here") == 2  # two tables
    for name in NAMES:
        assert text.count(f"Only for {name}") == 1


def test_my_game_link_always_opens_the_players_current_game(played, organizer, client):
    event, ana = played["event"], played["regs"][0]
    link = reverse("tournament:my_game", args=[ana.game_token])
    (sheet,) = army_sheets(event, event.registrations.filter(pk=ana.pk), "http://testserver/")
    assert sheet.report_url == "http://testserver" + link  # the sheet's QR code: the stable link, no round in it
    seat1 = played["round"].seats.get(registration=ana)
    page = client.get(link)
    assert page.status_code == 200 and f"table {seat1.game.table}" in page.text.lower() and "Round 1" in page.text
    for game in played["round"].games.filter(is_bye=False):
        result_enter(game, parse_shorthand("4-1", "3.0"), organizer)
    rnd2 = round_publish(round_pair(event, organizer), organizer)
    seat2 = rnd2.seats.get(registration=ana)
    page = client.get(link)
    assert "Round 2" in page.text and f"table {seat2.game.table}" in page.text.lower()
    opponent = seat2.game.seats.exclude(pk=seat2.pk).get()
    client.post(link, {"shorthand": "4-1" if seat2.side == "a" else "1-4", "pin": slip_pin(seat2)})  # her round-2 half
    Client().post(reverse("tournament:report", args=[opponent.report_token]),
                  {"shorthand": "4-1" if seat2.side == "a" else "1-4"})
    assert Game.objects.get(pk=seat2.game_id).status == Game.Status.CONFIRMED


def test_my_game_link_before_the_first_round_and_unknown(event, client):
    reg = make_registration(event, make_player("Early Bird"))
    page = client.get(reverse("tournament:my_game", args=[reg.game_token]))
    assert page.status_code == 200 and "No round of yours is published yet" in page.text
    assert client.get(reverse("tournament:my_game", args=["nope"])).status_code == 404


def test_a_renewed_my_game_link_replaces_the_old_one(played, organizer_client, client):
    event, ana = played["event"], played["regs"][0]
    old = ana.game_token
    organizer_client.post(reverse("tournament:game_link", args=[event.slug, ana.pk]))
    ana.refresh_from_db()
    assert ana.game_token != old
    assert client.get(reverse("tournament:my_game", args=[old])).status_code == 404
    assert client.get(reverse("tournament:my_game", args=[ana.game_token])).status_code == 200
