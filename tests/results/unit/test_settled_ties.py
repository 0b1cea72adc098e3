"""The ties left after every tie-break, settled by the event (`tiebreaks.settle`), by hand (pure: no database)."""

from __future__ import annotations

from tournament.results.tiebreaks import KINDS, Row, Settlement, settle, settlements_of, tied_groups


def _rows(*ranks) -> list[Row]:
    """Players 1, 2, … at these ranks; a rank given twice or more is shared."""
    shared = {r for r in ranks if ranks.count(r) > 1}
    return [Row(rank, player, {}, rank in shared) for player, rank in enumerate(ranks, start=1)]


def _seen(rows: list[Row]) -> list[tuple]:
    return [(r.player, r.rank, r.shared, r.settled) for r in rows]


def test_a_settlement_orders_exactly_the_tied_players():
    rows, applied = settle(_rows(1, 2, 2, 4), [Settlement("playoff", (3, 2))])
    assert _seen(rows) == [(1, 1, False, ""), (3, 2, False, "playoff"), (2, 3, False, "playoff"), (4, 4, False, "")]
    assert applied == [Settlement("playoff", (3, 2))]
    shared, _ = settle(_rows(1, 1, 3), [Settlement("shared", (1, 2))])
    assert [(r.rank, r.shared, r.settled) for r in shared[:2]] == [(1, True, "shared"), (1, True, "shared")]
    untouched, applied = settle(_rows(1, 1, 1), [Settlement("lot", (1, 2))])  # a tie of three, not of those two
    assert [r.rank for r in untouched] == [1, 1, 1] and applied == []


def test_two_ties_each_settled_their_own_way():
    rows, applied = settle(_rows(1, 1, 3, 3, 3, 6), [Settlement("umpire", (2, 1)), Settlement("lot", (5, 3, 4))])
    assert _seen(rows) == [(2, 1, False, "umpire"), (1, 2, False, "umpire"), (5, 3, False, "lot"),
                           (3, 4, False, "lot"), (4, 5, False, "lot"), (6, 6, False, "")]
    assert applied == [Settlement("umpire", (2, 1)), Settlement("lot", (5, 3, 4))]


def test_a_decision_for_players_not_tied_changes_nothing():
    rows = _rows(1, 2, 3)
    settled, applied = settle(rows, [Settlement("playoff", (2, 1)), Settlement("lot", (2, 3))])
    assert settled == rows and applied == []


def test_a_tie_at_the_end_of_the_table_is_settled_too():
    rows, _ = settle(_rows(1, 2, 2), [Settlement("playoff", (3, 2))])
    assert _seen(rows)[1:] == [(3, 2, False, "playoff"), (2, 3, False, "playoff")]


def test_without_decisions_the_rows_come_back_as_they_were():
    rows = _rows(1, 1, 3)
    assert settle(rows, []) == (rows, [])


def test_the_tied_groups_in_table_order():
    assert tied_groups(_rows(1, 1, 3, 4, 4, 4)) == [(1, 2), (4, 5, 6)]
    assert tied_groups(_rows(1, 2, 3)) == []


def test_only_known_kinds_of_two_players_or_more_are_read():
    decisions = [{"kind": "playoff", "players": [4, 2]}, {"kind": "coin", "players": [1, 2]},
                 {"kind": "lot", "players": [7]}, {"kind": "shared", "players": None}, {"players": [1, 2]},
                 {"kind": "umpire", "players": [1, 2, 3], "reason": "Fewer elements lost"}]
    assert settlements_of(decisions) == [Settlement("playoff", (4, 2)), Settlement("umpire", (1, 2, 3))]
    assert settlements_of(None) == [] and settlements_of([]) == []
    assert KINDS == ("playoff", "umpire", "lot", "shared")
