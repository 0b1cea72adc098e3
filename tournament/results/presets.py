"""Scoring preset names for forms (the presets themselves live in fixtures/scoring_presets.yaml)."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

PRESET_NAMES = {
    "nasamw-v4": "NASAMW v4 (DBA 2.2)",
    "nasamw-3.0": gettext_noop("NASAMW (DBA 3.0 adaptation)"),
    "5-2-1-0": "5/2/1/0",
    "wdl": gettext_noop("Win/draw/loss (3/1/0 or the event's own points)"),
    "spanish": gettext_noop("Spanish club scoring (win 3, loss 1, draw 0)"),
}


def preset_choices() -> list[tuple[str, str]]:
    """(id, name in the reader's language)."""
    return [(key, gettext(name)) for key, name in PRESET_NAMES.items()]
