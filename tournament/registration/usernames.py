"""The one form of a username that login limits and sign-up compare (pure)."""

from __future__ import annotations

import unicodedata

MAX_USERNAME = 150


def username_key(value: str) -> str:
    """NFKC, casefold, NFKC again (casefolding can un-normalise): `ｔarget5`, `TARGET5` -> `target5`."""
    text = unicodedata.normalize("NFKC", str(value or "")).casefold()
    return unicodedata.normalize("NFKC", text).strip()[:MAX_USERNAME]
