"""Name normalisation and near-duplicate detection for people and clubs (pure)."""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable

from tournament.models.keys import name_key

__all__ = ["name_key", "similar_names", "sort_key"]

# Letters a language sorts as their own, after the plain letter (Spanish ñ after every n).
_OWN_LETTERS = {"es": {"ñ": "n\uffff"}}


def sort_key(name: str, language: str = "en") -> tuple[str, str]:
    """A key that sorts names as a reader of `language` expects: accents do not count (Àlex and Íñigo
    before Tom), case does not count, and a language's own letters keep their place (Spanish ñ after n).
    The name itself breaks ties, so the order is stable."""
    own = _OWN_LETTERS.get((language or "en")[:2].lower(), {})
    text = " ".join(name.casefold().split())
    for letter, replacement in own.items():
        text = text.replace(letter, replacement)
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return plain, name


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
