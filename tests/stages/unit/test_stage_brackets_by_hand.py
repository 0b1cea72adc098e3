"""Brackets written out by hand: the matches the bracket page draws (their codes, rounds and sides: the page
names a column from its side and round, "Losers' round 2", "Grand final", "Play-offs"), who meets whom when
the favourites win, where the losers drop in a double elimination, the grand final and its reset, placement
play-offs between groups, walkovers and dropped players, and the places as far as the bracket is decided."""

from __future__ import annotations

import pytest

from tournament.stages import brackets
from tournament.stages.brackets import GRAND, LOSERS, MAIN, PLACEMENT, RESET, THIRD, Source


def _layout(bracket):
    return [(m.code, m.column, m.side) for m in bracket.matches]


def _w(code):
    return Source("winner", code)


def _l(code):
    return Source("loser", code)


def _seed(s):
    return Source("seed", s)


def _play(bracket, seeds, winners):
    return brackets.resolve(bracket, seeds, winners)


def _ready(states):
    return [(s.match.code, s.a, s.b) for s in brackets.playable(states)]


# --- single elimination ------------------------------------------------------------------------------


def test_a_bracket_of_eight_is_quarter_finals_semi_finals_a_final_and_a_third_place_game():
    bracket = brackets.single(8)
    assert (bracket.kind, bracket.entrants, bracket.columns) == ("single", 8, 3)
    assert _layout(bracket) == [
        ("W1-1", 1, MAIN), ("W1-2", 1, MAIN), ("W1-3", 1, MAIN), ("W1-4", 1, MAIN),
        ("W2-1", 2, MAIN), ("W2-2", 2, MAIN), ("W3-1", 3, MAIN), ("3P", 3, THIRD)]
    semis = [m for m in bracket.matches if m.code in ("W2-1", "W2-2", "3P")]
    assert [(m.a, m.b) for m in semis] == [(_w("W1-1"), _w("W1-2")), (_w("W1-3"), _w("W1-4")),
                                           (_l("W2-1"), _l("W2-2"))]


def test_the_favourites_winning_place_everyone_and_the_quarter_final_losers_share_fifth():
    bracket = brackets.single(8)
    seeds = [11, 12, 13, 14, 15, 16, 17, 18]  # seed 1 is 11 ... seed 8 is 18
    states = _play(bracket, seeds, {})
    assert _ready(states) == [("W1-1", 11, 18), ("W1-2", 14, 15), ("W1-3", 12, 17), ("W1-4", 13, 16)]
    winners = {"W1-1": 11, "W1-2": 14, "W1-3": 12, "W1-4": 13}
    assert _ready(_play(bracket, seeds, winners)) == [("W2-1", 11, 14), ("W2-2", 12, 13)]
    winners |= {"W2-1": 11, "W2-2": 12}
    assert _ready(_play(bracket, seeds, winners)) == [("W3-1", 11, 12), ("3P", 14, 13)]
    # The final played, the third-place game not yet: the first two places only.
    partly = _play(bracket, seeds, {**winners, "W3-1": 12})
    assert brackets.placings(bracket, partly) == [(1, 12), (2, 11)]
    assert not brackets.finished(partly)
    done = _play(bracket, seeds, {**winners, "W3-1": 12, "3P": 13})
    assert brackets.finished(done)
    assert brackets.placings(bracket, done) == [(1, 12), (2, 11), (3, 13), (4, 14),
                                                (5, 18), (5, 15), (5, 17), (5, 16)]


def test_two_players_play_one_final_and_no_third_place_game():
    bracket = brackets.single(2)
    assert _layout(bracket) == [("W1-1", 1, MAIN)]
    assert bracket.columns == 1
    done = _play(bracket, [7, 9], {"W1-1": 9})
    assert brackets.placings(bracket, done) == [(1, 9), (2, 7)]
    with pytest.raises(ValueError, match="^a bracket needs at least 2 entrants$"):
        brackets.single(1)


