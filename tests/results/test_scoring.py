"""Results, scoring presets and tie-breaks (pure): the sources' own examples and invariants."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.results.scoring import bye_score, presets, score_game
from tournament.results.shorthand import (
    GameResult,
    ResultError,
    SideResult,
    check_result,
    parse_shorthand,
    to_shorthand,
)
from tournament.results.tiebreaks import REGISTRY, PlayedGame, draw_lot, metric_keys, standings


@pytest.mark.parametrize(("text", "preset", "edition", "points"), [
    ("4G-1C", "nasamw-v4", "2.2", (23, 3)),   # NASAMW v4 worked example
    ("3-1G T", "nasamw-v4", "2.2", (3, 3)),   # timed-out 3-1G
    ("4G-1C", "nasamw-3.0", "3.0", (23, 2)),  # 3.0 adaptation: general +1, camp 1
    ("1-4", "nasamw-v4", "2.2", (1, 23)),
    ("4-1", "5-2-1-0", "3.0", (5, 0)),
    ("3-1 T", "5-2-1-0", "3.0", (2, 1)),
    ("2-2 T", "5-2-1-0", "3.0", (1, 1)),
    ("4-1", "wdl", "3.0", (3, 0)),
    ("2-2 t", "wdl", "3.0", (1, 1)),
])
def test_preset_examples(text, preset, edition, points):
    assert score_game(parse_shorthand(text, edition), preset) == points


def test_shorthand_reading():
    result = parse_shorthand("4G-1C", "2.2")
    assert result == GameResult(a=SideResult(1, False, True), b=SideResult(4, True, False), outcome="a")
    assert parse_shorthand("3-1G", "2.2").outcome == "time"  # losing the general but fewer losses: not over
    assert parse_shorthand(" 4 – 2 ", "3.0").outcome == "a"
    assert parse_shorthand("2-4g", "3.0").outcome == "b"
    assert to_shorthand(result) == "4G-1C"
    with pytest.raises(ResultError) as error:
        parse_shorthand("four-one", "2.2")
    assert error.value.code == "syntax"


def test_plausibility():
    assert [p.code for p in check_result(GameResult(SideResult(0), SideResult(1), "a"), "2.2")] == ["win_below_threshold"]
    assert [p.code for p in check_result(GameResult(SideResult(1), SideResult(5), "time"), "2.2")] == ["timed_but_won"]
    assert [p.code for p in check_result(GameResult(SideResult(13), SideResult(1), "b"), "2.2")] == ["too_many_losses"]
    # 2.2: a camp taken counts as two elements (guia22 lines 1583)
    assert check_result(GameResult(SideResult(1), SideResult(2, camp_lost=True), "a"), "2.2") == []
    assert check_result(GameResult(SideResult(1), SideResult(2, camp_lost=True), "a"), "3.0") != []


def test_every_preset_cites_a_source_and_scores_a_bye():
    for key, preset in presets().items():
        assert preset.source and bye_score(key) >= 0
        assert all(t in REGISTRY for t in preset.tiebreaks)


def game(rnd, a, b, text, preset="nasamw-v4"):
    if b is None:
        return PlayedGame(rnd, a, None, None, bye_score(preset), 0)
    result = parse_shorthand(text, "2.2")
    pa, pb = score_game(result, preset)
    return PlayedGame(rnd, a, b, result, pa, pb)


def test_head_to_head_breaks_a_tie_between_exactly_the_tied_players():
    win = parse_shorthand("4-0", "2.2")
    games = [PlayedGame(1, 1, 2, win, 0, 10),  # 2 beat 1
             PlayedGame(2, 1, 3, win, 10, 0), PlayedGame(2, 2, 4, win, 0, 0)]
    rows = standings([1, 2, 3, 4], games, ["head_to_head"])
    assert [r.player for r in rows[:2]] == [2, 1]
    assert dict(rows[0].values)["points"] == dict(rows[1].values)["points"] == 10
    assert not rows[0].shared


def test_countback_is_the_sum_of_opponents_final_totals():
    games = [game(1, 1, 2, "4-1"), game(1, 3, 4, "4-2")]
    rows = {r.player: dict(r.values) for r in standings([1, 2, 3, 4], games, ["countback"])}
    assert rows[1]["countback"] == rows[2]["points"] and rows[3]["countback"] == rows[4]["points"]


def test_full_ties_share_a_rank_and_the_lot_only_orders_them_visibly():
    rows = standings([1, 2, 3], [], ["generals_killed"])
    assert [r.rank for r in rows] == [1, 1, 1] and all(r.shared for r in rows)
    keys = {1: "ana", 2: "bruno", 3: "carla"}
    seeded = standings([1, 2, 3], [], ["generals_killed", "seeded_random"], seed=5, keys=keys)
    assert [r.rank for r in seeded] == [1, 1, 1] and all(r.shared for r in seeded)  # a lot is not a criterion
    lots = {r.player: dict(r.values)["seeded_random"] for r in seeded}
    assert lots == {p: draw_lot(5, keys[p]) for p in keys}  # shown, and repeatable from seed and name
    assert [r.player for r in seeded] == sorted(keys, key=lambda p: -lots[p])


def test_the_lot_is_sha256_of_seed_and_name_key():
    import hashlib

    assert draw_lot(7, "jose garcia") == int(hashlib.sha256(b"7:jose garcia").hexdigest()[:6], 16)
    # wherever the event lists it, the lot comes last: the criteria after it still rank
    games = [game(1, 1, 2, "2-2 T"), game(1, 3, 4, "3-2 T")]
    rows = standings([1, 2, 3, 4], games, ["seeded_random", "elements_destroyed"], seed=1)
    assert [dict(r.values)["elements_destroyed"] for r in rows][:2] == [3, 2] and rows[1].rank == 2


@st.composite
def events(draw):
    players = list(range(1, draw(st.integers(2, 10)) + 1))
    games = []
    for rnd in range(1, draw(st.integers(1, 4)) + 1):
        order = draw(st.permutations(players))
        for a, b in zip(order[::2], order[1::2], strict=False):
            kills = draw(st.sampled_from(["4-1", "1-4", "2-2 T", "4G-0", "0-5", "3-1G T"]))
            games.append(game(rnd, a, b, kills))
        if len(order) % 2:
            games.append(game(rnd, order[-1], None, ""))
    return players, games


@settings(max_examples=80, deadline=None)
@given(events(), st.lists(st.sampled_from(sorted(REGISTRY)), max_size=4, unique=True))
def test_standings_invariants(event, tiebreaks):
    players, games = event
    rows = standings(players, games, tiebreaks)
    assert sorted(r.player for r in rows) == sorted(players)
    points = [dict(r.values)["points"] for r in rows]
    assert points == sorted(points, reverse=True)  # points always come first
    ranks = [r.rank for r in rows]
    assert ranks[0] == 1 and all(b == a or b == i + 1 for i, (a, b) in enumerate(zip(ranks, ranks[1:], strict=False), 1))
    totals = dict.fromkeys(players, 0)  # each player's points, summed here from the games themselves
    for g in games:
        totals[g.a] += g.points_a
        if g.b is not None:
            totals[g.b] += g.points_b
    assert {r.player: dict(r.values)["points"] for r in rows} == totals
    lots = [dict(r.values).get("seeded_random") for r in rows]
    for a, b, lot_a, lot_b in zip(rows, rows[1:], lots, lots[1:], strict=False):
        if a.rank == b.rank and lot_a is not None:
            assert lot_a >= lot_b  # within a shared rank, the visible lot orders the players


# --- presets, exactly as the YAML sources give them -------------------------------------------------------

@pytest.mark.parametrize(("text", "preset", "points"), [
    ("5G-2", "nasamw-v4", (25, 2)),      # 20 + (5 + 2) − 2; the loser keeps what it destroyed
    ("1C-2 T", "nasamw-v4", (3, 2)),     # time: each scores enemy destroyed, camp +2
    ("0-4G", "nasamw-v4", (0, 26)),
    ("3G-1C T", "nasamw-v4", (5, 3)),    # time called: no 20 for anyone, general +2, camp +2
    ("5G-2", "nasamw-3.0", (24, 2)),     # general +1
    ("2C-2 T", "nasamw-3.0", (3, 2)),    # camp 1
    ("1-3 T", "5-2-1-0", (1, 2)),        # time called: 2 for destroying more than lost, 1 otherwise
    ("0-4", "5-2-1-0", (0, 5)),
    ("1-3 T", "wdl", (1, 1)),
    ("0-4", "wdl", (0, 3)),
    ("4-1", "spanish", (3, 1)),          # Games.cs: win 3, loss 1, draw 0
    ("1-4", "spanish", (1, 3)),
    ("3-1 T", "spanish", (0, 0)),
])
def test_more_preset_examples(text, preset, points):
    edition = "2.2" if preset == "nasamw-v4" else "3.0"
    assert check_result(parse_shorthand(text, edition), edition) == []
    assert score_game(parse_shorthand(text, edition), preset) == points


def test_preset_keys_byes_and_sources():
    table = presets()
    assert {"nasamw-v4", "nasamw-3.0", "5-2-1-0", "wdl", "spanish"} <= set(table)
    assert {key: bye_score(key) for key in table} == {
        "nasamw-v4": 10, "nasamw-3.0": 10, "5-2-1-0": 5, "wdl": 3, "spanish": 3}
    for p in table.values():
        assert "bye" in p.doubtful.lower()   # no source gives bye points: each preset says so
    # A 4-0 win, scored from a preset object as from its key: NASAMW 20 + 4 destroyed; 5-2-1-0 and wdl a
    # plain win; the Spanish preset gives the loser 1.
    expected = {"nasamw-v4": (24, 0), "nasamw-3.0": (24, 0), "5-2-1-0": (5, 0), "wdl": (3, 0), "spanish": (3, 1)}
    assert {key: score_game(parse_shorthand("4-0", "3.0"), p) for key, p in table.items() if key in expected} == expected


def test_unknown_preset():
    with pytest.raises(KeyError):
        score_game(parse_shorthand("4-0", "3.0"), "nope")


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 12), st.sampled_from(["", "G", "C", "GC"]), st.integers(0, 12),
       st.sampled_from(["", "G", "C", "GC"]), st.booleans(), st.sampled_from(sorted(presets())))
def test_winner_never_scores_less_than_loser(ak, am, bk, bm, timed, key):
    result = parse_shorthand(f"{ak}{am}-{bk}{bm}" + (" T" if timed else ""), "2.2")
    a, b = score_game(result, key)
    swapped = score_game(GameResult(result.b, result.a, {"a": "b", "b": "a"}.get(result.outcome, "time")), key)
    assert swapped == (b, a)                          # scoring does not depend on the seat
    if result.outcome == "a":
        assert a > b
    elif result.outcome == "b":
        assert b > a


# --- tie-break metrics on a hand-computed event (nasamw-v4) ----------------------------------------------
# R1: 1 v 2 "4G-1C" 23–3, 3 v 4 "2-1 T" 2–1.  R2: 1 v 3 "1-4" 1–23, 2 v 4 "1C-2 T" 3–2.
# Points 1: 24, 2: 6, 3: 25, 4: 3.

HAND = [game(1, 1, 2, "4G-1C"), game(1, 3, 4, "2-1 T"), game(2, 1, 3, "1-4"), game(2, 2, 4, "1C-2 T")]


def values_of(key: str) -> dict[int, float]:
    return {r.player: dict(r.values)[key] for r in standings([1, 2, 3, 4], HAND, [key])}


@pytest.mark.parametrize(("key", "expected"), [
    ("points", {1: 24, 2: 6, 3: 25, 4: 3}),
    ("wins", {1: 1, 2: 0, 3: 1, 4: 0}),
    ("countback", {1: 6 + 25, 2: 24 + 3, 3: 3 + 24, 4: 25 + 6}),  # opponents' final totals
    ("sos", {1: 0 + 1, 2: 1 + 0, 3: 0 + 1, 4: 1 + 0}),            # opponents' wins
    ("elements_destroyed", {1: 5, 2: 2, 3: 6, 4: 3}),
    ("fewest_lost", {1: 5, 2: 6, 3: 2, 4: 3}),
    ("margin", {1: 0, 2: -4, 3: 4, 4: 0}),
    ("generals_killed", {1: 1, 2: 0, 3: 0, 4: 0}),
    ("camps_taken", {1: 0, 2: 2, 3: 0, 4: 0}),
    ("camps_and_generals", {1: 1, 2: 2, 3: 0, 4: 0}),
])
def test_metric_values(key, expected):
    assert all(check_result(g.result, "2.2") == [] for g in HAND)
    assert values_of(key) == expected


def test_hand_event_order_and_tiebreak_order():
    assert [r.player for r in standings([1, 2, 3, 4], HAND, [])] == [3, 1, 2, 4]
    games = [game(1, 1, 2, "1C-0 T"), game(1, 3, 4, "3-2 T")]  # 1 and 3: 3 points each, margin 1 each
    assert [r.player for r in standings([1, 2, 3, 4], games, ["margin", "camps_taken", "elements_destroyed"])][:2] == [1, 3]
    assert [r.player for r in standings([1, 2, 3, 4], games, ["margin", "elements_destroyed", "camps_taken"])][:2] == [3, 1]


def test_ranks_are_shared_1_2_2_4():
    games = [game(1, 1, 4, "4-0"), game(1, 2, 3, "2-2 T")]
    rows = standings([1, 2, 3, 4], games, ["margin", "generals_killed"])
    assert [(r.player, r.rank, r.shared) for r in rows] == [(1, 1, False), (2, 2, True), (3, 2, True), (4, 4, False)]


def test_fewest_lost_ranks_ascending():
    games = [game(1, 1, 2, "2-2 T"), game(1, 3, 4, "2-1 T")]  # 1, 2: 2 pts; 3: 2 pts, 4: 1 pt
    rows = standings([1, 2, 3, 4], games, ["fewest_lost"])
    assert [r.player for r in rows] == [3, 1, 2, 4]  # 3 lost 1, the others 2


def test_head_to_head_only_counts_games_among_the_tied():
    games = [game(1, 1, 2, "2-1 T"), game(1, 3, 4, "2-1 T"),   # 1: 2, 2: 1, 3: 2, 4: 1
             game(2, 1, 3, "0-0 T"), game(2, 2, 4, "0-0 T")]
    rows = standings([1, 2, 3, 4], games, ["head_to_head", "margin"])
    assert [r.player for r in rows] == [1, 3, 2, 4] and rows[0].rank == rows[1].rank == 1


# --- properties ---------------------------------------------------------------------------------------------

def key_tuple(row, tiebreaks):
    values = dict(row.values)
    return tuple(-values[k] if REGISTRY[k].ascending else values[k] for k in ["points", *tiebreaks])


@settings(max_examples=80, deadline=None)
@given(events(), st.lists(st.sampled_from(sorted(set(REGISTRY) - {"head_to_head", "seeded_random", "points"})),
                          max_size=4, unique=True))
def test_ranks_follow_values(event, tiebreaks):
    players, games = event
    rows = standings(players, games, tiebreaks)
    keys = [key_tuple(r, tiebreaks) for r in rows]
    assert keys == sorted(keys, reverse=True)
    for i, row in enumerate(rows):
        first = next(j for j, k in enumerate(keys) if k == keys[i])
        assert row.rank == first + 1
        assert row.shared == (keys.count(keys[i]) > 1)


def test_hand_event_after_round_one():
    # R1 only: 1 v 2 "4G-1C" 23–3, 3 v 4 "2-1 T" 2–1. Countback counts the opponents' totals so far.
    first = [g for g in HAND if g.round == 1]
    rows = standings([1, 2, 3, 4], first, ["countback"])
    assert [r.player for r in rows] == [1, 2, 3, 4]  # after both rounds: 3, 1, 2, 4
    assert {r.player: dict(r.values)["points"] for r in rows} == {1: 23, 2: 3, 3: 2, 4: 1}
    assert {r.player: dict(r.values)["countback"] for r in rows} == {1: 3, 2: 23, 3: 1, 4: 2}


@settings(max_examples=60, deadline=None)
@given(events(), st.data())
def test_a_bye_never_lowers_points(event, data):
    players, games = event
    lucky = data.draw(st.sampled_from(players))
    before = {r.player: dict(r.values)["points"] for r in standings(players, games, [])}
    extra = PlayedGame(max(g.round for g in games) + 1, lucky, None, None, bye_score("nasamw-v4"), 0)
    after = {r.player: dict(r.values)["points"] for r in standings(players, [*games, extra], [])}
    assert after[lucky] >= before[lucky]
    assert all(after[p] == before[p] for p in players if p != lucky)


# --- issue 16: head-to-head among 3+, byes as wins ----------------------------------------------------------

def _three_tied_not_all_met():
    """1, 2 and 3 finish on 2 wins (5/2/1/0: 10 points); 1 beat 2, but 3 met neither of them."""
    return [
        game(1, 1, 2, "4-0", "5-2-1-0"), game(1, 3, 4, "4-0", "5-2-1-0"), game(1, 5, 6, "4-0", "5-2-1-0"),
        game(2, 1, 5, "0-4", "5-2-1-0"), game(2, 2, 4, "4-0", "5-2-1-0"), game(2, 3, 6, "4-0", "5-2-1-0"),
        game(3, 1, 6, "4-0", "5-2-1-0"), game(3, 2, 6, "4-0", "5-2-1-0"), game(3, 3, 5, "0-4", "5-2-1-0"),
    ]


def test_head_to_head_needs_every_pair_of_the_tied_group_to_have_met():
    games = _three_tied_not_all_met()
    points = {r.player: dict(r.values)["points"] for r in standings(range(1, 7), games, [])}
    assert points[1] == points[2] == points[3] == 10
    rows = {r.player: r for r in standings(range(1, 7), games, ["head_to_head", "elements_destroyed"])}
    assert dict(rows[1].values)["head_to_head"] is None  # not every pair met: no value, no separation
    assert rows[1].rank == rows[2].rank == rows[3].rank  # all destroyed 8: equal on every criterion
    partial = {r.player: r for r in standings(range(1, 7), games, ["head_to_head", "elements_destroyed"],
                                              h2h_all_met=False)}
    assert dict(partial[1].values)["head_to_head"] == 5 and partial[1].rank < partial[2].rank


def test_a_bye_counts_as_a_win_in_wins_and_in_the_opponents_sos():
    games = [game(1, 1, 2, "4-0"), game(1, 3, None, ""), game(2, 1, 3, "0-4"), game(2, 2, None, "")]
    rows = {r.player: dict(r.values) for r in standings([1, 2, 3], games, ["wins", "sos"])}
    assert rows[3]["wins"] == 2 and rows[2]["wins"] == 1  # bye + win; bye only
    assert rows[1]["sos"] == rows[2]["wins"] + rows[3]["wins"]  # SoS is the sum of the opponents' Wins
    assert rows[2]["sos"] == rows[1]["wins"]  # a bye is not an opponent


def test_preset_sources_cite_the_source_not_this_projects_notes():
    """The source is shown on every standings page: a citation a player can follow, not a path of ours."""
    for preset in presets().values():
        for internal in ("shared/", ".md", "issue #", "fixtures/"):
            assert internal not in preset.source, (preset.key, preset.source)


# --- tie-breaks the mutation run found untested (issue 30) --------------------------------------------------

def _values(rows, player):
    return dict(next(r for r in rows if r.player == player).values)


def test_every_bye_counts_as_a_win_and_an_unplayed_game_skips_only_itself():
    won = GameResult(SideResult(1), SideResult(4), "a")
    games = [PlayedGame(1, 1, None, None, 3, 0), PlayedGame(2, 1, None, None, 3, 0),
             PlayedGame(3, 2, 3, None, 0, 0),  # not played: no result
             PlayedGame(3, 4, 5, won, 3, 0)]
    rows = standings([1, 2, 3, 4, 5], games, ["wins"])
    assert _values(rows, 1)["wins"] == 2.0  # two byes, two wins
    assert _values(rows, 4)["wins"] == 1.0  # the game after the unplayed one still counts


def test_head_to_head_adds_up_every_game_the_tied_players_played_together():
    games = [PlayedGame(1, 1, 2, None, 3, 0), PlayedGame(2, 2, 1, None, 1, 0), PlayedGame(3, 1, 2, None, 0, 2)]
    rows = standings([1, 2], games, ["head_to_head"], ranking=("wins",))
    assert _values(rows, 1)["head_to_head"] == 3.0 and _values(rows, 2)["head_to_head"] == 3.0


def test_a_player_alone_on_their_points_shows_no_head_to_head():
    games = [PlayedGame(1, 1, 2, None, 3, 0)]
    rows = standings([1, 2], games, ["head_to_head"])
    assert _values(rows, 1)["head_to_head"] is None and _values(rows, 2)["head_to_head"] is None


def test_the_lot_without_names_or_a_seed_draws_from_the_player_and_seed_zero():
    rows = standings([1, 2], [], ["seeded_random"])
    assert {r.player: dict(r.values)["seeded_random"] for r in rows} == {1: draw_lot(0, "1"), 2: draw_lot(0, "2")}


def test_the_ranking_keys_come_first_then_the_known_tie_breaks():
    assert metric_keys(["countback"], ("wins", "points")) == ["wins", "points", "countback"]
    assert metric_keys(["countback"], ()) == ["points", "countback"]
    assert metric_keys(["bogus", "points", "seeded_random", "countback"]) == ["points", "countback", "seeded_random"]


def test_ranking_by_wins_puts_more_wins_before_more_points():
    won = GameResult(SideResult(1), SideResult(4), "a")
    games = [PlayedGame(1, 1, 2, won, 1, 0), PlayedGame(2, 3, 4, GameResult(SideResult(2), SideResult(2), "time"), 5, 5)]
    assert [r.player for r in standings([1, 2, 3, 4], games, [], ranking=("wins", "points"))][0] == 1
    assert [r.player for r in standings([1, 2, 3, 4], games, [])][0] in (3, 4)


def test_players_sharing_a_rank_are_listed_by_name():
    rows = standings([1, 2, 3], [], [], keys={1: "Zoe", 2: "Ana", 3: "Marco"})
    assert [r.player for r in rows] == [2, 3, 1] and all(r.rank == 1 and r.shared for r in rows)
