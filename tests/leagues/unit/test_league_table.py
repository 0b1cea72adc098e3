"""A league table from plain data (tournament/leagues/scoring.py): placing points by SoA band, best N, game points,
averages, shared ranks, and the presets read into rules. Pure and example-based, so the mutation room is fast; the
hypothesis property of best N stays in tests/leagues/test_league_scoring.py."""

from __future__ import annotations

import pytest

from tournament.leagues.presets import league_rule
from tournament.leagues.scoring import (
    GamePoints,
    Placing,
    Result,
    Rule,
    band,
    league_table,
    placing_points,
    rule_from_preset,
)

SOA = league_rule("soa-best5")


def _placing(event, player, place, size=10, premier=False):
    return Placing(event=event, order=(f"2026-0{event}", event), player=player, place=place, size=size, premier=premier)


def _rows(table):
    return [(r.player, r.rank, r.shared, r.points) for r in table]


# --- placing points: the SoA bands and their tables ---

def test_soa_band_at_12_and_13_players():
    assert placing_points(SOA, 1, 12, premier=False) == ("small", 15.0)
    assert placing_points(SOA, 2, 12, premier=False) == ("small", 12.0)
    assert placing_points(SOA, 1, 13, premier=False) == ("medium", 20.0)
    assert placing_points(SOA, 4, 13, premier=False) == ("medium", 10.0)


def test_soa_premier_bands():
    assert placing_points(SOA, 1, 12, premier=True) == ("medium", 20.0)
    assert placing_points(SOA, 3, 8, premier=True) == ("medium", 13.0)
    assert placing_points(SOA, 1, 13, premier=True) == ("large", 25.0)
    assert placing_points(SOA, 4, 30, premier=True) == ("large", 15.0)


def test_bands_split_at_twelve_players_unless_the_rule_says_otherwise():
    assert [band(size, False) for size in (1, 12, 13)] == ["small", "small", "medium"]
    assert [band(size, True) for size in (1, 12, 13)] == ["medium", "medium", "large"]
    assert [band(size, False, small_max_players=8) for size in (8, 9)] == ["small", "medium"]
    rule = Rule("placing", tables={"small": (5,), "medium": (7,), "large": (9,)}, small_max_players=8)
    assert placing_points(rule, 1, 9, premier=False) == ("medium", 7.0)
    assert placing_points(rule, 1, 9, premier=True) == ("large", 9.0)


def _places(size: int, premier: bool, upto: int) -> list[float]:
    return [placing_points(SOA, place, size, premier)[1] for place in range(1, upto + 1)]