def test_five_players_give_byes_to_the_three_best_and_the_fifth_place_to_the_one_first_round_loser():
    bracket = brackets.single(5, third_place=False)
    seeds = [1, 2, 3, 4, 5]
    states = _play(bracket, seeds, {})
    # 4 v 5 is the one first-round game; 2 and 3, both through on byes, already meet in the other semi-final.
    assert _ready(states) == [("W1-2", 4, 5), ("W2-2", 2, 3)]
    assert [(c, states[c].winner, states[c].walkover) for c in ("W1-1", "W1-3", "W1-4")] == [
        ("W1-1", 1, True), ("W1-3", 2, True), ("W1-4", 3, True)]
    assert states["W2-1"].a == 1 and states["W2-1"].b is None  # waiting for 4 v 5
    done = _play(bracket, seeds, {"W1-2": 5, "W2-1": 5, "W2-2": 3, "W3-1": 3})
    # No third-place game: the semi-final losers share third; then the one first-round game's loser.
    assert brackets.placings(bracket, done) == [(1, 3), (2, 5), (3, 1), (3, 2), (5, 4)]


# --- double elimination ------------------------------------------------------------------------------


def test_a_double_elimination_of_four_is_two_brackets_a_grand_final_and_its_reset():
    bracket = brackets.double(4)
    assert (bracket.kind, bracket.entrants, bracket.columns) == ("double", 4, 2)
    assert [(m.code, m.column, m.side, m.a, m.b) for m in bracket.matches] == [
        ("W1-1", 1, MAIN, _seed(1), _seed(4)),
        ("W1-2", 1, MAIN, _seed(2), _seed(3)),
        ("W2-1", 2, MAIN, _w("W1-1"), _w("W1-2")),
        ("L1-1", 1, LOSERS, _l("W1-1"), _l("W1-2")),
        ("L2-1", 2, LOSERS, _w("L1-1"), _l("W2-1")),
        ("GF", 3, GRAND, _w("W2-1"), _w("L2-1")),
        ("GF2", 4, RESET, _w("W2-1"), _w("L2-1")),
    ]
    with pytest.raises(ValueError, match="^a bracket needs at least 3 entrants$"):
        brackets.double(2)


def test_a_double_elimination_of_sixteen_has_six_losers_rounds_and_the_drop_ins_meet_the_other_half():
    bracket = brackets.double(16)
    losers = [m for m in bracket.matches if m.side == LOSERS]
    assert [(m.code, m.column) for m in losers] == [
        ("L1-1", 1), ("L1-2", 1), ("L1-3", 1), ("L1-4", 1),
        ("L2-1", 2), ("L2-2", 2), ("L2-3", 2), ("L2-4", 2),
        ("L3-1", 3), ("L3-2", 3), ("L4-1", 4), ("L4-2", 4), ("L5-1", 5), ("L6-1", 6)]
    by_code = {m.code: m for m in bracket.matches}
    # The losers of the winners' second round drop in reversed: the bottom quarter's loser meets the top's survivors.
    assert [(by_code[f"L2-{i}"].a, by_code[f"L2-{i}"].b) for i in (1, 2, 3, 4)] == [
        (_w("L1-1"), _l("W2-4")), (_w("L1-2"), _l("W2-3")), (_w("L1-3"), _l("W2-2")), (_w("L1-4"), _l("W2-1"))]
    assert (by_code["L3-2"].a, by_code["L3-2"].b) == (_w("L2-3"), _w("L2-4"))
    assert [(by_code[c].a, by_code[c].b) for c in ("L4-1", "L4-2", "L5-1", "L6-1")] == [
        (_w("L3-1"), _l("W3-2")), (_w("L3-2"), _l("W3-1")), (_w("L4-1"), _w("L4-2")), (_w("L5-1"), _l("W4-1"))]
    assert [(m.code, m.column, m.side) for m in bracket.matches[-2:]] == [("GF", 5, GRAND), ("GF2", 6, RESET)]
    assert bracket.columns == 4
    assert len({m.code for m in bracket.matches}) == len(bracket.matches) == 15 + 14 + 2


