"""A player on a phone (390 × 844): registers, builds an army from the list's options, prints the sheet,
reports a result and sees it confirmed once the opponent reports the same."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from tests.factories import make_event, make_player, make_registration, make_user
from tournament.models import EventRole, Registration
from tournament.pairing.manager import round_pair, round_publish


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 390, "height": 844}}


@pytest.mark.django_db(transaction=True)
def test_player_journey_on_a_phone(page, live_server, login):
    organizer = make_user("org-e2e")
    event = make_event(slug="e2e-phone", name="Torneo del Móvil")
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    make_user("marta", "Marta")
    login("marta")

    page.goto(f"{live_server.url}/e/{event.slug}/")
    page.click("text=Register for this event")
    page.fill("#id_name", "Marta Núñez")
    page.click("main button[type=submit]")

    # Choosing the list shows its options beside the boxes and starts from its standard army.
    page.fill("#id_army_ref", "II/56")
    page.locator("#id_army_ref").press("Tab")
    expect(page.locator("#caption-e2")).to_have_text("Column 2: 4 × 4Bd")
    expect(page.locator("#caption-e0")).to_have_text("General: Cv or 4Bd")
    expect(page.locator("#id_e2")).to_have_value("4Bd")
    page.fill("#id_e3", "El")
    page.click("text=Save army")
    expect(page.locator("#army-problems")).to_contain_text("El")
    expect(page.locator("#id_e3")).to_have_attribute("aria-invalid", "true")
    page.fill("#id_e3", "4Bd")
    page.click("text=Save army")
    expect(page.locator(".messages")).to_contain_text("Army saved")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    sheet = page.request.get(live_server.url + page.locator("#print-army").get_attribute("href"))
    assert sheet.status == 200 and sheet.headers["content-type"] == "application/pdf"

    # A round with an opponent; Marta reports from her stable game link.
    make_registration(event, make_player("Tomás Ruiz"))
    round_publish(round_pair(event, organizer), organizer)
    marta = Registration.objects.get(event=event, name="Marta Núñez")
    seat = marta.seats.get()
    page.goto(live_server.url + reverse("tournament:my_game", args=[marta.game_token]))
    page.fill("#id_shorthand", "4-1" if seat.side == "a" else "1-4")  # Marta won, losing 1
    page.click("text=Save result")
    expect(page.locator("#own-report")).to_contain_text("You reported: you lost 1, Tomás Ruiz lost 4: you won")

    other = seat.game.seats.exclude(pk=seat.pk).get()
    Client().post(reverse("tournament:report", args=[other.report_token]),
                  {"shorthand": "4-1" if seat.side == "a" else "1-4"})
    page.reload()
    expect(page.locator("#result-words")).to_contain_text("you lost 1, Tomás Ruiz lost 4: you won")
