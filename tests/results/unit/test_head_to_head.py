"""Head-to-head applies to a tied group when its players met: every pair of them (`h2h_all_met`) or any
pair. Read from the games, not from every pair of the group (a 500-player tie is 125,000 pairs): the
same answer as the definition, pair by pair."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tournament.results.tiebreaks import Context, HeadToHead, PlayedGame, standings


def by_definition(games, group, all_met: bool) -> bool:
    if len(group) < 2:
        return False
    met = {frozenset((g.a, g.b)) for g in games if g.b is not None}
    pairs = [frozenset((p, q)) for i, p in enumerate(group) for q in group[i + 1:]]
    return all(pair in met for pair in pairs) if all_met else any(pair in met for pair in pairs)


players = st.integers(min_value=1, max_value=7)
games = st.lists(st.tuples(players, st.one_of(st.none(), players)).filter(lambda t: t[0] != t[1]), max_size=14)


@given(games=games, group=st.lists(players, unique=True, max_size=7), all_met=st.booleans())
def test_head_to_head_applies_as_defined(games, group, all_met):
    played = [PlayedGame(1, a, b, None, 0, 0) for a, b in games]
    assert HeadToHead().applies(Context(played, h2h_all_met=all_met), group) == by_definition(played, group, all_met)


def test_a_big_tie_that_never_met_is_answered_from_the_games():
    played = [PlayedGame(1, 2 * k, 2 * k + 1, None, 1, 0) for k in range(500)]
    losers = [2 * k + 1 for k in range(500)]
    assert not HeadToHead().applies(Context(played, h2h_all_met=False), losers)
    assert HeadToHead().applies(Context(played, h2h_all_met=False), [0, 1, 3])
    assert not HeadToHead().applies(Context(played, h2h_all_met=True), [0, 1, 3])


def test_players_level_on_everything_without_a_lot_keep_their_name_order():
    """Without a drawn lot, players level on every criterion share their rank in the order of their names'
    keys, whatever the criteria (split in one pass per value, head-to-head per group)."""
    from tournament.results.tiebreaks import standings

    keys = {1: "delta", 2: "alpha", 3: "charlie", 4: "bravo"}
    played = [PlayedGame(1, 1, 2, None, 2, 2), PlayedGame(1, 3, 4, None, 2, 2)]
    for tiebreaks in ([], ["head_to_head", "countback"], ["countback", "head_to_head", "sos"]):
        rows = standings([1, 2, 3, 4], played, tiebreaks, keys=keys)
        assert [row.player for row in rows] == [2, 4, 3, 1], tiebreaks
        assert [row.rank for row in rows] == [1, 1, 1, 1] and all(row.shared for row in rows)


def test_two_players_level_after_their_only_game_show_their_head_to_head():
    """Ana and Bruno drew 2-2 in the only game either played: they met each other, every pair of the tie, so
    head-to-head applies and shows each one's 2 points (not a dash), even though each has played only one game."""
    played = [PlayedGame(1, 1, 2, None, 2, 2)]
    rows = standings([1, 2], played, ["head_to_head"])
    assert [row.values["head_to_head"] for row in rows] == [2.0, 2.0]
    assert [row.rank for row in rows] == [1, 1]


def test_three_players_level_who_all_met_are_ordered_by_their_games_among_them():
    """Ana, Bruno and Carla all have 10 points and played each other once (plus one game against someone else):
    in their games among them Ana and Carla scored 4, Bruno 3, so Bruno is third of the three."""
    ana, bruno, carla, dino, ezio, fede = range(1, 7)
    played = [PlayedGame(1, ana, bruno, None, 3, 1), PlayedGame(2, bruno, carla, None, 2, 2),
              PlayedGame(3, carla, ana, None, 2, 1), PlayedGame(4, ana, dino, None, 6, 0),
              PlayedGame(4, bruno, ezio, None, 7, 0), PlayedGame(4, carla, fede, None, 6, 0)]
    rows = standings([ana, bruno, carla, dino, ezio, fede], played, ["head_to_head"])
    top = {row.player: row for row in rows[:3]}
    assert set(top) == {ana, bruno, carla}
    assert {p: row.values["head_to_head"] for p, row in top.items()} == {ana: 4.0, bruno: 3.0, carla: 4.0}
    assert (top[ana].rank, top[carla].rank, top[bruno].rank) == (1, 1, 3)


def test_three_players_level_on_head_to_head_are_split_by_the_next_tie_break():
    """Ana, Bruno and Carla each beat one of the others (a circle): head-to-head applies, every pair met, and
    leaves them level on one point each. The next tie-break, countback, then orders them by their fourth
    opponents (5, 3 and 2 points): Ana, Bruno, Carla, each with a rank of their own, not in the order of their
    names (Carla, Bruno, Ana), which is what is left after the metrics that do not split them."""
    ana, bruno, carla = 1, 2, 3
    keys = {ana: "carla-z", bruno: "bruno", carla: "ana-a"}  # the names' order is the reverse of countback's
    played = [PlayedGame(1, ana, bruno, None, 1, 0), PlayedGame(2, bruno, carla, None, 1, 0),
              PlayedGame(3, carla, ana, None, 1, 0),
              PlayedGame(4, ana, 4, None, 0, 5), PlayedGame(4, bruno, 5, None, 0, 3), PlayedGame(4, carla, 6, None, 0, 2)]
    rows = standings([ana, bruno, carla, 4, 5, 6], played, ["head_to_head", "countback", "generals_killed"], keys=keys)
    tied = [row for row in rows if row.player in (ana, bruno, carla)]
    assert [row.values["head_to_head"] for row in tied] == [1.0, 1.0, 1.0]
    assert [row.values["countback"] for row in tied] == [7.0, 5.0, 4.0]
    assert [row.player for row in tied] == [ana, bruno, carla]
    assert [row.rank for row in tied] == [4, 5, 6] and not any(row.shared for row in tied)
