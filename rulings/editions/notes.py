"""Which DBA edition a ruling answers, and where the app's own DBA 3.0 data says 3.0 differs (pure).

Every source of the library is DBA 2.2 except "Rumbo de colisión" (house rules over DBA 3); the DBA
3.0 rulebook is not among them. An umpire at a DBA 3.0 event must see, on every answer, that it is
2.2's. ``edition_note`` says so for a step-through (its edition read from the documents it cites) or a
calculator (fixtures/rulings/editions.yaml), and lists the differences the app's 3.0 data knows:
PIP costs and victory (fixtures/elements/quickref.yaml, both editions side by side) and the 3.0
element types the 2.2 tables lack (tournament/armies/elements.py). The 3.0 side is never a source.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import yaml

from config.paths import fixture
from rulings.sources.index import SLUGS, parse_document
from tournament.armies.elements import element_profile, known_codes, quickref

EDITIONS_PATH = fixture("rulings", "editions.yaml")
DBA = "DBA"


@dataclass(frozen=True)
class Line:
    """One statement in en/es/it, with the seed line it comes from (None: the app's 3.0 data, no source)."""

    text: dict[str, str]
    line: int | None = None

    def shown(self, language: str) -> str:
        return self.text.get((language or "en")[:2]) or self.text["en"]


@dataclass(frozen=True)
class Difference:
    topic: str  # pips | victory | elements
    rules_22: tuple[Line, ...]  # what the 2.2 sources say (quickref "2.2", citing guia22)
    rules_30: tuple[Line, ...]  # what the app's 3.0 data says (quickref "3.0", doubtful)
    source_22: str  # "guia22 L791-830, 1569-1588"
    codes_30: tuple[tuple[str, str | None], ...] = ()  # elements: (3.0 code, the 2.2 type it borrows or None)


@dataclass(frozen=True)
class EditionNote:
    event_edition: str  # the event's: "2.2" | "3.0"
    answer_edition: str  # the answer's: "2.2" | "3.0"
    house_rules: bool  # the answer is house rules ("Rumbo de colisión") over that edition
    differences: tuple[Difference, ...]

    @property
    def mismatch(self) -> bool:
        """The answer is another edition's than the event's."""
        return self.event_edition != self.answer_edition


@cache
def _config() -> dict:
    return yaml.safe_load(EDITIONS_PATH.read_text(encoding="utf-8"))


@cache
def _documents() -> dict[str, tuple[str, str, str]]:
    """slug → (game, edition, authority) of every seed."""
    return {slug: (meta.game, meta.edition, meta.authority)
            for slug in SLUGS for meta in [parse_document(slug).meta]}


def _slug(citation: str) -> str:
    return citation.strip().replace("@", ":").split(":", 1)[0].lower()


def flow_edition(flow_data: dict) -> tuple[str, str, bool] | None:
    """(game, edition, house rules) of a step-through, from the documents it cites; None if they do not
    all belong to one game and edition (or it cites nothing known)."""
    documents = _documents()
    cited = {_slug(c) for c in flow_data.get("sources", ())}
    for node in flow_data.get("nodes", {}).values():
        cited |= {_slug(c) for c in node.get("cites", ())}
    found = {documents[slug] for slug in cited if slug in documents}
    if len({(game, edition) for game, edition, _authority in found}) != 1:
        return None
    game, edition, _authority = next(iter(found))
    return game, edition, any(authority == "house" for _game, _edition, authority in found)


def _lines(rows: list[dict]) -> tuple[Line, ...]:
    return tuple(Line({lang: row[lang] for lang in ("en", "es", "it")}, row.get("line")) for row in rows)


def _difference(topic: str) -> Difference:
    spec = _config()["topics"][topic]
    editions = quickref()
    old = editions["2.2"]
    source = f"{old['source']['document']} L{old['source']['lines']}"
    if spec.get("quickref"):
        key = spec["quickref"]
        return Difference(topic, _lines(old[key]), _lines(editions["3.0"][key]), source)
    codes = tuple(code for code in known_codes("3.0") if code not in known_codes("2.2"))
    borrowed = []
    for code in codes:
        profile = element_profile(code, "3.0")
        borrowed.append((code, profile.type_code if profile and profile.type_code != code else None))
    return Difference(topic, (), (), "guia22", tuple(borrowed))


def _topics_of(flow_id: str | None, calculator: str | None) -> list[str]:
    config = _config()
    if calculator:
        return list((config["calculators"].get(calculator) or {}).get("topics", ()))
    return [topic for topic, spec in config["topics"].items() if flow_id in spec.get("flows", ())]


def calculator_edition(name: str, params: dict | None = None) -> str | None:
    """The DBA edition a calculator answers (its `edition` parameter when it has one); None: not DBA."""
    spec = _config()["calculators"].get(name)
    if spec is None:
        return None
    chosen = (params or {}).get(spec.get("edition_param") or "", "")
    return chosen if chosen in ("2.2", "3.0") else spec["edition"]


def edition_note(event_edition: str, *, flow: dict | None = None, calculator: str | None = None,
                 params: dict | None = None) -> EditionNote | None:
    """What to tell an umpire of an event of `event_edition` about the answer of a step-through (its data)
    or a calculator (its name and parameters); None when the answer is not a DBA one."""
    if event_edition not in ("2.2", "3.0"):
        return None
    if flow is not None:
        found = flow_edition(flow)
        if found is None or found[0] != DBA:
            return None
        _game, answer, house = found
        topics = _topics_of(flow.get("id"), None)
    elif calculator is not None:
        answer = calculator_edition(calculator, params)
        if answer is None:
            return None
        house = bool(_config()["calculators"][calculator].get("house"))
        topics = _topics_of(None, calculator)
    else:
        return None
    differences = tuple(_difference(t) for t in topics) if "3.0" in (event_edition, answer) and answer != event_edition else ()
    return EditionNote(event_edition, answer, house, differences)


def flows_with_differences() -> dict[str, tuple[str, ...]]:
    """flow id → the topics on which the app's 3.0 data differs (for tests and the index)."""
    out: dict[str, list[str]] = {}
    for topic, spec in _config()["topics"].items():
        for flow_id in spec.get("flows", ()):
            out.setdefault(flow_id, []).append(topic)
    return {k: tuple(v) for k, v in out.items()}
