"""An umpire searches the rules in English, opens an Italian clause by its deep link and follows a
glossary term's definition (opened in place) to the glossary entry."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from rulings.importer import import_rules


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
