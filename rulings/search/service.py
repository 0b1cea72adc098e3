"""search(query) → SearchResponse: reference jump, else full-text search on the current database.

Both backends receive the same plan (AND-ed groups of OR-ed alternatives from rulings.search.text.plan_query,
glossary expansion included). When no clause matches every group, the groups are OR-ed instead.
rank() orders every match from the index alone; load_hits() loads the clauses and their snippets
for the ones shown (the view: one page), since a highlighted snippet costs more than the ranking.
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


@dataclass(frozen=True)
class Ranked:
    """A matching clause before it is loaded: enough to sort it, count it and page through it."""

    clause_id: int
    score: float
    language: str
    game: str


@dataclass
class SearchResponse:
    query: str
    jump: str | None = None  # clause key when the query is a reference
    ranked: list[Ranked] = field(default_factory=list)  # every match kept, best first
    hits: list[SearchHit] = field(default_factory=list)  # the matches loaded (all of them, from search())
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


def rank(query: str, limit: int = 20, *, allow_jump: bool = True, game: str = "", document: str = "",
         reader: str = "") -> SearchResponse:
    """Up to `limit` matches best first (`response.ranked`, no clause loaded yet): DBA texts before other
    games, a query typed in Spanish or Italian lists that language first, and any other query the reader's
    language (`reader`, the page's) first; `game` / `document` (a slug) keep
    only the clauses of that game / document. `load_hits` turns the matches shown into hits."""
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
    if groups:
        backend = _backend()
        rows = backend.run(groups, "and", limit, game, document)
        if not rows and len(groups) > 1:
            response.mode = "or"
            rows = backend.run(groups, "or", limit, game, document)
        response.ranked = [Ranked(*row) for row in rows]
    language = query_language(groups, glossary) or (reader or "")[:2]
    # Stable sorts, best first within each band: DBA texts first, and for a query typed in Spanish or
    # Italian the clauses in that language first among them, else the clauses in the reader's language.
    response.ranked.sort(key=lambda match: (match.game != HOME_GAME, bool(language) and match.language != language))
    if len(response.ranked) < 3:
        known = frozenset(fold(w) for entry in glossary for form in entry.all_forms() for w in form.split())
        response.suggestion = did_you_mean(query, known)
    return response


def load_hits(response: SearchResponse, matches: list[Ranked]) -> list[SearchHit]:
    """The clauses of `matches` (a page of `response.ranked`) with their highlighted snippets: two queries."""
    ids = [match.clause_id for match in matches]
    if not ids:
        return []
    clauses = Clause.objects.select_related("document").in_bulk(ids)
    raw = _backend().snippets(response.groups, response.mode, ids)
    glossary = load_glossary()
    abbreviations = tuple(
        form for group in response.groups for entry in glossary if entry.slug == group.term for form in entry.abbreviations
    )
    return [SearchHit(clauses[match.clause_id], to_html(raw.get(match.clause_id, ""), abbreviations), match.score)
            for match in matches if match.clause_id in clauses]


def search(query: str, limit: int = 20, *, allow_jump: bool = True, game: str = "", document: str = "") -> SearchResponse:
    """`rank`, then every match loaded as a hit (`response.hits`)."""
    response = rank(query, limit, allow_jump=allow_jump, game=game, document=document)
    response.hits = load_hits(response, response.ranked)
    return response
