"""Every doubt and seed conflict the project flags, in one list (pure Python, no Django).

Sources, each a `kind`:
- ``flow``: a flow ruling's ``doubt`` (its ``cites`` are the lines in conflict);
- ``calculator``: a ``doubtful``/``doubt`` value in fixtures/calculators/*.yaml;
- ``table``: a ``doubtful`` value in the element and outcome tables, fixtures/elements/*.yaml;
- ``scoring``: a ``doubtful`` value in fixtures/scoring_presets.yaml.

Each doubt has a stable id (``<kind>.<file or flow>.<path>``, built from keys and codes, never from
wording) so an event can record how it decided it, and the seed lines it names: from the data
around it (``line``, ``document``, ``commentary``, ``cites``) and from the text ("guia22 L1634",
"(L1596)"). ``quote`` reads each line from the seed file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

import yaml

from config.paths import fixture
from rulings.flows.loader import all_flows, all_paths
from rulings.sources.index import SLUGS, parse_document, resolve_citation
from rulings.sources.seedparse.model import read_seed_lines

KINDS = ("flow", "calculator", "table", "scoring")
DOUBT_KEYS = ("doubtful", "doubt")
MAX_QUOTE = 320
_NAMED = re.compile(rf"\b({'|'.join(SLUGS)})[ @]L(\d+)", re.IGNORECASE)
_BARE = re.compile(r"(?<![@\w])L(\d+)\b")
# The calculator a data file feeds (fixtures/calculators/<stem>.yaml → rulings:calc <name>).
CALCULATOR_OF = {"dba22_combat": "dba-combat", "dba22_words": "dba-combat", "dba22_recoil": "dba-recoil",
                 "dba22_pips": "dba-pip-cost", "victory": "dba-victory", "wfb": "wfb-terrain-move",
                 "rumbo": "rumbo-third-column", "asl": "asl-night-ambush"}
DEFAULT_DOCUMENT = {"dba22_combat": "guia22", "dba22_words": "guia22", "dba22_recoil": "nasamw22",
                    "dba22_pips": "guia22", "victory": "guia22", "wfb": "wfbmove", "rumbo": "rumbo",
                    "asl": "aslnight", "dba22": "guia22", "outcomes22": "guia22", "quickref": "guia22"}


@dataclass(frozen=True)
class Quote:
    citation: str  # doc@L<line>
    clause_key: str | None
    text: str

    @property
    def language(self) -> str:
        """The language of the quoted seed (its file is <doc>.<language>.txt), for the page's lang mark."""
        slug = self.citation.split("@", 1)[0].lower()
        return next((p.name.split(".")[1] for p in fixture("rulings", "seeds").glob(f"{slug}.*.txt")), "")


@dataclass(frozen=True)
class Doubt:
    id: str
    kind: str
    source: str  # flow id, or the fixture file's stem
    text: dict[str, str] | str
    citations: tuple[str, ...] = ()
    flow_tokens: tuple[str, ...] = ()  # answers that reach the flow ruling
    calculator: str | None = None
    quotes: tuple[Quote, ...] = field(default=(), compare=False)

    @property
    def conflict(self) -> bool:
        """Two or more seed lines named: the sources disagree or leave each other open."""
        return len(self.citations) >= 2


def _text_of(value) -> str:
    if isinstance(value, dict):
        return " ".join(str(v) for v in value.values())
    return str(value)


def citations_in(text: str, default_document: str | None) -> list[str]:
    found = [f"{doc.lower()}@L{line}" for doc, line in _NAMED.findall(text)]
    named_spans = [m.span() for m in _NAMED.finditer(text)]
    if default_document:
        for match in _BARE.finditer(text):
            if not any(start <= match.start() < end for start, end in named_spans):
                found.append(f"{default_document}@L{match.group(1)}")
    return found


def _context_citations(context: dict, document: str | None) -> list[str]:
    out = []
    for cite in context.get("cites", ()) or ():
        out.append(str(cite))
    line = context.get("line")
    if isinstance(line, int) and document:
        out.append(f"{context.get('document', document)}@L{line}")
    commentary = context.get("commentary")
    if isinstance(commentary, str) and "@L" in commentary:
        out.append(commentary)
    return out


def _item_name(item, index: int) -> str:
    if isinstance(item, dict):
        for key in ("key", "id", "code", "slug"):
            if isinstance(item.get(key), str | int):
                return str(item[key])
        if "band" in item and "losers" in item:
            return f"{item['band']}-{'-'.join(str(x) for x in item['losers'])}"
    return str(index)


def _is_text(value) -> bool:
    return isinstance(value, str) or (isinstance(value, dict) and "en" in value)