def test_soa_tables_as_the_society_publishes_them():
    """"5th down to 9th – 6 points down to 2 points, 10th and lower – 1 point" (12 or fewer, not premier);
    "5th down to 11th – 8 points down to 2 points, 12th and lower – 1 point" (premier with 12 or fewer, or
    more than 12 players); "5th down to 16th – 13 points down to 2 points, 17th and lower – 1 point" (premier
    with more than 12). Places 1-4: 15/12/10/8, 20/16/13/10, 25/21/18/15."""
    assert _places(12, False, 12) == [15, 12, 10, 8, 6, 5, 4, 3, 2, 1, 1, 1]
    medium = [20, 16, 13, 10, 8, 7, 6, 5, 4, 3, 2, 1, 1]
    assert _places(30, False, 30) == medium + [1] * 17
    assert _places(10, True, 10) == medium[:10]
    large = [25, 21, 18, 15, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
    assert _places(40, True, 40) == large + [1] * 23


def test_a_place_past_the_table_scores_its_bands_own_points_else_the_rules():
    rule = Rule("placing", tables={"small": (6, 4), "medium": (9, 5)}, beyond_table=1, beyond={"small": 2})
    assert [placing_points(rule, place, 10, False) for place in (1, 2, 3, 9)] == [
        ("small", 6.0), ("small", 4.0), ("small", 2.0), ("small", 2.0)]
    assert [placing_points(rule, place, 20, False) for place in (1, 2, 3)] == [("medium", 9.0), ("medium", 5.0), ("medium", 1.0)]


def test_a_rule_with_one_table_uses_it_for_every_event_whatever_its_size():
    rule = Rule("placing", tables={"club": (5, 3)})
    assert placing_points(rule, 1, 40, premier=True) == ("club", 5.0)
    assert placing_points(rule, 2, 4, premier=False) == ("club", 3.0)
    assert placing_points(rule, 3, 4, premier=False) == ("club", 0.0)  # no points past the table by default


def test_custom_placing_table_ignores_bands():
    rule = league_rule("custom-placing", custom_points=[7, 3])
    table = league_table(rule, [_placing(1, "ann", 1, size=40, premier=True), _placing(1, "bob", 2), _placing(1, "cat", 3)], [])
    assert [r.points for r in table] == [7.0, 3.0, 0.0]


# --- the table: results, best N, ranks ---

def test_each_result_shows_its_event_place_band_and_points_in_date_order():
    placings = [Placing("autumn", ("2026-10-01", 7), "ann", 3, 14, False),
                Placing("spring", ("2026-03-01", 4), "ann", 1, 8, True)]
    [row] = league_table(SOA, placings, [])
    assert row.results == (Result("spring", ("2026-03-01", 4), 1, 8, "medium", 20.0, True),
                           Result("autumn", ("2026-10-01", 7), 3, 14, "medium", 13.0, True))
    assert (row.player, row.rank, row.shared, row.points, row.games, row.counted, row.dropped) == ("ann", 1, False, 33.0, 0, 2, 0)


def test_best_n_counts_the_best_results_and_drops_the_rest():
    rule = league_rule("soa-best5", best_n=2)
    table = league_table(rule, [_placing(1, "ann", 3), _placing(2, "ann", 1), _placing(3, "ann", 2)], [])
    row = table[0]
    assert row.points == 15 + 12
    assert (row.counted, row.dropped) == (2, 1)
    assert [r.counted for r in row.results] == [False, True, True]
    assert [r.points for r in row.results] == [10.0, 15.0, 12.0]  # a dropped result still shows its points


def test_without_best_n_every_result_counts():
    rule = league_rule("custom-placing", custom_points=[10, 8, 6])
    placings = [_placing(event, "ann", place) for event, place in ((1, 3), (2, 1), (3, 2), (4, 9))]
    [row] = league_table(rule, placings, [])
    assert (row.points, row.counted, row.dropped) == (24.0, 4, 0)


def test_best_n_with_equal_results_counts_the_earlier_and_players_level_share_a_rank():
    rule = league_rule("soa-best5", best_n=2)
    placings = [_placing(1, "ann", 1), _placing(2, "ann", 1), _placing(3, "ann", 1),
                _placing(1, "bob", 1), _placing(2, "bob", 1), _placing(4, "cat", 1)]
    table = league_table(rule, placings, [], names={"ann": "Ann", "bob": "Bob", "cat": "Cat"})
    assert _rows(table) == [("ann", 1, True, 30.0), ("bob", 1, True, 30.0), ("cat", 3, False, 15.0)]
    assert [r.counted for r in table[0].results] == [True, True, False]


def test_a_tie_for_the_last_counted_result_keeps_the_earlier_event_whatever_order_they_arrive_in():
    rule = league_rule("soa-best5", best_n=1)
    placings = [_placing(3, "ann", 2), _placing(2, "ann", 2), _placing(1, "ann", 4)]
    [row] = league_table(rule, placings, [])
    assert [(r.event, r.counted) for r in row.results] == [(1, False), (2, True), (3, False)]


def test_shared_place_scores_the_same_points():
    table = league_table(SOA, [_placing(1, "ann", 2), _placing(1, "bob", 2)], [])
    assert [r.points for r in table] == [12.0, 12.0]


def test_ranks_skip_the_places_of_players_level_above():
    placings = [_placing(1, "ann", 4), _placing(1, "bob", 1), _placing(1, "cat", 2), _placing(1, "dan", 2)]
    table = league_table(SOA, placings, [])
    assert _rows(table) == [("bob", 1, False, 15.0), ("cat", 2, True, 12.0), ("dan", 2, True, 12.0), ("ann", 4, False, 8.0)]


def test_everyone_level_shares_first_place():
    table = league_table(SOA, [_placing(1, "ann", 3), _placing(1, "bob", 3)], [])
    assert _rows(table) == [("ann", 1, True, 10.0), ("bob", 1, True, 10.0)]


def test_players_level_on_points_are_in_name_order_not_id_order():
    placings = [_placing(1, 1, 2), _placing(1, 2, 2), _placing(1, 3, 1)]
    table = league_table(SOA, placings, [], names={1: "Zoe", 2: "Ann", 3: "Max"})
    assert [r.player for r in table] == [3, 2, 1]


def test_without_names_players_level_on_points_are_in_id_order_compared_as_text():
    placings = [_placing(1, 9, 2), _placing(1, 10, 2)]
    assert [r.player for r in league_table(SOA, placings, [])] == [10, 9]
    assert [r.player for r in league_table(SOA, placings[::-1], [], names={})] == [10, 9]
    # a player missing from `names` sorts as a blank name: first among those level
    table = league_table(SOA, placings, [], names={10: "Ann"})
    assert [r.player for r in table] == [9, 10]


def test_a_placing_table_counts_the_games_played_but_scores_only_places():
    games = [GamePoints(1, "bob", 25), GamePoints(1, "bob", 0), GamePoints(1, "cat", 3)]
    table = league_table(SOA, [_placing(1, "ann", 1), _placing(1, "bob", 2)], games)
    assert [(r.player, r.points, r.games, r.counted) for r in table] == [
        ("ann", 15.0, 0, 1), ("bob", 12.0, 2, 1), ("cat", 0.0, 1, 0)]


# --- game points and averages ---

def test_game_points_and_average_with_minimum_games():
    games = [GamePoints(1, "ann", 6), GamePoints(1, "ann", 4), GamePoints(1, "bob", 9)]
    total = league_table(league_rule("game-points"), [], games)
    assert [(r.player, r.points) for r in total] == [("ann", 10.0), ("bob", 9.0)]
    average = league_table(league_rule("average-per-game", min_games=2), [], games)
    assert [(r.player, r.rank, r.points) for r in average] == [("ann", 1, 5.0), ("bob", None, 9.0)]


def test_game_points_list_the_events_played_without_placing_points():
    games = [GamePoints("spring", "ann", 6.5), GamePoints("spring", "ann", 2), GamePoints("spring", "bob", 12)]
    placings = [Placing("spring", ("2026-03-01", 4), "ann", 2, 14, False), Placing("spring", ("2026-03-01", 4), "bob", 1, 14, False)]
    table = league_table(league_rule("game-points"), placings, games)
    assert [(r.player, r.rank, r.shared, r.points, r.games) for r in table] == [("bob", 1, False, 12.0, 1), ("ann", 2, False, 8.5, 2)]
    assert table[1].results == (Result("spring", ("2026-03-01", 4), 2, 14, "medium", 0.0, True),)
    assert (table[1].counted, table[1].dropped) == (1, 0)


def test_a_player_with_places_but_no_games_has_no_game_points_and_results_keep_the_events_band():
    placings = [Placing("cup", ("2026-05-01", 2), "ann", 1, 10, True), Placing("open", ("2026-06-01", 3), "ann", 2, 10, False)]
    table = league_table(Rule("game_points", small_max_players=8), placings, [GamePoints("cup", "bob", 4)])
    assert [(r.player, r.rank, r.points, r.games) for r in table] == [("bob", 1, 4.0, 1), ("ann", 2, 0.0, 0)]
    assert [(r.event, r.band) for r in table[1].results] == [("cup", "large"), ("open", "medium")]


def test_an_average_is_rounded_to_three_decimals_and_ranks_those_with_enough_games():
    games = [GamePoints(1, "ann", p) for p in (3, 3, 4)] + [GamePoints(1, "bob", p) for p in (4, 4)] + [GamePoints(1, "cat", 25)]
    table = league_table(league_rule("average-per-game", min_games=2), [], games)
    assert [(r.player, r.rank, r.shared, r.points, r.games) for r in table] == [
        ("bob", 1, False, 4.0, 2), ("ann", 2, False, 3.333, 3), ("cat", None, False, 25.0, 1)]


def test_unranked_players_come_last_in_name_order_and_share_nothing():
    games = [GamePoints(1, "ann", 2), GamePoints(1, "bob", 7), GamePoints(1, "cat", 7), GamePoints(1, "cat", 1)]
    placings = [_placing(1, "dan", 3)]
    table = league_table(league_rule("average-per-game", min_games=2), placings, games)
    assert [(r.player, r.rank, r.shared, r.points, r.games) for r in table] == [
        ("cat", 1, False, 4.0, 2), ("ann", None, False, 2.0, 1), ("bob", None, False, 7.0, 1), ("dan", None, False, 0.0, 0)]
    assert table[3].results == (Result(1, ("2026-01", 1), 3, 10, "small", 0.0, True),)


def test_with_no_minimum_one_game_is_enough_to_be_ranked_and_none_is_not():
    games = [GamePoints(1, "ann", 3)]
    table = league_table(league_rule("average-per-game", min_games=0), [_placing(1, "bob", 1)], games)
    assert [(r.player, r.rank, r.points) for r in table] == [("ann", 1, 3.0), ("bob", None, 0.0)]


def test_an_unknown_rule_kind_is_refused():
    with pytest.raises(ValueError, match="unknown league rule kind: elo"):
        league_table(Rule("elo"), [], [GamePoints(1, "ann", 3)])


# --- presets into rules ---

def test_the_soa_preset_reads_into_three_bands_and_best_five():
    assert SOA.kind == "placing"
    assert SOA.tables["small"] == (15, 12, 10, 8, 6, 5, 4, 3, 2)
    assert set(SOA.tables) == {"small", "medium", "large"}
    assert SOA.beyond == {"small": 1, "medium": 1, "large": 1}
    assert (SOA.beyond_table, SOA.small_max_players, SOA.best_n, SOA.min_games) == (1, 12, 5, 0)


def test_the_leagues_own_best_n_and_minimum_replace_the_presets():
    assert league_rule("soa-best5", best_n=3).best_n == 3
    assert league_rule("soa-best5", best_n=None).best_n == 5
    assert league_rule("average-per-game").min_games == 5
    assert league_rule("average-per-game", min_games=2).min_games == 2
    assert league_rule("average-per-game", min_games=0).min_games == 0  # none needed: a league's own choice


def test_custom_points_only_change_the_custom_preset():
    assert league_rule("soa-best5", custom_points=[7, 3]).tables == SOA.tables
    assert league_rule("custom-placing", custom_points=["7", "3"]).tables == {"custom": (7, 3)}
    assert league_rule("custom-placing").tables == {"custom": (10, 8, 6, 5, 4, 3, 2, 1)}
    assert league_rule("custom-placing", custom_points=[]).tables == {"custom": (10, 8, 6, 5, 4, 3, 2, 1)}


def test_a_minimal_preset_takes_the_defaults():
    rule = rule_from_preset({"kind": "placing", "tables": {"small": {"points": ["4", 2]}, "medium": {"points": [6], "beyond": "1"}}})
    assert rule == Rule("placing", tables={"small": (4, 2), "medium": (6,)}, beyond_table=0, beyond={"medium": 1},
                        small_max_players=12, best_n=None, min_games=0)
    assert rule_from_preset({"kind": "game_points"}) == Rule("game_points")
    assert rule_from_preset({"kind": "game_points", "tables": None}) == Rule("game_points")


def test_a_preset_states_its_own_band_limit_beyond_and_minimum():
    preset = {"kind": "placing", "small_max_players": "8", "beyond_table": "2", "best_n": 4, "min_games": "3",
              "tables": {"small": {"points": [3]}, "medium": {"points": [5]}}}
    assert rule_from_preset(preset) == Rule("placing", tables={"small": (3,), "medium": (5,)}, beyond_table=2,
                                            small_max_players=8, best_n=4, min_games=3)


def test_custom_points_keep_the_custom_tables_beyond_and_drop_the_others():
    preset = {"kind": "placing", "tables": {"custom": {"points": [3, 2], "beyond": 1}, "extra": {"points": [9], "beyond": 4}}}
    assert rule_from_preset(preset, custom_points=[5, 4, "1"]).tables == {"custom": (5, 4, 1)}
    assert rule_from_preset(preset, custom_points=[5, 4, 1]).beyond == {"custom": 1}
    assert rule_from_preset(dict(preset, kind="game_points"), custom_points=[5]).tables == {"custom": (3, 2), "extra": (9,)}
