"""Queries that are clause references jump straight to the clause.

Accepted: ``nasamw22:pip.4`` (a key), ``nasamw22@L683`` (a line citation), and a section code with
a printed number such as ``PIP 4``, ``OUT/REC 5`` or ``res.rs 2`` (numbered clarifications first).
"""

from __future__ import annotations

import re

from rulings.models import Clause
from rulings.search.text import fold
from rulings.sources.index import LINE_CITATION, clause_key_for_line

KEY_RE = re.compile(r"^\s*([a-z0-9]+:[a-z0-9.\-]+)\s*$", re.IGNORECASE)
CODE_NUMBER_RE = re.compile(r"^\s*([A-Za-z][A-Za-z/.\-]{0,20}(?:\s[A-Za-z/]{1,10})?)\s*[\s.]\s*(\d{1,3})\s*$")


def find_reference(query: str) -> str | None:
    """The clause key the query points at, or None when it is not a reference."""
    match = LINE_CITATION.match(query.strip())
    if match:
        key = clause_key_for_line(match.group(1).lower(), int(match.group(2)))
        return key if key and Clause.objects.filter(key=key).exists() else None
    match = KEY_RE.match(query)
    if match:
        key = match.group(1).lower()
        return key if Clause.objects.filter(key=key).exists() else None
    match = CODE_NUMBER_RE.match(query)
    if match:
        code = re.sub(r"[/\s]+", ".", fold(match.group(1)).strip())
        candidates = list(
            Clause.objects.filter(key__endswith=f":{code}.{match.group(2)}")
            .order_by("document__order")
            .values_list("key", "kind")
        )
        candidates.sort(key=lambda kv: kv[1] != Clause.Kind.ITEM)
        return candidates[0][0] if candidates else None
    return None
