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
from rulings.search.text import Group, abbreviations_in, cached_abbreviation_index, fold, plan_query, stems, words
from rulings.sources.glossary import load_glossary
from rulings.sources.index import TRANSLATED_GISTS, load_gists, parse_document, resolve_citation

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
    titles: tuple[tuple[str, str], ...] = ()  # (language, the flow's title) for a question or ruling

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
            texts = {lang: localized(node["ruling"], lang) for lang in LANGUAGES}
            entries.append(Entry("ruling", flow.data["game"], texts, flow.id, node_id, paths[node_id],
                                 cites[0] if cites else "", cites, titles=tuple(title.items())))
        else:
            answers = tuple((lang, " · ".join(localized(a["label"], lang) for a in node["answers"]))
                            for lang in LANGUAGES)
            texts = {lang: localized(node["question"], lang) for lang in LANGUAGES}
            entries.append(Entry("question", flow.data["game"], texts, flow.id, node_id, paths[node_id], extra=answers,
                                 titles=tuple(title.items())))
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


def _words(text: str) -> frozenset[str]:
    """The entry's distinct folded words."""
    return frozenset(fold(word) for word in words(text))


@cache
def _glossary():
    return load_glossary()


Posting = tuple[int, str]  # (entry number in the index, language of the text that holds the word)


@dataclass(frozen=True)
class _Index:
    entries: tuple[Entry, ...]
    vocabulary: tuple[str, ...]  # every folded word of every entry, sorted: a query stem matches those it begins
    postings: dict[str, frozenset[Posting]]  # word → where it is
    abbreviations: dict[str, frozenset[Posting]]  # canonical abbreviation → where it is written as one ("El", not "el")


@cache
def index() -> _Index:
    entries = tuple([e for flow in all_flows().values() for e in _flow_entries(flow)] + clarifications())
    postings: dict[str, set[Posting]] = {}
    written: dict[str, set[Posting]] = {}
    abbreviations = cached_abbreviation_index(_glossary())
    for number, entry in enumerate(entries):
        extra, titles = dict(entry.extra), dict(entry.titles)
        for lang in LANGUAGES:
            text = f"{titles.get(lang, '')} {entry.texts.get(lang, '')} {extra.get(lang, '')}"
            for word in _words(text):
                postings.setdefault(word, set()).add((number, lang))
            for abbreviation in abbreviations_in(text, abbreviations):
                written.setdefault(abbreviation, set()).add((number, lang))
    return _Index(entries, tuple(sorted(postings)), {word: frozenset(found) for word, found in postings.items()},
                  {abbreviation: frozenset(found) for abbreviation, found in written.items()})


def _where(prefixes: tuple[str, ...], found: _Index) -> set[Posting]:
    """Where any word beginning with one of `prefixes` (a query word's folded form and stems) is."""
    out: set[Posting] = set()
    for prefix in prefixes:
        position = bisect_left(found.vocabulary, prefix)
        while position < len(found.vocabulary) and found.vocabulary[position].startswith(prefix):
            out |= found.postings[found.vocabulary[position]]
            position += 1
    return out


def _group_postings(group: Group, found: _Index) -> set[Posting]:
    """Where a query group matches: any alternative phrase with all its words in one entry's text in one
    language, or the group's abbreviation written as one (as the library's abbreviation index reads it: "El" for
    Elephants, never the article "el")."""
    out: set[Posting] = set()
    for phrase in group.phrases:
        if not phrase:
            continue
        places = _where(stems(phrase[0]), found)
        for word in phrase[1:]:
            places &= _where(stems(word), found)
        out |= places
    for abbreviation in group.abbreviations:
        out |= found.abbreviations.get(abbreviation, frozenset())
    return out


def find(query: str, language: str = "en", *, games: tuple[str, ...] = (), limit: int = MAX_HITS) -> list[Hit]:
    """The entries answering `query`, best first; `games` keeps those games only (empty: every game)."""
    groups = plan_query(" ".join(query.split())[:200], _glossary())
    if not groups:
        return []
    found = index()
    reader = (language or "en")[:2]
    counts: dict[Posting, int] = {}
    for group in groups:
        for place in _group_postings(group, found):
            counts[place] = counts.get(place, 0) + 1
    best: dict[int, tuple[int, bool]] = {}
    for (number, lang), matched in counts.items():
        current = best.get(number, (0, False))
        if (matched, lang == reader) > current:
            best[number] = (matched, lang == reader)
    ranked = sorted((-matched, not own, KINDS.index(found.entries[number].kind), number)
                    for number, (matched, own) in best.items() if not games or found.entries[number].game in games)
    return [Hit(found.entries[number], -matched, not other) for matched, other, _kind, number in ranked[:limit]]
