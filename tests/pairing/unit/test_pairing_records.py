"""What the pairing engine records for a round, as the round keeps it (the games' notes and the round's
warnings are stored as data, read back by the round page, the audit log and backups): every rule a game
bends with the players it names, which notes are warnings, and what avoiding a game would have cost.

Pure engine, no database: `note_message` only needs Django's translation machinery.
"""

from __future__ import annotations

from unittest import mock

import pytest

from tournament.pairing import engine as pairing
from tournament.pairing.engine import Entrant, PairingOptions, pair_round, pairing_cost
from tournament.pairing.manager import note_data
from tournament.pairing.messages import note_message
from tournament.pairing.notes import hand_made, warns

NAMES = {0: "Ana", 1: "Bruno", 2: "Carla", 3: "Dario", 4: "Elena", 5: "Fabio"}


def notes_of(result, player):
    game = next(p for p in result.pairings if player in (p.a, p.b))
    return [(n.code, dict(n.params)) for n in game.notes]


def sentences(result, player):
    game = next(p for p in result.pairings if player in (p.a, p.b))
    return [note_message(note_data(n), NAMES) for n in game.notes]


def avoided(result):
    return [(d["player"], d["other"], d["reason"]) for p in result.pairings for c, d in
            ((n.code, dict(n.params)) for n in p.notes) if c == "avoided"]


def test_a_forced_game_records_every_rule_it_bends_with_the_players_it_names():
    people = [Entrant(0, 6, 0, club="Dracs", army_ref="II/56", opponents=frozenset({1}), tables=frozenset({1}),
                      fixed_table=1),
              Entrant(1, 3, 1, club="Dracs", army_ref="II/56")]  # the game is on 0's record only
    result = pair_round(people, 3, PairingOptions(avoid_civil_war=True))
    club = {"club": "Dracs", "a": 0, "b": 1, "avoided": True, "traded": "impossible"}
    war = {"army": "II/56", "a": 0, "b": 1, "avoided": True, "traded": "impossible"}
    assert notes_of(result, 0) == [
        ("pulled_up", {"player": 1, "score": 3, "to": 6}), ("pulled_down", {"player": 0, "score": 6, "to": 3}),
        ("rematch", {"a": 0, "b": 1}), ("same_club", club), ("civil_war", war),
        ("repeat_table", {"player": 0, "table": 1}), ("fixed_table", {"player": 0, "table": 1})]
    assert [(w.code, dict(w.params)) for w in result.warnings] == [
        ("rematch", {"a": 0, "b": 1}), ("same_club", club), ("civil_war", war)]
    # one rematch, one group apart, a score gap of one unit (3), club mates, a civil war, neighbours
    assert result.cost == (1, 0, 1, 1, 1, 1, 0, 1)


def test_a_game_on_either_players_record_is_a_rematch():
    for first, second in ((frozenset({1}), frozenset()), (frozenset(), frozenset({0}))):
        people = [Entrant(0, 0, 0, opponents=first), Entrant(1, 0, 1, opponents=second), Entrant(2, 0, 2),
                  Entrant(3, 0, 3)]
        result = pair_round(people, 2)
        assert {frozenset((p.a, p.b)) for p in result.pairings} == {frozenset({0, 2}), frozenset({1, 3})}
        assert ("avoided", {"player": 0, "other": 1, "reason": "rematch"}) in notes_of(result, 0)
        forced = pair_round(people[:2], 2)
        assert [w.code for w in forced.warnings] == ["rematch"] and forced.cost[0] == 1


def test_the_warnings_keep_a_rematch_and_add_the_second_bye():
    everyone = frozenset({0, 1, 2})
    people = [Entrant(i, 9 - 3 * i, i, had_bye=True, opponents=everyone - {i}) for i in range(3)]
    result = pair_round(people, 4)
    assert [(w.code, dict(w.params)) for w in result.warnings] == [("rematch", {"a": 0, "b": 1}),
                                                                   ("second_bye", {"player": 2})]
    assert notes_of(result, 2) == [("second_bye", {"player": 2})]


def test_a_first_bye_is_noted_but_is_no_warning():
    result = pair_round([Entrant(i, 0, i) for i in range(3)], 2)
    assert notes_of(result, 2) == [("bye", {"player": 2})] and not result.warnings