def _walk(node, path: tuple[str, ...], inherited: dict, emit) -> None:
    """Depth first; ``inherited`` carries the nearest ``line``/``document``/``commentary``/``cites``."""
    if isinstance(node, list):
        for index, item in enumerate(node):
            _walk(item, (*path, _item_name(item, index)), inherited, emit)
        return
    if not isinstance(node, dict):
        return
    context = {**inherited, **{k: node[k] for k in ("line", "document", "commentary", "cites") if k in node}}
    if "line" in node and "commentary" not in node:
        context.pop("commentary", None)
    for key in DOUBT_KEYS:
        if key in node:
            _emit_doubts(node[key], path, context, emit)
    for key, value in node.items():
        if key not in DOUBT_KEYS:
            _walk(value, (*path, str(key)), context, emit)


def _emit_doubts(value, path: tuple[str, ...], context: dict, emit) -> None:
    if not value:
        return
    if _is_text(value):
        emit(path, value, context)
    elif isinstance(value, dict) and "text" in value:
        emit(path, value["text"], {**context, **value})
    elif isinstance(value, dict):
        for name, item in value.items():
            _emit_doubts(item, (*path, str(name)), context, emit)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            item_context = {**context, **item} if isinstance(item, dict) else context
            text = item.get("text") if isinstance(item, dict) else item
            if text:
                emit((*path, str(index)) if len(value) > 1 else path, text, item_context)


def _data_doubts(kind: str, directory: str | None, filename: str) -> list[Doubt]:
    path = fixture(directory, filename) if directory else fixture(filename)
    stem = filename.rsplit(".", 1)[0]
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    source_doc = (data.get("source") or {}).get("document") if isinstance(data.get("source"), dict) else None
    document = source_doc or DEFAULT_DOCUMENT.get(stem)
    out: list[Doubt] = []
    prefix = "scoring" if kind == "scoring" else f"{kind}.{stem}"

    def emit(where: tuple[str, ...], text, context: dict) -> None:
        cites = _context_citations(context, document) + citations_in(_text_of(text), document)
        calculator = CALCULATOR_OF.get(stem) if kind == "calculator" else (
            "dba-victory" if kind == "scoring" and where[:1] == ("victory",) else None)
        out.append(Doubt(id=".".join((prefix, *where)), kind=kind, source=stem, text=text,
                         citations=tuple(dict.fromkeys(cites)), calculator=calculator))

    _walk(data, (), {}, emit)
    return out


def _flow_doubts() -> list[Doubt]:
    out = []
    for flow in all_flows().values():
        paths: dict[str, tuple[str, ...]] = {}
        for trail in all_paths(flow):
            end = _ruling_at_end(flow, trail)
            paths.setdefault(end, tuple(step.token for step in trail))
        for node_id, node in flow.nodes.items():
            if node.get("doubt"):
                cites = list(node.get("cites", ())) + citations_in(_text_of(node["doubt"]), None)
                out.append(Doubt(id=f"flow.{flow.id}.{node_id}", kind="flow", source=flow.id, text=node["doubt"],
                                 citations=tuple(dict.fromkeys(cites)), flow_tokens=paths.get(node_id, ())))
    return out


def _ruling_at_end(flow, trail) -> str:
    if not trail:
        return flow.start
    last = trail[-1]
    return flow.answer(last.node, last.answer)["next"]


@cache
def _seed_lines(slug: str) -> tuple[str, ...]:
    return tuple(read_seed_lines(parse_document(slug).meta.filename))


def quote(citation: str) -> Quote:
    """The seed line a ``doc@L<line>`` citation names (the next written line if it is blank)."""
    match = re.match(r"^([a-z0-9]+)@L(\d+)$", citation)
    if not match or match.group(1) not in SLUGS:
        return Quote(citation, resolve_citation(citation), "")
    lines = _seed_lines(match.group(1))
    index = int(match.group(2)) - 1
    text = ""
    while 0 <= index < len(lines) and not text:
        text = lines[index].strip()
        index += 1
    if len(text) > MAX_QUOTE:
        text = text[: MAX_QUOTE - 1].rstrip() + "…"
    return Quote(citation, resolve_citation(citation), text)


@cache
def all_doubts() -> tuple[Doubt, ...]:
    """Every flagged doubt, quoted: flows, calculators' data, tables, scoring presets."""
    found = _flow_doubts()
    for name in sorted(p.name for p in fixture("calculators").glob("*.yaml")):
        found += _data_doubts("calculator", "calculators", name)
    for name in sorted(p.name for p in fixture("elements").glob("*.yaml")):
        found += _data_doubts("table", "elements", name)
    found += _data_doubts("scoring", None, "scoring_presets.yaml")
    ids = [d.id for d in found]
    duplicates = {i for i in ids if ids.count(i) > 1}
    if duplicates:
        raise ValueError(f"doubt ids are not unique: {sorted(duplicates)}")
    return tuple(Doubt(**{**d.__dict__, "quotes": tuple(quote(c) for c in d.citations)}) for d in found)


def doubt_ids() -> frozenset[str]:
    return frozenset(d.id for d in all_doubts())
