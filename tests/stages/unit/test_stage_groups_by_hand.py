"""Groups and their round robins as an organizer reads them: the exact Berger table of a small group (who plays
whom, on which side, in which round, and who sits out), how many rounds a group needs, the sizes of the groups,
the draw, the organizer's own groups refused with the reason the page gives, and who goes on from the groups.
Every expected value is written out by hand from the rules of the format."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.stages import brackets, groups, schedule

# --- the round robin ------------------------------------------------------------------------------


@pytest.mark.parametrize(("size", "rounds"), [(2, 1), (3, 3), (4, 3), (5, 5), (6, 5), (7, 7), (8, 7)])
def test_a_group_plays_one_round_fewer_than_its_size_or_its_size_when_odd(size, rounds):
    assert schedule.rounds_needed(size) == rounds


def test_the_round_robin_of_four_is_the_berger_table():
    # The circle 1 2 3 4: 1 stays, the others turn. 1 changes side every round.
    assert schedule.circle([1, 2, 3, 4]) == [
        [(1, 4), (2, 3)],
        [(3, 1), (4, 2)],
        [(1, 2), (3, 4)],
    ]


def test_the_round_robin_of_five_gives_each_player_one_bye_listed_last():
    # Five players and an empty seat: whoever faces the empty seat sits out, and that line comes after the games.
    assert schedule.circle([1, 2, 3, 4, 5]) == [
        [(2, 5), (3, 4), (1, None)],
        [(5, 1), (2, 3), (4, None)],
        [(1, 4), (5, 3), (2, None)],
        [(3, 1), (4, 2), (5, None)],
        [(1, 2), (4, 5), (3, None)],
    ]


def test_the_round_robin_of_three_is_three_rounds_of_one_game_and_one_bye():
    assert schedule.circle([7, 8, 9]) == [
        [(8, 9), (7, None)],
        [(9, 7), (8, None)],
        [(7, 8), (9, None)],
    ]


def test_two_players_play_once_and_fewer_play_nothing():
    assert schedule.circle([5, 6]) == [[(5, 6)]]
    assert schedule.circle([5]) == []
    assert schedule.circle([]) == []


def test_a_player_twice_in_a_group_is_refused():
    with pytest.raises(ValueError, match="^players must be distinct$"):
        schedule.circle([1, 2, 2, 3])


# --- group sizes and the draw -----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "count", "expected"), [
    (9, 3, [3, 3, 3]), (10, 3, [4, 3, 3]), (11, 3, [4, 4, 3]), (24, 3, [8, 8, 8]), (8, 1, [8]), (3, 1, [3]),
    (17, 4, [5, 4, 4, 4]),
])
def test_groups_are_as_equal_as_they_can_be_the_bigger_first(players, count, expected):
    assert groups.sizes(players, count) == expected


@pytest.mark.parametrize(("players", "count"), [(8, 3), (25, 3), (9, 1), (2, 1), (5, 2)])
def test_groups_under_three_or_over_eight_players_are_refused_naming_the_limits(players, count):
    with pytest.raises(groups.GroupError) as refused:
        groups.sizes(players, count)
    assert refused.value.code == "group_size"
    assert refused.value.params == {"players": players, "groups": count, "low": 3, "high": 8}
    assert str(refused.value) == "group_size"


@pytest.mark.parametrize("count", [0, -1])
def test_no_groups_at_all_is_refused(count):
    with pytest.raises(groups.GroupError) as refused:
        groups.sizes(12, count)
    assert refused.value.code == "no_groups" and refused.value.params == {}


def test_a_draw_of_too_few_players_for_the_groups_is_refused():
    with pytest.raises(groups.GroupError) as refused:
        groups.draw(list(range(1, 6)), 2, "seeded")
    assert refused.value.code == "group_size"


def test_a_seeded_draw_snakes_back_and_forth_over_uneven_groups():
    # 1 A, 2 B, 3 C, then back: 4 C, 5 B, 6 A, then 7 A, 8 B, 9 C, then 10 C.
    assert groups.draw(list(range(1, 11)), 3, "seeded") == [[1, 6, 7], [2, 5, 8], [3, 4, 9, 10]]
    assert groups.draw([40, 30, 20, 10, 50, 60], 2, "seeded") == [[40, 10, 50], [30, 20, 60]]


def test_a_random_draw_shuffles_with_the_recorded_seed_then_deals_in_turn():
    order = list(range(1, 14))
    for seed in (0, 7, 123456):
        shuffled = list(order)
        random.Random(seed).shuffle(shuffled)
        # Dealt in turn, not in a snake: A gets the 1st, 4th, 7th... of the shuffled players.
        expected = [[shuffled[i] for i in range(g, 13, 3)] for g in range(3)]
        assert groups.draw(order, 3, "random", seed) == expected
    zero = list(order)
    random.Random(0).shuffle(zero)
    assert groups.draw(order, 3, "random") == [zero[0::3], zero[1::3], zero[2::3]]  # no seed given: seed 0


def test_an_unknown_draw_method_is_refused_naming_it():
    with pytest.raises(groups.GroupError) as refused:
        groups.draw(list(range(1, 10)), 3, "alphabetical")
    assert refused.value.code == "method" and refused.value.params == {"method": "alphabetical"}


# --- the organizer's own groups -----------------------------------------------------------------------


def test_the_organizers_groups_keep_the_players_order_within_each_group():
    players = [11, 12, 13, 14, 15, 16, 17]
    chosen = {11: 2, 12: 1, 13: 2, 14: 1, 15: 1, 16: 2, 17: 2}
    assert groups.check_assignment(players, chosen, 2) == [[12, 14, 15], [11, 13, 16, 17]]


@pytest.mark.parametrize("number", [0, 3, -1])
def test_a_group_number_outside_the_groups_is_refused_naming_the_player_and_the_number(number):
    players = list(range(1, 7))
    chosen = {p: 1 if p <= 3 else 2 for p in players}
    with pytest.raises(groups.GroupError) as refused:
        groups.check_assignment(players, {**chosen, 4: number}, 2)
    assert refused.value.code == "group_number" and refused.value.params == {"player": 4, "group": number}


def test_the_last_group_number_is_a_group():
    players = list(range(1, 10))
    chosen = {p: (p - 1) // 3 + 1 for p in players}
    assert groups.check_assignment(players, chosen, 3) == [[1, 2, 3], [4, 5, 6], [7, 8, 9]]


def test_a_group_too_small_or_too_big_is_refused_naming_it_and_its_size():
    players = list(range(1, 12))
    too_big = {p: 1 if p <= 9 else 2 for p in players}  # 9 in group 1, 2 in group 2: group 1 is named first
    with pytest.raises(groups.GroupError) as refused:
        groups.check_assignment(players, too_big, 2)
    assert refused.value.code == "one_group_size"
    assert refused.value.params == {"group": 1, "size": 9, "low": 3, "high": 8}
    too_small = {p: 1 if p <= 8 else 2 for p in players[:10]}  # 8 and 2
    with pytest.raises(groups.GroupError) as refused:
        groups.check_assignment(players[:10], too_small, 2)
    assert refused.value.params == {"group": 2, "size": 2, "low": 3, "high": 8}
    sizes_at_the_limits = {p: 1 if p <= 8 else 2 for p in players}  # 8 and 3
    assert [len(g) for g in groups.check_assignment(players, sizes_at_the_limits, 2)] == [8, 3]


def test_players_without_a_group_are_all_named():
    players = [1, 2, 3, 4, 5, 6, 7, 8]
    with pytest.raises(groups.GroupError) as refused:
        groups.check_assignment(players, {1: 1, 2: 1, 4: 1, 5: 2, 7: 2}, 2)
    assert refused.value.code == "unassigned" and refused.value.params == {"players": [3, 6, 8]}


# --- who goes on from the groups ------------------------------------------------------------------------


def _line(player, games, *values):
    keys = tuple(groups.Key(*v) if isinstance(v, tuple) else groups.Key(v) for v in values)
    return groups.Placed(player, games, keys)


def test_a_cut_from_one_table_takes_its_top_and_needs_two_to_all():
    table = [5, 3, 9, 1]
    assert groups.top(table, 2) == [5, 3]
    assert groups.top(table, 4) == [5, 3, 9, 1]
    for k in (1, 5):
        with pytest.raises(groups.GroupError) as refused:
            groups.top(table, k)
        assert refused.value.code == "cut_size" and refused.value.params == {"k": k, "players": 4}


def test_the_cut_after_groups_takes_one_a_group_to_everyone():
    a = [_line(1, 2, 6), _line(2, 2, 3), _line(3, 2, 0)]
    b = [_line(4, 2, 4), _line(5, 2, 2), _line(6, 2, 1)]
    assert groups.winners_and_runners_up([a, b], 2) == [1, 4]
    # Everyone: place by place, the better of each place first (2 has 1.5 a game, 5 has 1; then 6 has 0.5, 3 none).
    assert groups.winners_and_runners_up([a, b], 6) == [1, 4, 2, 5, 6, 3]
    assert groups.winners_and_runners_up([a, b], 5) == [1, 4, 2, 5, 6]
    for k in (1, 7):
        with pytest.raises(groups.GroupError) as refused:
            groups.winners_and_runners_up([a, b], k)
        assert refused.value.code == "cut_size" and refused.value.params == {"k": k, "players": 6}


def test_the_best_thirds_come_from_the_groups_that_have_a_third():
    a = [_line(1, 3, 9), _line(2, 3, 6), _line(3, 3, 3), _line(4, 3, 0)]
    b = [_line(5, 2, 6), _line(6, 2, 3), _line(7, 2, 0)]
    c = [_line(8, 1, 3), _line(9, 1, 0)]  # no third in group C
    # Thirds: 3 (1 a game) before 7 (none); fourths: only A has one.
    assert groups.winners_and_runners_up([a, b, c], 8) == [1, 5, 8, 2, 6, 9, 3, 7]
    assert groups.winners_and_runners_up([a, b, c], 9) == [1, 5, 8, 2, 6, 9, 3, 7, 4]


def test_a_player_with_no_game_counts_nothing_a_game():
    # Group B's runner-up played no game (their opponents dropped out): 0 a game, behind half a point a game.
    a = [_line(1, 2, 6), _line(2, 2, 1)]
    b = [_line(3, 2, 6), _line(4, 0, 0)]
    assert groups.winners_and_runners_up([a, b], 3) == [1, 3, 2]
    # Fewer is better: 0 elements lost a game before 1.
    c = [_line(1, 2, 6), _line(2, 2, 2, (2, True))]
    d = [_line(3, 2, 6), _line(4, 2, 2, (0, True))]
    assert groups.winners_and_runners_up([c, d], 3) == [1, 3, 4]


def test_a_total_not_divided_by_the_games_compares_as_it_is():
    # A drawn lot (per_game False): 5 beats 4 whatever the games played; per game it would be 5/5 = 1 < 4/2 = 2.
    a = [_line(1, 2, 6), _line(2, 5, (5, False, False))]
    b = [_line(3, 2, 6), _line(4, 2, (4, False, False))]
    assert groups.winners_and_runners_up([a, b], 3) == [1, 3, 2]
    # Divided by the games it would be the other way: points per game.
    c = [_line(1, 2, 6), _line(2, 5, 5)]
    d = [_line(3, 2, 6), _line(4, 2, 4)]
    assert groups.winners_and_runners_up([c, d], 3) == [1, 3, 4]


def test_level_players_of_one_place_keep_the_groups_order():
    a = [_line(1, 2, 6), _line(2, 2, 2)]
    b = [_line(3, 2, 6), _line(4, 2, 2)]
    c = [_line(5, 2, 6), _line(6, 2, 2)]
    assert groups.winners_and_runners_up([a, b, c], 5) == [1, 3, 5, 2, 4]
    assert groups.placement_seeds([a, b, c]) == [1, 3, 5, 2, 4, 6]


def test_level_players_of_one_place_are_named_for_the_cut_to_refuse():
    a = [_line(1, 2, 6), _line(2, 2, 2), _line(7, 2, 0)]
    b = [_line(3, 2, 6), _line(4, 2, 2), _line(8, 2, 1)]
    c = [_line(5, 2, 4), _line(6, 2, 2)]
    assert groups.level_across([a, b, c]) == [(1, 3), (2, 4, 6)]
    assert groups.level_across([]) == []


def test_level_players_of_one_place_are_named_for_the_play_offs_to_refuse_unless_they_meet_in_their_first_game():
    # Three groups: a place's bracket of three, 1 has the bye and 2 v 3 (brackets.first_round(3): (1, 4), (2, 3)).
    three = brackets.first_round(3)
    a = [_line(1, 2, 6), _line(2, 2, 4), _line(7, 2, 0)]
    b = [_line(3, 2, 6), _line(4, 2, 2), _line(8, 2, 0)]
    c = [_line(5, 2, 4), _line(6, 2, 2), _line(9, 2, 0)]
    # Winners 1 and 3 level for the bye; runners-up 4 and 6 (seeds 2 and 3) meet; thirds all three level.
    assert groups.placement_level([a, b, c], three) == [(1, 3), (7, 8, 9)]
    assert groups.placement_level([a, b, c], three, [(3, 1), (9, 8, 7)]) == []
    # Four groups: 1 v 4 and 2 v 3; two level players at seeds 1 and 2 would each meet another.
    d = [_line(10, 2, 0), _line(11, 2, 0)]
    assert groups.placement_level([a, b, c, d], brackets.first_round(4)) == [(1, 3), (7, 8, 9)]
    # Two groups: the place's one game decides between the two.
    assert groups.placement_level([a, b], brackets.first_round(2)) == []


def test_a_decision_naming_every_level_player_orders_them_and_no_other():
    a = [_line(1, 2, 6), _line(2, 2, 2)]
    b = [_line(3, 2, 6), _line(4, 2, 2)]
    c = [_line(5, 2, 6), _line(6, 2, 2)]
    # A playoff (or a lot, the umpire's) for 6, 2 and 4, recorded in that order; another for two of the winners only.
    decided = [(6, 2, 4), (5, 3)]
    assert groups.winners_and_runners_up([a, b, c], 5, decided) == [1, 3, 5, 6, 2]
    assert groups.level_across([a, b, c], decided) == [(1, 3, 5)]
    assert groups.placement_seeds([a, b, c], decided) == [1, 3, 5, 6, 2, 4]
    # A decision for more players (the standings' tie of 2, 4, 6 and 9) orders them too.
    assert groups.winners_and_runners_up([a, b, c], 4, [(9, 4, 6, 2)]) == [1, 3, 5, 4]


def test_the_placings_from_groups_share_a_place_shared_in_a_group_or_level_across_them():
    # Group A: 2 and 3 share 2nd place in their table (place 2 both); group B's 2nd is behind them a game.
    a = [_line(1, 3, 9), groups.Placed(2, 3, (groups.Key(4),), 2), groups.Placed(3, 3, (groups.Key(4),), 2),
         _line(4, 3, 0)]
    b = [_line(5, 3, 6), _line(6, 3, 3), _line(7, 3, 3), _line(8, 3, 1)]
    assert groups.placings([a, b]) == [(1, 1), (2, 5), (3, 2), (3, 3), (5, 6), (6, 7), (7, 8), (8, 4)]
    # One group: its table's places, shared as there (2, 2, 4).
    assert groups.placings([a]) == [(1, 1), (2, 2), (2, 3), (4, 4)]
    # Level across the groups, the same place; a decision for them orders them.
    c = [_line(9, 3, 6), _line(10, 3, 3)]
    assert groups.placings([b[:2], c]) == [(1, 5), (1, 9), (3, 6), (3, 10)]
    assert groups.placings([b[:2], c], [(9, 5)]) == [(1, 9), (2, 5), (3, 6), (3, 10)]


def test_placement_seeds_of_no_groups_are_none():
    assert groups.placement_seeds([]) == []


def test_placement_seeds_order_each_place_by_the_events_keys():
    # Runners-up: B's has more points a game (3 v 2), C's fewest elements lost breaks A's and B's... by place.
    a = [_line(1, 2, 6, (1, True)), _line(2, 2, 4, (5, True))]
    b = [_line(3, 2, 4, (2, True)), _line(4, 2, 6, (3, True))]
    c = [_line(5, 2, 4, (0, True)), _line(6, 2, 4, (4, True))]
    # Winners: 1 (3 a game) then 5 (2 a game, 0 lost) then 3 (2 a game, 1 lost a game).
    # Runners-up: 4 (3 a game), then 6 (2 a game, 2 lost a game) before 2 (2 a game, 2.5 lost a game).
    assert groups.placement_seeds([a, b, c]) == [1, 5, 3, 4, 6, 2]


# --- the bracket after the groups: crossing the groups ----------------------------------------------------


def _lowest_crossing(order, group_of, keep, first_round):
    """By brute force: of every way to seed the players after the first `keep`, the first in the order's own order
    (the seeds moving as little as they can, the better players first) with no first-round match inside a group;
    none: the order as it is. A player without a group is in a group of their own."""
    n = len(order)
    keep = min(keep, n)

    def group(p):
        g = group_of.get(p)
        return ("alone", p) if g is None else g

    def crosses(seeds):
        return all(not (a <= n and b <= n and group(seeds[a - 1]) == group(seeds[b - 1])) for a, b in first_round)

    for tail in itertools.permutations(order[keep:]):  # in the order's own order: the first that crosses
        if crosses([*order[:keep], *tail]):
            return [*order[:keep], *tail]
    return list(order)


@settings(max_examples=150)
@given(st.integers(min_value=2, max_value=7).flatmap(lambda n: st.tuples(
    st.lists(st.sampled_from([1, 2, 3, None]), min_size=n, max_size=n), st.integers(min_value=0, max_value=n + 1))))
def test_crossing_any_groups_moves_the_fewest_seeds_from_the_best_down(drawn):
    labels, keep = drawn
    order = [10 + i for i in range(len(labels))]
    group_of = {p: g for p, g in zip(order, labels, strict=True) if g is not None}
    first = brackets.first_round(len(order))
    assert groups.crossed(order, group_of, keep, first) == _lowest_crossing(order, group_of, keep, first)


def test_players_without_a_group_meet_anybody_even_each_other():
    # A1, B1, then B2 and two players from no group, then A2: seeds 4 v 5 (the two without a group) and 3 v 6.
    order = [1, 2, 3, 4, 5, 6]
    group_of = {1: "A", 2: "B", 3: "B", 6: "A"}
    assert groups.crossed(order, group_of, 2, brackets.first_round(6)) == order


def test_after_one_group_the_bracket_keeps_the_groups_order():
    # One group of five, then a bracket of five: every first-round game is inside the group, nothing can cross.
    order = [5, 4, 3, 2, 1]
    assert groups.crossed(order, dict.fromkeys(order, 1), 1, brackets.first_round(5)) == order


def test_players_sharing_a_place_in_their_group_share_it_though_their_games_differ():
    """A group's table shares a place by its own count (totals, say) while a player who lost an opponent played a game
    fewer: per game they differ, and still share the place, ordered by it (3's 1.5 a game before 2's 1.33)."""
    a = [groups.Placed(1, 3, (groups.Key(9),), 1), groups.Placed(2, 3, (groups.Key(4),), 2),
         groups.Placed(3, 2, (groups.Key(3),), 2)]
    assert groups.placings([a]) == [(1, 1), (2, 3), (2, 2)]
    # Sharing the first place so too.
    top = [groups.Placed(1, 3, (groups.Key(6),), 1), groups.Placed(2, 2, (groups.Key(5),), 1),
           groups.Placed(3, 3, (groups.Key(1),), 3)]
    assert groups.placings([top]) == [(1, 2), (1, 1), (3, 3)]


def test_players_of_one_place_in_different_groups_share_it_only_when_level():
    a = [groups.Placed(1, 3, (groups.Key(9),), 1), groups.Placed(2, 3, (groups.Key(4),), 2)]
    b = [groups.Placed(5, 3, (groups.Key(6),), 1), groups.Placed(6, 3, (groups.Key(3),), 2)]
    assert groups.placings([a, b]) == [(1, 1), (2, 5), (3, 2), (4, 6)]


def test_a_decision_for_two_level_players_of_a_place_orders_them_whatever_a_third_scored():
    # The winners: 1 (9 points), 3 and 5 level (6 each); the decision puts 5 before 3.
    a, b, c = [_line(1, 3, 9), _line(2, 3, 4)], [_line(3, 3, 6), _line(4, 3, 2)], [_line(5, 3, 6), _line(6, 3, 1)]
    assert groups.winners_and_runners_up([a, b, c], 3) == [1, 3, 5]  # undecided: the groups' order
    assert groups.winners_and_runners_up([a, b, c], 3, [(5, 3)]) == [1, 5, 3]
    assert groups.level_across([a, b, c]) == [(3, 5)] and groups.level_across([a, b, c], [(5, 3)]) == []
