"""The question finder (pure): which step-through question, ruling or NASAMW clarification answers
what the umpire typed, in English, Spanish or Italian.

Every question and ruling of the flows is indexed in its three languages, with the path of answers
that reaches it, so a hit opens the flow at that very step. Every numbered clarification of the
NASAMW commentary (nasamw22, seed 001) is indexed too, by its Italian text and its English and Spanish
gists (fixtures/rulings/nasamw_gists_*.yaml), so each is one question away even when no flow cites it.

The query is planned as the library search plans it (rulings.search.text.plan_query: glossary terms
expanded into their en/es/it forms); a word matches an entry's word by the same folded stems. Entries
matching more of the query's groups come first, then those in the reader's language, then the
step-throughs before the clarifications."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from functools import cache

from rulings.flows.loader import Flow, all_flows, all_paths, localized
from rulings.search.text import Group, fold, plan_query, stems, words
from rulings.sources.gists import TRANSLATED_GISTS, load_gists
from rulings.sources.glossary import load_glossary
from rulings.sources.index import parse_document, resolve_citation

LANGUAGES = ("en", "es", "it")
KINDS = ("question", "ruling", "clarification")
CLARIFIED = "nasamw22"  # the commentary whose numbered clarifications are indexed one by one
MAX_HITS = 20


@dataclass(frozen=True)
class Entry:
    kind: str  # question | ruling | clarification
    game: str
    texts: dict[str, str]  # language → the text shown (a question or ruling; a clarification's gist / original)
    flow_id: str = ""
    node: str = ""
    tokens: tuple[str, ...] = ()  # the answers that reach the node
    clause_key: str = ""  # a clarification's clause, or the clauses a ruling cites (first)
    cites: tuple[str, ...] = ()  # clause keys a ruling cites
    number: str = ""
    extra: tuple[tuple[str, str], ...] = ()  # (language, text) searched but not shown: a question's answers

    def text(self, language: str) -> str:
        return localized(self.texts, language)

    def languages(self) -> tuple[str, ...]:
        return tuple(lang for lang in LANGUAGES if self.texts.get(lang))


@dataclass(frozen=True)
class Hit:
    entry: Entry
    matched: int  # query groups matched
    own_language: bool  # matched in the reader's language


def _paths_to_nodes(flow: Flow) -> dict[str, tuple[str, ...]]:
    """The first answer path (tokens) that reaches each node of a flow."""
    reached: dict[str, tuple[str, ...]] = {flow.start: ()}
    for path in all_paths(flow):
        trail: list[str] = []
        for step in path:
            trail.append(step.token)
            target = flow.answer(step.node, step.answer)["next"]
            reached.setdefault(target, tuple(trail))
    return reached


def _texts(value) -> dict[str, str]:
    return {lang: localized(value, lang) for lang in LANGUAGES} if isinstance(value, dict) else {"en": str(value or "")}


def _flow_entries(flow: Flow) -> list[Entry]:
    entries = []
    paths = _paths_to_nodes(flow)
    title = _texts(flow.data.get("title"))
    for node_id, node in flow.nodes.items():
        if node_id not in paths:
            continue
        if "ruling" in node:
            cites = tuple(key for key in (resolve_citation(c) for c in node.get("cites", ())) if key)
            texts = {lang: f"{title[lang]} · {localized(node['ruling'], lang)}" for lang in LANGUAGES}
            entries.append(Entry("ruling", flow.data["game"], texts, flow.id, node_id, paths[node_id],
                                 cites[0] if cites else "", cites))
        else:
            answers = tuple((lang, " · ".join(localized(a["label"], lang) for a in node["answers"]))
                            for lang in LANGUAGES)
            texts = {lang: f"{title[lang]} · {localized(node['question'], lang)}" for lang in LANGUAGES}
            entries.append(Entry("question", flow.data["game"], texts, flow.id, node_id, paths[node_id], extra=answers))
    return entries


def clarifications() -> list[Entry]:
    """Every numbered clarification of the NASAMW commentary: its Italian text and its gists (en, es)."""
    gists = {"en": load_gists(), **{lang: load_gists(path) for lang, path in TRANSLATED_GISTS.items()}}
    document = parse_document(CLARIFIED)
    out = []
    for clause in document.clauses:
        if clause.kind != "item":
            continue
        translations = {lang: (found.get(clause.key) or {}).get("gist", "") for lang, found in gists.items()}
        texts = {"it": " ".join(clause.text.split()), **{lang: text for lang, text in translations.items() if text}}
        out.append(Entry("clarification", document.meta.game, texts, clause_key=clause.key, number=clause.number))
    return out


def _words(text: str) -> tuple[str, ...]:
    """The entry's distinct folded words, sorted (a query stem matches the words it begins)."""
    return tuple(sorted({fold(word) for word in words(text)}))


def _has_prefix(sorted_words: tuple[str, ...], prefixes: tuple[str, ...]) -> bool:
    for prefix in prefixes:
        position = bisect_left(sorted_words, prefix)
        if position < len(sorted_words) and sorted_words[position].startswith(prefix):
            return True
    return False


@cache
def _glossary():
    return load_glossary()


@dataclass(frozen=True)
class _Indexed:
    entry: Entry
    by_language: dict[str, tuple[str, ...]]


@cache
def index() -> tuple[_Indexed, ...]:
    entries = [e for flow in all_flows().values() for e in _flow_entries(flow)] + clarifications()
    indexed = []
    for entry in entries:
        by_language = {}
        for lang in LANGUAGES:
            text = entry.texts.get(lang, "")
            extra = dict(entry.extra).get(lang, "")
            if text or extra:
                by_language[lang] = _words(f"{text} {extra}")
        indexed.append(_Indexed(entry, by_language))
    return tuple(indexed)


def _planned(group: Group) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """A query group as prefixes: each alternative phrase a tuple of its words' stems (abbreviations whole)."""
    phrases = tuple(tuple(stems(word) for word in phrase) for phrase in group.phrases if phrase)
    return phrases + tuple(((abbreviation,),) for abbreviation in group.abbreviations)


def _matches(planned, found: tuple[str, ...]) -> bool:
    return any(all(_has_prefix(found, word) for word in phrase) for phrase in planned)


def find(query: str, language: str = "en", *, games: tuple[str, ...] = (), limit: int = MAX_HITS) -> list[Hit]:
    """The entries answering `query`, best first; `games` keeps those games only (empty: every game)."""
    groups = [_planned(g) for g in plan_query(" ".join(query.split())[:200], _glossary())]
    if not groups:
        return []
    reader = (language or "en")[:2]
    hits = []
    for item in index():
        if games and item.entry.game not in games:
            continue
        best, own = 0, False
        for lang, found in item.by_language.items():
            matched = sum(1 for group in groups if _matches(group, found))
            if matched > best or (matched == best and matched and lang == reader):
                best, own = matched, lang == reader
        if best:
            hits.append(Hit(item.entry, best, own))
    hits.sort(key=lambda h: (-h.matched, not h.own_language, KINDS.index(h.entry.kind)))
    return hits[:limit]
