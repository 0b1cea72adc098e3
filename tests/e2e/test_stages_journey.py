"""The organizer sets up groups and a final through the stages page, in en, es and it, on a phone
(390 × 844) and a desktop; the public group tables, the bracket and the final placings fit the phone
(no sideways scroll of the page; tables scroll in their own frame) and axe finds nothing serious."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import expect

from tests.e2e.journey import LANGUAGE_SCREENS_PHONE_FIRST, check, fits, signed_in_page, tr
from tests.factories import make_event, make_player, make_registration, make_user
from tournament.models import EventRole, Round
from tournament.pairing.manager import round_publish
from tournament.results.entry import result_enter
from tournament.results.shorthand import parse_shorthand

NAMES = ["Giocatore Uno Niccolò Bartolomei", "Jugador Dos Íñigo Larrañaga", "Tre Àlex", "Cuatro Zoë", "Cinque Søren",
         "Seis Łucja", "Sette Bob", "Ocho Ana"]


def play(event, user):
    """Publish the latest round and enter every result: the lower name index wins."""
    rnd = event.rounds.order_by("-number").first()
    round_publish(rnd, user)
    rnd = Round.objects.get(pk=rnd.pk)
    strength = {name: i for i, name in enumerate(NAMES)}
    for game in rnd.games.filter(is_bye=False):
        a, b = game.seats.order_by("side")
        text = "4-1" if strength[a.registration.name] < strength[b.registration.name] else "1-4"
        result_enter(game, parse_shorthand(text, event.edition), user)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("lang", "screen"), LANGUAGE_SCREENS_PHONE_FIRST)
def test_organizer_sets_up_groups_and_a_final_and_the_public_reads_them(browser, live_server, lang, screen):
    olga = make_user("olga", "Olga")
    event = make_event(slug="gironi", name="Torneo a gironi", date=datetime.date(2026, 6, 1))
    EventRole.objects.create(event=event, user=olga, role=EventRole.Role.ORGANIZER)
    for name in NAMES:
        make_registration(event, make_player(name))
    page = signed_in_page(browser, live_server, lang, screen, "olga")
    t = lambda msgid, **kw: tr(lang, msgid, **kw)  # noqa: E731 - the journey reads like the page

    page.goto(f"{live_server.url}/e/gironi/rounds/")
    page.get_by_role("link", name=t("Stages: groups, finals and brackets")).click()
    expect(page.locator("h1")).to_have_text(t("Stages: groups, finals and brackets"))
    page.fill("#id_name", "Gironi")
    page.select_option("#id_kind", "groups")
    page.select_option("#id_entrants", "all")
    page.fill("#id_groups", "2")
    page.select_option("#id_seeding", "random")
    page.get_by_role("button", name=t("Add the stage")).click()
    expect(page.locator(".messages")).to_contain_text(t("Stage “%(name)s” added.", name="Gironi"))
    check(page, "stage setup")
    assert fits(page, screen)
    page.fill("#id_name", "Finale")
    page.select_option("#id_kind", "single")
    page.select_option("#id_entrants", "winners")
    page.select_option("#id_source", str(event.stages.get(number=1).pk))
    page.fill("#id_cut", "2")
    page.get_by_role("button", name=t("Add the stage")).click()
    expect(page.locator("#stage-2")).to_contain_text("Finale")
    page.locator("#stage-1").get_by_role("button", name=t("Make the draw")).click()
    expect(page.locator(".messages")).to_contain_text(t("“%(name)s” drawn.", name="Gironi"))
    page.get_by_role("button", name=t("Pair the next stage round")).click()
    expect(page.locator("h1")).to_contain_text("1")  # the round page of round 1
    play(event, olga)
    for _ in range(2):  # groups of 4: three rounds
        page.goto(f"{live_server.url}/e/gironi/stages/setup/")
        page.get_by_role("button", name=t("Pair the next stage round")).click()
        play(event, olga)
    page.goto(f"{live_server.url}/e/gironi/stages/setup/")
    page.locator("#stage-2").get_by_role("button", name=t("Make the draw")).click()
    page.get_by_role("button", name=t("Pair the next stage round")).click()
    play(event, olga)

    public = signed_in_page(browser, live_server, lang, screen)
    public.goto(f"{live_server.url}/e/gironi/stages/1/")
    expect(public.locator("#group-A h2")).to_have_text(t("Group %(letter)s", letter="A"))
    expect(public.locator("#group-B tbody tr")).to_have_count(4)
    check(public, "group tables")
    assert fits(public, screen)
    public.goto(f"{live_server.url}/e/gironi/stages/2/")
    expect(public.locator("#bracket h2")).to_have_text(tr(lang, "Final", same_ok=True))  # "Final" in Spanish too
    expect(public.locator("#match-W1-1 .won")).to_have_text(NAMES[0])
    check(public, "bracket")
    assert fits(public, screen)
    public.goto(f"{live_server.url}/e/gironi/stages/")
    expect(public.locator("#placings tbody tr").first).to_contain_text(NAMES[0])
    check(public, "final placings")
    assert fits(public, screen)