def test_eight_players_double_elimination_played_by_the_favourites():
    bracket = brackets.double(8)
    seeds = list(range(1, 9))
    winners = {"W1-1": 1, "W1-2": 4, "W1-3": 2, "W1-4": 3}
    states = _play(bracket, seeds, winners)
    # The first round's losers meet in the losers' bracket while the winners play on.
    assert _ready(states) == [("W2-1", 1, 4), ("W2-2", 2, 3), ("L1-1", 8, 5), ("L1-2", 7, 6)]
    winners |= {"W2-1": 1, "W2-2": 2, "L1-1": 5, "L1-2": 6}
    # The loser of the bottom semi-final (3) meets the survivor of the top half's losers (5), and 4 meets 6.
    assert _ready(_play(bracket, seeds, winners)) == [("W3-1", 1, 2), ("L2-1", 5, 3), ("L2-2", 6, 4)]
    winners |= {"W3-1": 1, "L2-1": 3, "L2-2": 4}
    assert _ready(_play(bracket, seeds, winners)) == [("L3-1", 3, 4)]
    winners |= {"L3-1": 3}
    assert _ready(_play(bracket, seeds, winners)) == [("L4-1", 3, 2)]
    winners |= {"L4-1": 2}
    states = _play(bracket, seeds, winners)
    assert _ready(states) == [("GF", 1, 2)]
    assert not states["GF2"].needed and states["GF2"].winner is None
    done = _play(bracket, seeds, {**winners, "GF": 1})
    assert brackets.finished(done) and not done["GF2"].needed
    assert brackets.placings(bracket, done) == [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (5, 6), (7, 8), (7, 7)]
    reset = _play(bracket, seeds, {**winners, "GF": 2})
    assert _ready(reset) == [("GF2", 1, 2)] and reset["GF2"].needed
    assert brackets.placings(bracket, _play(bracket, seeds, {**winners, "GF": 2, "GF2": 2}))[:3] == [
        (1, 2), (2, 1), (3, 3)]


def test_three_players_double_elimination_the_bye_and_the_first_loser_waiting():
    bracket = brackets.double(3)
    seeds = [1, 2, 3]
    states = _play(bracket, seeds, {})
    assert _ready(states) == [("W1-2", 2, 3)]
    # The losers' first match faces the bye's empty loser: a walkover, but only once 2 v 3 has a loser.
    assert states["L1-1"].a == brackets.BYE and states["L1-1"].b is None and states["L1-1"].winner is None
    states = _play(bracket, seeds, {"W1-2": 2})
    assert (states["L1-1"].winner, states["L1-1"].walkover) == (3, True)
    assert _ready(states) == [("W2-1", 1, 2)]
    done = _play(bracket, seeds, {"W1-2": 2, "W2-1": 1, "L2-1": 2, "GF": 1})
    assert brackets.placings(bracket, done) == [(1, 1), (2, 2), (3, 3)]


def test_without_the_reset_the_grand_final_decides_the_title():
    bracket = brackets.double(4, reset=False)
    assert [m.code for m in bracket.matches] == ["W1-1", "W1-2", "W2-1", "L1-1", "L2-1", "GF"]
    winners = {"W1-1": 1, "W1-2": 2, "W2-1": 1, "L1-1": 3, "L2-1": 2, "GF": 2}
    done = _play(bracket, [1, 2, 3, 4], winners)
    assert brackets.finished(done)
    # The losers' bracket player won the grand final: the title is theirs at once.
    assert brackets.placings(bracket, done) == [(1, 2), (2, 1), (3, 3), (4, 4)]


# --- placement play-offs -----------------------------------------------------------------------------


