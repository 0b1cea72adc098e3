"""Scoring preset names for forms (the presets themselves live in fixtures/scoring_presets.yaml)."""

from __future__ import annotations

PRESET_NAMES = {
    "nasamw-v4": "NASAMW v4 (DBA 2.2)",
    "nasamw-3.0": "NASAMW (DBA 3.0 adaptation)",
    "5-2-1-0": "5/2/1/0",
    "wdl": "Win/draw/loss (3/1/0 or the event's own points)",
    "spanish": "Spanish club scoring (win 3, loss 1, draw 0)",
}


def preset_choices() -> list[tuple[str, str]]:
    return list(PRESET_NAMES.items())
