"""The umpire's journey (issue 13): from the invitation to the event's staff to a ruling, recorded in the
event's rulings log, in en on a desktop and in es and it on a phone (390 × 844). The umpire starts at the
site's home page and from there only clicks what they see (issue 27): signing in, the invitation on their
own page, the event, the step-through, the log and a calculator reached from the header's Rules menu. Each step asserts what the umpire reads, in
their language (the step-through's words come from its YAML); axe-core checks the main pages."""

from __future__ import annotations

import datetime

import pytest
import yaml
from playwright.sync_api import expect

from config.paths import BASE_DIR
from tests.e2e.journey import LANGUAGE_SCREENS_ON_PHONES, check, fits, signed_in_page, tr
from tests.factories import make_event, make_user

FLOW = yaml.safe_load((BASE_DIR / "fixtures" / "flows" / "nasamw-pip-cost.yaml").read_text(encoding="utf-8"))
DESTROYED = {"en": "destroyed", "es": "destruido", "it": "distrutto"}
FINDER_QUERY = {"en": "elephant PIP first bound", "es": "elefante PIP primer turno", "it": "elefante PIP primo turno"}
SEARCH_FIRST = {"en": "Italian", "es": "Spanish", "it": "Italian"}


def answer(node: str, answer_id: str, lang: str) -> str:
    return next(a["label"][lang] for a in FLOW["nodes"][node]["answers"] if a["id"] == answer_id)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("lang", "screen"), LANGUAGE_SCREENS_ON_PHONES)
