"""The event-state key of the cached pages moves on with every change a page shows: a result confirmed
or corrected, a player's report, a swap, a publish, a drop, a change of the scoring preset. The pages
served from the cache show each change on the next request."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import make_player, make_registration
from tournament.events.cache_keys import event_state
from tournament.models import Event, Registration
from tournament.pairing.manager import round_pair, round_publish, seats_swap
from tournament.registration.services import registration_set_status
from tournament.results.entry import result_enter, result_report
from tournament.results.shorthand import parse_shorthand

NAMES = ("Íñigo Larrañaga", "Niccolò Bianchi", "Ana Peña", "Zoë Müller")


@pytest.fixture
def field(event):
    return [make_registration(event, make_player(name, club=f"Club {k}")) for k, name in enumerate(NAMES)]


def fresh(event) -> str:
    return event_state(Event.objects.get(pk=event.pk))


def standings(client, event) -> str:
    return client.get(reverse("tournament:standings", args=[event.slug])).text


def pairings(client, event) -> str:
    return client.get(reverse("tournament:pairings", args=[event.slug])).text


def test_publish_and_result_show_on_the_next_request(client, event, field, organizer):
    rnd = round_pair(event, organizer)
    assert NAMES[0] not in pairings(client, event)  # a draft is not shown (and this rendering is now cached)
    before = fresh(event)
    round_publish(rnd, organizer)
    assert fresh(event) != before
    assert all(name in pairings(client, event) for name in NAMES)
    first = standings(client, event)
    game = rnd.games.filter(is_bye=False).first()
    before = fresh(event)
    result_enter(game, parse_shorthand("4G-1", event.edition), organizer)
    assert fresh(event) != before
    assert standings(client, event) != first


def test_a_correction_shows_on_the_next_request(client, event, field, organizer):
    rnd = round_publish(round_pair(event, organizer), organizer)
    game = rnd.games.filter(is_bye=False).first()
    winner, loser = (s.registration.player.name for s in game.seats.order_by("side"))
    result_enter(game, parse_shorthand("4G-1", event.edition), organizer)
    page = standings(client, event)
    assert page.index(winner) < page.index(loser)
    before = fresh(event)
    result_enter(game, parse_shorthand("1-4G", event.edition), organizer)  # corrected: the other side won
    assert fresh(event) != before
    page = standings(client, event)
    assert page.index(loser) < page.index(winner)


def test_a_players_report_moves_the_key(event, field, organizer):
    rnd = round_publish(round_pair(event, organizer), organizer)
    seat = rnd.seats.filter(game__is_bye=False).first()
    before = fresh(event)
    result_report(seat, parse_shorthand("4G-1", event.edition))
    assert fresh(event) != before


def test_a_swap_moves_the_key(event, field, organizer):
    rnd = round_pair(event, organizer)
    first, second = (game.seats.first() for game in rnd.games.filter(is_bye=False)[:2])
    before = fresh(event)
    seats_swap(rnd, first, second, organizer)
    assert fresh(event) != before


def test_a_drop_shows_on_the_next_request(client, event, field, organizer):
    rnd = round_publish(round_pair(event, organizer), organizer)
    for game in rnd.games.filter(is_bye=False):
        result_enter(game, parse_shorthand("4G-1", event.edition), organizer)
    assert "dropped" not in standings(client, event)
    before = fresh(event)
    registration_set_status(reg=field[0], status=Registration.Status.DROPPED, user=organizer)
    assert fresh(event) != before
    assert f"{NAMES[0]} (dropped)" in standings(client, event)


def test_a_preset_change_moves_the_key_even_with_the_same_tiebreaks(organizer_client, event, field):
    before = fresh(event)
    data = {"name": event.name, "slug": event.slug, "date": "2026-06-01", "edition": "3.0", "rounds_planned": 3,
            "round_minutes": 90, "scoring_preset": "wdl", "wdl_points": "3/1/0", "round_one_method": "random",
            **{f"tiebreak_{n}": key for n, key in enumerate(event.tiebreaks, start=1)}}
    response = organizer_client.post(reverse("tournament:event_edit", args=[event.slug]), data)
    assert response.status_code == 302, response.text
    changed = Event.objects.get(pk=event.pk)
    assert changed.scoring_preset == "wdl" and changed.tiebreaks == event.tiebreaks
    assert fresh(event) != before


def test_the_key_is_the_same_when_nothing_changed(event, field, organizer):
    round_publish(round_pair(event, organizer), organizer)
    assert fresh(event) == fresh(event)
