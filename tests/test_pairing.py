"""The Swiss pairing engine (pure): rematches, byes, score groups, clubs, round 1, tables, and the
same optimum as an exact matching over the complete graph."""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament import pairing
from tournament.pairing import Entrant, PairingOptions, pair_round, pairing_cost, swap_warnings


def field(n, **kw):
    return [Entrant(id=i, score=0, rank=i, **kw) for i in range(n)]


def games(result):
    return {frozenset((p.a, p.b)) for p in result.pairings if p.b is not None}


def bye_of(result):
    return next((p.a for p in result.pairings if p.b is None), None)


def test_every_player_plays_once_and_tables_are_numbered_from_one():
    result = pair_round(field(10), 1)
    seen = [x for p in result.pairings for x in (p.a, p.b)]
    assert sorted(seen) == list(range(10))
    assert sorted(p.table for p in result.pairings) == [1, 2, 3, 4, 5]


def test_no_rematch_when_avoidable():
    people = [Entrant(0, 6, 0, opponents=frozenset({1})), Entrant(1, 6, 1, opponents=frozenset({0})),
              Entrant(2, 3, 2), Entrant(3, 3, 3)]
    result = pair_round(people, 2)
    assert frozenset({0, 1}) not in games(result)
    assert result.cost[0] == 0 and not result.warnings
    notes = {n.code for p in result.pairings for n in p.notes}
    assert "avoided" in notes and "pulled_up" in notes


def test_fewest_rematches_with_a_warning_when_unavoidable():
    people = [Entrant(0, 0, 0, opponents=frozenset({1})), Entrant(1, 0, 1, opponents=frozenset({0}))]
    result = pair_round(people, 2)
    assert games(result) == {frozenset({0, 1})}
    assert result.cost[0] == 1 and [w.code for w in result.warnings] == ["rematch"]


def test_bye_goes_to_the_lowest_ranked_player_without_one():
    people = [Entrant(i, 10 - i, i, had_bye=(i == 4)) for i in range(5)]
    result = pair_round(people, 3)
    assert bye_of(result) == 3  # 4 is lowest but has had a bye


def test_second_bye_only_when_everyone_has_had_one():
    people = [Entrant(i, 10 - i, i, had_bye=True) for i in range(3)]
    result = pair_round(people, 4)
    assert bye_of(result) == 2 and [w.code for w in result.warnings] == ["second_bye"]


def test_club_mates_are_kept_apart_and_the_option_can_be_off():
    people = field(4, club=None)
    people = [Entrant(i, 0, i, club="A" if i < 2 else "B") for i in range(4)]
    apart = pair_round(people, 1, PairingOptions(seed=1))
    assert all(len({people[x].club for x in g}) == 2 for g in games(apart))
    assert apart.cost[4] == 0


def test_civil_war_avoided_only_when_asked():
    people = [Entrant(i, 0, i, army_ref="II/56" if i < 2 else f"I/{i}") for i in range(4)]
    on = pair_round(people, 2, PairingOptions(avoid_civil_war=True))
    assert frozenset({0, 1}) not in games(on)
    off = pair_round(people, 2, PairingOptions(avoid_civil_war=False))
    assert frozenset({0, 1}) in games(off)  # neighbours in the ranking meet


def test_score_groups_pair_internally_and_neighbours_meet():
    people = [Entrant(i, s, i) for i, s in enumerate([9, 9, 9, 9, 3, 3])]
    result = pair_round(people, 2)
    assert games(result) == {frozenset({0, 1}), frozenset({2, 3}), frozenset({4, 5})}


def test_round_one_random_is_reproducible_by_seed():
    people = field(16)
    first = pair_round(people, 1, PairingOptions(seed=7))
    assert games(first) == games(pair_round(people, 1, PairingOptions(seed=7)))
    assert any(games(first) != games(pair_round(people, 1, PairingOptions(seed=s))) for s in range(8, 12))


def test_round_one_by_army_date_pairs_chronological_neighbours():
    years = [-3000, 1400, -2900, 1450, -500, -450]
    people = [Entrant(i, 0, i, army_year=y) for i, y in enumerate(years)]
    result = pair_round(people, 1, PairingOptions(round1="date", seed=3))
    assert games(result) == {frozenset({0, 2}), frozenset({4, 5}), frozenset({1, 3})}


def test_round_one_prefers_historical_enemies():
    people = [Entrant(0, 0, 0, army_ref="I/1a", enemies=frozenset({"I/2a"})), Entrant(1, 0, 1, army_ref="I/3"),
              Entrant(2, 0, 2, army_ref="I/4"), Entrant(3, 0, 3, army_ref="I/2a")]
    result = pair_round(people, 1, PairingOptions(round1="enemies", seed=1))
    assert frozenset({0, 3}) in games(result)


