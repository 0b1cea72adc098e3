"""The guide's screenshots (/guide/, issue 27 item 23), made again by this test in en, es and it.

A small demo event is built (eight players with armies, one round paired, published and reported, one
game disputed, a league), and a phone (390 px, Debian Chromium) in each language visits the pages each
section of the guide shows. Each page is checked for what the guide says it shows, then photographed (the
top 600 px from the part the guide talks about, a 64-colour palette: small files). Then the guide itself is read
on the phone: it fits the screen, every image loads.

In the suite the photographs go to a temporary folder: a test run leaves the checkout as it was. `make guide`
(GUIDE_SHOTS=1) writes them into static/guide/<lang>/<name>.png, the committed images: run it after a change to a
page the guide shows, and commit them.
"""

from __future__ import annotations

import datetime
import functools
import io
import os
import tempfile
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from config.paths import BASE_DIR
from tests.e2e.journey import check, fits, signed_in_page, tr
from tests.factories import make_event, make_player, make_registration, make_user
from tests.pairing.test_rounds import enter, games, pair, publish

LANGUAGES = ("en", "es", "it")
WIDTH, HEIGHT = 390, 600
PLAYERS = [("Ana Peña", "Círculo Norte", "I/20"), ("Bruno Rossi", "Circolo Sud", "I/21"),
           ("Íñigo Ruiz", "Círculo Norte", "I/22"), ("Àlex Ferrer", "Club Este", "I/23"),
           ("Lucía Gómez", "Club Este", "I/24"), ("Marco Bianchi", "Circolo Sud", "I/25"),
           ("Niccolò Gallo", "Circolo Ovest", "I/26"), ("Zoë Martín", "Circolo Ovest", "I/27")]
FLOW_RULING = "?a=q-tactical.yes&a=q-first.yes"
# The example question the guide gives in each language (as the umpire journey types it).
FINDER_QUERY = {"en": "elephant PIP first bound", "es": "elefante PIP primer turno", "it": "elefante PIP primo turno"}
COMMITTED = os.environ.get("GUIDE_SHOTS") == "1"  # `make guide`: the photographs replace the committed images


@functools.cache
def shots_folder() -> Path:
    """Where the photographs go: static/guide under `make guide`, else a temporary folder of this run's own."""
    return BASE_DIR / "static" / "guide" if COMMITTED else Path(tempfile.mkdtemp(prefix="guide-shots-"))


def shot(page, lang: str, name: str, selector: str | None = None) -> None:
    """The page from `selector` down (or from the top), 600 px high, as a small palette PNG."""
    from PIL import Image

    page.wait_for_load_state("load")
    top = 0
    if selector:
        top = max(0, int(page.evaluate(
            "s => document.querySelector(s).getBoundingClientRect().top + window.scrollY", selector)) - 8)
    height = min(HEIGHT, int(page.evaluate("document.documentElement.scrollHeight")) - top)
    png = page.screenshot(full_page=True, clip={"x": 0, "y": top, "width": WIDTH, "height": height},
                          animations="disabled", caret="hide")
    image = Image.open(io.BytesIO(png)).convert("RGB").quantize(colors=64, method=Image.Quantize.MEDIANCUT)
    folder = shots_folder() / lang
    folder.mkdir(parents=True, exist_ok=True)
    # Written whole, then renamed: tests/web/test_guide.py may read the same file from another process of a
    # parallel run (pytest-xdist) while this one is made again. The part is written beside static/, not in it,
    # where every test client's whitenoise would list it (and find it gone).
    with tempfile.NamedTemporaryFile(dir=BASE_DIR if COMMITTED else shots_folder(), prefix=".guide-shot-", suffix=".png", delete=False) as part:
        image.save(part, format="PNG", optimize=True)
    Path(part.name).chmod(0o644)  # a temporary file is made readable by its owner only
    Path(part.name).replace(folder / f"{name}.png")


