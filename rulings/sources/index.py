"""The seed documents' clauses by key (pure, no Django): a seed parsed, a citation resolved to its clause, and what a
clause of the NASAMW commentary says in the reader's language.

    parse_document("nasamw22") -> ParsedDocument  (sections, clauses with key/number/heading_path/
                                                    text/kind/line_start/line_end/flags)
    clause_key_for_line("nasamw22", 683) -> "nasamw22:out.rec.table"
    resolve_citation("nasamw22@L683") / resolve_citation("nasamw22:pip.4") -> key or None
    translated_gist("nasamw22:pip.4", "es") -> ("es", {"line": ..., "gist": ..., "doubtful": ...}) or None

A line inside several clauses (a caption or table inside a numbered clarification) resolves to
the innermost one; a blank line between clauses resolves to the clause it belongs to, if any.

Two files keyed by clause key keep the keys' meaning fixed while the seeds and the importer change:
fixtures/rulings/key_pins.yaml keeps a published key when a seed is renumbered, and the gists
(fixtures/rulings/nasamw_gists_en.yaml, and _es for Spanish) name the seed line each clarification starts on,
so a gist cannot drift to another clause. A gist is a translation of one of the commentary's Italian
clarifications, written for umpires who read another language, shown beside the Italian source and marked
as such; the Italian stays the source.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from pathlib import Path

import yaml

from config.paths import fixture
from rulings.sources.seedparse import PARSERS
from rulings.sources.seedparse.model import DocumentMeta, ParsedClause, ParsedDocument, ParsedSection

SLUGS: tuple[str, ...] = ("rumbo", "nasamw22", "guia22", "aslnight", "wfbmove")
KEY_PINS_PATH = fixture("rulings", "key_pins.yaml")
GISTS_PATH = fixture("rulings", "nasamw_gists_en.yaml")
# Marked translations in other languages than English, written the same way (one entry per clarification).
TRANSLATED_GISTS = {"es": fixture("rulings", "nasamw_gists_es.yaml")}
LINE_CITATION = re.compile(r"^\s*([a-z0-9]+)@L(\d+)\s*$", re.IGNORECASE)
KEY_CITATION = re.compile(r"^\s*([a-z0-9]+):([a-z0-9.\-]+)\s*$")

__all__ = [
    "GISTS_PATH",
    "SLUGS",
    "TRANSLATED_GISTS",
    "DocumentMeta",
    "GistError",
    "ParsedClause",
    "ParsedDocument",
    "ParsedSection",
    "all_documents",
    "clause_key_for_line",
    "is_placeholder",
    "load_gists",
    "parse_document",
    "parse_gists",
    "placeholder_free",
    "pin_keys",
    "resolve_citation",
    "translated_gist",
]


def pin_keys(document: ParsedDocument, pins: dict[str, str]) -> ParsedDocument:
    """Keep published keys when a seed is renumbered: ``pins`` maps the key derived from the new
    numbering to the key already published for that clause. Display numbers follow the new text."""
    if not pins:
        return document
    clauses = tuple(replace(c, key=pins.get(c.key, c.key)) for c in document.clauses)
    keys = [c.key for c in clauses]
    if len(keys) != len(set(keys)):
        raise ValueError(f"{document.slug}: key pins make keys collide")
    return replace(document, clauses=clauses)


@cache
def _pins() -> dict[str, dict[str, str]]:
    if not KEY_PINS_PATH.exists():
        return {}
    data = yaml.safe_load(KEY_PINS_PATH.read_text(encoding="utf-8")) or {}
    return {slug: dict(mapping or {}) for slug, mapping in data.items()}


@cache
def parse_document(slug: str) -> ParsedDocument:
    try:
        parser = PARSERS[slug]
    except KeyError:
        raise KeyError(f"unknown document {slug!r}; known: {', '.join(SLUGS)}") from None
    return pin_keys(parser(), _pins().get(slug, {}))


def all_documents() -> list[ParsedDocument]:
    return [parse_document(slug) for slug in SLUGS]


@cache
def _keys(slug: str) -> frozenset[str]:
    return frozenset(c.key for c in parse_document(slug).clauses)


def clause_key_for_line(slug: str, line: int) -> str | None:
    """Key of the innermost clause whose lines include ``line`` (1-based). A section heading's line
    resolves to the first clause of that section. Otherwise None (blank lines between clauses)."""
    if slug not in PARSERS:
        return None
    document = parse_document(slug)
    best: ParsedClause | None = None
    for clause in document.clauses:
        if clause.line_start <= line <= clause.line_end:
            if best is None or (clause.line_end - clause.line_start) < (best.line_end - best.line_start):
                best = clause
    if best is None:
        heading = next((s for s in document.sections if s.line_start == line), None)
        if heading is not None:
            best = next((c for c in document.clauses if c.section_key == heading.key), None)
    return best.key if best else None


PLACEHOLDER = "placeholder"
_LOREM = re.compile(r"lorem ipsum", re.IGNORECASE)


@cache
def _placeholder_keys() -> frozenset[str]:
    return frozenset(c.key for d in all_documents() for c in d.clauses if PLACEHOLDER in c.flags)


def is_placeholder(key: str) -> bool:
    """The clause holds the source's filler text ("Lorem ipsum" in the guide's element-type sections)."""
    return key in _placeholder_keys()


def placeholder_free(text: str) -> str:
    """The text without its filler paragraphs: what the source really says (a heading, often nothing)."""
    return "\n\n".join(p for p in text.split("\n\n") if not _LOREM.search(p)).strip()


def resolve_citation(citation: str) -> str | None:
    """``<doc>@L<line>`` or ``<doc>:<key>`` to a clause key, or None if it does not resolve."""
    match = LINE_CITATION.match(citation)
    if match:
        return clause_key_for_line(match.group(1).lower(), int(match.group(2)))
    match = KEY_CITATION.match(citation)
    if match and match.group(1) in PARSERS:
        key = f"{match.group(1)}:{match.group(2)}"
        return key if key in _keys(match.group(1)) else None
    return None


# The gists: each clarification's marked translation, by clause key.


class GistError(ValueError):
    pass


def parse_gists(data: object) -> dict[str, dict]:
    """{clause key: {"line": int, "gist": str, "doubtful": str}}; every entry needs a line and a gist of
    plain text; `doubtful` (optional) says where the Italian is ambiguous and how the gist reads it."""
    if not isinstance(data, dict):
        raise GistError("the gists file must map clause keys to entries")
    gists: dict[str, dict] = {}
    for key, entry in data.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("line"), int) or not str(entry.get("gist", "")).strip():
            raise GistError(f"{key}: an entry needs a line (int) and a gist")
        doubtful = entry.get("doubtful")
        if doubtful is not None and not (isinstance(doubtful, str) and doubtful.strip()):
            raise GistError(f"{key}: doubtful must say what is doubtful")
        gists[str(key)] = {"line": entry["line"], "gist": " ".join(str(entry["gist"]).split()),
                           "doubtful": " ".join(doubtful.split()) if doubtful else ""}
    return gists


@cache
def load_gists(path: Path = GISTS_PATH) -> dict[str, dict]:
    if not path.exists():
        return {}
    with open(path, encoding="utf-8") as handle:
        return parse_gists(yaml.safe_load(handle) or {})


def translated_gist(key: str, language: str) -> tuple[str, dict] | None:
    """(language, entry) of the gist a reader of `language` reads: theirs if one is written (Spanish), else
    the English one; None when there is none."""
    path = TRANSLATED_GISTS.get((language or "")[:2])
    entry = load_gists(path).get(key) if path is not None else None
    if entry:
        return language[:2], entry
    english = load_gists().get(key)
    return ("en", english) if english else None
