"""A player registers, submits an illegal army, reads why, fixes it and saves."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.factories import make_event, make_user
from tournament.armies.catalogue import load_catalogue
from tournament.armies.validation import default_army


@pytest.mark.django_db(transaction=True)
def test_player_registers_army_sees_error_then_fixes_it(page, live_server, login):
    event = make_event(slug="e2e-open", name="Open di Bologna")
    make_user("giulia", "Giulia")
    login("giulia")
    page.goto(f"{live_server.url}/e/{event.slug}/")
    page.click("text=Register for this event")
    page.fill("#id_name", "Giulia Mazzà")
    page.fill("#id_club", "Gruppo Storico Milanese")
    page.click("main button[type=submit]")

    # Fill in the standard army of a list, then break it: a second general's element type the list lacks.
    page.fill("#id_army_ref", "II/33")
    page.click("text=Start from the list's standard army")
    choice = default_army(load_catalogue().get("II/33"))
    expect(page.locator("#id_e0")).to_have_value(choice.elements[0])
    page.fill("#id_e11", "El")
    page.click("text=Save army")
    problems = page.locator("#army-problems")
    expect(problems).to_be_visible()
    expect(problems).to_contain_text("El")

    page.fill("#id_e11", choice.elements[11])
    page.click("text=Save army")
    expect(page.locator(".messages")).to_contain_text("Army saved")
    expect(page.locator("#army-problems")).to_have_count(0)
