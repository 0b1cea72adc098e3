"""A player's phone loses the hall's Wi-Fi: their home, army, the pairings and the rules they opened still show
(the service worker keeps them), a page never kept says so in the player's language, and a result typed
offline is sent once, when the phone is back online. Installable: the pages link a web app manifest."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.e2e.journey import LANGUAGE_SCREENS_PHONE_FIRST, check, signed_in_page, tr
from tests.factories import make_event, make_player, make_registration, make_user
from tournament.models import EventRole, ResultReport
from tournament.pairing.manager import round_pair, round_publish


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("lang", "screen"), LANGUAGE_SCREENS_PHONE_FIRST)
def test_the_players_pages_open_without_a_connection(browser, live_server, lang, screen):
    organizer = make_user("org-offline")
    event = make_event(slug="e2e-offline", name="Torneo sin Wi-Fi")
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    marta = make_registration(event, make_player("Marta Núñez", user=make_user("marta", "Marta")), army_ref="II/56")
    make_registration(event, make_player("Tomás Ruiz"))
    round_publish(round_pair(event, organizer), organizer)
    seat = marta.seats.get()
    page = signed_in_page(browser, live_server, lang, screen, "marta")
    t = lambda msgid, **kw: tr(lang, msgid, **kw)  # noqa: E731 - the journey reads like the page

    assert page.locator('link[rel="manifest"]').count() == 1
    manifest = page.request.get(f"{live_server.url}/manifest.webmanifest")
    assert manifest.ok and manifest.json()["start_url"] == "/me/"

    # Online: her home (the header's link) names the pages to keep; the service worker takes over.
    page.locator("header").get_by_role("link", name=t("My page")).click()
    expect(page.locator("h1")).to_have_text(t("My page"))
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    army_url = f"{live_server.url}/e/{event.slug}/entries/{marta.pk}/army/"
    pairings_url = f"{live_server.url}/e/{event.slug}/pairings/"
    for url in (army_url, pairings_url, f"{live_server.url}/rulings/"):
        page.goto(url)
    page.goto(f"{live_server.url}/me/")
    check(page, "the player's home, online")

    # The Wi-Fi drops.
    page.context.set_offline(True)
    page.goto(army_url)
    expect(page.locator("main")).to_contain_text("II/56")
    page.goto(pairings_url)
    expect(page.locator("main")).to_contain_text("Tomás Ruiz")
    page.goto(f"{live_server.url}/me/")
    expect(page.locator("main")).to_contain_text("Tomás Ruiz")
    page.goto(f"{live_server.url}/rulings/")
    expect(page.locator("h1")).to_be_visible()
    # Marta types her result with no connection: it waits on the phone, and nothing reaches the server yet.
    page.goto(f"{live_server.url}/me/")
    page.get_by_role("link", name=t("Report the result")).click()
    page.get_by_label(t("I won")).check()
    page.fill("#id_shorthand", "4-1" if seat.side == "a" else "1-4")
    page.get_by_role("button", name=t("Save result")).click()
    expect(page.locator("#queued-report")).to_have_text(
        t("No connection: your result is kept on this phone and sent as soon as it is back online."))
    assert not ResultReport.objects.exists()
    page.goto(f"{live_server.url}/e/{event.slug}/standings/")  # never opened: the offline page says so
    expect(page.locator("h1")).to_have_text(t("No connection"))
    # Back online: the next page sends the waiting result, once.
    page.context.set_offline(False)
    page.goto(f"{live_server.url}/e/{event.slug}/standings/")
    expect(page.locator("#offline-note")).to_have_count(0)
    # The phone's queue empties here: left to the next page (a send cut short by leaving this one), its send would
    # reload that page while the journey is already going on to the one after (a navigation aborted, now and then).
    queued = "() => JSON.parse(localStorage.getItem('dba-queued-reports') || '[]').length"  # no eval: the CSP
    for _ in range(200):
        if page.evaluate(queued) == 0:
            break
        page.wait_for_timeout(50)
    assert page.evaluate(queued) == 0, "the waiting result was not sent"
    page.goto(f"{live_server.url}/e/{event.slug}/entries/{marta.pk}/game/")
    expect(page.locator("#own-report")).to_be_visible()
    page.goto(f"{live_server.url}/me/")
    expect(page.locator(f"#my-game-{marta.pk}")).to_contain_text(t("Reported, awaiting confirmation"))
    assert ResultReport.objects.count() == 1 and ResultReport.objects.get().seat == seat
    page.context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("lang", "screen"), LANGUAGE_SCREENS_PHONE_FIRST)
def test_a_poll_without_a_connection_leaves_the_page_as_it_was(browser, live_server, lang, screen):
    """The pairings poll every 30 seconds (htmx swaps the table). With the Wi-Fi gone, the service worker answered
    the poll with the whole page it kept, and htmx swapped that page into the table: a second header, menu and
    footer inside the pairings. Offline, the poll fails and the table stays as it was."""
    organizer = make_user("org-poll")
    event = make_event(slug="e2e-offline-poll", name="Torneo sin Wi-Fi")
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    make_registration(event, make_player("Marta Núñez"))
    make_registration(event, make_player("Tomás Ruiz"))
    round_publish(round_pair(event, organizer), organizer)
    page = signed_in_page(browser, live_server, lang, screen)
    page.clock.install()
    pairings_url = f"{live_server.url}/e/{event.slug}/pairings/"
    page.goto(pairings_url)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now under the service worker, which keeps this page
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    expect(page.locator("#pairings")).to_contain_text("Tomás Ruiz")
    page.evaluate("window.polls = 0; ['htmx:afterSwap', 'htmx:sendError', 'htmx:responseError'].forEach("
                  "(name) => document.body.addEventListener(name, () => { window.polls += 1; }))")

    page.context.set_offline(True)
    page.clock.run_for(31_000)  # the 30-second poll
    for _ in range(100):  # until the poll has been answered or has failed (the page's clock is stopped: real time)
        if page.evaluate("window.polls"):
            break
        time.sleep(0.1)
    assert page.evaluate("window.polls"), "the pairings did not poll"
    assert page.locator("#pairings header, #pairings footer, #pairings h1").count() == 0, \
        "the whole page was swapped into the pairings table"
    expect(page.locator("#pairings")).to_contain_text("Tomás Ruiz")
    page.context.close()
