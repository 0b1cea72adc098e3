"""Scoring presets and templates, and an event's own scoring (pure Python): all are scoring definitions
(tournament/results/definition.py, docs/scoring.md), scored by tournament/results/evaluator.py.

- presets: fixtures/scoring_presets.yaml, the scorings an event can pick by name (NASAMW v4, its DBA 3.0
  adaptation, 5/2/1/0, win/draw/loss with the event's own points, the Spanish club scoring);
- templates: the presets and fixtures/scoring_templates.yaml (published scorings of real events), the starting
  points of an organizer's own scoring;
- an event's own scoring: `Event.scoring_definition`, when not empty, replaces its preset (`event_scoring`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

import yaml

from config.paths import fixture
from tournament.results.definition import Definition, Line, definition_data, parse_definition
from tournament.results.evaluator import evaluate
from tournament.results.shorthand import PRESETS_PATH, GameResult
from tournament.results.tiebreaks import REGISTRY

TEMPLATES_PATH = fixture("scoring_templates.yaml")
OWN = "own"  # the key of an event's own scoring


@dataclass(frozen=True)
class Preset:
    key: str
    definition: Definition

    @property
    def name(self) -> str:
        return self.definition.name

    @property
    def source(self) -> str:
        return self.definition.source

    @property
    def doubtful(self) -> str:
        return self.definition.doubtful

    @property
    def bye(self) -> int:
        return self.definition.bye

    @property
    def tiebreaks(self) -> tuple[str, ...]:
        return self.definition.tiebreaks

    @property
    def ranking(self) -> tuple[str, ...]:
        return self.definition.ranking


def _tiebreak_keys() -> set[str]:
    return set(REGISTRY)


def _load(path) -> dict[str, Preset]:
    rows = yaml.safe_load(path.read_text(encoding="utf-8"))["presets"]
    return {key: Preset(key, parse_definition(row, _tiebreak_keys())) for key, row in rows.items()}


@cache
def presets() -> dict[str, Preset]:
    return _load(PRESETS_PATH)


@cache
def templates() -> dict[str, Preset]:
    """Every named template: the presets, then the published scorings of fixtures/scoring_templates.yaml."""
    return {**presets(), **_load(TEMPLATES_PATH)}


def preset(value: str | Preset) -> Preset:
    if isinstance(value, Preset):
        return value
    try:
        return templates()[value]
    except KeyError:
        raise KeyError(f"unknown scoring preset {value!r}; known: {', '.join(templates())}") from None


def with_points(which: str | Preset, wdl_points: str | None) -> Preset:
    """The preset with an event's own win/draw/loss points ("3/1/0"), for the preset that allows them."""
    p = preset(which)
    if p.key != "wdl" or not wdl_points:
        return p
    win, draw, loss = (int(x) for x in wdl_points.split("/"))
    lines = {**p.definition.lines, "win": Line(win), "time": Line(draw), "time_ahead": Line(draw), "loss": Line(loss)}
    return Preset(p.key, replace(p.definition, lines=lines, bye=win))


def own_scoring(data: dict) -> Preset:
    return Preset(OWN, parse_definition(data, _tiebreak_keys()))


def event_scoring(event) -> Preset:
    """An event's scoring: its own definition if it has one, else its preset (with its win/draw/loss points)."""
    own = getattr(event, "scoring_definition", None)
    if own:
        return own_scoring(own)
    return with_points(event.scoring_preset, event.wdl_points)


def preset_data(which: str | Preset) -> dict:
    """A template as the plain mapping an event stores (and the form shows)."""
    return definition_data(preset(which).definition)


def score_game(result: GameResult, which: str | Preset, edition: str | None = None) -> tuple[int, int]:
    """Points for side A and side B."""
    return evaluate(preset(which).definition, result, edition)


def bye_score(which: str | Preset) -> int:
    return preset(which).bye
