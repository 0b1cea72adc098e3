"""Groups, round robins and brackets as pure code: every pair of a group meets exactly once, nobody plays
twice in a round, and a bracket played to the end gives every entrant exactly one place."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.stages import brackets, groups, schedule

# --- the round robin ------------------------------------------------------------------------------

@given(st.integers(min_value=2, max_value=12))
def test_every_pair_meets_exactly_once_and_nobody_plays_twice_in_a_round(n):
    players = list(range(100, 100 + n))
    rounds = schedule.circle(players)
    assert len(rounds) == schedule.rounds_needed(n)
    met = []
    for games in rounds:
        seated = [p for game in games for p in game if p is not None]
        assert sorted(seated) == sorted(players)  # everyone once: playing, or sitting out
        assert sum(1 for _a, b in games if b is None) == n % 2  # one bye in an odd group, none in an even one
        met += [frozenset(g) for g in games if g[1] is not None]
    assert sorted(met, key=sorted) == sorted((frozenset(p) for p in itertools.combinations(players, 2)), key=sorted)


def test_odd_groups_give_everyone_one_bye():
    rounds = schedule.circle([1, 2, 3, 4, 5])
    assert sorted(a for games in rounds for a, b in games if b is None) == [1, 2, 3, 4, 5]


def test_sides_alternate_for_the_fixed_player():
    rounds = schedule.circle([1, 2, 3, 4, 5, 6])
    sides = ["a" if g[0] == 1 else "b" for games in rounds for g in games if 1 in g]
    assert sides == ["a", "b", "a", "b", "a"]


# --- making groups --------------------------------------------------------------------------------

@given(st.integers(min_value=6, max_value=64), st.integers(min_value=1, max_value=10), st.sampled_from(["seeded", "random"]),
       st.integers(min_value=0, max_value=2**31))
def test_a_draw_puts_everyone_in_one_group_of_3_to_8(players, count, method, seed):
    order = list(range(1, players + 1))
    try:
        made = groups.draw(order, count, method, seed)
    except groups.GroupError as exc:
        assert exc.code == "group_size"
        assert not all(3 <= s <= 8 for s in _even_sizes(players, count))
        return
    assert sorted(p for g in made for p in g) == order
    assert all(3 <= len(g) <= 8 for g in made) and max(map(len, made)) - min(map(len, made)) <= 1


def _even_sizes(players, count):
    base, extra = divmod(players, count)
    return [base + 1] * extra + [base] * (count - extra)


def test_seeding_snakes_the_strongest_over_the_groups():

    made = groups.draw(list(range(1, 13)), 3, "seeded")
    assert made == [[1, 6, 7, 12], [2, 5, 8, 11], [3, 4, 9, 10]]


def test_a_random_draw_is_repeatable_from_its_seed():
    order = list(range(1, 17))
    assert groups.draw(order, 3, "random", 7) == groups.draw(order, 3, "random", 7)
    assert groups.draw(order, 3, "random", 7) != groups.draw(order, 3, "random", 8)


def test_the_organizers_groups_are_checked():
    players = list(range(1, 9))
    chosen = {p: 1 if p <= 4 else 2 for p in players}
    assert groups.check_assignment(players, chosen, 2) == [[1, 2, 3, 4], [5, 6, 7, 8]]
    with pytest.raises(groups.GroupError) as small:
        groups.check_assignment(players, {**chosen, 1: 2, 2: 2}, 2)
    assert small.value.code == "one_group_size" and small.value.params["group"] == 1
    with pytest.raises(groups.GroupError) as missing:
        groups.check_assignment(players, {p: 1 for p in players[1:]}, 2)
    assert missing.value.code == "unassigned"


def test_group_winners_then_the_best_runners_up_by_points_per_game():
    a = [groups.Placed(1, 20, 4), groups.Placed(2, 16, 4), groups.Placed(3, 4, 4)]
    b = [groups.Placed(4, 25, 5), groups.Placed(5, 15, 5), groups.Placed(6, 5, 5)]
    c = [groups.Placed(7, 12, 4), groups.Placed(8, 10, 4), groups.Placed(9, 1, 4)]
    # Winners by points per game (5, 5, 3: 25 points beat 20 on equal average), then runner-up 2 (4 a game).
    assert groups.winners_and_runners_up([a, b, c], 4) == [4, 1, 7, 2]
    with pytest.raises(groups.GroupError):
        groups.winners_and_runners_up([a, b, c], 2)


def test_placement_seeds_pair_equal_places():
    assert groups.placement_seeds([1, 2, 3], [4, 5]) == [1, 4, 2, 5, 3, None]


# --- brackets -------------------------------------------------------------------------------------

def play_out(bracket, seeds, rng):
    winners = {}
    games = 0
    while True:
        states = brackets.resolve(bracket, seeds, winners)
        ready = brackets.playable(states)
        if not ready:
            break
        busy = [p for s in ready for p in (s.a, s.b)]
        assert len(busy) == len(set(busy))  # a player is in at most one game at a time
        for s in ready:
            winners[s.match.code] = rng.choice([s.a, s.b])
            games += 1
    return states, games


@given(st.integers(min_value=2, max_value=40), st.booleans(), st.integers(min_value=0, max_value=10**6))
def test_single_elimination_gives_every_entrant_one_place(n, third, seed):
    bracket = brackets.single(n, third)
    seeds = list(range(1, n + 1))
    states, games = play_out(bracket, seeds, random.Random(seed))
    assert brackets.finished(states)
    places = brackets.placings(bracket, states)
    assert sorted(p for _place, p in places) == seeds
    assert games == n - 1 + (1 if third and n >= 4 else 0)
    assert [place for place, _p in places][:2] == [1, 2]


@given(st.integers(min_value=3, max_value=40), st.integers(min_value=0, max_value=10**6))
def test_double_elimination_ends_a_player_only_at_their_second_loss(n, seed):
    bracket = brackets.double(n)
    states, games = play_out(bracket, list(range(1, n + 1)), random.Random(seed))
    assert brackets.finished(states)
    places = brackets.placings(bracket, states)
    assert sorted(p for _place, p in places) == list(range(1, n + 1))
    losses = {p: 0 for p in range(1, n + 1)}
    for s in states.values():
        if s.loser not in (None, brackets.BYE) and not s.walkover:
            losses[s.loser] += 1
    champion = places[0][1]
    assert losses[champion] <= 1
    assert all(count == 2 for p, count in losses.items() if p != champion and p != places[1][1])
    assert games == 2 * n - 2 or games == 2 * n - 3  # one grand final, no reset: 2n-2 or 2n-3 games


def test_seeds_meet_in_the_standard_order():
    assert brackets.seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    bracket = brackets.single(6)
    states = brackets.resolve(bracket, list(range(1, 7)), {})
    # Seeds 1 and 2 go through round 1 without a game; 4 v 5 and 3 v 6 are played.
    assert {(s.a, s.b) for s in brackets.playable(states)} == {(4, 5), (3, 6)}
    assert states["W1-1"].winner == 1 and states["W1-1"].walkover


def test_semi_final_losers_share_third_without_a_third_place_game():
    bracket = brackets.single(4, third_place=False)
    winners = {"W1-1": 1, "W1-2": 2, "W2-1": 2}
    assert brackets.placings(bracket, brackets.resolve(bracket, [1, 2, 3, 4], winners)) == [
        (1, 2), (2, 1), (3, 4), (3, 3)]


def test_a_winner_who_did_not_play_the_match_leaves_it_undecided_and_in_conflict():
    bracket = brackets.single(4)
    # Seeds 1 v 4 and 2 v 3; the final was played by 1 and 2, then W1-1 was corrected to 4.
    states = brackets.resolve(bracket, [1, 2, 3, 4], {"W1-1": 4, "W1-2": 2, "W2-1": 1})
    assert states["W2-1"].conflict and states["W2-1"].winner is None
    assert states["W2-1"].playable and (states["W2-1"].a, states["W2-1"].b) == (4, 2)  # to be played again
    assert not brackets.finished(states)


def test_placement_play_offs_give_the_winner_the_better_place():
    bracket = brackets.placement(5)
    states = brackets.resolve(bracket, [10, 20, 11, 21, 12], {"P1": 20, "P2": 11})
    assert brackets.placings(bracket, states) == [(1, 20), (2, 10), (3, 11), (4, 21), (5, 12)]


@pytest.mark.parametrize(("outcome", "points", "seeds", "expected"), [
    ("a", (1, 30), (2, 1), "a"), ("b", (30, 1), (1, 2), "b"),
    ("time", (8, 4), (2, 1), "a"), ("time", (4, 4), (2, 1), "b"), ("time", (4, 4), (1, 2), "a"),
])
def test_a_knockout_game_on_time_goes_to_the_points_then_the_better_seed(outcome, points, seeds, expected):
    assert brackets.knockout_winner(outcome, *points, *seeds) == expected
