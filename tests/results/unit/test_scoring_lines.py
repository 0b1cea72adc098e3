"""How a scoring definition scores a game (tournament/results/scoring.py, docs/scoring.md "How a game is
scored"): what counts and its cap, each edition's counts, the lines' bonuses, the time lines, rule conditions at
their bounds, the zero-sum split, and the table of outcomes the scoring page shows."""

from __future__ import annotations

import pytest

from tournament.results.definition import parse_definition
from tournament.results.scoring import OUTCOMES, Preset, outcome_table, score_game, templates
from tournament.results.shorthand import parse_shorthand
from tournament.results.tiebreaks import REGISTRY


def _scoring(**fields) -> Preset:
    return Preset("t", parse_definition({"name": "t", "win": 0, "loss": 0, "time": 0, **fields}, REGISTRY))


def _points(p: Preset, text: str, edition: str = "3.0") -> tuple[int, int]:
    return score_game(parse_shorthand(text, edition), p, edition)


def test_what_counts_is_multiplied_and_capped_per_edition():
    per_kill = {"win": {"per_destroyed": 1}, "loss": {"per_destroyed": 1}, "time": {"per_destroyed": 1}}
    assert _points(_scoring(**per_kill, counts={"element": 2}), "4-1") == (8, 2)
    capped = _scoring(**per_kill, counts={"cap": 3, "2.2": {"element": 2}, "3.0": {"cap": None}})
    assert _points(capped, "4-1", "2.2") == (3, 2)  # 2.2: 4 × 2 = 8, capped at 3 as the base counts say
    assert _points(capped, "4-1", "3.0") == (4, 1)  # 3.0 lifts the cap
    assert _points(capped, "4-1", None) == (3, 1)  # no edition: the base counts
    chariots = _scoring(**per_kill, counts={"element": 2, "sch": 0, "2.2": {"sch": 1}})
    assert _points(chariots, "4+1S-1", "2.2") == (9, 2)  # 2.2 keeps the base's 2 per element and adds the chariot
    assert _points(chariots, "4+1S-1", "3.0") == (8, 2)


def test_a_lines_camp_and_general_bonuses_go_to_the_side_that_took_them():
    p = _scoring(win={"points": 3, "camp_taken": 2, "general_killed": 5}, loss={"camp_taken": 1})
    assert _points(p, "4C-1") == (5, 0) and _points(p, "4-1") == (3, 0) and _points(p, "4G-1") == (8, 0)
    assert _points(p, "1C-4") == (1, 3)  # the loser took the camp


def test_time_called_scores_the_ahead_level_and_behind_lines():
    p = _scoring(time=0, time_ahead=9, time_level=7, time_behind=2)
    assert _points(p, "2-1 T") == (9, 2) and _points(p, "2-2 T") == (7, 7) and _points(p, "0-0 T") == (7, 7)
    assert _points(p, "1-3 T") == (2, 9)
    assert _points(_scoring(time=4, time_ahead=9), "2-2 T") == (4, 4)  # no time_level line: the time line


@pytest.mark.parametrize(("when", "text", "a_points"), [
    ({"destroyed_at_least": 4}, "4-1", 5), ({"destroyed_at_least": 5}, "4+1S-1", 5),  # Scythed Chariots count
    ({"lost_at_least": 2}, "4-1+1S", 5), ({"destroyed_at_most": 4}, "4+1S-1", 0),
    ({"margin_at_most": -3}, "1-4", 5), ({"margin_at_most": -4}, "1-4", 0), ({"margin_at_least": 3}, "4-1", 5),
    ({"camp_lost": True}, "1-4C", 5), ({"camp_lost": False}, "1-4C", 0), ({"camp_taken": False}, "1-4C", 5),
    ({"general_killed": False}, "4G-1", 0),
])
def test_rule_conditions_at_their_bounds(when, text, a_points):
    assert _points(_scoring(rules=[{"when": when, "points": 5}]), text)[0] == a_points


def test_zero_sum_gives_the_side_ahead_its_line_and_the_other_the_rest():
    p = _scoring(split=10, win={"points": 6, "per_destroyed": 1}, time={"per_destroyed": 1})
    assert _points(p, "4-1") == (10, 0) and _points(p, "1-4") == (0, 10)
    assert _points(p, "2-1 T") == (2, 8) and _points(p, "1-2 T") == (8, 2)  # time called: ahead by the line
    assert _points(p, "1-1 T") == (1, 1)  # level: each by its line


def test_the_outcome_table_lists_every_outcome_in_order():
    table = outcome_table(templates()["nasamw-3.0"].definition, "3.0")  # no Scythed Chariots scored
    assert [row.shorthand for row in table] == [o for o in OUTCOMES if "S" not in o]
    assert [(r.outcome, r.points_a, r.points_b) for r in table if r.shorthand in ("2-2 T", "1-3 T", "4C-1")] == [
        ("win", 24, 1), ("time_level", 2, 2), ("time_behind", 1, 3)]


def test_the_outcome_table_counts_by_the_events_edition():
    d = _scoring(win={"points": 10, "per_destroyed": 1}, time={"per_destroyed": 1},
                 counts={"sch": 0, "2.2": {"sch": 1, "general": 5}}).definition
    old, new = ({row.shorthand: row for row in outcome_table(d, edition)} for edition in ("2.2", "3.0"))
    assert "4+1S-1" in old and "4+1S-1" not in new  # the chariot row only where the edition scores chariots
    assert (old["4+1S-1"].points_a, old["4+1S-1"].points_b) == (15, 0)
    assert (old["3G-3 T"].outcome, old["3G-3 T"].points_a, old["3G-3 T"].points_b) == ("time_ahead", 8, 3)
    assert (new["3G-3 T"].outcome, new["3G-3 T"].points_a, new["3G-3 T"].points_b) == ("time_level", 3, 3)
