"""Scythed Chariots lost in the element tie-breaks, by hand (pure): counted only where the edition counts them toward
victory (`sch_counts`: DBA 3.0, not 2.2, guia22 L1582)."""

from __future__ import annotations

from tournament.results.shorthand import GameResult, SideResult
from tournament.results.tiebreaks import PlayedGame, standings

KEYS = ["elements_destroyed", "fewest_lost", "margin"]


def _values(games, **options) -> dict[int, tuple]:
    return {row.player: (row.values["elements_destroyed"], row.values["fewest_lost"], row.values["margin"])
            for row in standings([1, 2], games, KEYS, **options)}


def test_in_dba_22_scythed_chariots_lost_are_not_counted_as_elements():
    game = PlayedGame(1, 1, 2, GameResult(SideResult(), SideResult(4, sch_lost=1), "a"), 3, 0)
    assert _values([game]) == {1: (4, 0, 4), 2: (0, 4, -4)}  # the default: not counted


def test_in_dba_30_they_are_counted_as_elements_for_either_side():
    won = PlayedGame(1, 1, 2, GameResult(SideResult(1, sch_lost=1), SideResult(3, sch_lost=1), "a"), 3, 0)
    assert _values([won], sch_counts=True) == {1: (4, 2, 2), 2: (2, 4, -2)}
