"""Scoring (pure Python: no Django, nothing evaluated as code): which scoring an event uses, and the points it gives
a game. Every scoring is a definition (tournament/results/definition.py, docs/scoring.md):

- presets: fixtures/scoring_presets.yaml, the scorings an event can pick by name (NASAMW v4, its DBA 3.0
  adaptation, 5/2/1/0, win/draw/loss with the event's own points, the Spanish club scoring);
- templates: the presets and fixtures/scoring_templates.yaml (published scorings of real events), the starting
  points of an organizer's own scoring;
- an event's own scoring: `Event.scoring_definition`, when not empty, replaces its preset (`event_scoring`).

The points (`evaluate`, `score_game`), for each side: the value of what it destroyed (`Counts`), its side outcome
(win, loss, or time called being ahead, level or behind on that value), the definition's line for that outcome,
then the rules in order, then the zero-sum split. docs/scoring.md says the same in words, with examples.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

import yaml

from config.paths import fixture
from tournament.results.definition import Counts, Definition, Line, definition_data, parse_definition
from tournament.results.shorthand import (
    CAMP_COUNTS,
    PRESETS_PATH,
    GameResult,
    ResultError,
    SideResult,
    check_result,
    parse_shorthand,
)
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


# The points a definition gives a game.


def destroyed_value(enemy: SideResult, counts: Counts) -> int:
    """What a side's kills are worth: the enemy's elements, Scythed Chariots, general and camp as counted."""
    value = (enemy.elements_lost * counts.element + enemy.sch_lost * counts.sch
             + (counts.general if enemy.general_lost else 0) + (counts.camp if enemy.camp_lost else 0))
    return min(value, counts.cap) if counts.cap is not None else value


def side_outcome(result: GameResult, side: str, margin: int) -> str:
    if result.outcome == side:
        return "win"
    if result.outcome in ("a", "b"):
        return "loss"
    return "time_ahead" if margin > 0 else "time_behind" if margin < 0 else "time_level"


@dataclass(frozen=True)
class SideView:
    """One side's game, as the lines and the rules read it."""

    outcome: str
    destroyed: int  # value of what this side destroyed
    lost: int  # value of what the enemy destroyed
    mine: SideResult
    enemy: SideResult

    @property
    def margin(self) -> int:
        return self.destroyed - self.lost


def _line_points(line: Line, view: SideView) -> int:
    base = line.points
    for row in line.margin:
        if row.at_least is None or view.margin >= row.at_least:
            base = row.points
            break
    points = (base + line.per_destroyed * view.destroyed + line.per_lost * view.lost
              + (line.general_killed if view.enemy.general_lost else 0) + (line.camp_taken if view.enemy.camp_lost else 0))
    if line.floor is not None:
        points = max(points, line.floor)
    if line.cap is not None:
        points = min(points, line.cap)
    return points


def _elements(side: SideResult) -> int:
    return side.elements_lost + side.sch_lost


def _holds(key: str, wanted, view: SideView) -> bool:
    """One condition of a rule, from the side's own view (the definition was checked: `wanted` has the right type)."""
    if key == "outcome":
        return view.outcome in wanted or ("time" in wanted and view.outcome.startswith("time"))
    lost, destroyed = _elements(view.mine), _elements(view.enemy)
    checks = {
        "lost_at_least": lambda: lost >= wanted,
        "lost_at_most": lambda: lost <= wanted,
        "destroyed_at_least": lambda: destroyed >= wanted,
        "destroyed_at_most": lambda: destroyed <= wanted,
        "both_lost_at_least": lambda: min(lost, destroyed) >= wanted,
        "margin_at_least": lambda: view.margin >= wanted,
        "margin_at_most": lambda: view.margin <= wanted,
        "general_killed": lambda: view.enemy.general_lost == wanted,
        "general_lost": lambda: view.mine.general_lost == wanted,
        "camp_taken": lambda: view.enemy.camp_lost == wanted,
        "camp_lost": lambda: view.mine.camp_lost == wanted,
    }
    return checks[key]()


def side_points(d: Definition, view: SideView) -> int:
    points = _line_points(d.line(view.outcome), view)
    for rule in d.rules:
        if all(_holds(key, wanted, view) for key, wanted in rule.when):
            points = rule.points if rule.points is not None else points + rule.add
    return points


def views(d: Definition, result: GameResult, edition: str | None = None) -> tuple[SideView, SideView]:
    counts = d.counts_for(edition)
    a_value, b_value = destroyed_value(result.b, counts), destroyed_value(result.a, counts)
    return (SideView(side_outcome(result, "a", a_value - b_value), a_value, b_value, result.a, result.b),
            SideView(side_outcome(result, "b", b_value - a_value), b_value, a_value, result.b, result.a))


def evaluate(d: Definition, result: GameResult, edition: str | None = None) -> tuple[int, int]:
    """Points for side A and side B."""
    a, b = views(d, result, edition)
    points_a, points_b = side_points(d, a), side_points(d, b)
    if d.split is not None:  # zero-sum: the side ahead scores by its line, the other the rest
        if a.outcome in ("win", "time_ahead"):
            points_b = d.split - points_a
        elif b.outcome in ("win", "time_ahead"):
            points_a = d.split - points_b
    return points_a, points_b


# Every outcome an organizer checks a scoring against: wins 4-0 … 4-3, with the general or the camp, bigger
# wins, a general killed early, and time called level, ahead and behind. Side A's figures first.
OUTCOMES = ("4-0", "4-1", "4-2", "4-3", "5-3", "6-4", "4G-0", "4G-3", "1G-0", "4C-1", "4GC-1", "4+1S-1",
            "0-0 T", "1-0 T", "2-1 T", "3-1 T", "3-2 T", "2-2 T", "3G-3 T", "1-3 T")


@dataclass(frozen=True)
class OutcomeRow:
    shorthand: str
    outcome: str  # A's side outcome
    points_a: int
    points_b: int


def outcome_table(d: Definition, edition: str, camp_reading: str = CAMP_COUNTS) -> list[OutcomeRow]:
    """The points of every outcome in OUTCOMES that the edition allows (a Scythed Chariots row only where the
    definition scores them)."""
    rows = []
    for text in OUTCOMES:
        if "S" in text and not d.counts_for(edition).sch:
            continue
        try:
            result = parse_shorthand(text, edition, camp_reading=camp_reading)
        except ResultError:  # pragma: no cover - the table's own shorthand always reads
            continue
        if check_result(result, edition, camp_reading):
            continue
        a, b = evaluate(d, result, edition)
        rows.append(OutcomeRow(text, views(d, result, edition)[0].outcome, a, b))
    return rows
