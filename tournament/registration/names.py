"""Name normalisation and near-duplicate detection for people and clubs (pure)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from tournament.models.keys import name_key

__all__ = ["name_key", "similar_names"]


def similar_names(name: str, candidates: Iterable[tuple[int, str]], cutoff: float = 0.85) -> list[tuple[int, str]]:
    """Candidates (id, name) whose normalised name is identical or nearly identical to `name`.

    The cheap upper bounds of the ratio (lengths, then letters) rule most candidates out before the full
    comparison; callers keep the candidate set bounded (tournament/registration/services.py)."""
    key = name_key(name)
    matcher = difflib.SequenceMatcher(None, b=key)
    found = []
    for pk, other in candidates:
        other_key = name_key(other)
        if other_key == key:
            found.append((pk, other))
            continue
        matcher.set_seq1(other_key)
        if matcher.real_quick_ratio() >= cutoff and matcher.quick_ratio() >= cutoff and matcher.ratio() >= cutoff:
            found.append((pk, other))
    return found
