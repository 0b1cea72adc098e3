"""The create-event form: edition and scoring agree, tie-breaks by name in an order, a suggested short name."""

from __future__ import annotations

import re

from django.urls import reverse

from tests.factories import make_user
from tournament.models import Event

BASE = {"name": "Torneo di Città", "date": "2026-09-12", "edition": "3.0", "rounds_planned": 3,
        "round_minutes": 90, "round_one_method": "random"}


def _selected(html: str, name: str) -> str:
    select = re.search(rf'<select name="{name}".*?</select>', html, re.S)[0]
    return re.search(r'<option value="([^"]*)"[^>]*selected', select)[1]


def test_new_event_scoring_agrees_with_the_edition(client, db):
    client.force_login(make_user("org"))
    html = client.get(reverse("tournament:event_create")).text
    assert _selected(html, "edition") == "3.0" and _selected(html, "scoring_preset") == "nasamw-3.0"
    # each edition-specific preset says which edition it is for, so the page can filter them
    assert re.search(r'<option value="nasamw-v4" data-edition="2.2"', html)


def test_scoring_for_the_other_edition_is_refused(client, db):
    client.force_login(make_user("org"))
    response = client.post(reverse("tournament:event_create"), {**BASE, "slug": "x", "scoring_preset": "nasamw-v4"})
    assert response.status_code == 200
    assert "This scoring is for DBA 2.2, but the event plays DBA 3.0." in response.text
    assert not Event.objects.exists()


def test_tiebreaks_are_named_choices_in_the_organizers_order(client, db):
    client.force_login(make_user("org"))
    html = client.get(reverse("tournament:event_create"), headers={"Accept-Language": "es"}).text
    assert '<select name="tiebreak_1"' in html and "Enfrentamiento directo" in html
    response = client.post(reverse("tournament:event_create"), {
        **BASE, "slug": "t", "scoring_preset": "wdl", "tiebreak_1": "generals_killed", "tiebreak_2": "head_to_head"})
    assert response.status_code == 302, response.text
    assert Event.objects.get(slug="t").tiebreaks == ["generals_killed", "head_to_head"]


def test_a_tiebreak_chosen_twice_is_named(client, db):
    client.force_login(make_user("org"))
    response = client.post(reverse("tournament:event_create"), {
        **BASE, "slug": "t", "scoring_preset": "wdl", "tiebreak_1": "wins", "tiebreak_2": "wins"})
    assert "“Wins” is already chosen above." in response.text


def test_short_name_is_made_from_the_name_when_left_empty(client, db):
    client.force_login(make_user("org"))
    response = client.post(reverse("tournament:event_create"), {**BASE, "slug": "", "scoring_preset": "wdl"})
    assert response.status_code == 302, response.text
    assert Event.objects.get().slug == "torneo-di-citta"
