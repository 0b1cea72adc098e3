"""Round 1 by the armies of a DBA 3.0 event (the catalogue's dates and historical enemies), through the pairing
service as "Pair the next round" runs it: the catalogue is read for that round alone (2026-11-28), so these
check that the round still pairs by it, and that round 2 pairs by the standings whatever the armies."""

from __future__ import annotations

import pytest

from tests.factories import make_event, make_player, make_registration, make_user
from tournament.pairing.manager import round_pair, round_publish
from tournament.results.entry import result_enter
from tournament.results.shorthand import parse_shorthand

pytestmark = pytest.mark.django_db


def _pairs(rnd) -> set[frozenset[str]]:
    return {frozenset(s.registration.army_ref for s in game.seats.all()) for game in rnd.games.filter(is_bye=False)}


def _event(method: str, refs: list[str]):
    event = make_event(round_one_method=method, avoid_same_club=False)
    for ref in refs:
        make_registration(event, make_player(f"Player {ref}"), army_ref=ref)
    return event


@pytest.mark.parametrize("seed", range(4))
def test_round_one_by_enemies_pairs_the_historical_enemies(seed):
    """The catalogue: II/56 and II/22a are enemies, I/1a and I/4a too; no other pair is."""
    event = _event("enemies", ["II/56", "I/1a", "II/22a", "I/4a"])
    assert _pairs(round_pair(event, make_user(f"o{seed}"), seed=seed)) == {
        frozenset({"II/56", "II/22a"}), frozenset({"I/1a", "I/4a"})}


@pytest.mark.parametrize("seed", range(4))
def test_round_one_by_army_date_pairs_neighbours_in_time(seed):
    """Dates in the catalogue: I/1a −2900, I/24a −1328, II/5a −362, II/56 86."""
    event = _event("army_date", ["II/56", "II/5a", "I/1a", "I/24a"])
    assert _pairs(round_pair(event, make_user(f"o{seed}"), seed=seed)) == {
        frozenset({"I/1a", "I/24a"}), frozenset({"II/5a", "II/56"})}


def test_round_two_pairs_by_the_standings_not_by_the_armies():
    event = _event("enemies", ["II/56", "I/1a", "II/22a", "I/4a"])
    organizer = make_user("organizer")
    first = round_publish(round_pair(event, organizer, seed=1), organizer)
    for game in first.games.filter(is_bye=False):  # side A wins each game
        result_enter(game, parse_shorthand("4-1", event.edition), organizer)
    winners = {s.registration.army_ref for g in first.games.all() for s in g.seats.all() if s.side == "a"}
    second = round_pair(event, organizer, seed=1)
    assert frozenset(winners) in _pairs(second)  # the winners meet, enemies or not
