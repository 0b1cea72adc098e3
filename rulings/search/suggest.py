""""Did you mean": closest words of the vocabulary table (difflib), for query words not in it."""

from __future__ import annotations

import difflib

from django.db import connection

from rulings.models import Vocabulary
from rulings.search.text import fold, words

_cache: dict[tuple[str, int], tuple[frozenset[str], list[str]]] = {}


def _vocabulary() -> tuple[frozenset[str], list[str]]:
    key = (connection.alias + connection.vendor, Vocabulary.objects.count())
    if key not in _cache:
        _cache.clear()
        ranked = list(Vocabulary.objects.order_by("-frequency").values_list("word", flat=True))
        _cache[key] = (frozenset(ranked), ranked)
    return _cache[key]


def did_you_mean(query: str, known: frozenset[str] = frozenset()) -> str | None:
    """The query with unknown words replaced by close vocabulary words, or None if nothing changes."""
    vocabulary, ranked = _vocabulary()
    changed = False
    out = []
    for token in words(query):
        folded = fold(token)
        if len(folded) >= 4 and not folded.isdigit() and folded not in vocabulary and folded not in known:
            close = difflib.get_close_matches(folded, ranked, n=1, cutoff=0.75)
            if close:
                out.append(close[0])
                changed = True
                continue
        out.append(token)
    return " ".join(out) if changed else None