def test_top_table_to_top_game_fresh_tables_and_fixed_table():
    people = [Entrant(i, 10 - i, i, tables=frozenset({1}) if i < 2 else frozenset()) for i in range(6)]
    people[4] = Entrant(4, 6, 4, fixed_table=2)
    result = pair_round(people, 2)
    table = {frozenset((p.a, p.b)): p.table for p in result.pairings}
    assert table[frozenset({4, 5})] == 2
    assert table[frozenset({0, 1})] != 1  # they played on table 1 already; table 3 is fresh
    assert not any(n.code == "repeat_table" for p in result.pairings for n in p.notes)


def test_swap_warnings_name_what_a_hand_made_game_breaks():
    people = [Entrant(0, 0, 0, club="Dracs", opponents=frozenset({1}), tables=frozenset({3})),
              Entrant(1, 0, 1, club="Dracs", opponents=frozenset({0}))]
    codes = [n.code for n in swap_warnings(people, 0, 1, 3)]
    assert codes == ["rematch", "same_club", "repeat_table"]


# --- the optimum: the same cost as an exact matching over the complete graph ---------------------

def dense_cost(entrants, round_number, options):
    f = pairing._Field(entrants, round_number, options)
    n = len(f.players)
    for rematches in (False, True):
        edges = pairing._candidates(f, None, rematches)
        rows = {e: f.penalties(*e) for e in edges}
        weights = pairing._weights(rows, (n + n % 2) // 2)
        graph = nx.Graph()
        graph.add_weighted_edges_from((i, n if j == pairing.BYE else j, weights[(i, j)]) for i, j in edges)
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        if 2 * len(matching) == n + n % 2:
            return pairing._total(f, [(min(u, v), pairing.BYE if max(u, v) == n else max(u, v)) for u, v in matching])
    return None


@st.composite
def events(draw, low=2, high=18):
    n = draw(st.integers(min_value=low, max_value=high))
    rng = random.Random(draw(st.integers(0, 10_000)))
    played = draw(st.integers(0, 3))
    scores = [0] * n
    met = [set() for _ in range(n)]
    for _ in range(played):
        order = sorted(range(n), key=lambda i: (-scores[i], rng.random()))
        for a, b in zip(order[::2], order[1::2], strict=False):
            met[a].add(b)
            met[b].add(a)
            scores[rng.choice([a, b])] += rng.choice([1, 3, 20, 23])
    ranked = sorted(range(n), key=lambda i: (-scores[i], i))
    return [Entrant(i, scores[i], ranked.index(i), club=f"c{rng.randrange(max(2, n // 6))}", opponents=frozenset(met[i]),
                    had_bye=rng.random() < 0.3) for i in range(n)], played + 1


def check_against_dense(entrants, round_number):
    options = PairingOptions()
    result = pair_round(entrants, round_number, options)
    assert result.cost == dense_cost(entrants, round_number, options)
    ids = sorted(x for p in result.pairings for x in (p.a, p.b) if x is not None)
    assert ids == sorted(e.id for e in entrants)
    assert pairing_cost(entrants, [(p.a, p.b) for p in result.pairings], round_number, options) == result.cost


@settings(max_examples=100, deadline=None)
@given(events())
def test_small_fields_reach_the_exact_optimum(case):
    check_against_dense(*case)


@settings(max_examples=12, deadline=None)
@given(events(low=60, high=90))
def test_sparse_window_reaches_the_exact_optimum_on_larger_fields(case):
    assert len(case[0]) > pairing.DENSE_UP_TO  # the sparse candidate graph is in use
    check_against_dense(*case)


@pytest.mark.parametrize("n", [3, 5, 8])
def test_brute_force_agrees_on_tiny_fields(n):
    rng = random.Random(n)
    entrants = [Entrant(i, rng.choice([0, 3, 6]), i, club=rng.choice("AB")) for i in range(n)]
    entrants = [Entrant(e.id, e.score, r, club=e.club) for r, e in
                enumerate(sorted(entrants, key=lambda e: (-e.score, e.id)))]
    result = pair_round(entrants, 2)
    ids = [e.id for e in entrants] + ([None] if n % 2 else [])
    best = None
    for perm in itertools.permutations(ids):
        pairs = [tuple(sorted(perm[k:k + 2], key=lambda x: (x is None, x))) for k in range(0, len(perm), 2)]
        if any(a is None for a, _ in pairs):
            continue
        cost = pairing_cost(entrants, pairs, 2)
        best = cost if best is None or cost < best else best
    assert result.cost == best
