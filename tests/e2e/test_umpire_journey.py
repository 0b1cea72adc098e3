"""The umpire's journey (issue 13): from the event page to a ruling, recorded in the event's rulings log,
on a phone (390 × 844) and on a desktop. Each step asserts what the umpire reads."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import expect

from tests.factories import make_event, make_user

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("screen", VIEWPORTS)
def test_umpire_goes_from_the_event_to_a_recorded_ruling(page, live_server, login, screen):
    from rulings.importer import import_rules
    from tournament.models import EventRole

    import_rules()
    page.set_viewport_size(VIEWPORTS[screen])
    event = make_event(slug="torneo-umpire", name="Torneo Arbitro", date=datetime.date(2026, 5, 9))
    EventRole.objects.create(event=event, user=make_user("ump-journey"), role=EventRole.Role.UMPIRE)
    login("ump-journey")

    # The Rules menu and a way to search are in the header of every page, phone included.
    page.goto(f"{live_server.url}/")
    page.locator("#nav-rules summary").click()
    expect(page.locator("#nav-rules").get_by_role("link", name="Calculators")).to_be_visible()
    search = page.locator(".nav-search-link" if screen == "phone" else ".nav-search input")
    expect(search).to_be_visible()

    # From the event page: "Settle a dispute" opens the search and the step-throughs for this event.
    page.goto(f"{live_server.url}{event.get_absolute_url()}")
    page.get_by_role("link", name="Settle a dispute").click()
    expect(page.locator("h1")).to_have_text("Settle a dispute")
    expect(page.locator("main")).to_contain_text("rulings log of Torneo Arbitro")
    page.fill("#rl-q", "recoil")
    expect(page.locator("#rl-results .rl-hit").first).to_be_visible()
    expect(page.locator("#rl-results .rl-lang").first).to_contain_text("Italian")

    # A step-through to a ruling; changing an earlier answer drops the later ones from the URL.
    page.click("#flow-nasamw-pip-cost a")
    step = page.locator("#flow-step")
    step.get_by_role("link", name="Yes, a tactical move").click()
    step.locator("#flow-question").get_by_role("link", name="No", exact=True).click()
    step.get_by_role("link", name="One or more").click()
    expect(step.locator("#flow-ruling")).to_have_attribute("data-node", "r-extras")
    step.locator("a.rl-back").click()
    step.locator("a.rl-back").click()
    step.locator("#flow-question").get_by_role("link", name="Yes", exact=True).click()
    expect(step.locator("#flow-ruling")).to_contain_text("1 PIP for each move")
    assert "q-extras" not in page.url and "event=torneo-umpire" in page.url

    # Record it: the event is already chosen. The log shows it in words.
    page.fill("#id_table", "3")
    page.fill("#id_players", "Ana v Bruno")
    page.fill("#id_note", "Elephant in the first bound")
    page.click("#flow-record button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Ruling recorded")
    page.get_by_role("link", name="Open the event's rulings log").click()
    row = page.locator("#rulings-log tbody tr").first
    expect(row).to_contain_text("Ana v Bruno")
    expect(row).to_contain_text("PIP cost of one move")
    expect(row).to_contain_text("Elephant in the first bound")
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[screen]["width"] or screen == "desktop"

    # A calculator answers in a sentence, with the JSON behind a short link that keeps the phone page narrow.
    page.goto(f"{live_server.url}/rulings/calc/dba-combat/?a=4Bd&b=3Kn")
    expect(page.locator("#calc-summary")).to_contain_text("Blades (4Bd): 42% destroyed")
    expect(page.locator("#calc-odds")).to_contain_text("Knights (3Kn)")
    expect(page.get_by_role("link", name="The same result as data (JSON)")).to_be_visible()
    if screen == "phone":
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
