"""A player, in en on a desktop and in es and it on a phone (390 × 844): from the site's home page only (the
event found in the list of events, every later page reached by a link or a button the player sees), registers, builds an army from the
list's options, prints the sheet, checks in and reports a result from their own page and sees it confirmed once the opponent reports the
same. Each step asserts the words the player reads in their language; axe-core checks the main pages."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.e2e.journey import LANGUAGE_SCREENS_ON_PHONES, check, fits, signed_in_page, tr
from tests.factories import make_event, make_player, make_registration, make_user
from tournament.models import EventRole, Registration
from tournament.pairing.manager import round_pair, round_publish
from tournament.registration.check_in import self_check_in_set


def won_sentence(lang: str, lost: int, opponent: str, opponent_lost: int) -> str:
    """"you lost 1, Tomás Ruiz lost 4: you won" in the player's language, as the report page says it."""
    losses = ", ".join([tr(lang, "you lost %(n)s", n=lost),
                        tr(lang, "%(name)s lost %(n)s", name=opponent, n=opponent_lost)])
    return tr(lang, "%(losses)s: %(verdict)s", same_ok=True, losses=losses, verdict=tr(lang, "you won"))


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("lang", "screen"), LANGUAGE_SCREENS_ON_PHONES)
def test_player_registers_builds_an_army_prints_and_reports(browser, live_server, lang, screen):
    organizer = make_user("org-e2e")
    event = make_event(slug="e2e-phone", name="Torneo del Móvil")
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    make_user("marta", "Marta")
    page = signed_in_page(browser, live_server, lang, screen, "marta")
    t = lambda msgid, **kw: tr(lang, msgid, **kw)  # noqa: E731 - the journey reads like the page

    # From the home page (where signing in brought her back), the event is in the list of events.
    expect(page.locator("h1")).to_have_text(t("DBA events"))
    check(page, "home page")
    page.locator("main").get_by_role("link", name=event.name).click()
    expect(page.locator("h1")).to_have_text(event.name)
    check(page, "event page")
    header = page.locator("header")  # on a phone too: the header keeps Events, Leagues and the player's page
    for words in (t("Events"), t("Leagues"), t("My page")):
        expect(header.get_by_role("link", name=words, exact=False).first).to_be_visible()
    page.get_by_role("link", name=t("Register for this event")).click()
    expect(page.locator("#id_name")).to_be_visible()
    check(page, "registration form")
    page.fill("#id_name", "Marta Núñez")
    page.click("main button[type=submit]")

    # Choosing the list shows its options beside the boxes and starts from its standard army.
    page.fill("#id_army_ref", "II/56")
    page.locator("#id_army_ref").press("Tab")
    expect(page.locator("#caption-e2")).to_have_text(t("Column %(column)s: %(options)s", column=2, options="4 × 4Bd"))
    expect(page.locator("#caption-e0")).to_have_text(
        tr(lang, "General: %(options)s", same_ok=True, options=f"Cv {tr(lang, 'or')} 4Bd"))
    expect(page.locator("#id_e2")).to_have_value("4Bd")
    page.fill("#id_e3", "El")
    page.get_by_role("button", name=t("Save army")).click()
    expect(page.locator("#army-problems")).to_contain_text("El")
    expect(page.locator("#id_e3")).to_have_attribute("aria-invalid", "true")
    check(page, "army form with a problem")
    page.fill("#id_e3", "4Bd")
    page.get_by_role("button", name=t("Save army")).click()
    expect(page.locator(".messages")).to_contain_text(t("Army saved: it is valid for this event."))
    assert fits(page, screen)
    check(page, "saved army")

    # The army sheet: a PDF with the player's name and army.
    link = page.get_by_role("link", name=t("Print the army sheet (A4)"))
    sheet = page.request.get(live_server.url + link.get_attribute("href"))
    assert sheet.status == 200 and sheet.headers["content-type"] == "application/pdf"
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(sheet.body())).pages)
    assert "Marta Núñez" in text and "II/56" in text

    # The organizer opens check-in: Marta checks in from her own page, reached from the header.
    self_check_in_set(event=event, open_=True, user=organizer)
    page.get_by_role("link", name=t("My page")).click()
    expect(page.locator("h1")).to_have_text(t("My page"))
    check(page, "the player's home")
    page.get_by_role("button", name=t("Check in: I am here")).click()
    expect(page.locator(".messages")).to_contain_text(t("You are checked in for %(event)s.", event=event.name))
    marta = Registration.objects.get(event=event, name="Marta Núñez")
    assert marta.status == Registration.Status.CHECKED_IN

    # A round with an opponent; Marta finds her table on her home and reports from there.
    make_registration(event, make_player("Tomás Ruiz"))
    round_publish(round_pair(event, organizer), organizer)
    seat = marta.seats.get()
    page.locator("header").get_by_role("link", name=t("My page")).click()  # as she would, to see if she is paired
    expect(page.locator(f"#my-game-{marta.pk}")).to_contain_text(
        t("Round %(n)s: table %(t)s against %(name)s", n=1, t=seat.game.table, name="Tomás Ruiz"))
    check(page, "the player's home with a game")
    page.get_by_role("link", name=t("Report the result")).click()
    expect(page.locator("#id_shorthand")).to_be_visible()
    check(page, "the player's report form")
    page.get_by_label(t("I won")).check()  # the outcome first, in words; then the figures, side A's first
    page.fill("#id_shorthand", "4-1" if seat.side == "a" else "1-4")  # Marta won, losing 1
    page.get_by_role("button", name=t("Save result")).click()
    words = won_sentence(lang, 1, "Tomás Ruiz", 4)
    expect(page.locator("#own-report")).to_contain_text(f"{t('You reported:')} {words}")
    check(page, "the player's report page")

    # The opponent reports the same on their own phone: Marta sees the result confirmed, in words.
    other = seat.game.seats.exclude(pk=seat.pk).get()
    Client().post(reverse("tournament:report", args=[other.report_token]),
                  {"shorthand": "4-1" if seat.side == "a" else "1-4"})
    page.locator("header").get_by_role("link", name=t("My page")).click()
    game_card = page.locator(f"#my-game-{marta.pk}")
    expect(game_card.locator(".badge")).to_have_text(t("Confirmed"))
    check(page, "the player's home with a confirmed game")
    game_card.get_by_role("link", name=t("Confirmed")).click()
    expect(page.locator("#game-status")).to_have_text(t("Confirmed"))
    expect(page.locator("#result-words")).to_contain_text(words)
    assert fits(page, screen)
    page.context.close()
