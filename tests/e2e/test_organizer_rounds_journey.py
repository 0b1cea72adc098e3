"""The organizer's event, start to finish, in en on a desktop and in es and it on a phone (390 × 844), from
the site's home page only: after it, every page is reached by a link or a button the organizer sees (issue
27). Create the event, find it (unlisted) on their own page, edit and publish it (its date kept in every language), import the players from a CSV, check everyone in, pair, swap two players (a clean swap
is confirmed), publish, start the clock (the full-screen clock fits the screen), call time, enter and
correct a result (the DBA result beside the points), change the scoring after the results (issue 16: the
table before and after, confirmed, the standings change), a player finds the figures that rank them on
their own page, finish the event (podium), and read it all back in the audit log as sentences with names.
axe-core finds no serious or critical problem on the main pages."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.journey import LANGUAGE_SCREENS_ON_PHONES, SCREENS, check, fits, signed_in_page, tr, tr_n
from tests.factories import make_user
from tournament.models import Event, Game, Seat
from tournament.results.presets import PRESET_NAMES

PLAYERS = [("Giocatore 1 Niccolò", "Dracs"), ("Giocatore 2 Àlex", "Dracs"), ("Giocatore 3 Íñigo", "Città"),
           ("Giocatore 4 Zoë", "Città"), ("Giocatore 5 Søren", "Gruppo"), ("Giocatore 6 Łucja", "Gruppo")]
CSV = ("name,club\n" + "".join(f"{name},{club}\n" for name, club in PLAYERS)).encode()


def clean_swap(round_pk):
    """Two seats in different games whose swap pairs no club mates (the test field has no history)."""
    seats = list(Seat.objects.filter(round_id=round_pk).select_related("registration__player"))
    club = {s.pk: s.registration.player.club_id for s in seats}
    partner = {s.pk: next(o for o in seats if o.game_id == s.game_id and o.pk != s.pk) for s in seats}
    return next((x, y) for x in seats for y in seats if x.game_id != y.game_id
                and club[x.pk] != club[partner[y.pk].pk] and club[y.pk] != club[partner[x.pk].pk])


def points_of(page, name: str, lang: str):
    """The Points cell of a player's standings row (the column is found by its header)."""
    headers = [h.split("(")[0].strip() for h in page.locator("#standings thead th").all_inner_texts()]
    column = next(i for i, h in enumerate(headers) if h == tr(lang, "Points"))
    return page.locator("#standings tbody tr", has_text=name).locator("td").nth(column)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("lang", "screen"), LANGUAGE_SCREENS_ON_PHONES)