def test_historical_enemies_are_noted_with_both_armies():
    people = [Entrant(0, 0, 0, army_ref="I/1a", enemies=frozenset({"I/2a"})), Entrant(1, 0, 1, army_ref="I/2a")]
    result = pair_round(people, 1, PairingOptions(round1="enemies"))
    assert notes_of(result, 0) == [("score_group", {"score": 0}), ("enemies", {"a": "I/1a", "b": "I/2a"})]


def test_club_mates_in_an_event_that_allows_them_are_noted_without_a_trade_or_a_warning():
    people = [Entrant(0, 0, 0, club="Dracs", army_ref="II/56"), Entrant(1, 0, 1, club="Dracs", army_ref="II/56"),
              Entrant(2, 0, 2), Entrant(3, 0, 3)]
    result = pair_round(people, 2, PairingOptions(avoid_same_club=False))
    assert notes_of(result, 0) == [
        ("score_group", {"score": 0}), ("same_club", {"club": "Dracs", "a": 0, "b": 1, "avoided": False}),
        ("civil_war", {"army": "II/56", "a": 0, "b": 1, "avoided": False})]
    assert not result.warnings


def test_only_players_kept_from_their_neighbour_by_a_rule_are_told_why():
    # 2 and 3 are club mates, 4 and 5 have met: those four are told; 0 and 1 meet as neighbours
    people = [Entrant(i, 0, i, club="A" if i in (2, 3) else None, opponents=frozenset({9 - i} & {4, 5}))
              for i in range(6)]
    result = pair_round(people, 2)
    assert {frozenset((p.a, p.b)) for p in result.pairings} == {frozenset({0, 1}), frozenset({2, 4}),
                                                                frozenset({3, 5})}
    assert avoided(result) == [(2, 3, "club"), (4, 5, "rematch"), (3, 2, "club"), (5, 4, "rematch")]
    # 2 and 3 do not meet because 0 and 1 have met, not because of a rule between them: nothing said
    people = [Entrant(0, 0, 0, opponents=frozenset({1})), Entrant(1, 0, 1, opponents=frozenset({0})),
              Entrant(2, 0, 2), Entrant(3, 0, 3)]
    for civil_war in (False, True):
        result = pair_round(people, 2, PairingOptions(avoid_civil_war=civil_war))
        assert avoided(result) == [(0, 1, "rematch"), (1, 0, "rematch")]


def test_a_fixed_table_is_noted_only_on_the_game_at_that_table():
    people = [Entrant(i, 0, i, fixed_table=1 if i in (0, 2) else None) for i in range(4)]
    result = pair_round(people, 2)
    assert ("fixed_table", {"player": 0, "table": 1}) in notes_of(result, 0)
    assert [c for c, _ in notes_of(result, 2)] == ["score_group"]  # 2's game is at table 2, not at 1


@pytest.mark.parametrize("code, params, warning", [
    ("rematch", {}, True), ("second_bye", {"player": 1}, True), ("bye", {"player": 1}, False),
    ("same_club", {"avoided": True}, True), ("same_club", {"avoided": False}, False),
    ("same_club", {}, True),  # stored before events could allow club mates: they were always avoided
    ("civil_war", {"avoided": True}, True), ("civil_war", {"avoided": False}, False),
    ("civil_war", {}, False),  # stored before events could avoid civil wars: they were always allowed
    ("fixed_table", {"conflict": True}, True), ("fixed_table", {"table": 3}, False),
    ("repeat_table", {"table": 3}, False), ("score_group", {"score": 0}, False)])
def test_which_stored_notes_are_warnings(code, params, warning):
    assert warns(code, params) is warning


def test_a_hand_made_game_at_a_players_fixed_table_names_them():
    people = {0: Entrant(0, 0, 0), 1: Entrant(1, 0, 1, fixed_table=2)}
    notes = hand_made(people, 0, 1, 2, PairingOptions())
    assert ("fixed_table", {"player": 1, "table": 2}) in [(n.code, dict(n.params)) for n in notes]


def test_the_cost_of_a_second_bye_while_others_have_none_outweighs_every_first_bye():
    people = [Entrant(0, 6, 0), Entrant(1, 3, 1), Entrant(2, 0, 2, had_bye=True)]
    fresh = [pairing_cost(people, [(a, b), (c, None)]) for a, b, c in ((0, 1, 2), (0, 2, 1), (1, 2, 0))]
    assert [cost[1] for cost in fresh] == [3, 0, 1]  # a second bye costs as much as the whole field


