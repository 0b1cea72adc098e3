"""Round 1's pairing order (by rating, folded or accelerated, and by the armies' dates) and the tables
games sit at (fixed tables, fresh tables, the repair swap). Pure engine, no database.
"""

from __future__ import annotations

import math
from unittest import mock

import pytest

from tournament.pairing import engine as pairing
from tournament.pairing.engine import Entrant, PairingOptions, by_rating, fold_distance, pair_round, rating_order
from tournament.pairing.tables import assign_tables


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Overrides the Django cache fixture of conftest.py: these tests need no Django."""
    yield


def games(result):
    return {frozenset(x for x in (p.a, p.b) if x is not None) for p in result.pairings}


def test_rating_order_is_highest_first_and_the_unrated_last():
    people = [Entrant(i, 0, i, rating=r) for i, r in enumerate([None, 1500.0, 0.0, 1600.0, 0.5])]
    assert [e.id for e in rating_order(people)] == [3, 1, 4, 2, 0]


def test_by_rating_folds_by_default_and_puts_fold_partners_side_by_side():
    people = [Entrant(i, 0, i, rating=2000.0 - i) for i in range(9)]
    assert [e.id for e in by_rating(people)] == [0, 4, 1, 5, 2, 6, 3, 7, 8]  # the lowest-rated last (the bye)
    assert [e.id for e in by_rating(people, accelerated=True)] == [0, 2, 1, 3, 4, 6, 5, 7, 8]


def written_fold_distance(a, b, players, accelerated):
    """The rules of fold_distance's docstring: places split into groups (everyone, or an even top half and the
    rest when accelerated), each group into two halves; with an odd field the last place takes the bye."""
    paired = players - players % 2
    top = 2 * math.ceil(paired / 4) if accelerated else paired
    groups = [range(0, top), range(top, paired)]
    group_of = {p: k for k, g in enumerate(groups) for p in g}
    if a not in group_of or b not in group_of or group_of[a] != group_of[b]:
        return None  # across the groups or with the bye place
    group = groups[group_of[a]]
    half = len(group) // 2
    first_half = {p for p in group[:half]}
    if (a in first_half) == (b in first_half):
        return "same half"
    return (abs(a - b) - half) ** 2  # squared distance from the fold partner's place


@pytest.mark.parametrize("players", [2, 7, 8, 9, 10, 12])
@pytest.mark.parametrize("accelerated", [False, True])
def test_fold_distance_follows_the_written_rules(players, accelerated):
    cost = {(a, b): fold_distance(a, b, players, accelerated) for a in range(players) for b in range(players) if a != b}
    rule = {edge: written_fold_distance(*edge, players, accelerated) for edge in cost}
    across = [c for e, c in cost.items() if isinstance(rule[e], int)]
    same_half = [c for e, c in cost.items() if rule[e] == "same half"]
    apart = {e: c for e, c in cost.items() if rule[e] is None}
    assert all(cost[e] == rule[e] for e in cost if isinstance(rule[e], int))
    assert all(cost[(a, b)] == cost[(b, a)] for a, b in cost)
    inside = across + same_half
    assert not same_half or min(same_half) > max(across)  # a game inside one half costs more than any across
    assert not apart or min(apart.values()) > max(inside, default=0)  # across the groups or the bye: more still
    for (a, b), c in apart.items():  # and nearer places cost less
        assert all(c < apart[(a, d)] for d in range(players) if (a, d) in apart and abs(a - d) > abs(a - b))
    if not accelerated:
        assert fold_distance(0, players // 2, players) == 0


def test_round_one_accelerated_explains_why_the_fold_partner_was_not_met():
    # accelerated: 0 v 2 and 1 v 3 on top; 0 and 2 are club mates, so the note names 2
    people = [Entrant(i, 0, i, club="Bath" if i in (0, 2) else None, rating=2000.0 - i) for i in range(8)]
    result = pair_round(people, 1, PairingOptions(round1="rating_accelerated"))
    notes = [dict(n.params) for p in result.pairings for n in p.notes if n.code == "avoided"]
    assert {"player": 0, "other": 2, "reason": "club"} in notes


def test_round_one_by_date_puts_armies_without_a_date_last_and_sorts_every_year():
    years = [None, 1400, -500, 1450]
    people = [Entrant(i, 0, i, army_year=y) for i, y in enumerate(years)]
    for seed in range(4):
        assert games(pair_round(people, 1, PairingOptions(round1="date", seed=seed))) == {
            frozenset({2, 1}), frozenset({3, 0})}
    people = [Entrant(i, 0, i, army_year=y) for i, y in enumerate([1, 0, 2, -1])]
    for seed in range(6):
        assert games(pair_round(people, 1, PairingOptions(round1="date", seed=seed))) == {
            frozenset({3, 1}), frozenset({0, 2})}


def test_round_one_by_date_dates_a_list_with_an_impossible_end_year_by_its_start():
    """IV/63 "Aztec Army 1325-2521 AD" and III/76 "Konstantinian Byzantine Army 1042-1973 AD" (the 3.0
    catalogue's slips, flagged): paired by their start years, not by midpoints 1923 and 1507 that put them
    after the Tuareg (III/70, 1000-1880 AD)."""
    from tournament.armies.catalogue import load_catalogue

    catalogue = load_catalogue()
    refs = ["I/1a", "III/70", "III/76", "IV/63"]  # -2900, 1440, 1042, 1325
    people = [Entrant(i, 0, i, army_year=catalogue.get(ref).year) for i, ref in enumerate(refs)]
    for seed in range(4):
        assert games(pair_round(people, 1, PairingOptions(round1="date", seed=seed))) == {
            frozenset({0, 2}), frozenset({3, 1})}  # Sumerians v Byzantines, Aztecs v Tuareg


# --- tables ---------------------------------------------------------------------------------------

def player(i, tables=(), fixed=None):
    return Entrant(i, 0, i, tables=frozenset(tables), fixed_table=fixed)


def test_a_fixed_table_is_honoured_for_either_player_of_a_game():
    tables, warnings = assign_tables([(player(0), player(1)), (player(2), player(3, fixed=1))])
    assert tables == [2, 1] and not warnings
    tables, warnings = assign_tables([(player(0, fixed=4), player(1, fixed=4))])  # the same table: no clash
    assert tables == [4] and not warnings


def test_a_repeated_table_is_swapped_with_the_nearest_game_that_makes_both_fresh():
    # game 2 has played on tables 3 and 4 and is left table 3: game 1 (table 2) is the nearest swap
    tables, _ = assign_tables([(player(0), player(1)), (player(2), player(3)), (player(4, {3, 4}), player(5)),
                               (player(6), player(7))])
    assert tables == [1, 3, 2, 4]
    # when game 2 has also played on table 2, the nearest swap that makes both fresh is game 0's
    tables, _ = assign_tables([(player(0), player(1)), (player(2), player(3)), (player(4, {2, 3, 4}), player(5)),
                               (player(6), player(7))])
    assert tables == [3, 2, 1, 4]


def test_every_repeated_table_that_a_swap_can_make_fresh_is_repaired():
    # games 1 and 2 are left tables they have played on (2 and 3); two swaps make all three fresh
    tables, _ = assign_tables([(player(0), player(1)), (player(2), player(3, {2, 3})), (player(4), player(5, {3}))])
    assert tables == [3, 1, 2]


def test_historical_enemies_meet_in_a_big_field_however_far_apart_the_shuffle_puts_them():
    # 60 armies, one pair of enemies (0 and 1; 2 names an army nobody plays): seed 106 puts 0 and 1 54 places
    # apart, beyond the sparse graph's window and the four times wider check
    people = [Entrant(i, 0, i, army_ref=f"I/{i}", enemies=frozenset({"I/1"} if i == 0 else {"IV/99"} if i == 2 else ()))
              for i in range(60)]
    with mock.patch.object(pairing, "DENSE_UP_TO", 0):
        result = pair_round(people, 1, PairingOptions(round1="enemies", seed=106))
    assert frozenset({0, 1}) in games(result)
    assert [p for p in result.pairings if 0 in (p.a, p.b)][0].notes[-1].code == "enemies"
