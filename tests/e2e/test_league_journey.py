"""A league on a desktop: its organizer creates it and invites an event, the event's organizer accepts,
results come in and the table moves, a player confirms that entries made without an account are theirs,
and the CSV export says what the page says."""

from __future__ import annotations

import csv
import io

import pytest
from playwright.sync_api import expect

from tests.factories import make_event, make_player, make_registration, make_user
from tournament.models import EventRole, Game, LeagueEvent, Round, Seat
from tournament.results.entry import result_enter
from tournament.results.shorthand import parse_shorthand


def game(event, number, regs, a, b, code, user):
    rnd, _ = Round.objects.get_or_create(event=event, number=number, defaults={"status": Round.Status.PUBLISHED})
    played = Game.objects.create(round=rnd, table=rnd.games.count() + 1)
    Seat.objects.create(game=played, round=rnd, registration=regs[a], side="a")
    Seat.objects.create(game=played, round=rnd, registration=regs[b], side="b")
    result_enter(played, parse_shorthand(code, event.edition), user)


def table_rows(page) -> list[list[str]]:
    return [[cell.strip() for cell in row.locator("td").all_inner_texts()]
            for row in page.locator("table.league-table tbody tr").all()]


@pytest.mark.django_db(transaction=True)
def test_league_journey(page, live_server, login):
    make_user("lea")
    eve = make_user("eve")
    make_user("ann")
    event = make_event(slug="spring-open", name="Spring Open", edition="3.0")
    EventRole.objects.create(event=event, user=eve, role=EventRole.Role.ORGANIZER)
    from django.contrib.auth import get_user_model

    ann = make_player("Ann Müller", user=get_user_model().objects.get(username="ann"))
    regs = {name: make_registration(event, player, name=player.name) for name, player in
            {"ann": ann, "bob": make_player("Bob Ñúñez"), "cid": make_player("Cid Città"), "dee": make_player("Dee")}.items()}

    # The league organizer creates the league and invites the event.
    login("lea")
    page.goto(f"{live_server.url}/leagues/new/")
    page.fill("#id_name", "Liga de prueba 2026")
    page.fill("#id_slug", "liga-prueba")
    page.fill("#id_season_start", "2026-01-01")
    page.fill("#id_season_end", "2026-12-31")
    page.select_option("#id_scoring_preset", "game-points")
    page.click("main button[type=submit]")
    expect(page.locator("h1")).to_have_text("Manage the league")
    page.fill("#id_event", "spring-open")
    page.get_by_role("button", name="Invite", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("Invitation sent")

    # The event's organizer accepts.
    page.context.clear_cookies()
    login("eve")
    page.goto(f"{live_server.url}/leagues/invitations/")
    page.click("main form button:has-text('Accept')")
    expect(page.locator(".messages")).to_contain_text("is now part of")
    assert LeagueEvent.objects.get(event=event).state == LeagueEvent.State.ACCEPTED

    # Results come in: round 1, then round 2; the table moves.
    game(event, 1, regs, "ann", "bob", "4-1", eve)
    game(event, 1, regs, "cid", "dee", "4-0", eve)
    page.goto(f"{live_server.url}/leagues/liga-prueba/")
    first = table_rows(page)[0][1]
    game(event, 2, regs, "bob", "cid", "4-0", eve)
    game(event, 2, regs, "dee", "ann", "4-0", eve)
    page.reload()
    rows = table_rows(page)
    assert rows[0][1] != first, rows
    assert len(rows) == 4

    # An earlier event's entry without an account; the league organizer suggests it is Ann's.
    old = make_event(slug="winter-cup", name="Winter Cup", date=event.date.replace(month=2))
    EventRole.objects.create(event=old, user=eve, role=EventRole.Role.ORGANIZER)
    smith = make_player("A. Müller")
    old_regs = {"smith": make_registration(old, smith, name="A. Müller"), "eli": make_registration(old, make_player("Eli"), name="Eli")}
    game(old, 1, old_regs, "smith", "eli", "4-1", eve)
    LeagueEvent.objects.create(league=LeagueEvent.objects.get(event=event).league, event=old, state=LeagueEvent.State.ACCEPTED)
    page.context.clear_cookies()
    login("lea")
    page.goto(f"{live_server.url}/leagues/liga-prueba/manage/")
    suggest = page.locator("form[action$='/merge/suggest/']")
    suggest.locator("select[name=player]").select_option(label="A. Müller · Winter Cup")
    suggest.locator("select[name=into]").select_option(label="Ann Müller · Spring Open")
    suggest.locator("button").click()
    expect(page.locator(".messages")).to_contain_text("Suggestion sent")

    # Ann, with her account, follows the notice and confirms.
    page.context.clear_cookies()
    login("ann")
    page.goto(f"{live_server.url}/leagues/liga-prueba/")
    page.click("text=Check them")
    expect(page.locator("main")).to_contain_text("A. Müller")
    page.click("text=Yes, these are mine")
    expect(page.locator(".messages")).to_contain_text("Confirmed")
    page.goto(f"{live_server.url}/leagues/liga-prueba/")
    rows = table_rows(page)
    names = [r[1] for r in rows]
    assert "A. Müller" not in names and "Ann Müller" in names and len(rows) == 5
    ann_row = next(r for r in rows if r[1] == "Ann Müller")
    assert ann_row[-1] == "3"  # two games at the Spring Open, one at the Winter Cup

    # The exports match the page.
    body = page.request.get(f"{live_server.url}/leagues/liga-prueba/table.csv").body().decode("utf-8-sig")
    exported = list(csv.reader(io.StringIO(body)))[1:]
    assert [(r[0], r[1], float(r[5])) for r in exported] == [(r[0], r[1], float(r[4])) for r in rows]
    assert [r[8] for r in exported] == [r[6] for r in rows]  # games
    pdf = page.request.get(f"{live_server.url}/leagues/liga-prueba/table.pdf")
    assert pdf.status == 200 and pdf.headers["content-type"] == "application/pdf"
