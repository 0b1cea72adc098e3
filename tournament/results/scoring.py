"""Scoring presets (pure Python): the numbers live in fixtures/scoring_presets.yaml.

Two kinds of preset:
- `margin` (NASAMW v4 and its DBA 3.0 adaptation): each side "destroyed" points = elements it
  destroyed × per_element, + general_bonus for the enemy general, + camp_bonus for the enemy camp.
  The winner scores win_base + its destroyed − the enemy's destroyed; the loser, and both sides when
  time is called, score what they destroyed. Scythed Chariots, entered apart from the elements
  (they do not count toward DBA 2.2 victory, guia22 L1582), score per_element when `sch_scored`.
- `result` (5/2/1/0, win/draw/loss): points for a win, a draw having destroyed more than lost, any
  other draw, and a loss.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

import yaml

from tournament.results.shorthand import PRESETS_PATH, GameResult, SideResult


@dataclass(frozen=True)
class Preset:
    key: str
    name: str
    source: str
    kind: str
    bye: int
    tiebreaks: tuple[str, ...]
    numbers: dict = field(default_factory=dict, hash=False, compare=False)
    doubtful: str = ""

    def __getitem__(self, name: str) -> int:
        return self.numbers[name]


@cache
def presets() -> dict[str, Preset]:
    data = yaml.safe_load(PRESETS_PATH.read_text(encoding="utf-8"))["presets"]
    return {
        key: Preset(key=key, name=row["name"], source=row["source"], kind=row["kind"], bye=int(row["bye"]),
                    tiebreaks=tuple(row.get("tiebreaks", ())), numbers=row, doubtful=row.get("doubtful", ""))
        for key, row in data.items()
    }


def preset(value: str | Preset) -> Preset:
    if isinstance(value, Preset):
        return value
    try:
        return presets()[value]
    except KeyError:
        raise KeyError(f"unknown scoring preset {value!r}; known: {', '.join(presets())}") from None


def destroyed(enemy: SideResult, p: Preset) -> int:
    """Points a side earns for what it destroyed of the enemy (margin presets)."""
    elements = enemy.elements_lost + (enemy.sch_lost if p.numbers.get("sch_scored", False) else 0)
    return (elements * p["per_element"] + (p["general_bonus"] if enemy.general_lost else 0)
            + (p["camp_bonus"] if enemy.camp_lost else 0))


def with_points(which: str | Preset, wdl_points: str | None) -> Preset:
    """The preset with an event's own win/draw/loss points ("3/1/0"), for presets that allow them."""
    p = preset(which)
    if p.key != "wdl" or not wdl_points:
        return p
    win, draw, loss = (int(x) for x in wdl_points.split("/"))
    numbers = {**p.numbers, "win": win, "draw": draw, "draw_ahead": draw, "loss": loss, "bye": win}
    return Preset(p.key, p.name, p.source, p.kind, win, p.tiebreaks, numbers, p.doubtful)


def score_game(result: GameResult, which: str | Preset) -> tuple[int, int]:
    """Points for side A and side B."""
    p = preset(which)
    if p.kind == "margin":
        a, b = destroyed(result.b, p), destroyed(result.a, p)
        if result.outcome == "a":
            return p["win_base"] + a - b, b
        if result.outcome == "b":
            return a, p["win_base"] + b - a
        return a, b
    if result.outcome == "a":
        return p["win"], p["loss"]
    if result.outcome == "b":
        return p["loss"], p["win"]
    a_margin = result.b.elements_lost - result.a.elements_lost
    return (p["draw_ahead"] if a_margin > 0 else p["draw"], p["draw_ahead"] if a_margin < 0 else p["draw"])


def bye_score(which: str | Preset) -> int:
    return preset(which).bye