def test_umpire_goes_from_the_event_to_a_recorded_ruling(browser, live_server, lang, screen):
    from rulings.importer import import_rules
    from tournament.events.staff import invite
    from tournament.models import EventRole

    import_rules()
    event = make_event(slug="torneo-umpire", name="Torneo Arbitro", date=datetime.date(2026, 5, 9))
    organizer = make_user("org-journey")
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    make_user("ump-journey")
    invite(event, organizer, "ump-journey", "umpire")  # the organizer's invitation waits on the umpire's page
    page = signed_in_page(browser, live_server, lang, screen, "ump-journey")
    t = lambda msgid, **kw: tr(lang, msgid, **kw)  # noqa: E731 - the journey reads like the page

    # The Rules menu and a way to search are in the header of every page, phone included.
    page.locator("#nav-rules summary").click()
    expect(page.locator("#nav-rules").get_by_role("link", name=t("Calculators"))).to_be_visible()
    search = page.locator(".nav-search-link" if screen == "phone" else ".nav-search input")
    expect(search).to_be_visible()
    check(page, "home with the Rules menu open")

    page.locator("#nav-rules summary").click()  # closed again

    # Their own page (the header's link) holds the organizer's invitation; accepting opens the event's page.
    page.locator("header").get_by_role("link", name=t("My page")).click()
    invitations = page.locator("#my-invitations")
    expect(invitations).to_contain_text(t("You are invited to umpire %(event)s.", event="Torneo Arbitro"))
    check(page, "the umpire's home with the invitation")
    invitations.get_by_role("button", name=t("Accept"), exact=True).click()
    expect(page.locator(".messages")).to_contain_text(t("You are now on the staff of %(event)s.", event="Torneo Arbitro"))

    # From the event page: "Settle a dispute" opens the search and the step-throughs for this event.
    expect(page.locator("h1")).to_have_text("Torneo Arbitro")
    expect(page.get_by_role("link", name=t("Rulings log"))).to_be_visible()
    check(page, "event page for an umpire")
    page.get_by_role("link", name=t("Settle a dispute")).click()
    expect(page.locator("h1")).to_have_text(t("Settle a dispute"))
    intro = t("Search the rules, or answer a step-through question by question; the ruling you reach can be "
              "recorded in the rulings log of %(name)s.", name="Torneo Arbitro")
    expect(page.locator("main")).to_contain_text(intro)
    # A DBA 3.0 event: the page says plainly that every source is DBA 2.2.
    expect(page.locator("#event-edition")).to_contain_text("DBA 3.0")
    page.wait_for_load_state()  # htmx binds the search box when the page has loaded; a user types later
    # The question finder first: a few words in the umpire's language find the step-through's question.
    page.fill("#rl-find", FINDER_QUERY[lang])
    # The umpire's home asked the service worker to keep the rules library and the step-throughs for offline
    # use; on SQLite the live server answers one request at a time, so the answer may wait behind them.
    expect(page.locator("#finder-results .rl-hit").first).to_be_visible(timeout=30_000)
    expect(page.locator("#finder-results")).to_contain_text(FLOW["title"][lang])
    check(page, "settle a dispute, with the question finder's answers")
    # The rule texts' search is one tap away; it lists the reader's language first (Italian for English).
    page.locator("details.rl-library-search summary").click()
    page.fill("#rl-q", "recoil")
    expect(page.locator("#rl-results .rl-hit").first).to_be_visible()
    expect(page.locator("#rl-results .rl-lang").first).to_contain_text(t(SEARCH_FIRST[lang]))
    check(page, "settle a dispute, with search results")

    # A step-through to a ruling; changing an earlier answer drops the later ones from the URL.
    page.click("#flow-nasamw-pip-cost a")
    step = page.locator("#flow-step")
    expect(step).to_contain_text(FLOW["nodes"]["q-tactical"]["question"][lang])
    step.get_by_role("link", name=answer("q-tactical", "yes", lang)).click()
    expect(step).to_contain_text(FLOW["nodes"]["q-first"]["question"][lang])
    step.locator("#flow-question").get_by_role("link", name=answer("q-first", "no", lang), exact=True).click()
    step.get_by_role("link", name=answer("q-extras", "some", lang)).click()
    expect(step.locator("#flow-ruling")).to_have_attribute("data-node", "r-extras")
    step.locator("a.rl-back").click()
    expect(step.locator("#flow-question")).to_have_attribute("data-node", "q-extras")
    step.locator("a.rl-back").click()
    expect(step.locator("#flow-question")).to_have_attribute("data-node", "q-first")
    step.locator("#flow-question").get_by_role("link", name=answer("q-first", "yes", lang), exact=True).click()
    expect(step.locator("#flow-ruling")).to_contain_text(FLOW["nodes"]["r-first"]["ruling"][lang][:40])
    assert "q-extras" not in page.url and "event=torneo-umpire" in page.url
    expect(step.locator("#edition-note")).to_contain_text(
        t("This answer is DBA 2.2's; this event plays DBA %(event_edition)s.", event_edition="3.0"))
    check(page, "a step-through's ruling with the record form")

    # Record it: the event is already chosen. The log shows it in words.
    page.fill("#id_table", "3")
    page.fill("#id_players", "Ana v Bruno")
    page.fill("#id_note", "Elephant in the first bound")
    page.click("#flow-record button[type=submit]")
    expect(page.locator(".messages")).to_contain_text(t("Ruling recorded in the event log."))
    page.get_by_role("link", name=t("Open the event's rulings log")).click()
    row = page.locator("#rulings-log tbody tr").first
    expect(row).to_contain_text("Ana v Bruno")
    expect(row).to_contain_text(FLOW["title"][lang])
    expect(row).to_contain_text("Elephant in the first bound")
    assert fits(page, screen)
    check(page, "the event's rulings log")

    # A calculator, from the header's Rules menu, answers in a sentence, with the JSON behind a short link that
    # keeps the phone page narrow.
    page.locator("#nav-rules summary").click()
    page.locator("#nav-rules").get_by_role("link", name=t("Calculators")).click()
    expect(page.locator("h1")).to_have_text(t("Calculators"))
    check(page, "the calculators")
    page.locator("main").get_by_role("link", name=t("DBA 2.2 combat")).click()
    page.wait_for_load_state()  # htmx binds the form when the page has loaded; a user types later
    page.locator("#f-a").fill("4Bd")
    page.locator("#f-b").fill("3Kn")
    page.get_by_role("button", name=t("Calculate")).click()
    expect(page.locator("#calc-summary")).to_contain_text(f"(4Bd): 42% {DESTROYED[lang]}")
    expect(page.locator("#calc-odds")).to_contain_text("(3Kn)")
    expect(page.get_by_role("link", name=t("The same result as data (JSON)"))).to_be_visible()
    assert fits(page, screen)
    check(page, "a calculator's answer")
    page.context.close()