def test_play_offs_between_two_groups_are_one_game_for_each_pair_of_places():
    bracket = brackets.placement(4)
    assert (bracket.kind, bracket.entrants, bracket.groups) == ("placement", 4, 2)
    assert [(m.code, m.column, m.side, m.a, m.b) for m in bracket.matches] == [
        ("P1", 1, PLACEMENT, _seed(1), _seed(2)), ("P2", 1, PLACEMENT, _seed(3), _seed(4))]
    assert [brackets.placement_place(bracket, m) for m in bracket.matches] == [(1, 2, "P1"), (3, 4, "P2")]
    six = brackets.placement(6)
    assert brackets.placement_place(six, six.matches[2]) == (5, 6, "P3")
    two = brackets.placement(2)
    assert [m.code for m in two.matches] == ["P1"]
    assert brackets.placings(two, _play(two, [5, 6], {"P1": 6})) == [(1, 6), (2, 5)]


def test_play_offs_need_two_groups_and_two_players():
    with pytest.raises(ValueError, match="^placement play-offs need at least 2 groups$"):
        brackets.placement(6, 1)
    with pytest.raises(ValueError, match="^placement play-offs need at least 2 entrants$"):
        brackets.placement(1)


def test_play_offs_between_three_groups_are_a_bracket_of_three_per_place():
    bracket = brackets.placement(6, 3)
    assert (bracket.kind, bracket.entrants, bracket.groups) == ("placement", 6, 3)
    assert _layout(bracket) == [
        ("P1-W1-1", 1, PLACEMENT), ("P1-W1-2", 1, PLACEMENT), ("P1-W2-1", 2, PLACEMENT), ("P1-3P", 2, PLACEMENT),
        ("P2-W1-1", 1, PLACEMENT), ("P2-W1-2", 1, PLACEMENT), ("P2-W2-1", 2, PLACEMENT), ("P2-3P", 2, PLACEMENT)]
    by_code = {m.code: m for m in bracket.matches}
    # The runners-up's bracket: seeds 4 to 6, the best runner-up (seed 4) facing the empty fourth place.
    assert (by_code["P2-W1-1"].a, by_code["P2-W1-1"].b) == (_seed(4), Source("bye", 0))
    assert (by_code["P2-W1-2"].a, by_code["P2-W1-2"].b) == (_seed(5), _seed(6))
    assert (by_code["P2-W2-1"].a, by_code["P2-W2-1"].b) == (_w("P2-W1-1"), _w("P2-W1-2"))
    assert brackets.placement_place(bracket, by_code["P2-W1-2"]) == (4, 6, "W1-2")
    assert brackets.placement_place(bracket, by_code["P1-W2-1"]) == (1, 3, "W2-1")
    seeds = [1, 2, 3, 4, 5, 6]
    assert _ready(_play(bracket, seeds, {})) == [("P1-W1-2", 2, 3), ("P2-W1-2", 5, 6)]
    done = _play(bracket, seeds, {"P1-W1-2": 3, "P1-W2-1": 3, "P2-W1-2": 5, "P2-W2-1": 4})
    # The third-place games are walkovers (the group winner's bye lost nothing): the losers of 2 v 3, 5 v 6 take 3rd, 6th.
    assert brackets.finished(done)
    assert brackets.placings(bracket, done) == [(1, 3), (2, 1), (3, 2), (4, 4), (5, 5), (6, 6)]


def test_play_offs_between_four_groups_without_a_third_place_game_share_third():
    bracket = brackets.placement(8, 4, third_place=False)
    assert [m.code for m in bracket.matches] == ["P1-W1-1", "P1-W1-2", "P1-W2-1", "P2-W1-1", "P2-W1-2", "P2-W2-1"]
    seeds = [1, 2, 3, 4, 11, 12, 13, 14]
    winners = {"P1-W1-1": 1, "P1-W1-2": 3, "P2-W1-1": 14, "P2-W1-2": 12}
    assert _ready(_play(bracket, seeds, winners)) == [("P1-W2-1", 1, 3), ("P2-W2-1", 14, 12)]
    done = _play(bracket, seeds, {**winners, "P1-W2-1": 3, "P2-W2-1": 14})
    assert brackets.placings(bracket, done) == [(1, 3), (2, 1), (3, 4), (3, 2), (5, 14), (6, 12), (7, 11), (7, 13)]


