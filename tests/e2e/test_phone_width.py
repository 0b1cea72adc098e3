"""Two organizer screens that pushed a 390 × 844 phone sideways (in en, es and it, Chromium; found in Spanish and Italian).

- A draft round's "Swap two players" form: each select is as wide as its longest option ("name (mesa 3)"), and
  the form's `.row` lets its two label+select boxes grow past the screen (they are plain divs, not `.field`, so
  `.row > .field { min-width: 0 }` does not apply). With names of about thirty letters the page scrolls sideways.
- The full-screen clock of a round of the default length (90 minutes): "1:30:00" at 24vw does not fit 390 px
  (the organizer journey only checks a 60-minute round, "60:00")."""

from __future__ import annotations

import datetime

import pytest

from tests.e2e.journey import WIDEST, signed_in_page
from tests.factories import make_event, make_player, make_registration, make_user
from tournament.models import EventRole
from tournament.pairing.clock import clock_start
from tournament.pairing.manager import round_pair, round_publish

NAMES = ["Giocatore Uno Niccolò Bartolomei", "Jugador Dos Íñigo Larrañaga", "Tre Àlex", "Cuatro Zoë", "Cinque Søren",
         "Seis Łucja", "Sette Bob", "Ocho Ana"]
PHONE = 390
ON_A_PHONE = [pytest.param(lang, id=f"{lang}-phone") for lang in ("en", "es", "it")]  # ids as the journeys'


def event_with_players(slug: str):
    olga = make_user("olga", "Olga")
    event = make_event(slug=slug, name="Torneo", date=datetime.date(2026, 6, 1), rounds_planned=3)
    EventRole.objects.create(event=event, user=olga, role=EventRole.Role.ORGANIZER)
    for name in NAMES:
        make_registration(event, make_player(name))
    return event, olga


def page_width(page) -> tuple[int, list[str]]:
    page.wait_for_function("() => document.readyState === 'complete'")
    return page.evaluate("document.documentElement.scrollWidth"), page.evaluate(WIDEST)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ON_A_PHONE)
def test_the_swap_form_of_a_draft_round_fits_a_phone(browser, live_server, lang):
    event, olga = event_with_players("suizo")
    round_pair(event, olga)  # a draft round: the page offers "Swap two players"
    page = signed_in_page(browser, live_server, lang, "phone", "olga", entry="/e/suizo/")
    page.goto(f"{live_server.url}/e/suizo/rounds/1/")
    assert page.locator("#swap-form").count() == 1
    width, wide = page_width(page)
    assert width <= PHONE, f"the draft round is {width} px wide on a {PHONE} px phone: {wide}"


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ON_A_PHONE)
def test_the_full_screen_clock_of_a_90_minute_round_fits_a_phone(browser, live_server, lang):
    event, olga = event_with_players("reloj")
    assert event.round_minutes == 90  # the default length
    rnd = round_publish(round_pair(event, olga), olga)
    clock_start(rnd, olga)
    page = signed_in_page(browser, live_server, lang, "phone", entry="/e/reloj/rounds/1/clock/")
    box = page.locator("#clock-time").bounding_box()
    width, wide = page_width(page)
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE, f"the time {page.locator('#clock-time').inner_text()!r} " \
        f"runs from {box['x']:.0f} to {box['x'] + box['width']:.0f} px on a {PHONE} px phone"
    assert width <= PHONE, f"the clock is {width} px wide on a {PHONE} px phone: {wide}"
