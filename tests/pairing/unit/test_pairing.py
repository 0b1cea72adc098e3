"""The Swiss pairing engine (pure, no Django or database): rematches, byes, score groups, clubs, round 1,
tables, notes, and the same optimum as an exact matching over the complete graph on fixed fields (the
oracle, tests/pairing_oracle.py, writes the rules out again; test_pairing_optimum.py runs it on
hypothesis fields). Fast: the mutation room `pairing` runs these for every mutant.

    .venv/bin/python -m pytest tests/pairing/unit/test_pairing.py -q -p no:django
"""

from __future__ import annotations

from unittest import mock

import pytest

from tests.pairing_oracle import check_against_dense, swiss_field
from tournament.pairing import engine as pairing
from tournament.pairing.engine import Entrant, PairingOptions, pair_round, pairing_cost, swap_warnings


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Overrides the Django cache fixture of conftest.py: these tests need no Django."""
    yield


def field(n, **kw):
    return [Entrant(id=i, score=0, rank=i, **kw) for i in range(n)]


def games(result):
    return {frozenset((p.a, p.b)) for p in result.pairings if p.b is not None}


def bye_of(result):
    return next((p.a for p in result.pairings if p.b is None), None)


def codes(result):
    return [n.code for p in result.pairings for n in p.notes]


def test_every_player_plays_once_and_tables_are_numbered_from_one():
    result = pair_round(field(10), 1)
    assert sorted(x for p in result.pairings for x in (p.a, p.b)) == list(range(10))
    assert [p.table for p in result.pairings] == [1, 2, 3, 4, 5]


def test_no_rematch_when_avoidable_and_the_avoided_opponent_is_explained():
    people = [Entrant(0, 6, 0, opponents=frozenset({1})), Entrant(1, 6, 1, opponents=frozenset({0})),
              Entrant(2, 3, 2), Entrant(3, 3, 3)]
    result = pair_round(people, 2)
    assert frozenset({0, 1}) not in games(result)
    assert result.cost[0] == 0 and not result.warnings
    avoided = [dict(n.params) for p in result.pairings for n in p.notes if n.code == "avoided"]
    assert {"player": 0, "other": 1, "reason": "rematch"} in avoided
    assert "pulled_up" in codes(result) and "pulled_down" in codes(result)


def test_fewest_rematches_with_a_warning_when_unavoidable():
    # 0 has played 1, 2 and 3: one rematch is forced, and only one (on the sparse graph of big fields too)
    people = [Entrant(0, 9, 0, opponents=frozenset({1, 2, 3})), Entrant(1, 6, 1, opponents=frozenset({0})),
              Entrant(2, 3, 2, opponents=frozenset({0})), Entrant(3, 0, 3, opponents=frozenset({0}))]
    for dense_up_to in (pairing.DENSE_UP_TO, 0):
        with mock.patch.object(pairing, "DENSE_UP_TO", dense_up_to):
            result = pair_round(people, 4)
        assert result.cost[0] == 1
        assert [w.code for w in result.warnings] == ["rematch"]
        assert codes(result).count("rematch") == 1


def test_bye_goes_to_the_lowest_ranked_player_without_one():
    people = [Entrant(i, 10 - i, i, had_bye=(i == 4)) for i in range(5)]
    result = pair_round(people, 3)
    assert bye_of(result) == 3  # 4 is lowest but has had a bye
    assert [n.code for p in result.pairings if p.b is None for n in p.notes] == ["bye"]


def test_bye_level_outranks_score_groups():
    # a bye to one of the 9s would keep both groups whole, but the bye belongs to the lowest-ranked player
    people = [Entrant(i, s, i) for i, s in enumerate([9, 9, 9, 0, 0])]
    assert bye_of(pair_round(people, 2)) == 4


def test_bye_moves_up_only_to_avoid_a_rematch():
    # with 4 on the bye, 3 (who has played 0, 1 and 2) would need a rematch
    people = [Entrant(i, 6 - i, i, opponents=frozenset({3})) for i in range(3)]
    people += [Entrant(3, 0, 3, opponents=frozenset({0, 1, 2})), Entrant(4, 0, 4)]
    result = pair_round(people, 3)
    assert result.cost[0] == 0 and bye_of(result) == 3


def test_second_bye_only_when_everyone_has_had_one():
    people = [Entrant(i, 10 - i, i, had_bye=True) for i in range(3)]
    result = pair_round(people, 4)
    assert bye_of(result) == 2 and [w.code for w in result.warnings] == ["second_bye"]
    # the last fresh player gets it even when a second bye would avoid a rematch
    people = [Entrant(0, 9, 0, had_bye=True), Entrant(1, 6, 1, had_bye=True, opponents=frozenset({2})),
              Entrant(2, 3, 2, opponents=frozenset({1}))]
    result = pair_round(people, 4)
    assert bye_of(result) == 2


def test_club_mates_are_kept_apart_and_the_option_can_be_off():
    people = [Entrant(i, 0, i, club="A" if i < 2 else "B") for i in range(4)]
    for seed in range(5):
        apart = pair_round(people, 1, PairingOptions(seed=seed))
        assert all(len({people[x].club for x in g}) == 2 for g in games(apart))
        assert apart.cost[4] == 0
    together = pair_round(people, 2, PairingOptions(avoid_same_club=False))
    assert frozenset({0, 1}) in games(together) and not together.warnings


def test_same_club_is_warned_when_unavoidable():
    people = [Entrant(i, 0, i, club="A") for i in range(2)]
    result = pair_round(people, 2)
    assert [w.code for w in result.warnings] == ["same_club"] and result.cost[4] == 1


def test_civil_war_avoided_only_when_asked():
    people = [Entrant(i, 0, i, army_ref="II/56" if i < 2 else f"I/{i}") for i in range(4)]
    on = pair_round(people, 2, PairingOptions(avoid_civil_war=True))
    assert frozenset({0, 1}) not in games(on)
    off = pair_round(people, 2, PairingOptions(avoid_civil_war=False))
    assert frozenset({0, 1}) in games(off)  # neighbours in the ranking meet
    assert "civil_war" in codes(off) and not off.warnings


def test_score_groups_pair_internally_and_neighbours_meet():
    people = [Entrant(i, s, i) for i, s in enumerate([9, 9, 9, 9, 3, 3])]
    result = pair_round(people, 2)
    assert games(result) == {frozenset({0, 1}), frozenset({2, 3}), frozenset({4, 5})}
    assert codes(result) == ["score_group"] * 3


def test_one_float_is_pulled_down_to_the_top_of_the_next_group():
    people = [Entrant(i, s, i) for i, s in enumerate([9, 9, 9, 6, 6, 6])]
    result = pair_round(people, 2)
    assert frozenset({2, 3}) in games(result) and result.cost[2] == 1
    pulled = {n.code: dict(n.params)["player"] for p in result.pairings for n in p.notes if n.code.startswith("pulled")}
    assert pulled == {"pulled_up": 3, "pulled_down": 2}


def test_round_one_random_is_reproducible_by_seed():
    people = field(16)
    first = pair_round(people, 1, PairingOptions(seed=7))
    assert first == pair_round(people, 1, PairingOptions(seed=7))
    assert games(first) != games(pair_round(people, 1, PairingOptions(seed=8)))


def test_round_one_by_army_date_pairs_chronological_neighbours():
    years = [-3000, 1400, -2900, 1450, -500, -450]
    people = [Entrant(i, 0, i, army_year=y) for i, y in enumerate(years)]
    for seed in range(4):
        result = pair_round(people, 1, PairingOptions(round1="date", seed=seed))
        assert games(result) == {frozenset({0, 2}), frozenset({4, 5}), frozenset({1, 3})}
        assert "chronological" in codes(result)


def test_round_one_prefers_historical_enemies():
    people = [Entrant(0, 0, 0, army_ref="I/1a", enemies=frozenset({"I/2a"})), Entrant(1, 0, 1, army_ref="I/3"),
              Entrant(2, 0, 2, army_ref="I/4"), Entrant(3, 0, 3, army_ref="I/2a"),
              Entrant(4, 0, 4, army_ref="I/5", enemies=frozenset({"I/3"})), Entrant(5, 0, 5, army_ref="I/6")]
    for seed in range(6):
        result = pair_round(people, 1, PairingOptions(round1="enemies", seed=seed))
        assert {frozenset({0, 3}), frozenset({1, 4})} <= games(result)
        assert codes(result).count("enemies") == 2


def test_top_table_to_top_game_fresh_tables_and_fixed_table():
    people = [Entrant(i, 10 - i, i, tables=frozenset({1}) if i < 2 else frozenset()) for i in range(6)]
    people[4] = Entrant(4, 6, 4, fixed_table=2)
    result = pair_round(people, 2)
    table = {frozenset((p.a, p.b)): p.table for p in result.pairings}
    assert table[frozenset({4, 5})] == 2
    assert table[frozenset({0, 1})] == 3  # table 1 is not fresh for them; 2 is fixed
    assert table[frozenset({2, 3})] == 1
    assert "fixed_table" in codes(result) and "repeat_table" not in codes(result)


def test_plain_tables_go_top_down_and_the_bye_comes_last():
    people = [Entrant(i, 10 - i, i) for i in range(7)]
    result = pair_round(people, 2, PairingOptions(tables=10))
    assert [(p.a, p.table) for p in result.pairings] == [(0, 1), (2, 2), (4, 3), (6, None)]


def test_repeat_table_is_noted_only_when_unavoidable():
    people = [Entrant(i, 0, i, tables=frozenset({1})) for i in range(2)]
    result = pair_round(people, 2)
    assert codes(result).count("repeat_table") == 2
    wider = pair_round(people, 2, PairingOptions(tables=2))
    assert wider.pairings[0].table == 2


def test_clashing_fixed_tables_are_warned():
    people = [Entrant(i, 0, i, fixed_table=1 if i in (0, 2) else None) for i in range(4)]
    result = pair_round(people, 2)
    assert sorted(p.table for p in result.pairings) == [1, 2]
    assert next(p.table for p in result.pairings if 2 in (p.a, p.b)) == 2
    assert [(w.code, dict(w.params)) for w in result.warnings] == [
        ("fixed_table", {"player": 2, "table": 1, "conflict": True, "other": 0})]  # 0's game kept table 1


def test_opponents_with_different_fixed_tables_warn_whose_table_was_kept():
    people = [Entrant(0, 0, 0, fixed_table=3), Entrant(1, 0, 1, fixed_table=5)]
    result = pair_round(people, 2)
    assert [p.table for p in result.pairings] == [3]
    assert [(w.code, dict(w.params)) for w in result.warnings] == [
        ("fixed_table", {"player": 1, "table": 5, "conflict": True, "other": 0, "other_table": 3})]


def test_swap_warnings_name_what_a_hand_made_game_breaks():
    people = [Entrant(0, 0, 0, club="Dracs", opponents=frozenset({1}), tables=frozenset({3}), had_bye=True),
              Entrant(1, 0, 1, club="Dracs", opponents=frozenset({0}))]
    assert [n.code for n in swap_warnings(people, 0, 1, 3)] == ["rematch", "same_club", "repeat_table"]
    assert all(dict(n.params).get("by_hand") for n in swap_warnings(people, 0, 1, 3) if n.code != "repeat_table")
    assert [(n.code, dict(n.params)) for n in swap_warnings(people, 0, None, None)] == [
        ("second_bye", {"player": 0, "by_hand": True})]
    assert swap_warnings(people, 1, None, None) == ()


def test_pairing_cost_needs_every_entrant_once():
    people = field(4)
    assert pairing_cost(people, [(0, 1), (3, 2)]) == pair_round(people, 2).cost
    with pytest.raises(ValueError):
        pairing_cost(people, [(0, 1)])


def test_too_few_players_or_duplicate_ids_are_refused():
    for few in (field(1), []):  # one player, or none at all: the same refusal
        with pytest.raises(ValueError, match="at least two players"):
            pair_round(few, 1)
    with pytest.raises(ValueError):
        pair_round([Entrant(1, 0, 0), Entrant(1, 0, 1)], 1)


def test_scaled_scores_pair_the_same_and_use_few_bits():
    people = [Entrant(i, s, i, opponents=frozenset({i ^ 1})) for i, s in enumerate([9, 9, 6, 6, 3, 3, 0, 0])]
    scaled = [Entrant(e.id, e.score * 10**9, e.rank, opponents=e.opponents) for e in people]
    assert games(pair_round(people, 3)) == games(pair_round(scaled, 3))


def test_wins_first_score_groups_are_wins_then_points():
    # Southern Battle Gamers: two narrow wins (+1) rank above a game on time won by 3 elements (+3, no win)
    people = [Entrant(0, 1, 0, wins=1), Entrant(1, 1, 1, wins=1), Entrant(2, 3, 2, wins=0),
              Entrant(3, -1, 3, wins=0), Entrant(4, -1, 4, wins=0), Entrant(5, -3, 5, wins=0)]
    result = pair_round(people, 2)
    assert games(result) == {frozenset({0, 1}), frozenset({2, 3}), frozenset({4, 5})}
    top = next(p for p in result.pairings if {p.a, p.b} == {0, 1})
    assert [(n.code, dict(n.params)) for n in top.notes] == [("score_group", {"score": 1, "wins": 1})]
    # by points alone the +3 would have met a winner
    by_points = pair_round([Entrant(e.id, e.score, e.rank) for e in people], 2)
    assert frozenset({0, 1}) not in games(by_points)


def test_wins_first_the_gap_in_wins_outweighs_any_gap_in_margin():
    # two groups apart either way: two floats of one win each (margins 10 and 4 apart) rather than one of two
    # wins (0 v 3, a margin 6 apart) and none between the two on one win, though the margins' squares alone
    # (116 against 36) would choose that; the notes give the wins
    people = [Entrant(0, 5, 0, wins=2), Entrant(1, -5, 1, wins=1), Entrant(2, -5, 2, wins=1),
              Entrant(3, -1, 3, wins=0), Entrant(4, -4, 4, wins=0)]
    result = pair_round(people, 3)
    assert games(result) == {frozenset({0, 1}), frozenset({2, 3})} and bye_of(result) == 4
    assert result.cost[2:4] == (2, 2 * (1 + 2 * 10**2) + 10**2 + 4**2)  # two groups apart; 2 wins², margins 10, 4
    floated = next(p for p in result.pairings if 3 in (p.a, p.b))
    notes = [(n.code, dict(n.params)) for n in floated.notes]
    assert ("pulled_up", {"player": 3, "score": -1, "to": -5, "wins": 0, "to_wins": 1}) in notes
    assert ("pulled_down", {"player": 2, "score": -5, "to": -1, "wins": 1, "to_wins": 0}) in notes


def test_players_without_a_club_are_nobodys_club_mates():
    # two players with no club (None or "") are not of one club: the neighbours in the standings meet
    for none in (None, ""):
        people = [Entrant(0, 6, 0, club=none), Entrant(1, 6, 1, club=none), Entrant(2, 3, 2, club="A"),
                  Entrant(3, 3, 3, club="B")]
        result = pair_round(people, 2)
        assert games(result) == {frozenset({0, 1}), frozenset({2, 3})}
        assert result.cost[4] == 0 and "same_club" not in codes(result) and not result.warnings


# --- the optimum: the same cost as an exact matching over the complete graph (fixed fields) ---------

# (players, seed, rounds played, avoid civil war, avoid same club, round 1): every option and odd fields
FIELDS = [(2, 1, 0, False, True, "random"), (3, 2, 1, True, True, "random"), (4, 3, 0, True, False, "date"),
          (5, 4, 2, False, True, "enemies"), (6, 5, 0, True, True, "enemies"), (7, 6, 3, True, True, "random"),
          (8, 7, 1, False, False, "random"), (9, 8, 0, False, True, "date"), (10, 9, 4, True, True, "enemies"),
          (11, 10, 2, True, False, "random"), (12, 11, 3, False, True, "random"), (13, 12, 0, True, True, "random"),
          (14, 13, 1, True, True, "date"), (15, 14, 4, False, True, "random"), (16, 15, 2, True, True, "random"),
          (16, 16, 0, False, True, "enemies"), (9, 17, 3, True, True, "random"), (12, 18, 1, True, True, "random"),
          (10, 19, 2, False, True, "random"), (11, 20, 0, True, True, "enemies")]


@pytest.mark.parametrize("n, seed, played, civil_war, club, round1", FIELDS)
def test_fixed_fields_reach_the_exact_optimum(n, seed, played, civil_war, club, round1):
    check_against_dense(*swiss_field(n, seed, played, civil_war, club, round1))


@pytest.mark.parametrize("n, seed, played", [(5, 31, 1), (6, 32, 2), (9, 33, 3), (12, 34, 4), (16, 35, 2), (11, 36, 4)])
def test_fixed_fields_ranked_by_wins_first_reach_the_exact_optimum(n, seed, played):
    check_against_dense(*swiss_field(n, seed, played, True, True, "random", wins_first=True))
    with mock.patch.object(pairing, "DENSE_UP_TO", 0), mock.patch.object(pairing, "WINDOW", 2):
        check_against_dense(*swiss_field(n, seed, played, True, True, "random", wins_first=True))


@pytest.mark.parametrize("n, seed, played, window, round1", [
    (8, 21, 2, 2, "random"), (11, 22, 3, 3, "random"), (14, 23, 1, 2, "random"), (13, 24, 0, 4, "enemies"),
    (12, 25, 0, 2, "enemies"), (9, 26, 0, 3, "date")])
def test_fixed_fields_on_a_sparse_window_reach_the_exact_optimum(n, seed, played, window, round1):
    with mock.patch.object(pairing, "DENSE_UP_TO", 0), mock.patch.object(pairing, "WINDOW", window):
        check_against_dense(*swiss_field(n, seed, played, True, True, round1))


@pytest.mark.parametrize("field", FIELDS[::4])
def test_fixed_fields_reach_the_exact_optimum_through_the_networkx_fallback(field):
    with mock.patch.object(pairing, "MAX_BITS", 1):  # every weight too wide for rustworkx
        check_against_dense(*swiss_field(*field))
