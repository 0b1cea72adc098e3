"""The "public" box of a new league says what unticking it does. It said "Listed on the leagues page.", as an
event's "listed" box does, yet a league that is not public is not merely unlisted: its table, its players' pages
and its ladder answer everyone but its organizers as a league that does not exist, and no page changes it later.
An organizer who unticked it to keep the league off the list found its players sent to a "not found" page."""

from __future__ import annotations

import datetime
import html

import pytest
from django.test import Client

from tests.factories import make_user
from tournament.leagues import service
from tournament.models import League

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "words"), [
    ("en", "Unticked, only the league's organizers can see it."),
    ("es", "Sin marcar, solo los organizadores de la liga pueden verla."),
    ("it", "Se non è spuntata, solo gli organizzatori della lega possono vederla."),
])
def test_the_new_league_form_says_an_unticked_league_is_seen_by_its_organizers_alone(language, words):
    owner = Client()
    owner.force_login(make_user("leaguer"))
    page = html.unescape(owner.get("/leagues/new/", headers={"Accept-Language": language}).text)
    assert words in page
    assert "Listed on the leagues page." not in page

    # And so it is: the league made with the box unticked is a page its players cannot open.
    form = {"name": "Liga de Città", "slug": "liga-citta", "season_start": "2026-01-01", "season_end": "2026-12-31",
            "edition": "3.0", "scoring_preset": "soa-best5"}
    assert owner.post("/leagues/new/", form).status_code == 302
    assert not League.objects.get(slug="liga-citta").public
    player = Client()
    player.force_login(make_user("peña"))
    assert player.get("/leagues/liga-citta/").status_code == 404
    assert owner.get("/leagues/liga-citta/").status_code == 200


def test_a_public_league_is_seen_by_anyone():
    service.create_league(make_user("leaguer"), League(slug="open-2026", name="Open", public=True,
                                                       season_start=datetime.date(2026, 1, 1),
                                                       season_end=datetime.date(2026, 12, 31),
                                                       scoring_preset="soa-best5"))
    assert Client().get("/leagues/open-2026/").status_code == 200
