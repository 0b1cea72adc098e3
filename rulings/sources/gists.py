"""English gists of the NASAMW commentary's Italian clarifications (pure): fixtures/rulings/nasamw_gists_en.yaml.

Each entry is keyed by the clause key (nasamw22:pip.4) and names the seed line the clarification starts
on, so a gist cannot drift to another clause when the importer changes. A gist is a translation written
for English umpires, shown beside the Italian source and marked as such; the Italian stays the source."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

from config.paths import fixture

GISTS_PATH = fixture("rulings", "nasamw_gists_en.yaml")
# Marked translations in other languages than English, written the same way (one entry per clarification).
TRANSLATED_GISTS = {"es": fixture("rulings", "nasamw_gists_es.yaml")}


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


def gist_entry(key: str) -> dict | None:
    return load_gists().get(key)


def translated_gist(key: str, language: str) -> tuple[str, dict] | None:
    """(language, entry) of the gist a reader of `language` reads: theirs if one is written (Spanish), else
    the English one; None when there is none."""
    path = TRANSLATED_GISTS.get((language or "")[:2])
    entry = load_gists(path).get(key) if path is not None else None
    if entry:
        return language[:2], entry
    english = load_gists().get(key)
    return ("en", english) if english else None
