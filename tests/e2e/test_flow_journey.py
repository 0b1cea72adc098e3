"""An umpire walks a guided step-through, goes back two steps, changes an answer, reaches a
different ruling and records it for a table at the event."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import expect

from tests.factories import make_event, make_user


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_umpire_walks_back_changes_answer_and_records_ruling(page, live_server, login):
    from tournament.models import EventRole

    event = make_event(slug="torneo-flows", name="Torneo Flows", date=datetime.date(2026, 5, 9))
    umpire = make_user("ump-flow")
    EventRole.objects.create(event=event, user=umpire, role=EventRole.Role.UMPIRE)
    login("ump-flow")

    page.goto(f"{live_server.url}/rulings/flows/")
    page.click("#flow-nasamw-pip-cost a")
    step = page.locator("#flow-step")
    step.get_by_role("link", name="Yes, a tactical move").click()
    expect(step.locator("#flow-question")).to_have_attribute("data-node", "q-first")
    step.locator("#flow-question").get_by_role("link", name="No", exact=True).click()
    step.get_by_role("link", name="One or more").click()
    expect(step.locator("#flow-ruling")).to_have_attribute("data-node", "r-extras")
    expect(step.locator(".rl-doubt")).to_be_visible()
    expect(page).to_have_url(f"{live_server.url}/rulings/flows/nasamw-pip-cost/"
                             "?a=q-tactical.yes&a=q-first.no&a=q-extras.some")

    # Back two steps (htmx swaps the step, the URL keeps every answer).
    step.locator("a.rl-back").click()
    expect(step.locator("#flow-question")).to_have_attribute("data-node", "q-extras")
    step.locator("a.rl-back").click()
    expect(step.locator("#flow-question")).to_have_attribute("data-node", "q-first")
    expect(page).to_have_url(f"{live_server.url}/rulings/flows/nasamw-pip-cost/"
                             "?a=q-tactical.yes&a=q-first.no&a=q-extras.some&at=q-first")
    expect(step.locator("a[aria-current=true]")).to_have_text("No")

    # Change the answer: first bound. A different ruling.
    step.locator("#flow-question").get_by_role("link", name="Yes", exact=True).click()
    expect(step.locator("#flow-ruling")).to_have_attribute("data-node", "r-first")
    expect(step.locator("#flow-ruling")).to_contain_text("1 PIP for each move")

    # Record it for a table (the umpire's only event is preselected).
    page.fill("#id_table", "5")
    page.fill("#id_players", "Ana v Bruno")
    page.fill("#id_note", "Elephant in first bound")
    page.click("#flow-record button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Ruling recorded")
    expect(page.locator(".rl-previous")).to_contain_text("Ana v Bruno")

    page.goto(f"{live_server.url}/rulings/log/torneo-flows/")
    row = page.locator("#rulings-log tbody tr").first
    expect(row).to_contain_text("Ana v Bruno")
    expect(row).to_contain_text("PIP cost of one move")
    expect(row).to_contain_text("Elephant in first bound")
