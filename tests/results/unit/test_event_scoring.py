"""Which scoring an event scores by (tournament/results/scoring.py, pure): its own definition when it has one, else
its preset with its own win/draw/loss points; the preset files as they are read; an unknown preset named."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
import yaml

from tournament.results import scoring
from tournament.results.definition import DefinitionError, parse_definition
from tournament.results.scoring import (
    OWN,
    PRESETS_PATH,
    TEMPLATES_PATH,
    event_scoring,
    own_scoring,
    preset,
    preset_data,
    presets,
    score_game,
    templates,
    with_points,
)
from tournament.results.shorthand import parse_shorthand
from tournament.results.tiebreaks import REGISTRY

MINE = {"name": "Mine", "win": 7, "loss": 1, "time": 2, "bye": 4, "tiebreaks": ["sos"]}


def _event(**fields) -> SimpleNamespace:
    """The fields of an Event that choose its scoring."""
    return SimpleNamespace(**{"scoring_definition": {}, "scoring_preset": "wdl", "wdl_points": "", **fields})


def _points(which, text: str) -> tuple[int, int]:
    return score_game(parse_shorthand(text, "3.0"), which, "3.0")


def test_an_event_with_its_own_definition_scores_by_it():
    own = event_scoring(_event(scoring_definition=MINE, scoring_preset="nasamw-v4"))
    assert (own.key, own.name, own.bye, own.tiebreaks) == (OWN, "Mine", 4, ("sos",))
    assert _points(own, "4-1") == (7, 1) and _points(own, "1-1 T") == (2, 2)


def test_an_event_without_one_scores_by_its_preset_with_its_own_points():
    wdl = event_scoring(_event(scoring_preset="wdl", wdl_points="2/1/0"))
    assert (wdl.key, wdl.bye) == ("wdl", 2) and _points(wdl, "4-1") == (2, 0) and _points(wdl, "1-1 T") == (1, 1)
    assert event_scoring(_event(scoring_preset="5-2-1-0", wdl_points="2/1/0")) == presets()["5-2-1-0"]
    # an object that has no own scoring at all (not an Event) reads its preset too
    assert event_scoring(SimpleNamespace(scoring_preset="nswc-10", wdl_points=None)) == templates()["nswc-10"]


def test_an_own_definition_names_only_the_apps_tie_breaks():
    with pytest.raises(DefinitionError) as error:
        own_scoring({**MINE, "tiebreaks": ["coin_toss"]})
    assert error.value.field == "tiebreaks[0]" and "head_to_head" in error.value.params["allowed"]


def test_own_win_draw_loss_points_apply_to_the_win_draw_loss_preset_only():
    assert with_points("wdl", "5/2/1").key == "wdl" and with_points("wdl", "5/2/1").bye == 5
    assert _points(with_points("wdl", "5/2/1"), "1-4") == (1, 5) and _points(with_points("wdl", "5/2/1"), "2-1 T") == (2, 2)
    assert with_points("wdl", "") == with_points("wdl", None) == presets()["wdl"]  # 3/1/0
    assert with_points("nasamw-v4", "5/2/1") == presets()["nasamw-v4"]
    assert with_points(presets()["spanish"], "5/2/1") is presets()["spanish"]


def test_an_unknown_preset_is_named_with_the_known_ones():
    with pytest.raises(KeyError) as error:
        preset("nasamw-v9")
    assert error.value.args[0] == f"unknown scoring preset 'nasamw-v9'; known: {', '.join(templates())}"
    assert error.value.args[0].startswith("unknown scoring preset 'nasamw-v9'; known: nasamw-v4, nasamw-3.0, 5-2-1-0,")


def test_the_preset_files_read_afresh_give_each_template_under_its_key():
    raw = {**yaml.safe_load(PRESETS_PATH.read_text(encoding="utf-8"))["presets"],
           **yaml.safe_load(TEMPLATES_PATH.read_text(encoding="utf-8"))["presets"]}
    presets.cache_clear()
    templates.cache_clear()  # the tests before this one may have read them already
    fresh = templates()
    assert list(fresh) == list(raw) and list(presets()) == ["nasamw-v4", "nasamw-3.0", "5-2-1-0", "wdl", "spanish"]
    for key, p in fresh.items():
        assert p.key == key and p.definition == parse_definition(raw[key], REGISTRY)
    assert fresh["trophee-alexandre"].name == "Trophée Alexandre (4/1/0)"  # read as UTF-8


def test_a_preset_file_naming_an_unknown_tie_break_is_refused_when_read(tmp_path):
    path = tmp_path / "presets.yaml"
    path.write_text(yaml.safe_dump({"presets": {"mine": {**MINE, "tiebreaks": ["coin_toss"]}}}), encoding="utf-8")
    with pytest.raises(DefinitionError) as error:
        scoring._load(path)
    assert error.value.field == "tiebreaks[0]"


def test_a_template_as_the_data_an_event_stores():
    data = preset_data("wdl")
    assert (data["name"], data["win"], data["time_ahead"], data["bye"]) == ("Win/draw/loss 3/1/0", {"points": 3},
                                                                           {"points": 1}, 3)
    assert preset_data(presets()["wdl"]) == data
