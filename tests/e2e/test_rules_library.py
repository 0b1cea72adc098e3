"""An umpire searches the rules in English, opens an Italian clause by its deep link and follows a
glossary term's definition (opened in place) to the glossary entry."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from rulings.importer import import_rules
from tests.e2e.journey import LANGUAGE_SCREENS_PHONE_FIRST, check, signed_in_page, tr


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_umpire_searches_opens_italian_clause_and_follows_tooltip(page, live_server, settings):
    import_rules()

    # Search as you type (htmx): English words find the Italian commentary.
    page.goto(f"{live_server.url}/rulings/")
    page.fill("#rl-q", "recoil")
    results = page.locator("#rl-results .rl-hit")
    expect(results.first).to_be_visible()
    italian = results.filter(has=page.locator('a.rl-hit-title[href="/rulings/c/nasamw22:out.rec.table/"]'))
    expect(italian).to_be_visible()
    expect(italian.locator(".rl-badges")).to_contain_text("DBA 2.2")
    expect(italian.locator(".rl-snippet mark").first).to_be_visible()

    # The deep link opens the clause (the recoil table) in Italian.
    page.goto(f"{live_server.url}/rulings/c/nasamw22:out.rec.table/")
    expect(page.locator("article .rl-text")).to_have_attribute("lang", "it")
    expect(page.locator("table.rl-table tbody tr")).to_have_count(7)
    expect(page.locator("table.rl-table")).to_contain_text("interpenetra")

    # A glossary term opens its definition in place (a popover: a tap on a phone), with a link to the glossary.
    term = page.locator('button.term:has-text("WWg")').first
    term.click()
    definition = page.locator(".term-pop:popover-open")
    expect(definition).to_be_visible()
    expect(definition).to_contain_text("WWg — War Wagons: Foot element type; counts the first side contacted as its front")
    definition.get_by_role("link", name="Glossary").click()
    expect(page).to_have_url(f"{live_server.url}/rulings/glossary/#term-wwg")
    entry = page.locator("#term-wwg")
    expect(entry).to_be_visible()
    expect(entry).to_contain_text("War Wagons")
    expect(page.locator("#term-wwg + dd")).to_contain_text("vagones de guerra")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("lang", "screen"), LANGUAGE_SCREENS_PHONE_FIRST)
def test_a_wrong_calculator_input_is_answered_in_place(browser, live_server, lang, screen):
    """The server answers "Kn against Bx" with 400 and the reason: htmx shows it where the result goes (it
    swapped nothing on a 4xx and the screen did not change), and a right input then shows the result."""
    page = signed_in_page(browser, live_server, lang, screen)
    page.goto(f"{live_server.url}/rulings/calc/dba-combat/")
    check(page, "combat calculator")
    page.fill("#f-a", "Kn")
    page.fill("#f-b", "Bx")
    page.get_by_role("button", name=tr(lang, "Calculate")).click()
    expect(page.locator("#calc-result #calc-error")).to_contain_text("Bx")
    expect(page.locator("#f-a")).to_have_value("Kn")
    check(page, "combat calculator with a wrong element")
    page.fill("#f-b", "Bd")
    page.get_by_role("button", name=tr(lang, "Calculate")).click()
    expect(page.locator("#calc-output")).to_be_visible()
    expect(page.locator("#calc-error")).to_have_count(0)
    check(page, "combat calculator's result")
    page.context.close()