def test_impossible_requests_say_what_is_wrong():
    with pytest.raises(ValueError, match="^entrant ids must be unique$"):
        pair_round([Entrant(1, 0, 0), Entrant(1, 0, 1)], 1)
    with pytest.raises(ValueError, match="^at least two players are needed$"):
        pair_round([Entrant(1, 0, 0)], 1)
    with pytest.raises(ValueError, match="^every entrant must appear exactly once$"):
        pairing_cost([Entrant(1, 0, 0), Entrant(2, 0, 1)], [(1, None)])


# --- what avoiding a game would have cost ----------------------------------------------------------

def test_the_score_trade_names_the_widest_game_and_both_scores():
    people = [Entrant(0, 8, 0), Entrant(1, 8, 1, club="X"), Entrant(2, 6, 2, club="X"), Entrant(3, 4, 3, club="X")]
    result = pair_round(people, 3)
    assert sentences(result, 2)[-1] == (
        "Same club (X). Avoiding it would have paired Bruno (8 points) with Dario (4 points).")


def test_the_club_trade_names_the_club_mates_it_would_have_paired():
    people = [Entrant(0, 6, 0), Entrant(1, 6, 1, club="Y"), Entrant(2, 6, 2, club="X"), Entrant(3, 4, 3, club="X"),
              Entrant(4, 4, 4, club="X"), Entrant(5, 0, 5, club="X")]
    result = pair_round(people, 3)
    traded = [s for p in (0, 1, 2, 3, 4, 5) for s in sentences(result, p) if "instead" in s]
    assert traded and all(s.endswith("Avoiding it would have paired club mates instead: Dario v Fabio.")
                          for s in traded)


def test_with_no_rematch_in_the_round_the_trade_does_not_reach_for_one():
    # keeping the club mates apart needs a rematch for Ana, which a round without rematches does not consider
    people = [Entrant(0, 0, 0, club="Dracs", opponents=frozenset({2, 3})), Entrant(1, 0, 1, club="Dracs"),
              Entrant(2, 0, 2, opponents=frozenset({0})), Entrant(3, 0, 3, opponents=frozenset({0}))]
    result = pair_round(people, 3)
    assert sentences(result, 0)[-1] == "Same club (Dracs). No other pairing was possible."


def test_only_the_first_games_of_a_round_are_traded_and_only_fields_up_to_the_dense_size():
    people = [Entrant(i, 0, i, club="Dracs") for i in range(6)]  # three games of club mates, whatever the pairing
    with mock.patch.object(pairing, "TRADE_CHECKS", 2):
        result = pair_round(people, 2)
    said = [next(s for s in sentences(result, p.a) if s.startswith("Same club")) for p in result.pairings]
    assert said == ["Same club (Dracs). Avoiding it would have paired club mates instead: Ana v Carla.",
                    "Same club (Dracs). Avoiding it would have paired club mates instead: Ana v Carla.",
                    "Same club (Dracs): no better pairing was possible."]
    with mock.patch.object(pairing, "DENSE_UP_TO", 6):  # a field of exactly that size is still traded
        assert "traded" in dict(pair_round(people, 2).pairings[0].notes[-1].params)
    with mock.patch.object(pairing, "DENSE_UP_TO", 5):
        assert "traded" not in dict(pair_round(people, 2).pairings[0].notes[-1].params)


def test_the_bye_takes_no_table_even_when_the_top_player_has_it():
    people = [Entrant(0, 9, 0), Entrant(1, 6, 1, had_bye=True), Entrant(2, 3, 2, had_bye=True)]
    result = pair_round(people, 3)
    assert [(p.a, p.b, p.table) for p in result.pairings] == [(1, 2, 1), (0, None, None)]


def test_a_trade_that_costs_nothing_more_names_the_club_mates_it_would_pair_instead():
    # three club mates on 3 points (Dario, who has met Carla, is the fourth): avoiding Ana v Carla pairs
    # Ana v Bruno, every bit as good
    people = [Entrant(i, 3 if i < 3 else 0, i, club=None if i == 4 else "X", opponents=frozenset({2} if i == 3 else ()))
              for i in range(6)]
    result = pair_round(people, 3)
    assert sentences(result, 0)[1] == "Same club (X). Avoiding it would have paired club mates instead: Ana v Bruno."