def test_a_short_last_place_plays_only_its_players():
    # Seven players from three groups: one third place only; they take seventh without a game.
    bracket = brackets.placement(7, 3)
    assert sorted({m.code.split("-")[0] for m in bracket.matches}) == ["P1", "P2", "P3"]
    seeds = [1, 2, 3, 4, 5, 6, 7]
    states = _play(bracket, seeds, {})
    assert [code for code, _a, _b in _ready(states)] == ["P1-W1-2", "P2-W1-2"]
    assert states["P3-W2-1"].winner == 7


# --- who goes through without a game ---------------------------------------------------------------------


def test_a_player_who_dropped_out_before_their_first_game_loses_it_without_a_game():
    bracket = brackets.single(4)
    seeds = [1, 2, 3, 4]
    b_gone = _play_absent(bracket, seeds, {4})["W1-1"]
    assert (b_gone.winner, b_gone.loser, b_gone.forfeit, b_gone.playable) == (1, 4, True, False)
    a_gone = _play_absent(bracket, seeds, {1})["W1-1"]
    assert (a_gone.winner, a_gone.loser, a_gone.forfeit) == (4, 1, True)
    # Both gone: the better placed (side A) goes on, and loses their next match the same way.
    both = _play_absent(bracket, seeds, {1, 4}, {"W1-2": 3})
    assert (both["W1-1"].winner, both["W1-1"].loser, both["W1-1"].forfeit) == (1, 4, True)
    assert (both["W2-1"].winner, both["W2-1"].loser, both["W2-1"].forfeit) == (3, 1, True)
    assert brackets.placings(bracket, both)[:2] == [(1, 3), (2, 1)]


def _play_absent(bracket, seeds, absent, winners=None):
    return brackets.resolve(bracket, seeds, winners or {}, absent=frozenset(absent))


@pytest.mark.parametrize(("outcome", "points", "seeds", "expected"), [
    ("time", (4, 8), (1, 2), "b"), ("time", (3, 10), (1, 2), "b"), ("time", (10, 3), (2, 1), "a"),
    ("draw", (5, 5), (3, 2), "b"),
])
def test_a_game_on_time_goes_to_the_side_with_more_points_whatever_the_seeds(outcome, points, seeds, expected):
    assert brackets.knockout_winner(outcome, *points, *seeds) == expected


# --- building from a stage's settings --------------------------------------------------------------------


def test_a_stage_builds_the_bracket_of_its_kind_and_settings():
    assert _layout(brackets.build("single", 4)) == _layout(brackets.single(4))
    assert [m.code for m in brackets.build("single", 4, third_place=False).matches] == ["W1-1", "W1-2", "W2-1"]
    assert brackets.build("double", 4).matches[-1].code == "GF2"
    assert brackets.build("double", 4, reset=False).matches[-1].code == "GF"
    made = brackets.build("placement", 6)
    assert (made.kind, made.groups, [m.code for m in made.matches]) == ("placement", 2, ["P1", "P2", "P3"])
    three = brackets.build("placement", 6, third_place=False, groups=3)
    assert (three.groups, [m.code for m in three.matches]) == (
        3, ["P1-W1-1", "P1-W1-2", "P1-W2-1", "P2-W1-1", "P2-W1-2", "P2-W2-1"])
    with_third = brackets.build("placement", 6, groups=3)  # a third-place game unless the stage says not
    assert [m.code for m in with_third.matches if m.code.startswith("P1-")] == ["P1-W1-1", "P1-W1-2", "P1-W2-1", "P1-3P"]
    assert brackets.build("single", 5, True, 2, False).kind == "single"
    with pytest.raises(ValueError, match="^unknown bracket kind 'swiss'$"):
        brackets.build("swiss", 8)


def test_a_dropped_players_match_shows_both_players_and_who_went_through():
    # The bracket page shows a forfeit as the match with both names, the dropped one marked, the other through.
    bracket = brackets.single(4)
    states = _play_absent(bracket, [1, 2, 3, 4], {3}, {"W1-1": 1})
    forfeit = states["W1-2"]
    assert (forfeit.match.code, forfeit.a, forfeit.b, forfeit.winner, forfeit.loser) == ("W1-2", 2, 3, 2, 3)
    assert _ready(states) == [("W2-1", 1, 2)]


