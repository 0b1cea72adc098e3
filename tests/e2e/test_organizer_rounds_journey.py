"""The organizer's round, start to finish, on a desktop and on a phone (390 × 844): check everyone in,
pair, swap two players (a clean swap is confirmed), publish, start the clock (the full-screen clock
fits the screen), call time, enter and correct a result (the DBA result beside the points), finish the
event (podium), and read it all back in the audit log as sentences with names."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.factories import make_event, make_player, make_registration, make_user
from tournament.models import EventRole, Game, Seat

CLUBS = ["Dracs", "Dracs", "Città", "Città", "Gruppo", "Gruppo"]
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def clean_swap(round_pk):
    """Two seats in different games whose swap pairs no club mates (the test field has no history)."""
    seats = list(Seat.objects.filter(round_id=round_pk).select_related("registration__player"))
    club = {s.pk: s.registration.player.club_id for s in seats}
    partner = {s.pk: next(o for o in seats if o.game_id == s.game_id and o.pk != s.pk) for s in seats}
    return next((x, y) for x in seats for y in seats if x.game_id != y.game_id
                and club[x.pk] != club[partner[y.pk].pk] and club[y.pk] != club[partner[x.pk].pk])


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_organizer_runs_a_round_and_finishes_the_event(browser, live_server, size):
    event = make_event(slug=f"e2e-org-{size}", name="Torneo di Bologna", rounds_planned=1, round_minutes=60)
    organizer = make_user("olga", "Olga")
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    for i, club in enumerate(CLUBS):
        make_registration(event, make_player(f"Giocatore {i + 1} Niccolò", club))
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    base = f"{live_server.url}/e/{event.slug}"
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", "pw-Tornei-2026!")
    page.click("main button[type=submit]")

    # Check everyone in at once.
    page.goto(f"{base}/players/")
    page.click("text=Check in everyone still registered")
    expect(page.locator(".messages")).to_contain_text("6 players checked in")

    # Pair, then a clean swap is confirmed in words.
    page.goto(f"{base}/rounds/")
    page.click("text=Pair the next round")
    expect(page.locator("h1")).to_contain_text("Round 1")
    round_pk = event.rounds.get().pk
    first, second = clean_swap(round_pk)
    page.select_option("#swap-first", str(first.pk))
    page.select_option("#swap-second", str(second.pk))
    page.click("#swap-form button[type=submit]")
    names = first.registration.player.name, second.registration.player.name
    expect(page.locator(".messages")).to_have_text(
        f"Swapped {names[0]} ↔ {names[1]}. No rematch, no club mates, no repeated table.")

    # Publishing does not start the clock; the organizer does.
    page.click("text=Publish")
    expect(page.locator("h1")).to_contain_text("Published")
    expect(page.locator("#round-clock")).to_contain_text("Not started")
    page.click("text=Start the clock")
    expect(page.locator(".messages")).to_contain_text("The clock is running.")
    clock = context.new_page()
    clock.goto(f"{base}/rounds/1/clock/")
    expect(clock.locator("#clock-time")).to_have_text(re.compile(r"^(60:00|59:\d\d)$"))
    box = clock.locator("#clock-time").bounding_box()
    width = SIZES[size]["width"]
    assert box["width"] > 0.45 * width and box["x"] >= 0 and box["x"] + box["width"] <= width
    assert clock.evaluate("document.documentElement.scrollWidth") <= width
    page.click("text=End the round: call time")
    expect(page.locator(".messages")).to_contain_text("Time is called.")
    clock.reload()
    expect(clock.locator("#clock-status")).to_contain_text("Time called at")

    # Enter every result; correct the first.
    games = list(Game.objects.filter(round_id=round_pk, is_bye=False).order_by("table"))
    for game in games:
        page.locator(f"#game-{game.pk}").get_by_text("Enter result").click()
        page.fill("#id_shorthand", "4G-1C")
        page.click("text=Save result")
        expect(page.locator(".messages")).to_contain_text(f"Result saved for table {game.table}")
    expect(page.locator(f"#game-{games[0].pk} .dba")).to_have_text("4G-1C")
    page.locator(f"#game-{games[0].pk}").get_by_text("Correct").click()
    page.fill("#id_shorthand", "1-4")
    page.click("text=Save result")
    expect(page.locator(f"#game-{games[0].pk} .dba")).to_have_text("1-4")

    # The last planned round is played: finish, not "pair the next round".
    page.goto(f"{base}/rounds/")
    expect(page.get_by_text("Pair the next round")).to_have_count(0)
    page.click("text=Finish the event and publish the final standings")
    expect(page.locator(".messages")).to_contain_text("The event is finished.")
    expect(page.locator("#podium")).to_contain_text("First place")

    # The audit log tells the story in sentences with names.
    page.goto(f"{base}/audit/")
    log = page.locator("main table")
    expect(log).to_contain_text(f"Swapped {names[0]} ↔ {names[1]}.")
    expect(log).to_contain_text(f"Table {games[0].table} (")
    expect(log).to_contain_text("result corrected from 4G-1C to 1-4 by organizer Olga.")
    expect(log).to_contain_text("Round 1: time called.")
    expect(log).to_contain_text("Event finished after round 1: the standings are final.")
    assert "{" not in log.inner_text() and "result.enter" not in log.inner_text()
    context.close()
