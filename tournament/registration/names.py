"""Name normalisation and near-duplicate detection for people and clubs (pure)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from tournament.models.keys import name_key

__all__ = ["name_key", "similar_names"]


def similar_names(name: str, candidates: Iterable[tuple[int, str]], cutoff: float = 0.85) -> list[tuple[int, str]]:
    """Candidates (id, name) whose normalised name is identical or nearly identical to `name`."""
    key = name_key(name)
    found = []
    for pk, other in candidates:
        other_key = name_key(other)
        if other_key == key or difflib.SequenceMatcher(None, key, other_key).ratio() >= cutoff:
            found.append((pk, other))
    return found