def test_a_first_round_result_corrected_to_a_player_who_did_not_play_it_is_played_again_and_the_rest_waits():
    bracket = brackets.single(4)
    # 1 v 4 was recorded as won by 2 (who was not in it): to be played again; the final and 3P wait for it.
    states = brackets.resolve(bracket, [1, 2, 3, 4], {"W1-1": 2, "W1-2": 3})
    assert states["W1-1"].conflict and states["W1-1"].winner is None
    assert _ready(states) == [("W1-1", 1, 4)]
    assert (states["W2-1"].a, states["W2-1"].b) == (None, 3) and states["W2-1"].winner is None
    assert (states["3P"].a, states["3P"].b) == (None, 2)
    assert brackets.placings(bracket, states) == []


def test_a_match_to_play_again_with_a_player_who_dropped_out_since_is_a_walkover_not_a_game():
    bracket = brackets.single(4)
    # 1 beat 4 and 2 beat 3; the final 1 v 2 and the third-place game 4 v 3 were played. W1-2's result is then
    # corrected (3 won it), and 3 has gone home: the final, 1 v 3 now, is 1's walkover, not a game to pair with an
    # absent player; the third-place game, 4 v 2 now, is played again by the two who are there.
    winners = {"W1-1": 1, "W1-2": 3, "W2-1": 1, "3P": 4}
    played = {"W1-1": frozenset((1, 4)), "W1-2": frozenset((2, 3)), "W2-1": frozenset((1, 2)), "3P": frozenset((4, 3))}
    states = brackets.resolve(bracket, [1, 2, 3, 4], winners, played, absent=frozenset({3}))
    final = states["W2-1"]
    assert (final.a, final.b, final.winner, final.loser, final.forfeit, final.conflict) == (1, 3, 1, 3, True, False)
    assert _ready(states) == [("3P", 4, 2)] and states["3P"].conflict
    there = brackets.resolve(bracket, [1, 2, 3, 4], winners, played)
    assert there["W2-1"].conflict and not there["W2-1"].forfeit and ("W2-1", 1, 3) in _ready(there)


def test_every_state_names_its_own_match_however_it_was_decided():
    # Seven players from three groups: a game between two empty places (P3-W1-2), walkovers, games waiting for
    # their players, games to play; then single elimination of five played through, with a walkover and a forfeit.
    cases = [(brackets.placement(7, 3), [1, 2, 3, 4, 5, 6, 7], {}, ()),
             (brackets.single(5), [1, 2, 3, 4, 5], {"W1-1": 4, "W2-1": 1, "W2-2": 2, "W3-1": 1}, ()),
             (brackets.single(4), [1, 2, 3, 4], {"W1-1": 1}, (2,))]
    for bracket, seeds, winners, absent in cases:
        states = brackets.resolve(bracket, seeds, winners, absent=frozenset(absent))
        assert [(code, state.match.code) for code, state in states.items()] == [(m.code, m.code) for m in bracket.matches]
    empty = brackets.resolve(brackets.placement(7, 3), [1, 2, 3, 4, 5, 6, 7], {})["P3-W1-2"]
    assert (empty.a, empty.b, empty.winner, empty.loser) == (brackets.BYE,) * 4


def test_a_player_who_dropped_out_after_winning_waits_for_an_opponent_before_losing_by_forfeit():
    bracket, seeds = brackets.single(4), [1, 2, 3, 4]
    waiting = _play_absent(bracket, seeds, {1}, {"W1-1": 1})["W2-1"]  # the other semi-final not played yet
    assert (waiting.a, waiting.b, waiting.winner, waiting.loser, waiting.forfeit) == (1, None, None, None, False)
    final = _play_absent(bracket, seeds, {1}, {"W1-1": 1, "W1-2": 3})["W2-1"]
    assert (final.winner, final.loser, final.forfeit) == (3, 1, True)
