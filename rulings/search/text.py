"""Text preparation for search, shared by both databases (pure, no Django).

- ``plain`` strips the seeds' Markdown remnants for indexing and snippets.
- ``fold`` lower-cases and removes accents (caballería → caballeria).
- ``abbreviations_in`` finds glossary abbreviations as written (``4Bd`` → bd, ``[El]`` → el, not the
  article "El defensor"), for the separate abbreviation index.
- ``stems`` gives Spanish/Italian/English Snowball stems for prefix matching on SQLite FTS5.
- ``plan_query`` turns the umpire's query into AND-ed groups of OR-ed alternatives, expanding
  glossary terms into their English, Spanish and Italian forms.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

import snowballstemmer

if TYPE_CHECKING:  # a type only: sources import this module to fold the text they index
    from rulings.sources.glossary import GlossaryEntry

WORD_RE = re.compile(r"[^\W_]+", re.UNICODE)
DIGITS_LETTERS = re.compile(r"(?<=\d)(?=[^\W\d_])|(?<=[^\W\d_])(?=\d)")
MARKDOWN = [(re.compile(r"\[([^\]]*)\]\(#?\)"), r"\1"), (re.compile(r"\\([()])"), r"\1"),
            (re.compile(r"\*\*|__"), ""), (re.compile(r"(?<!\w)\*(?!\s)|(?<!\s)\*(?!\w)"), "")]

STOPWORDS = frozenset(
    "a al and are as at by con da dal dalla de dei del della di do e ed el en es for from gli i il in is la las "
    "le lo los nel nella o of on or per por que se si su the to un una uno y".split()
)


def plain(text: str) -> str:
    for pattern, replacement in MARKDOWN:
        text = pattern.sub(replacement, text)
    return text


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def words(text: str) -> list[str]:
    """Tokens as written, digits split from letters (4Bd → 4, Bd)."""
    return [part for token in WORD_RE.findall(text) for part in DIGITS_LETTERS.split(token) if part]


@cache
def _stemmer(language: str):
    return snowballstemmer.stemmer({"es": "spanish", "it": "italian", "en": "english"}[language])


def stems(word: str) -> tuple[str, ...]:
    """Folded prefixes to match: the word itself, plus stems of 5+ letters in es/it/en."""
    folded = fold(word)
    out = [folded]
    for language in ("es", "it", "en"):
        stem = fold(_stemmer(language).stemWord(folded))
        if len(stem) >= 5 and stem not in out and folded.startswith(stem):
            out.append(stem)
    return tuple(out)


@dataclass(frozen=True)
class AbbreviationIndex:
    exact: dict[str, str]  # written form → canonical token (abbreviation, lower-case)
    loose: dict[str, str]  # folded form → canonical, for abbreviations that are not case-sensitive
    needs_marker: frozenset[str]
    entries: dict[str, GlossaryEntry]  # canonical → entry


def abbreviation_index(glossary: tuple[GlossaryEntry, ...]) -> AbbreviationIndex:
    exact: dict[str, str] = {}
    loose: dict[str, str] = {}
    marker: set[str] = set()
    entries: dict[str, GlossaryEntry] = {}
    for entry in glossary:
        if not entry.abbreviations:
            continue
        canonical = fold(entry.abbreviations[0])
        entries[canonical] = entry
        for form in entry.abbreviations:
            exact[form] = canonical
            if not entry.case_sensitive:
                loose[fold(form)] = canonical
            if entry.needs_marker:
                marker.add(form)
    return AbbreviationIndex(exact, loose, frozenset(marker), entries)


ABBR_TOKEN = re.compile(r"(?<![^\W\d_])(\d*)([A-Za-z]{1,4}s?)(?![^\W\d_])")


def abbreviations_in(text: str, index: AbbreviationIndex) -> list[str]:
    """Canonical abbreviations written in text, in order of appearance, without repeats."""
    found: list[str] = []
    for match in ABBR_TOKEN.finditer(text):
        written = match.group(2)
        canonical = index.exact.get(written)
        if canonical is None:
            continue
        if written in index.needs_marker and not match.group(1):
            rest = text[match.end():]
            if re.match(r"\s+[^\W\d_]", rest):  # "El defensor", "El DBA": the article
                continue
        if canonical not in found:
            found.append(canonical)
    return found


@dataclass(frozen=True)
class Group:
    """One concept of the query: any alternative may match."""

    label: str
    phrases: tuple[tuple[str, ...], ...]  # word sequences to match in the prose (as typed / glossary forms)
    abbreviations: tuple[str, ...] = ()  # canonical abbreviations to match in the abbreviation index
    term: str | None = None  # glossary slug when expanded


_CACHE: dict[tuple[str, int], object] = {}


def _phrase_table(glossary: tuple[GlossaryEntry, ...]) -> tuple[tuple[tuple[str, ...], GlossaryEntry], ...]:
    cached = _CACHE.get(("phrases", id(glossary)))
    if cached is not None:
        return cached  # type: ignore[return-value]
    table = []
    for entry in glossary:
        for form in entry.all_forms():
            table.append((tuple(fold(w) for w in words(form)), entry))
    table.sort(key=lambda item: -len(item[0]))
    _CACHE[("phrases", id(glossary))] = result = tuple(table)
    return result


def cached_abbreviation_index(glossary: tuple[GlossaryEntry, ...]) -> AbbreviationIndex:
    cached = _CACHE.get(("abbr", id(glossary)))
    if cached is None:
        _CACHE[("abbr", id(glossary))] = cached = abbreviation_index(glossary)
    return cached  # type: ignore[return-value]


def plan_query(query: str, glossary: tuple[GlossaryEntry, ...]) -> list[Group]:
    index = cached_abbreviation_index(glossary)
    tokens = words(query)
    folded = [fold(t) for t in tokens]
    groups: list[Group] = []
    position = 0
    phrases = _phrase_table(glossary)
    while position < len(tokens):
        token = tokens[position]
        canonical = index.exact.get(token) or index.loose.get(folded[position])
        entry = index.entries.get(canonical) if canonical else None
        span = 1
        if entry is None:
            for phrase, candidate in phrases:
                if phrase and tuple(folded[position:position + len(phrase)]) == phrase:
                    entry, span = candidate, len(phrase)
                    break
        if entry is not None:
            alternatives = tuple(tuple(fold(w) for w in words(form)) for form in entry.all_forms())
            typed = tuple(folded[position:position + span])
            if canonical is None and typed not in alternatives:
                alternatives = (typed, *alternatives)
            abbrs = (fold(entry.abbreviations[0]),) if entry.abbreviations else ()
            groups.append(Group(" ".join(tokens[position:position + span]), alternatives, abbrs, entry.slug))
        elif folded[position] not in STOPWORDS and not folded[position].isdigit():
            groups.append(Group(token, ((folded[position],),)))
        position += span
    return groups
