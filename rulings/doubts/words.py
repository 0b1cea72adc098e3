"""A doubt's text in the reader's language (the Django side of rulings.doubts.collect).

Most doubts carry their own es/it text in the data; the few written in English only are the project's own
notes (never a seed's words) and are translated in locale/rules, like the league presets' sources."""

from __future__ import annotations

from django.utils.translation import gettext

from rulings.doubts.collect import Doubt
from rulings.flows.loader import localized


def doubt_text(doubt: Doubt, language: str) -> tuple[str, str]:
    """(text, the language it is in), for the page's `lang` mark."""
    base = (language or "en").split("-")[0]
    if isinstance(doubt.text, dict):
        return localized(doubt.text, language), base if doubt.text.get(base) else "en"
    translated = gettext(doubt.text)
    return translated, base if translated != doubt.text or base == "en" else "en"
