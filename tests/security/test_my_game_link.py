"""Issue 26 §2: one player cannot confirm a result alone.

The attack: a player's own slip code plus a photo of the opponent's army sheet (its QR is the opponent's stable
"my game" link), sent from two browser sessions, confirmed a result. Now that link shows the game but reports only
with the PIN on the opponent's own slip half, or from the opponent's own account; and a second side reported from
the first side's address seconds later waits for an umpire.
"""

from __future__ import annotations

import io
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from tests.factories import make_user
from tests.pairing.test_rounds import field, games, pair, publish  # noqa: F401  (field is a fixture)
from tournament.models import Game, ResultReport
from tournament.pdfs.army_sheet import army_sheets_pdf
from tournament.pdfs.data import army_sheets, printed_registrations, round_sheet
from tournament.pdfs.round_docs import round_pdf
from tournament.results.report_rights import NotYourEntry, owns_entry, report_as_owner, slip_pin
from tournament.results.shorthand import parse_shorthand


@pytest.fixture
def game(organizer_client, event, field):  # noqa: F811
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    return games(rnd)[0]


def _sides(game):
    a, b = game.seats.select_related("registration__player").order_by("side")
    return a, b


def _status(game) -> str:
    return Game.objects.get(pk=game.pk).status


def test_own_slip_code_and_a_photo_of_the_opponents_sheet_do_not_confirm(game):
    a, b = _sides(game)
    Client(REMOTE_ADDR="198.51.100.7").post(reverse("tournament:report", args=[a.report_token]), {"shorthand": "4-1"})
    their_sheet = Client(REMOTE_ADDR="203.0.113.9")  # another session, another address: only the PIN is missing
    page = their_sheet.post(reverse("tournament:my_game", args=[b.registration.game_token]), {"shorthand": "4-1"})
    assert page.status_code == 400 and "Wrong PIN" in page.text
    assert _status(game) == Game.Status.REPORTED and not ResultReport.objects.filter(seat=b).exists()


def test_the_link_shows_the_game_and_asks_for_the_pin(game):
    a, b = _sides(game)
    page = Client().get(reverse("tournament:my_game", args=[b.registration.game_token]))
    assert a.registration.name in page.text and 'name="pin"' in page.text
    assert page["Cache-Control"] == "no-store"


@pytest.mark.parametrize(("lang", "words"), [("en", "Wrong PIN"), ("es", "PIN incorrecto"), ("it", "PIN errato")])
def test_a_wrong_pin_is_named_in_the_readers_language(game, lang, words):
    _, b = _sides(game)
    page = Client().post(reverse("tournament:my_game", args=[b.registration.game_token]), {"shorthand": "4-1", "pin": "x"},
                         headers={"Accept-Language": lang})
    assert page.status_code == 400 and words in page.text


def test_the_pin_from_the_players_own_half_reports(game):
    a, b = _sides(game)
    Client(REMOTE_ADDR="198.51.100.7").post(reverse("tournament:report", args=[a.report_token]), {"shorthand": "4-1"})
    Client(REMOTE_ADDR="203.0.113.9").post(reverse("tournament:my_game", args=[b.registration.game_token]),
                                           {"shorthand": "4-1", "pin": slip_pin(b)})
    assert _status(game) == Game.Status.CONFIRMED


def test_pin_guesses_are_limited(game):
    _, b = _sides(game)
    url = reverse("tournament:my_game", args=[b.registration.game_token])
    wrong = "000000" if slip_pin(b) != "000000" else "111111"
    for _ in range(10):
        Client().post(url, {"shorthand": "4-1", "pin": wrong})
    page = Client().post(url, {"shorthand": "4-1", "pin": slip_pin(b)})
    assert page.status_code == 429
    assert "Too many wrong PINs" in page.text and not ResultReport.objects.filter(seat=b).exists()


def test_the_entrys_own_account_reports_without_a_pin(game):
    a, b = _sides(game)
    owner = make_user("owner-b")
    b.registration.player.user = owner
    b.registration.player.save()
    Client(REMOTE_ADDR="198.51.100.7").post(reverse("tournament:report", args=[a.report_token]), {"shorthand": "4-1"})
    session = Client(REMOTE_ADDR="203.0.113.9")
    session.force_login(owner)
    page = session.get(reverse("tournament:my_game", args=[b.registration.game_token]))
    assert 'name="pin"' not in page.text
    session.post(reverse("tournament:my_game", args=[b.registration.game_token]), {"shorthand": "4-1"})
    assert _status(game) == Game.Status.CONFIRMED


def test_the_owner_rule_is_one_service_call(game):
    """What a logged-in player's own pages (their home page) call: only the entry's account reports through it."""
    a, b = _sides(game)
    owner, other = make_user("owner-b"), make_user("someone")
    b.registration.player.user = owner
    b.registration.player.save()
    reg = type(b.registration).objects.select_related("player", "event").get(pk=b.registration.pk)
    assert owns_entry(owner, reg) and not owns_entry(other, reg)
    with pytest.raises(NotYourEntry):
        report_as_owner(other, reg, parse_shorthand("4-1", "3.0"))
    assert report_as_owner(owner, reg, parse_shorthand("4-1", "3.0")).status == Game.Status.REPORTED


