"""One vocabulary per language, the seeds' own: the glossary's `names` (fixtures/rulings/glossary.yaml)
against the strings the es/it UI shows — flows, calculators' data, element data and the es/it catalogues.

In a language's strings, a name is wrong when it is another language's name for the term that the
seed of that language never writes (002, the Spanish guide, writes "Bandas de Guerra", never
"Warband"; 001, the Italian commentary, writes "Knight", never "Cavalieri"), or when the glossary lists
it under `avoid`. Quotations of another seed ('...', "...", «...», “...”) are left alone.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
import yaml

from config.paths import BASE_DIR, fixture
from rulings.sources.glossary import LANGUAGES, load_glossary
from rulings.sources.seedparse.model import read_seed_lines

SEED_OF = {"es": "guia22.es.txt", "it": "nasamw22.it.txt"}
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|«[^»]*»|“[^”]*”|\([*][^)]*\)")


def _variants(name: str) -> set[str]:
    out = {name}
    if name.endswith("s") and len(name) > 4:
        out.add(name[:-1])
    return out


@cache
def _word(word: str) -> re.Pattern:
    return re.compile(rf"(?<!\w){re.escape(word)}(?!\w)", re.IGNORECASE)


def _occurs(word: str, text: str) -> bool:
    return _word(word).search(text) is not None


def _yaml(path: Path):
    """A YAML file read with libyaml when PyYAML has it (the pure-Python reader took most of this test's time)."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


# Warhammer and ASL have their own vocabularies (Warhammer's "Cavalleria Veloce", "terreno aperto"):
# the glossary's names are DBA's. Catalogue strings of those calculators are named here.
OTHER_GAMES = ("wfb", "asl")
OTHER_GAME_MSGSTRS = {"cm di M spesi in terreno aperto"}


@cache
def _seed_text(language: str) -> str:
    """The seed without its English glosses: the guide writes "[Wb] Bandas de guerra (*Warband*)"."""
    return QUOTED.sub(" ", "\n".join(read_seed_lines(SEED_OF[language])))


@cache
def forbidden(language: str) -> dict[str, str]:
    """Wrong name → the glossary's name in that language."""
    out: dict[str, str] = {}
    for entry in load_glossary():
        if not entry.names:
            continue
        own = set().union(*(_variants(n) for n in [entry.names[language]]))
        for other in LANGUAGES:
            if other == language:
                continue
            for name in _variants(entry.names[other]):
                if name not in own and not any(_occurs(name, o) for o in own) \
                        and not _occurs(name, _seed_text(language)):
                    out[name] = entry.names[language]
        for name in entry.avoid.get(language, ()):
            out[name] = entry.names[language]
    return out


def _localized(node, where: str):
    """(language, where, text) of every es/it text in a YAML tree."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("es", "it") and isinstance(value, str):
                yield key, f"{where}.{key}", value
            else:
                yield from _localized(value, f"{where}.{key}")
    elif isinstance(node, list):
        for index, item in enumerate(node):
            yield from _localized(item, f"{where}[{index}]")


def _po_strings(path: Path):
    text = path.read_text(encoding="utf-8")
    for block in text.split("\n\n"):
        strings = re.findall(r'^msgstr(?:\[\d\])? ((?:".*"\n?)+)', block + "\n", re.M)
        for raw in strings:
            yield "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', raw)).replace('\\"', '"')


def _strings():
    for folder in ("flows", "calculators", "elements"):
        for path in sorted(fixture(folder).glob("*.yaml")):
            if path.name.startswith(OTHER_GAMES):
                continue
            if path.name == "outcomes22.yaml":  # its `es` cells are the guide's table as written
                data = _yaml(path)
                for row in data["rows"]:
                    for case in row["when"]:
                        yield "it", f"{path.name}:{row['line']}", case["it"]
                continue
            yield from ((lang, f"{path.name}:{where}", text)
                        for lang, where, text in _localized(_yaml(path), ""))
    glossary = fixture("rulings", "glossary.yaml")  # its definitions are shown on the glossary page
    yield from ((lang, f"glossary.yaml:{where}", text)
                for lang, where, text in _localized(_yaml(glossary), ""))
    for language in ("es", "it"):
        for path in sorted((BASE_DIR / "locale").glob(f"*/{language}/LC_MESSAGES/django.po")):
            for text in _po_strings(path):
                if text in OTHER_GAME_MSGSTRS:
                    continue
                yield language, str(path.relative_to(BASE_DIR)), text


def test_the_seeds_own_names_are_not_forbidden():
    assert "Warband" in forbidden("es") and "Cavalieri" in forbidden("it")
    assert "Knight" not in forbidden("it") and "Bandas de Guerra" not in forbidden("es")


@cache
def _own_names(language: str) -> tuple[str, ...]:
    """The language's own names (the glossary's `names`)."""
    return tuple({e.names[language] for e in load_glossary() if e.names})


@cache
def _own_names_holding(name: str, language: str) -> tuple[str, ...]:
    """The language's own names that hold ``name`` (worked out once, not once per string)."""
    return tuple(own for own in _own_names(language) if own.lower() != name.lower() and _occurs(name, own))


def _outside_own_names(name: str, text: str, language: str) -> bool:
    """``name`` occurs in ``text`` other than inside an own name that holds it: Italian "Light Camelry"
    holds "Camelry" (not Italian), which is not a wrong name there."""
    for own in _own_names_holding(name, language):
        text = re.sub(rf"(?<!\w){re.escape(own)}(?!\w)", " ", text, flags=re.IGNORECASE)
    return _occurs(name, text)


def test_es_and_it_strings_use_the_glossary_names():
    wrong = []
    for language, where, text in _strings():
        bare = QUOTED.sub(" ", text)
        for name, right in forbidden(language).items():
            if _outside_own_names(name, bare, language):
                wrong.append(f"{where} [{language}] {name!r} → {right!r}: {text[:90]}")
    assert not wrong, f"{len(wrong)} strings:\n" + "\n".join(wrong[:80])


def test_element_data_names_are_the_glossary_names():
    from tournament.armies.elements import element_types

    glossary = {entry.abbreviations[0]: entry.names for entry in load_glossary() if entry.names and entry.abbreviations}
    for code, row in element_types().items():
        assert row["names"] == glossary[code], code


@pytest.mark.parametrize("language", ["es", "it"])
def test_glossary_forms_offer_no_avoided_name(language):
    for entry in load_glossary():
        folded = {f.lower() for f in entry.forms.get(language, ())}
        assert not folded & {a.lower() for a in entry.avoid.get(language, ())}, entry.slug
