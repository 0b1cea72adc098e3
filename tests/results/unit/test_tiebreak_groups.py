"""Head-to-head within a tied group: when not every pair has to have met (`h2h_all_met=False`), a tied player
who met none of the others is still in the group, with no points among them; when it does not apply, the next
tie-breaks still separate the group (found by the mutation run, issue 30)."""

from __future__ import annotations

from tournament.results.shorthand import GameResult, SideResult
from tournament.results.tiebreaks import PlayedGame, standings


def _tied_on_five():
    # 1 and 2 drew their game (5 points each); 3 had a bye worth 5 and met neither of them
    return [PlayedGame(1, 1, 2, None, 5, 5), PlayedGame(1, 3, None, None, 5, 0)]


def test_a_tied_player_who_met_none_of_the_others_scores_nothing_head_to_head():
    rows = standings([1, 2, 3], _tied_on_five(), ["head_to_head"], h2h_all_met=False)
    assert [(r.player, r.rank, dict(r.values)["head_to_head"]) for r in rows] == [(1, 1, 5.0), (2, 1, 5.0), (3, 3, 0.0)]
    assert rows[0].shared and rows[1].shared and not rows[2].shared


def test_when_every_pair_must_have_met_that_player_leaves_the_group_level():
    rows = standings([1, 2, 3], _tied_on_five(), ["head_to_head"])
    assert [(r.player, r.rank, dict(r.values)["head_to_head"]) for r in rows] == [(1, 1, None), (2, 1, None), (3, 1, None)]
    assert all(r.shared for r in rows)


def test_when_head_to_head_does_not_apply_the_next_tie_break_separates_the_group():
    # 1 and 2 each beat someone (5 points) but never met; 1 destroyed 4 elements, 2 destroyed 5
    games = [PlayedGame(1, 1, 3, GameResult(SideResult(1), SideResult(4), "a"), 5, 0),
             PlayedGame(1, 2, 4, GameResult(SideResult(2), SideResult(5), "a"), 5, 0)]
    for all_met in (True, False):
        rows = standings([1, 2, 3, 4], games, ["head_to_head", "elements_destroyed"], h2h_all_met=all_met)
        assert [(r.player, r.rank) for r in rows] == [(2, 1), (1, 2), (4, 3), (3, 4)], all_met
        assert all(dict(r.values)["head_to_head"] is None and not r.shared for r in rows)


def test_players_sharing_a_rank_are_listed_by_name_key_and_without_one_by_their_number_as_text():
    # the standings list a shared rank by name key; a caller that passes no key for a player lists them by their
    # number written out ("10" before "2"), not by the number itself (found by the mutation run, issue 29)
    assert [(r.player, r.rank) for r in standings([2, 10, 1], [], [])] == [(1, 1), (10, 1), (2, 1)]
    assert [r.player for r in standings([2, 10, 1], [], [], keys={2: "ana", 10: "bea", 1: "cid"})] == [2, 10, 1]