def test_both_sides_seconds_apart_from_one_address_wait_for_the_umpire(game, settings):
    settings.REPORT_SAME_ADDRESS_SECONDS = 30
    a, b = _sides(game)
    Client(REMOTE_ADDR="2001:db8:7:1::10").post(reverse("tournament:report", args=[a.report_token]), {"shorthand": "4-1"})
    page = Client(REMOTE_ADDR="2001:db8:7:1:ffff::2").post(  # another browser, the same IPv6 /64
        reverse("tournament:report", args=[b.report_token]), {"shorthand": "4-1"}, follow=True)
    held = Game.objects.get(pk=game.pk)
    assert held.status == Game.Status.DISPUTED and held.review_reason == Game.Review.SAME_ADDRESS
    assert "seconds apart from the same address" in page.text


def test_the_same_address_a_while_later_confirms(game, settings):
    settings.REPORT_SAME_ADDRESS_SECONDS = 30
    a, b = _sides(game)
    Client(REMOTE_ADDR="198.51.100.7").post(reverse("tournament:report", args=[a.report_token]), {"shorthand": "4-1"})
    ResultReport.objects.filter(seat=a).update(created_at=ResultReport.objects.get(seat=a).created_at - timedelta(minutes=1))
    Client(REMOTE_ADDR="198.51.100.7").post(reverse("tournament:report", args=[b.report_token]), {"shorthand": "4-1"})
    assert _status(game) == Game.Status.CONFIRMED


def test_two_players_signed_in_to_their_own_entries_confirm_from_one_hall_address(game, settings):
    """One hall's Wi-Fi behind one address: each player reporting from their own account is who they say."""
    settings.REPORT_SAME_ADDRESS_SECONDS = 30
    a, b = _sides(game)
    for seat, name in ((a, "owner-a"), (b, "owner-b")):
        seat.registration.player.user = make_user(name)
        seat.registration.player.save()
    for seat in (a, b):
        session = Client(REMOTE_ADDR="198.51.100.7")
        session.force_login(seat.registration.player.user)
        session.post(reverse("tournament:my_game", args=[seat.registration.game_token]), {"shorthand": "4-1"})
    assert _status(game) == Game.Status.CONFIRMED


def test_one_account_and_one_bare_slip_code_from_one_address_still_wait(game, settings):
    settings.REPORT_SAME_ADDRESS_SECONDS = 30
    a, b = _sides(game)
    b.registration.player.user = make_user("owner-b")
    b.registration.player.save()
    Client(REMOTE_ADDR="198.51.100.7").post(reverse("tournament:report", args=[a.report_token]), {"shorthand": "4-1"})
    session = Client(REMOTE_ADDR="198.51.100.7")
    session.force_login(b.registration.player.user)
    session.post(reverse("tournament:my_game", args=[b.registration.game_token]), {"shorthand": "4-1"})
    assert Game.objects.get(pk=game.pk).review_reason == Game.Review.SAME_ADDRESS


def test_the_report_page_is_not_stored(game):
    a, _ = _sides(game)
    assert Client().get(reverse("tournament:report", args=[a.report_token]))["Cache-Control"] == "no-store"


def _text(body: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)


def test_each_pin_is_printed_on_its_owners_half_only(game):
    a, b = _sides(game)
    text = " ".join(_text(round_pdf(round_sheet(game.round, "http://testserver"), kind="slips")).split())
    slip = text[text.index(f"Half of {a.registration.name}"):]
    first, second = slip.split("Cut here", 1)
    second = second[: second.index("Cut here") if "Cut here" in second else None]
    pin_a, pin_b = slip_pin(a), slip_pin(b)
    assert f"PIN: {pin_a}" in first and f"PIN: {pin_b}" not in first
    assert f"PIN: {pin_b}" in second and f"PIN: {pin_a}" not in second
    flat_first, flat_second = first.replace(" ", ""), second.replace(" ", "")
    assert a.report_token in flat_first and b.report_token not in flat_first
    assert b.report_token in flat_second and a.report_token not in flat_second
    sheets = _text(army_sheets_pdf(army_sheets(game.round.event, printed_registrations(game.round.event), "http://t")))
    assert not re.search(r"PIN: \d{6}", sheets)


def test_a_pin_read_at_one_table_does_not_work_in_a_later_round(organizer_client, organizer, event, game):
    """An opponent sees the player's slip half at the table. Its PIN is that round's only: with the stable link
    (the army sheet's QR) it reports nothing in the next round, where that PIN's owner faces someone else."""
    from tournament.pairing.manager import round_pair, round_publish
    from tournament.results.entry import result_enter

    a, b = _sides(game)
    seen = slip_pin(b)  # read at round 1's table
    for played in game.round.games.filter(is_bye=False):
        result_enter(played, parse_shorthand("4-1", "3.0"), organizer)
    rnd2 = round_publish(round_pair(event, organizer), organizer)
    seat2 = rnd2.seats.get(registration=b.registration)
    url = reverse("tournament:my_game", args=[b.registration.game_token])
    page = Client().post(url, {"shorthand": "4-1", "pin": seen})
    assert "Wrong PIN" in page.text
    assert not ResultReport.objects.filter(seat=seat2).exists()
    Client().post(url, {"shorthand": "4-1", "pin": slip_pin(seat2)})
    assert ResultReport.objects.filter(seat=seat2).exists()  # the round-2 half's PIN does
