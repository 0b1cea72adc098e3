"""Pages as a browser holds them (a review of 2026-11-28 found each of these broken; all fixed): the invitations
page's own requests inside the page, one id per field on the league management page, and the standings' downloads
following the round chosen by htmx."""

from __future__ import annotations

import datetime
import re
from html import unescape

import pytest

from tests.factories import make_user
from tournament.leagues import service
from tournament.models import League, LeagueEvent

pytestmark = pytest.mark.django_db


def _between(page: str, start: str, end: str) -> str:
    return page[page.index(start):page.index(end)]


@pytest.mark.parametrize(("language", "button"), [("en", "Withdraw"), ("es", "Anular"), ("it", "Ritira")])
def test_invitations_page_shows_the_withdraw_button_in_the_page_not_in_the_title(event, organizer_client, language,
                                                                                 button):
    """The event organizer's own waiting request to join a league is listed with a Withdraw button in the page.
    It was written into `{% block title %}`, i.e. inside <title>: the browser shows the raw markup in the tab title
    and nothing in the page, so the request cannot be withdrawn."""
    league = service.create_league(make_user("leaguer"), League(
        slug="uk-2026", name="UK DBA League 2026", season_start=datetime.date(2026, 1, 1),
        season_end=datetime.date(2026, 12, 31), scoring_preset="soa-best5"))
    membership = LeagueEvent.objects.create(league=league, event=event, state=LeagueEvent.State.REQUESTED)
    page = unescape(organizer_client.get("/leagues/invitations/", headers={"Accept-Language": language}).text)
    title = _between(page, "<title>", "</title>")
    main = _between(page, '<main id="main">', "</main>")
    assert "<" not in title[len("<title>"):], f"markup inside <title>: {title!r}"
    assert f'action="/leagues/invitations/{membership.pk}/decline/"' in main and f">{button}</button>" in main


def test_league_manage_page_has_no_duplicate_ids_and_every_select_has_its_own_label(db):
    """The manage page shows the merge form and the suggest form together whenever the league has people with and
    without an account. Both forms have `player` and `into` fields with Django's default ids, so the page holds
    id="id_player" and id="id_into" twice: the suggest form's labels point at the merge form's selects and its own
    two selects are left without a label (a screen reader reads them unnamed; tapping the label moves to the wrong
    list)."""
    from django.test import Client

    from tests.factories import make_event, make_player, make_registration

    owner = make_user("leaguer")
    league = service.create_league(owner, League(
        slug="uk-2026", name="UK DBA League 2026", season_start=datetime.date(2026, 1, 1),
        season_end=datetime.date(2026, 12, 31), scoring_preset="soa-best5"))
    spring = make_event(name="Spring Open", date=datetime.date(2026, 3, 1))
    for player in (make_player("Ann"), make_player("Ann S."), make_player("Bob", user=make_user("bob"))):
        make_registration(spring, player, name=player.name)
    LeagueEvent.objects.create(league=league, event=spring, state=LeagueEvent.State.ACCEPTED)
    client = Client()
    client.force_login(owner)
    page = client.get("/leagues/uk-2026/manage/").text
    assert "Suggest entries to a player with an account" in page and "Show what will merge" in page
    ids = re.findall(r'\sid="([^"]+)"', page)
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    assert duplicates == [], f"ids used twice on one page: {duplicates}"


def test_standings_after_a_round_chosen_by_htmx_downloads_that_rounds_standings():
    """On the standings page the reader picks "After round 2": htmx swaps the table (#standings) and pushes
    ?round=2. The CSV, XLSX and PDF buttons sit in the form above it, outside #standings, and the swap leaves them
    as they were rendered: they still download the latest standings, not round 2's the page now shows."""
    from tests.page_world import build_world

    world = build_world(1)
    url = f"/e/{world.event.slug}/standings/"
    page = world.staff.get(url).content.decode()
    swap = world.staff.get(url, {"round": "2"}, headers={"HX-Request": "true"})
    assert swap.status_code == 200 and "HX-Request" in swap["Vary"]
    start = page.index(">", page.index('<div id="standings"')) + 1
    end = page.index("</section>", start) + len("</section>")  # the fragment ends with how the table is ordered
    # the page as the browser holds it after the swap: #standings' inner HTML replaced by the fragment
    after = page[:start] + swap.content.decode() + page[end:]
    downloads = [unescape(href) for href in re.findall(r'href="([^"]*/standings\.(?:csv|xlsx|pdf)[^"]*)"', after)]
    assert downloads, "no standings download links found"
    assert all("round=2" in href for href in downloads), f"after choosing round 2 the downloads are {downloads}"
