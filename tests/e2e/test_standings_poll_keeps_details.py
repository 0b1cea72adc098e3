"""The standings poll every 30 seconds (htmx swaps #standings, "How this table is ordered" included, so that a
round chosen brings its own words): a reader who opened "How is this computed?" (the drawn lot) keeps it open."""

from __future__ import annotations

import datetime
import time

import pytest

from tests.e2e.journey import signed_in_page, tr
from tests.factories import make_event, make_player, make_registration

ON_A_PHONE = [pytest.param(lang, id=f"{lang}-phone") for lang in ("en", "es", "it")]


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ON_A_PHONE)
def test_an_opened_how_is_this_computed_stays_open_when_the_standings_poll(browser, live_server, lang):
    event = make_event(slug=f"lotto-{lang}", name="Torneo", date=datetime.date(2026, 6, 1),
                       tiebreaks=["generals_killed", "seeded_random"])
    for name in ("Ana", "Bruno", "Carla", "Dario"):
        make_registration(event, make_player(name))
    page = signed_in_page(browser, live_server, lang, "phone", entry="/")
    page.clock.install()
    page.goto(f"{live_server.url}/e/lotto-{lang}/standings/")
    summary = page.locator("#order details summary")
    assert summary.inner_text().strip() == tr(lang, "How is this computed?")
    summary.click()
    assert page.locator("#order details").get_attribute("open") is not None
    page.evaluate("window.swaps = 0; document.body.addEventListener('htmx:afterSwap', () => { window.swaps += 1; })")
    page.clock.run_for(31_000)  # the 30-second poll
    for _ in range(100):  # until the poll's answer is swapped in (the page's clock is stopped: wait in real time)
        if page.evaluate("window.swaps"):
            break
        time.sleep(0.1)
    assert page.evaluate("window.swaps"), "the standings did not poll"
    assert page.locator("#order details").get_attribute("open") is not None, \
        "the standings' 30-second poll closed the “How is this computed?” the reader opened"
