"""search(query) → SearchResponse: reference jump, else full-text search on the current database.

Both backends receive the same plan (AND-ed groups of OR-ed alternatives from search_text.plan_query,
glossary expansion included). When no clause matches every group, the groups are OR-ed instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import connection
from django.urls import reverse
from django.utils.safestring import SafeString

from rulings.models import Clause
from rulings.search import postgres_fts, sqlite_fts
from rulings.search.reference import find_reference
from rulings.search.snippet import to_html
from rulings.search.suggest import did_you_mean
from rulings.search.text import Group, fold, plan_query
from rulings.sources.glossary import load_glossary

MAX_QUERY = 200
HOME_GAME = "DBA"  # the game this product serves: its texts rank before the other games' texts


@dataclass(frozen=True)
class SearchHit:
    clause: Clause
    snippet: SafeString
    score: float

    @property
    def key(self) -> str:
        return self.clause.key

    @property
    def url(self) -> str:
        return reverse("rulings:clause", args=[self.clause.key])

    def as_json(self) -> dict:
        return {
            "key": self.clause.key,
            "document": self.clause.document.slug,
            "language": self.clause.language,
            "heading": self.clause.heading,
            "snippet": str(self.snippet),
            "url": self.url,
            "game": self.clause.document.game,
            "edition": self.clause.document.edition,
            "authority": self.clause.document.authority,
        }


@dataclass
class SearchResponse:
    query: str
    jump: str | None = None  # clause key when the query is a reference
    hits: list[SearchHit] = field(default_factory=list)
    suggestion: str | None = None
    groups: list[Group] = field(default_factory=list)
    mode: str = "and"


def query_language(groups: list[Group], glossary) -> str | None:
    """"es" or "it" when the glossary phrases typed belong only to that language's forms."""
    found: set[str] = set()
    entries = {entry.slug: entry for entry in glossary}
    for group in groups:
        entry = entries.get(group.term or "")
        if entry is None:
            continue
        typed = fold(group.label)
        languages = {lang for lang, forms in entry.forms.items() if typed in {fold(f) for f in forms}}
        if len(languages) == 1 and languages <= {"es", "it"}:
            found |= languages
    return found.pop() if len(found) == 1 else None


def _backend():
    return postgres_fts if connection.vendor == "postgresql" else sqlite_fts


def search(query: str, limit: int = 20, *, allow_jump: bool = True, game: str = "", document: str = "") -> SearchResponse:
    """Up to `limit` clauses best first: DBA texts before other games, a query typed in Spanish or Italian
    lists that language first; `game` / `document` (a slug) keep only the clauses of that game / document."""
    query = " ".join(query.split())[:MAX_QUERY]
    response = SearchResponse(query)
    if not query:
        return response
    if allow_jump:
        response.jump = find_reference(query)
        if response.jump:
            return response
    glossary = load_glossary()
    groups = plan_query(query, glossary)
    response.groups = groups
    rows: list[tuple[int, float, str]] = []
    filtered = bool(game or document)
    fetch = Clause.objects.count() if filtered else limit  # filter after ranking: the library is small
    if groups:
        backend = _backend()
        rows = backend.run(groups, "and", fetch)
        if not rows and len(groups) > 1:
            response.mode = "or"
            rows = backend.run(groups, "or", fetch)
    clauses = Clause.objects.select_related("document", "section").in_bulk([r[0] for r in rows])
    if filtered:
        clauses = {cid: c for cid, c in clauses.items()
                   if (not game or c.document.game == game) and (not document or c.document.slug == document)}
        rows = [row for row in rows if row[0] in clauses][:limit]
    abbreviations = tuple(
        form for group in groups for entry in glossary if entry.slug == group.term for form in entry.abbreviations
    )
    response.hits = [
        SearchHit(clauses[cid], to_html(raw, abbreviations), score) for cid, score, raw in rows if cid in clauses
    ]
    language = query_language(groups, glossary)
    # Stable sorts, best first within each band: DBA texts first, and for a query typed in Spanish or
    # Italian the clauses in that language first among them.
    response.hits.sort(key=lambda hit: (hit.clause.document.game != HOME_GAME,
                                        bool(language) and hit.clause.language != language))
    if len(response.hits) < 3:
        known = frozenset(fold(w) for entry in glossary for form in entry.all_forms() for w in form.split())
        response.suggestion = did_you_mean(query, known)
    return response