@pytest.mark.django_db(transaction=True)
def test_the_guides_screenshots_are_made_again_in_every_language(browser, live_server):
    from rulings.importer import import_rules
    from tournament.leagues import service as leagues
    from tournament.models import Event, EventRole, League, LeagueEvent

    import_rules()
    organizer = make_user("olga", "Olga Organizzatrice")
    event = make_event(slug="torneo-guida", name="Torneo della Guida", date=datetime.date(2026, 5, 9),
                       venue="Bologna", rounds_planned=1, round_minutes=90)
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    regs = [make_registration(event, make_player(name, club), army_ref=ref) for name, club, ref in PLAYERS]
    for reg in regs[:5]:
        reg.status = reg.Status.CHECKED_IN
        reg.save(update_fields=["status"])
    desk = Client()
    desk.force_login(organizer)
    pages = {lang: signed_in_page(browser, live_server, lang, "phone", "olga") for lang in LANGUAGES}
    base = f"{live_server.url}/e/{event.slug}"

    # 1. Set up an event: the new event form, the event page.
    for lang, page in pages.items():
        page.goto(f"{live_server.url}{reverse('tournament:event_create')}")
        expect(page.locator("h1")).to_have_text(tr(lang, "New event"))
        shot(page, lang, "event-form")
        page.goto(f"{base}/")
        expect(page.get_by_role("link", name=tr(lang, "Settle a dispute"))).to_be_visible()
        shot(page, lang, "event-page")
    # 2. Run a round: check-in, the draft, the public pairings, a disputed game.
    for lang, page in pages.items():
        page.goto(f"{base}/players/")
        expect(page.get_by_role("button", name=tr(lang, "Check in everyone still registered"))).to_be_visible()
        shot(page, lang, "players", "main h1")
    rnd = pair(desk, event)
    for lang, page in pages.items():
        page.goto(f"{base}/rounds/{rnd.number}/")
        expect(page.get_by_role("button", name=tr(lang, "Publish"), exact=True)).to_be_visible()
        shot(page, lang, "round-draft", "main h1")
    publish(desk, event, rnd)
    played = games(rnd)
    disputed = played[0]
    a, b = disputed.seats.order_by("side")
    Client().post(reverse("tournament:report", args=[a.report_token]), {"shorthand": "4G-1"})
    Client().post(reverse("tournament:report", args=[b.report_token]), {"shorthand": "1-4"})
    for game in played[1:]:
        enter(desk, event, game, "4-2")
    disputed.refresh_from_db()
    assert disputed.status == disputed.Status.DISPUTED
    for lang, page in pages.items():
        page.goto(f"{base}/pairings/")
        expect(page.locator("main")).to_contain_text(PLAYERS[0][0].split()[0])
        shot(page, lang, "pairings", "main h1")
        page.goto(f"{base}/games/{disputed.pk}/result/")
        expect(page.locator("main")).to_contain_text(tr(lang, "Players' reports"))
        shot(page, lang, "dispute", "main h1")
    # Your own page: the events you run, with the round being played and the game waiting for an umpire.
    for lang, page in pages.items():
        page.goto(f"{live_server.url}{reverse('tournament:me')}")
        expect(page.locator(f"#run-{event.slug}")).to_contain_text(tr(lang, "Round %(n)s", n=rnd.number))
        shot(page, lang, "me", "#my-events")
    # Groups, finals and brackets: the stages page, from the rounds page.
    for lang, page in pages.items():
        page.goto(f"{base}/rounds/")
        page.locator("#stages-link").click()
        expect(page.locator("h1")).to_have_text(tr(lang, "Stages: groups, finals and brackets"))
        shot(page, lang, "stages", "main h1")
    # 3. Settle a dispute: the page from the event, a ruling with its record form, a calculator.
    for lang, page in pages.items():
        page.goto(f"{live_server.url}/rulings/flows/?event={event.slug}")
        expect(page.locator("h1")).to_have_text(tr(lang, "Settle a dispute"))
        page.wait_for_load_state()  # htmx binds the finder when the page has loaded
        page.fill("#rl-find", FINDER_QUERY[lang])
        # As in the umpire's journey: on SQLite the live server answers one request at a time, and the answer
        # may wait behind the service worker's fetches for offline use.
        expect(page.locator("#finder-results .rl-hit").first).to_be_visible(timeout=30_000)
        shot(page, lang, "settle", "label[for=rl-find]")
        page.goto(f"{live_server.url}/rulings/flows/nasamw-pip-cost/{FLOW_RULING}&event={event.slug}")
        expect(page.locator("#flow-ruling")).to_be_visible()
        expect(page.locator("#flow-record button[type=submit]")).to_be_visible()
        shot(page, lang, "ruling", "#flow-ruling")
        page.goto(f"{live_server.url}/rulings/calc/dba-combat/?a=4Bd&b=3Kn&event={event.slug}")
        expect(page.locator("#calc-summary")).to_contain_text("(4Bd)")
        shot(page, lang, "calculator", "main h1")
    # 4. Finish: the disputed game settled, the event finished, the final standings.
    enter(desk, event, disputed, "4G-1")
    assert desk.post(reverse("tournament:event_finish", args=[event.slug])).status_code == 302
    assert Event.objects.get(pk=event.pk).finished_at is not None
    for lang, page in pages.items():
        page.goto(f"{base}/final/")
        expect(page.locator("#podium")).to_contain_text(tr(lang, "First place"))
        shot(page, lang, "final", "main h1")
    # 5. Start a league: the event in it, a second event invited; the manage page and the table.
    league = leagues.create_league(organizer, League(slug="lega-guida", name="Lega della Guida 2026",
                                                     season_start=datetime.date(2026, 1, 1),
                                                     season_end=datetime.date(2026, 12, 31)))
    LeagueEvent.objects.create(league=league, event=event, state=LeagueEvent.State.ACCEPTED)
    spring = make_event(slug="torneo-primavera", name="Torneo di Primavera", date=datetime.date(2026, 6, 13))
    EventRole.objects.create(event=spring, user=organizer, role=EventRole.Role.ORGANIZER)
    leagues.invite_event(organizer, league, spring)
    for lang, page in pages.items():
        page.goto(f"{live_server.url}/leagues/{league.slug}/manage/")
        expect(page.locator("main")).to_contain_text("Torneo di Primavera")
        shot(page, lang, "league-manage", "main h1")
        page.goto(f"{live_server.url}/leagues/{league.slug}/")
        expect(page.locator("main")).to_contain_text(PLAYERS[0][0])
        shot(page, lang, "league-table", "main h1")

    # The guide on the phone: it fits the screen, every screenshot it shows loads, axe finds nothing serious.
    for lang, page in pages.items():
        page.goto(f"{live_server.url}/")
        page.locator("#guide-link a").click()
        expect(page.locator("h1")).to_have_text(tr(lang, "Organizer's and umpire's guide"))
        images = page.locator("main img")
        assert images.count() == 14
        for i in range(images.count()):
            images.nth(i).scroll_into_view_if_needed()
            expect(images.nth(i)).to_have_js_property("complete", True)
            assert images.nth(i).evaluate("img => img.naturalWidth") == WIDTH
        assert fits(page, "phone")
        check(page, "the guide")
        page.context.close()
