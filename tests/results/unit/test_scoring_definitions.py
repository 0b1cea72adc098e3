"""Scoring definitions (pure): the built-in presets, now written as definitions, score every result exactly as
before; the examples of issue 25 score as published; a bad definition is refused naming its field."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from tests import scoring_before
from tournament.results.definition import DefinitionError, definition_data, parse_definition
from tournament.results.scoring import Preset, outcome_table, presets, score_game, templates, with_points
from tournament.results.shorthand import GameResult, SideResult, parse_shorthand
from tournament.results.tiebreaks import REGISTRY

DOCS = Path(__file__).resolve().parents[3] / "docs" / "scoring.md"

sides = st.builds(SideResult, st.integers(0, 12), st.booleans(), st.booleans(), st.integers(0, 4))
results = st.builds(GameResult, sides, sides, st.sampled_from(["a", "b", "time"]))


def _as_tuple(side: SideResult) -> tuple:
    return side.elements_lost, side.general_lost, side.camp_lost, side.sch_lost


@given(results, st.sampled_from(sorted(scoring_before.NUMBERS)), st.sampled_from(["2.2", "3.0", None]))
def test_every_preset_scores_every_result_exactly_as_before(result, key, edition):
    before = scoring_before.score(scoring_before.numbers(key), result.outcome, _as_tuple(result.a), _as_tuple(result.b))
    assert score_game(result, key, edition) == before
    assert presets()[key].bye == scoring_before.numbers(key)["bye"]


@given(results, st.integers(0, 9), st.integers(0, 9), st.integers(0, 9))
def test_win_draw_loss_with_the_events_own_points_scores_as_before(result, win, draw, loss):
    points = f"{win}/{draw}/{loss}"
    p = with_points("wdl", points)
    before = scoring_before.numbers("wdl", points)
    assert score_game(result, p) == scoring_before.score(before, result.outcome, _as_tuple(result.a), _as_tuple(result.b))
    assert p.bye == before["bye"]


def test_the_presets_are_the_same_five_as_before():
    assert set(presets()) == set(scoring_before.NUMBERS)


@pytest.mark.parametrize("key", sorted(templates()))
def test_every_template_round_trips_through_its_plain_data(key):
    definition = templates()[key].definition
    assert parse_definition(definition_data(definition), REGISTRY) == definition
    assert all(t in REGISTRY for t in definition.tiebreaks) and definition.source


def _score(key: str, text: str, edition: str = "3.0") -> tuple[int, int]:
    return score_game(parse_shorthand(text, edition), key, edition)


@pytest.mark.parametrize(("key", "text", "points"), [
    # English DBA Open 2015: 5 a win; a draw 2 having destroyed more than lost, else 1; a loss 0
    ("english-open-2015", "4-1", (5, 0)), ("english-open-2015", "2-1 T", (2, 1)), ("english-open-2015", "1-1 T", (1, 1)),
    # Trophée Alexandre: 4/1/0, but both sides lost 4 or more: the winner gets 3
    ("trophee-alexandre", "4-3", (4, 0)), ("trophee-alexandre", "5-4", (3, 0)), ("trophee-alexandre", "4-4 T", (1, 1)),
    ("trophee-alexandre", "4-5", (0, 3)),
    # Southern Battle Gamers: the element margin, negative for the side behind
    ("southern-battle-gamers", "4-1", (3, -3)), ("southern-battle-gamers", "1-3 T", (-2, 2)),
    # NSWC: 10 points split by the margin
    ("nswc-10", "4-0", (10, 0)), ("nswc-10", "4-1", (9, 1)), ("nswc-10", "4-2", (8, 2)), ("nswc-10", "4-3", (6, 4)),
    ("nswc-10", "2-2 T", (5, 5)), ("nswc-10", "0-4", (0, 10)),
    # 25 zero-sum: every decided game adds up to 25
    ("zero-sum-25", "4-0", (19, 6)), ("zero-sum-25", "1-4", (7, 18)), ("zero-sum-25", "2-1 T", (13, 12)),
    # Toronto 2016: NASAMW-style, a general 1 and a camp 1
    ("toronto-2016", "4G-1C", (23, 2)), ("toronto-2016", "3-1G T", (3, 2)),
])
def test_the_issues_examples_score_as_published(key, text, points):
    assert _score(key, text) == points


@given(results.filter(lambda r: r.outcome != "time"), st.sampled_from(["nswc-10", "zero-sum-25"]))
def test_zero_sum_templates_add_up_to_their_total_in_every_decided_game(result, key):
    assert sum(score_game(result, key)) == templates()[key].definition.split


@pytest.mark.parametrize(("data", "field"), [
    ({"win": 3, "loss": 0, "time": 1}, "name"),
    ({"name": "x", "loss": 0, "time": 1}, "win"),
    ({"name": "x", "win": "3", "loss": 0, "time": 1}, "win"),
    ({"name": "x", "win": {"points": 3, "bonus": 1}, "loss": 0, "time": 1}, "win.bonus"),
    ({"name": "x", "win": {"margin": [{"at_least": 2, "points": 8}, {"at_least": 3, "points": 9}]}, "loss": 0,
      "time": 1}, "win.margin[1].at_least"),
    ({"name": "x", "win": 3, "loss": 0, "time": 1, "counts": {"element": 1.5}}, "counts.element"),
    ({"name": "x", "win": 3, "loss": 0, "time": 1, "rules": [{"when": {"outcome": "victory"}, "points": 3}]},
     "rules[0].when.outcome"),
    ({"name": "x", "win": 3, "loss": 0, "time": 1, "rules": [{"when": {"outcome": "win"}}]}, "rules[0].points"),
    ({"name": "x", "win": 3, "loss": 0, "time": 1, "ranking": ["elo"]}, "ranking[0]"),
    ({"name": "x", "win": 3, "loss": 0, "time": 1, "tiebreaks": ["coin"]}, "tiebreaks[0]"),
    ({"name": "x", "win": 3, "loss": 0, "time": 1, "bye": 10**9}, "bye"),
    ({"name": "x", "win": 3, "loss": 0, "time": 1, "__import__": "os"}, "__import__"),
    ("win: 3", ""),
])
def test_a_bad_definition_is_refused_naming_the_field(data, field):
    with pytest.raises(DefinitionError) as error:
        parse_definition(data, REGISTRY)
    assert error.value.field == field


def test_nothing_in_a_definition_is_evaluated():
    with pytest.raises(DefinitionError) as error:
        parse_definition({"name": "x", "win": "__import__('os').system('true')", "loss": 0, "time": 1}, REGISTRY)
    assert error.value.field == "win" and error.value.code == "not_a_mapping"


def test_the_outcome_table_covers_wins_4_0_to_4_3_general_camp_and_time():
    table = {row.shorthand: row for row in outcome_table(templates()["nasamw-v4"].definition, "2.2")}
    assert {"4-0", "4-1", "4-2", "4-3", "4G-0", "4C-1", "0-0 T", "2-1 T", "4+1S-1"} <= set(table)
    assert (table["4+1S-1"].points_a, table["4+1S-1"].points_b) == (24, 1)
    assert table["2-1 T"].outcome == "time_ahead"
    no_sch = {row.shorthand for row in outcome_table(templates()["5-2-1-0"].definition, "3.0")}
    assert "4+1S-1" not in no_sch  # a scoring that ignores Scythed Chariots is not shown them


def _doc_blocks() -> dict[str, dict]:
    blocks = re.findall(r"```yaml\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)
    found = {}
    for block in blocks:
        data = yaml.safe_load(block)
        if isinstance(data, dict) and "key" in data:
            found[data["key"]] = data
    return found


def test_docs_write_out_every_example_and_they_load_as_the_templates():
    blocks = _doc_blocks()
    examples = set(yaml.safe_load((DOCS.parent.parent / "fixtures" / "scoring_templates.yaml").read_text())["presets"])
    assert examples <= set(blocks)
    for key, data in blocks.items():
        assert parse_definition(data, REGISTRY) == templates()[key].definition, key


def _own(**fields):
    return parse_definition({"name": "t", "win": 0, "loss": 0, "time": 0, **fields}, REGISTRY)


@pytest.mark.parametrize(("when", "text", "a_points"), [
    ({"general_killed": True}, "4G-1", 5), ({"general_killed": True}, "4-1", 0),
    ({"camp_taken": True}, "4C-1", 5), ({"general_lost": True}, "1G-4", 0), ({"general_lost": True}, "4-1G T", 5),
    ({"camp_lost": True}, "1C-4", 0), ({"lost_at_most": 1}, "4-1", 5), ({"lost_at_most": 0}, "4-1", 0),
    ({"lost_at_least": 2}, "4-2", 5), ({"destroyed_at_least": 5}, "4-1", 0), ({"destroyed_at_most": 4}, "4-1", 5),
    ({"margin_at_least": 3}, "4-1", 5), ({"margin_at_least": 4}, "4-1", 0), ({"margin_at_most": -1}, "1-4", 5),
    ({"both_lost_at_least": 4}, "5-4", 5), ({"both_lost_at_least": 4}, "4-3", 0),
    ({"outcome": "time"}, "2-1 T", 5), ({"outcome": ["loss", "time_behind"]}, "1-2 T", 5),
    ({"outcome": "time_level"}, "2-1 T", 0),
])
def test_each_rule_condition_holds_from_the_sides_own_view(when, text, a_points):
    d = _own(rules=[{"when": when, "points": 5}])
    assert score_game(parse_shorthand(text, "3.0"), Preset("t", d), "3.0")[0] == a_points


def test_add_floor_cap_bonuses_and_counts_by_edition():
    d = _own(win={"points": 3, "per_destroyed": 2, "general_killed": 1, "camp_taken": 4, "cap": 12},
             loss={"per_lost": -3, "floor": -5}, counts={"element": 1, "sch": 0, "2.2": {"sch": 1}},
             rules=[{"when": {"outcome": "win", "margin_at_least": 4}, "add": 1}])
    p = Preset("t", d)
    assert score_game(parse_shorthand("4-1", "3.0"), p, "3.0") == (11, -5)  # 3 + 2×4; the loser −3×4 = −12, floor −5
    assert score_game(parse_shorthand("4G-0", "3.0"), p, "3.0") == (13, -5)  # 3 + 8 + 1 = 12 (the cap), then the rule +1
    assert score_game(parse_shorthand("4+1S-1", "2.2"), p, "2.2") == (13, -5)  # 2.2 counts the chariot: 3 + 10, cap, +1
    assert score_game(parse_shorthand("4+1S-1", "3.0"), p, "3.0") == (11, -5)  # 3.0 here does not