def test_organizer_runs_an_event_from_creation_to_the_final_standings(browser, live_server, lang, screen):
    make_user("olga", "Olga")
    page = signed_in_page(browser, live_server, lang, screen, "olga")
    t = lambda msgid, **kw: tr(lang, msgid, **kw)  # noqa: E731 - the journey reads like the page

    # Create the event from the home page (where signing in brought them back).
    page.get_by_role("link", name=t("Create an event")).click()
    expect(page.locator("h1")).to_have_text(t("New event"))
    check(page, "new event form")
    page.fill("#id_name", "Torneo di Bologna")
    page.fill("#id_date", "2026-05-09")
    page.fill("#id_rounds_planned", "1")
    page.fill("#id_round_minutes", "60")
    page.locator("main button[type=submit]").click()
    expect(page.locator(".messages")).to_contain_text(t("Event created. Now add players or open registration."))
    expect(page.locator("h1")).to_contain_text("Torneo di Bologna")
    check(page, "event page")
    event = Event.objects.get(name="Torneo di Bologna")

    # Back on their own page (the header's link), the organizer finds the event, unlisted, and its state.
    page.locator("header").get_by_role("link", name=t("My page")).click()
    run = page.locator(f"#run-{event.slug}")
    expect(run).to_contain_text(t("Registration open"))
    expect(run).to_contain_text(t("Unlisted"))
    check(page, "the organizer's home")
    run.get_by_role("link", name="Torneo di Bologna").click()
    expect(page.locator("h1")).to_contain_text("Torneo di Bologna")

    # Edit the event: the date is still there in every language (it was dropped in es and it), and saving
    # changes only what the organizer changed; publishing puts it on the home page, where players find it.
    page.locator("main").get_by_role("link", name=t("Edit event"), exact=True).click()
    expect(page.locator("#id_date")).to_have_value("2026-05-09")
    check(page, "edit event form")
    page.fill("#id_venue", "Sala Borsa")
    page.check("#id_listed")
    page.locator("main button[type=submit]").click()
    expect(page.locator(".messages")).to_contain_text(t("Event saved."))
    expect(page.locator("main")).to_contain_text("Sala Borsa")
    event.refresh_from_db()
    assert event.date.isoformat() == "2026-05-09" and event.venue == "Sala Borsa" and event.listed

    # Import the players from a CSV.
    page.locator("main nav").get_by_role("link", name=t("Players"), exact=True).click()
    page.get_by_role("link", name=t("Import CSV/XLSX")).click()
    expect(page.locator("h1")).to_have_text(t("Import players and armies"))
    check(page, "import form")
    page.set_input_files("#file", files=[{"name": "players.csv", "mimeType": "text/csv", "buffer": CSV}])
    page.locator("main form button[type=submit]").click()
    expect(page.locator(".messages")).to_contain_text(t("Imported %(n)s players.", n=6))
    for name, _club in PLAYERS:
        expect(page.locator("main")).to_contain_text(name)

    # Check everyone in at once.
    page.get_by_role("button", name=t("Check in everyone still registered")).click()
    checked_in = tr_n(lang, "%(n)s player checked in: %(names)s.", "%(n)s players checked in: %(names)s.", 6,
                      names="\x00").split("\x00")[0]
    expect(page.locator(".messages")).to_contain_text(checked_in)
    check(page, "players")
    assert fits(page, screen)

    # Pair, then a clean swap is confirmed in words.
    page.locator("main").get_by_role("link", name="← Torneo di Bologna").click()
    page.get_by_role("link", name=t("Rounds and results")).click()
    page.get_by_role("button", name=t("Pair the next round")).click()
    expect(page.locator("h1")).to_contain_text(t("Round %(n)s", n=1))
    round_pk = event.rounds.get().pk
    first, second = clean_swap(round_pk)
    page.select_option("#swap-first", str(first.pk))
    page.select_option("#swap-second", str(second.pk))
    page.click("#swap-form button[type=submit]")
    names = first.registration.player.name, second.registration.player.name
    expect(page.locator(".messages")).to_have_text(
        t("Swapped %(a)s ↔ %(b)s. No rematch, no club mates, no repeated table.", a=names[0], b=names[1]))
    check(page, "draft round")
    # Why each game was paired is shown on a phone too (issue 27 item 8): the column and its first reason.
    expect(page.locator("#games thead").get_by_text(t("Why"), exact=True)).to_be_visible()
    expect(page.locator("#games tbody tr td:last-child").first).to_be_visible()

    # Publishing does not start the clock; the organizer does.
    page.get_by_role("button", name=t("Publish"), exact=True).click()
    expect(page.locator("#round-clock")).to_contain_text(t("Not started"))
    page.get_by_role("button", name=t("Start the clock")).click()
    expect(page.locator(".messages")).to_contain_text(t("The clock is running."))
    page.get_by_role("link", name=t("Full-screen clock")).click()
    expect(page.locator("#clock-time")).to_have_text(re.compile(r"^(60:00|59:\d\d)$"))
    box = page.locator("#clock-time").bounding_box()
    width = SCREENS[screen]["width"]
    assert box["width"] > 0.45 * width and box["x"] >= 0 and box["x"] + box["width"] <= width
    assert fits(page, screen)
    check(page, "full-screen clock")
    page.go_back()  # the browser's back button, to the round
    page.get_by_role("button", name=t("End the round: call time")).click()
    expect(page.locator(".messages")).to_contain_text(t("Time is called."))
    page.get_by_role("link", name=t("Full-screen clock")).click()
    expect(page.locator("#clock-status")).to_contain_text(t("Time called at %(time)s.", time="").rstrip(". "))
    page.go_back()

    # Enter every result; correct the first.
    games = list(Game.objects.filter(round_id=round_pk, is_bye=False).order_by("table"))
    for game in games:
        page.locator(f"#game-{game.pk}").get_by_role("link", name=t("Enter result")).click()
        expect(page.locator("#id_shorthand")).to_be_visible()  # the result form, not the round still leaving
        if game is games[0]:
            check(page, "result form")
        page.fill("#id_shorthand", "4G-1C")
        page.get_by_role("button", name=t("Save result")).click()
        expect(page.locator(".messages")).to_contain_text(t("Result saved for table %(table)s.", table=game.table))
    expect(page.locator(f"#game-{games[0].pk} .dba")).to_have_text("4G-1C")
    page.locator(f"#game-{games[0].pk}").get_by_role("link", name=t("Correct")).click()
    page.fill("#id_shorthand", "1-4")
    page.get_by_role("button", name=t("Save result")).click()
    expect(page.locator(f"#game-{games[0].pk} .dba")).to_have_text("1-4")
    check(page, "round with results")

    # Issue 16: change the scoring after the results; the table before and after, then the standings change.
    winner = Seat.objects.get(game=games[0], side="b").registration.player.name
    page.locator("main").get_by_role("link", name=f"← {t('Rounds')}").click()
    page.locator("main").get_by_role("link", name=t("Standings"), exact=True).click()
    nasamw_points = points_of(page, winner, lang).inner_text()
    assert nasamw_points not in ("", "3")
    check(page, "standings")
    wrap = page.locator("#standings .table-wrap")
    if screen == "phone":  # the table scrolls inside its own frame, which says so in the reader's language
        expect(wrap).to_have_class(re.compile(r"\bscrolls\b"))
        hint = wrap.evaluate("(el) => getComputedStyle(el, '::before').content")
        assert t("Swipe sideways to see the whole table →") in hint
    old_scoring = tr(lang, PRESET_NAMES[Event.objects.get(pk=event.pk).scoring_preset], same_ok=True)
    page.locator("main").get_by_role("link", name="← Torneo di Bologna").click()
    page.locator("main").get_by_role("link", name=t("Edit event"), exact=True).click()
    page.get_by_role("link", name=t("Change the scoring")).click()
    expect(page.locator("h1")).to_have_text(t("Change the scoring"))
    page.select_option("#id_scoring_preset", "wdl")
    page.fill("#id_wdl_points", "3/1/0")
    page.get_by_role("button", name=t("Show the table before and after")).click()
    expect(page.locator("main h2")).to_have_text(t("The top of the table, before and after"))
    expect(page.locator("#before caption")).to_have_text(t("Now"))
    expect(page.locator("#after caption")).to_have_text(t("With the new scoring"))
    expect(page.locator("#before tbody tr", has_text=winner)).to_contain_text(nasamw_points)
    expect(page.locator("#after tbody tr", has_text=winner).locator("td").nth(2)).to_have_text("3")
    check(page, "rescoring preview")
    page.get_by_role("button", name=t("Rescore and change the scoring")).click()
    expect(page.locator(".messages")).to_contain_text(t("Scoring changed; %(n)s games rescored.", n=3))
    expect(points_of(page, winner, lang)).to_have_text("3")

    # The winner, on their own phone, finds the (now listed) event on the home page, opens their page from the
    # standings and finds what ranks them.
    player = signed_in_page(browser, live_server, lang, "phone")
    player.locator("main").get_by_role("link", name="Torneo di Bologna").click()
    player.locator("main nav").get_by_role("link", name=t("Standings"), exact=True).click()
    player.locator("#standings tbody tr", has_text=winner).get_by_role("link", name=winner).click()
    expect(player.locator("h1")).to_have_text(winner)
    loser = Seat.objects.get(game=games[0], side="a").registration.player.name
    expect(player.locator("main table tbody tr").first).to_contain_text(loser)
    expect(player.locator("main h2").nth(1)).to_have_text(t("The figures that rank this player"))
    figures = player.locator("dl.figures")
    expect(figures).to_contain_text(f"{t('Points')}: 3")
    expect(figures).to_contain_text(t("The sum of the player's game points (see the points rule)."))
    expect(figures).to_contain_text(tr(lang, "R%(round)s: %(value)s", same_ok=True, round=1, value=3))
    check(player, "a player's own standings page")
    assert fits(player, "phone")
    player.context.close()

    # The last planned round is played: finish, not "pair the next round".
    page.locator("main").get_by_role("link", name="← Torneo di Bologna").click()
    page.get_by_role("link", name=t("Rounds and results")).click()
    expect(page.get_by_role("button", name=t("Pair the next round"))).to_have_count(0)
    page.get_by_role("button", name=t("Finish the event and publish the final standings")).click()
    expect(page.locator(".messages")).to_contain_text(t("The event is finished. These are the final standings."))
    expect(page.locator("#podium")).to_contain_text(t("First place"))
    check(page, "final standings")

    # The audit log tells the story in sentences with names.
    page.locator("main").get_by_role("link", name="← Torneo di Bologna").click()
    page.get_by_role("link", name=t("Audit log")).click()
    log = page.locator("main table")
    expect(log).to_contain_text(t("Swapped %(a)s ↔ %(b)s", a=names[0], b=names[1]))
    expect(log).to_contain_text(t("result corrected from %(before)s to %(after)s %(by)s.", before="4G-1C", after="1-4",
                                  by=t("by organizer %(who)s", who="Olga")))
    expect(log).to_contain_text(t("Round %(n)s: time called.", n=1))
    expect(log).to_contain_text(tr_n(lang, "Scoring changed from %(before)s to %(after)s: %(n)s game rescored.",
                                     "Scoring changed from %(before)s to %(after)s: %(n)s games rescored.", 3,
                                     before=old_scoring, after=t("win/draw/loss %(points)s", points="3/1/0")))
    expect(log).to_contain_text(t("Event finished after round %(n)s: the standings are final.", n=1))
    text = log.inner_text()
    assert "{" not in text and "result.enter" not in text and t("Event changed.") not in text
    check(page, "audit log")
    page.context.close()
