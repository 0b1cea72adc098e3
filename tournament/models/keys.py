"""How names are keyed for matching (pure): the models store the key, registration compares keys."""

from __future__ import annotations

import unicodedata


def name_key(name: str) -> str:
    """Lower-case, strip accents, fold spaces: 'José  García' -> 'jose garcia'."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())
