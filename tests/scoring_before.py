"""The built-in presets as they were before scoring definitions (fixtures/scoring_presets.yaml at 335e548) and
the formula that scored them (tournament/results/scoring.py then), frozen here so a test can show that the
presets, now written as definitions, score every result exactly as before. Shares no code with the app."""

from __future__ import annotations

NUMBERS = {
    "nasamw-v4": {"kind": "margin", "win_base": 20, "per_element": 1, "sch_scored": True, "general_bonus": 2,
                  "camp_bonus": 2, "bye": 10},
    "nasamw-3.0": {"kind": "margin", "win_base": 20, "per_element": 1, "sch_scored": False, "general_bonus": 1,
                   "camp_bonus": 1, "bye": 10},
    "5-2-1-0": {"kind": "result", "win": 5, "draw_ahead": 2, "draw": 1, "loss": 0, "bye": 5},
    "wdl": {"kind": "result", "win": 3, "draw_ahead": 1, "draw": 1, "loss": 0, "bye": 3},
    "spanish": {"kind": "result", "win": 3, "draw_ahead": 0, "draw": 0, "loss": 1, "bye": 3},
}


def numbers(key: str, wdl_points: str | None = None) -> dict:
    p = dict(NUMBERS[key])
    if key == "wdl" and wdl_points:
        win, draw, loss = (int(x) for x in wdl_points.split("/"))
        p.update(win=win, draw=draw, draw_ahead=draw, loss=loss, bye=win)
    return p


def score(p: dict, outcome: str, a: tuple, b: tuple) -> tuple[int, int]:
    """a, b: (elements lost, general lost, camp lost, scythed chariots lost) of each side; outcome "a", "b", "time"."""
    if p["kind"] == "margin":
        def kills(enemy):
            lost = enemy[0] + (enemy[3] if p["sch_scored"] else 0)
            return lost * p["per_element"] + p["general_bonus"] * enemy[1] + p["camp_bonus"] * enemy[2]
        ka, kb = kills(b), kills(a)
        if outcome == "a":
            return p["win_base"] + ka - kb, kb
        if outcome == "b":
            return ka, p["win_base"] + kb - ka
        return ka, kb
    if outcome == "a":
        return p["win"], p["loss"]
    if outcome == "b":
        return p["loss"], p["win"]
    return (p["draw_ahead"] if b[0] > a[0] else p["draw"], p["draw_ahead"] if a[0] > b[0] else p["draw"])
