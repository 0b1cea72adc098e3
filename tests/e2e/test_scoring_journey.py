"""An organizer gives the event its own scoring in the browser: loads a published template, sees every outcome's
points, changes a number of the form's margin table and sees the table follow (htmx), opens the advanced YAML
editor, saves; then settles a tie on the ties
page. In en, es and it, on a phone and a desktop."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.journey import LANGUAGE_SCREENS_PHONE_FIRST, check, fits, signed_in_page, tr
from tests.factories import make_event, make_player, make_registration, make_user
from tests.simulated_events import add_round
from tournament.models import EventRole


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("language", "screen"), LANGUAGE_SCREENS_PHONE_FIRST)
def test_scoring_journey(browser, live_server, language, screen):
    owner = make_user("owner")
    event = make_event(slug="open", name="Open", tiebreaks=["countback"])
    EventRole.objects.create(event=event, user=owner, role=EventRole.Role.ORGANIZER)
    regs = {n: make_registration(event, make_player(n)) for n in ("Ana", "Bruno", "Carla", "Dario")}
    add_round(event, 1, [(regs["Ana"], regs["Bruno"], "4-1"), (regs["Carla"], regs["Dario"], "4-1")])
    page = signed_in_page(browser, live_server, language, screen, "owner")

    page.goto(f"{live_server.url}/e/open/scoring/own/")
    expect(page.locator("h1")).to_have_text(tr(language, "The event's own scoring"))
    page.select_option("#id_start", "template:nswc-10")
    page.get_by_role("button", name=tr(language, "Load it")).click()
    row = page.locator("#outcome-table tr", has=page.locator("code", has_text="4-1")).first
    expect(row.locator("td").nth(2)).to_have_text("9")
    assert fits(page, screen)
    check(page, "own scoring")

    expect(page.locator("#id_split_2_winner")).to_have_value("9")  # the form shows the template, no YAML
    expect(page.locator("#advanced")).not_to_have_attribute("open", "")
    page.fill("#id_split_2_winner", "7")
    page.fill("#id_split_2_other", "3")
    page.locator("#id_split_2_other").press("Tab")  # the live table follows the form's change
    expect(row.locator("td").nth(2)).to_have_text("7")
    expect(row.locator("td").nth(3)).to_have_text("3")
    check(page, "own scoring, form changed")
    page.locator("#advanced summary").click()  # the advanced editor too fits a phone
    expect(page.locator("#id_definition")).to_be_visible()
    check(page, "own scoring, advanced editor open")
    button = tr(language, "Save and rescore")
    page.get_by_role("button", name=button).click()
    page.wait_for_url(f"{live_server.url}/e/open/standings/")
    expect(page.locator("#order")).to_contain_text(tr(language, "Zero-sum: the side ahead scores as above and the "
                                                                "other %(total)s minus that.", total=10))

    page.goto(f"{live_server.url}/e/open/ties/")
    assert fits(page, screen)
    tie = page.locator("form.tie").first
    tie.locator("select[name$=kind]").select_option("lot")
    tie.locator("select[name$=place_1]").select_option(label="Carla")
    tie.locator("select[name$=place_2]").select_option(label="Ana")
    tie.locator("input[name$=record]").fill("Carla 6, Ana 2")
    tie.get_by_role("button", name=tr(language, "Record the decision")).click()
    page.goto(f"{live_server.url}/e/open/standings/")
    expect(page.locator(".tie-decisions")).to_contain_text("Carla 6, Ana 2")
    assert fits(page, screen)
