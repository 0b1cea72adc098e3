"""An organizer plays one full round: pair a draft, publish, the public page shows it, players
report through their private links, the organizer settles a dispute, and the standings update."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.factories import make_event, make_player, make_registration, make_user
from tournament.models import EventRole, Game, Seat


@pytest.mark.django_db(transaction=True)
def test_one_full_round(page, live_server, login):
    event = make_event(slug="e2e-round", name="Torneo di Bologna", scoring_preset="nasamw-v4", edition="2.2")
    organizer = make_user("olga", "Olga")
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    for i, club in enumerate(["Dracs", "Dracs", "Città", "Città"]):
        make_registration(event, make_player(f"Giocatore {i + 1} Niccolò", club))

    login("olga")
    page.goto(f"{live_server.url}/e/{event.slug}/rounds/")
    page.click("text=Pair the next round")
    expect(page.locator("h1")).to_contain_text("Round 1")
    expect(page.locator("#games tbody tr")).to_have_count(2)
    page.click("text=Publish")
    expect(page.locator("h1")).to_contain_text("Published")

    # The public pairings page, seen by anyone.
    public = page.context.browser.new_page()
    public.goto(f"{live_server.url}/e/{event.slug}/pairings/")
    expect(public.locator("main")).to_contain_text("Giocatore 1 Niccolò")

    # Table 1: both players report the same result by their private links -> confirmed.
    games = list(Game.objects.filter(round__event=event, is_bye=False).order_by("table"))
    a, b = Seat.objects.filter(game=games[0]).order_by("side")
    for seat in (a, b):
        public.goto(f"{live_server.url}/report/{seat.report_token}/")
        public.fill("#id_shorthand", "4G-1C")
        public.click("text=Save result")
    expect(public.locator("#game-status")).to_contain_text("Confirmed")

    # Table 2: the organizer enters it with the fields.
    page.goto(f"{live_server.url}/e/{event.slug}/games/{games[1].pk}/result/")
    page.select_option("#id_outcome", "b")
    page.fill("#id_a_elements_lost", "4")
    page.fill("#id_b_elements_lost", "2")
    page.click("text=Save result")
    expect(page.locator(".messages")).to_contain_text("Result saved")
    expect(page.locator("h1")).to_contain_text("Completed")

    public.goto(f"{live_server.url}/e/{event.slug}/standings/")
    expect(public.locator("tbody tr").first).to_contain_text("23")
