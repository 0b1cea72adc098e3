"""Glossary fixture loader (pure): fixtures/rulings/glossary.yaml → GlossaryEntry list."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import yaml

from config.paths import fixture
from rulings.sources.index import is_placeholder, resolve_citation

GLOSSARY_PATH = fixture("rulings", "glossary.yaml")
LANGUAGES = ("en", "es", "it")


@dataclass(frozen=True)
class GlossaryEntry:
    slug: str
    term: str
    abbreviations: tuple[str, ...] = ()
    case_sensitive: bool = False
    needs_marker: bool = False
    forms: dict[str, tuple[str, ...]] = field(default_factory=dict)
    definition: dict[str, str] = field(default_factory=dict)
    cite: tuple[str, ...] = ()
    names: dict[str, str] = field(default_factory=dict)  # the one shown name per language (the seed's word)
    avoid: dict[str, tuple[str, ...]] = field(default_factory=dict)  # names the seeds do not use, per language

    def all_forms(self) -> tuple[str, ...]:
        seen: list[str] = []
        for language in LANGUAGES:
            for form in self.forms.get(language, ()):
                if form.lower() not in seen:
                    seen.append(form.lower())
        return tuple(seen)

    def label(self) -> str:
        return f"{self.abbreviations[0]} — {self.term}" if self.abbreviations else self.term


class GlossaryError(ValueError):
    pass


def parse_glossary(data: object) -> list[GlossaryEntry]:
    if not isinstance(data, list):
        raise GlossaryError("glossary must be a list of entries")
    entries: list[GlossaryEntry] = []
    slugs: set[str] = set()
    for raw in data:
        if not isinstance(raw, dict) or not raw.get("slug") or not raw.get("term"):
            raise GlossaryError(f"entry without slug/term: {raw!r}")
        if raw["slug"] in slugs:
            raise GlossaryError(f"duplicate slug {raw['slug']}")
        slugs.add(raw["slug"])
        forms = {lang: tuple(str(f) for f in raw.get("forms", {}).get(lang, [])) for lang in LANGUAGES}
        names = raw.get("names") or {}
        if names and set(names) != set(LANGUAGES):
            raise GlossaryError(f"{raw['slug']}: names must give one name in each of {', '.join(LANGUAGES)}")
        cites = tuple(raw.get("cite", []))
        for citation in cites:
            key = resolve_citation(citation)
            if key is None:
                raise GlossaryError(f"{raw['slug']}: citation {citation} does not resolve to a clause")
            if is_placeholder(key):
                raise GlossaryError(f"{raw['slug']}: citation {citation} is placeholder text in the source, not a definition")
        entries.append(
            GlossaryEntry(
                slug=raw["slug"], term=raw["term"], abbreviations=tuple(raw.get("abbreviations", [])),
                case_sensitive=bool(raw.get("case_sensitive", False)),
                needs_marker=bool(raw.get("needs_marker", False)),
                forms=forms, definition=dict(raw.get("definition", {})), cite=cites,
                names={lang: str(name) for lang, name in (raw.get("names") or {}).items()},
                avoid={lang: tuple(str(n) for n in names) for lang, names in (raw.get("avoid") or {}).items()},
            )
        )
    return entries


@cache
def load_glossary(path: Path = GLOSSARY_PATH) -> tuple[GlossaryEntry, ...]:
    with open(path, encoding="utf-8") as handle:
        return tuple(parse_glossary(yaml.safe_load(handle)))


def headword(entry: GlossaryEntry | None, english: str, language: str) -> str:
    """The term as a reader of ``language`` calls it: the glossary's name, else the first form the sources
    in that language use, spelt as those sources spell it (the forms are written without accents, for
    matching); the English term when neither is known."""
    if language == "en" or entry is None:
        return english
    local = entry.names.get(language) or next(iter(entry.forms.get(language) or ()), "")
    if not local:
        return english
    spelt = _seed_spellings(language)
    local = " ".join(_accented(word, spelt.get(_fold(word), "")) for word in local.split())
    return local[:1].upper() + local[1:]


def _accented(word: str, spelt: str) -> str:
    """``word`` with the seeds' accents (tactico → táctico), its own capitals kept."""
    if spelt.isascii() or not word.isascii() or len(spelt) != len(word):
        return word
    return "".join(s.upper() if w.isupper() else s for w, s in zip(word, spelt, strict=True))


def _fold(word: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(ch))


@cache
def _seed_spellings(language: str) -> dict[str, str]:
    """Folded word → its most frequent lower-case accented spelling in the seeds of ``language``."""
    counts: Counter[str] = Counter()
    for path in sorted(fixture("rulings", "seeds").glob(f"*.{language}.txt")):
        counts.update(re.findall(r"\w+", path.read_text(encoding="utf-8").lower()))
    spellings: dict[str, str] = {}
    for word, _count in counts.most_common():
        spellings.setdefault(_fold(word), word)
    return spellings
