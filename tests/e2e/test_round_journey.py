"""An organizer plays one full round: pair a draft, publish, the public page shows it, players
report through their private links (one table agrees, the other disputes), the umpire settles the
dispute, and the public report page and standings show the settled result."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.axe import assert_accessible
from tests.factories import make_event, make_player, make_registration, make_user
from tournament.models import EventRole, Game, Seat


@pytest.mark.django_db(transaction=True)
def test_one_full_round(page, live_server, login):
    event = make_event(slug="e2e-round", name="Torneo di Bologna", scoring_preset="nasamw-v4", edition="2.2")
    organizer = make_user("olga", "Olga")
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    umpire = make_user("ugo", "Ugo")
    EventRole.objects.create(event=event, user=umpire, role=EventRole.Role.UMPIRE)
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
    assert_accessible(public, "public pairings")

    # Table 1: both players report the same result by their private links -> confirmed.
    games = list(Game.objects.filter(round__event=event, is_bye=False).order_by("table"))
    a, b = Seat.objects.filter(game=games[0]).order_by("side")
    for seat in (a, b):  # each player on their own phone: one browser reporting both sides does not confirm
        player = page.context.browser.new_context().new_page()
        player.goto(f"{live_server.url}/report/{seat.report_token}/")
        player.get_by_label("I won" if seat.side == "a" else "I lost").check()
        player.fill("#id_shorthand", "4G-1C")
        player.click("text=Save result")
    expect(player.locator("#game-status")).to_contain_text("Confirmed")

    # Table 2: the players report different results -> disputed, and the second one is told so.
    c, d = Seat.objects.filter(game=games[1]).order_by("side").select_related("registration__player")
    for seat, shorthand in ((c, "4-1"), (d, "1-4")):
        player = page.context.browser.new_context().new_page()
        player.goto(f"{live_server.url}/report/{seat.report_token}/")
        player.get_by_label("I won").check()  # each says they won
        player.fill("#id_shorthand", shorthand)
        player.click("text=Save result")
    expect(player.locator(".messages")).to_contain_text("Your report differs from your opponent's: an umpire will settle it.")
    expect(player.locator("#game-status")).to_have_text("Reports differ: umpire needed")
    assert_accessible(player, "a disputed report")

    # The umpire, in a browser of their own, sees the dispute on the round page and settles it.
    umpire_page = page.context.browser.new_context().new_page()
    umpire_page.goto(f"{live_server.url}/accounts/login/")
    umpire_page.fill("#id_username", "ugo")
    umpire_page.fill("#id_password", "pw-Tornei-2026!")
    umpire_page.click("main button[type=submit]")
    umpire_page.goto(f"{live_server.url}/e/{event.slug}/rounds/1/")
    row = umpire_page.locator(f"#game-{games[1].pk}")
    expect(row.locator(".badge")).to_have_text("Reports differ: umpire needed")
    expect(umpire_page.locator(f"#game-{games[0].pk} .badge")).to_have_text("Confirmed")
    assert_accessible(umpire_page, "a round with a dispute and a confirmed game")
    row.locator("text=Enter result").click()
    reports = umpire_page.locator("div.card", has_text="Players' reports")
    expect(reports).to_contain_text(c.registration.player.name)
    expect(reports).to_contain_text(d.registration.player.name)
    umpire_page.select_option("#id_outcome", "a")  # side A won, losing 1 element to B's 4
    umpire_page.fill("#id_a_elements_lost", "1")
    umpire_page.fill("#id_b_elements_lost", "4")
    umpire_page.click("text=Save result")
    expect(umpire_page.locator(".messages")).to_contain_text("Result saved for table 2")
    expect(umpire_page.locator("h1")).to_contain_text("Completed")
    expect(umpire_page.locator(f"#game-{games[1].pk} .badge")).to_have_text("Confirmed")

    # The public side: the report link shows the settled result; standings count it (NASAMW v4: 4-1 is 23-1).
    public.goto(f"{live_server.url}/report/{d.report_token}/")
    expect(public.locator("#game-status")).to_have_text("Confirmed")
    expect(public.locator("main")).to_contain_text(f"{c.registration.player.name}: 23 · {d.registration.player.name}: 1")
    public.goto(f"{live_server.url}/e/{event.slug}/standings/")
    points = {name: public.locator("tbody tr", has_text=name).locator("td").nth(4)
              for name in (c.registration.player.name, d.registration.player.name)}
    expect(public.locator("thead th").nth(4)).to_contain_text("Points")  # with its definition for screen readers
    expect(points[c.registration.player.name]).to_have_text("23")
    expect(points[d.registration.player.name]).to_have_text("1")
