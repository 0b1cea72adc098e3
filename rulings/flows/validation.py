"""Validate a guided step-through (pure Python, no Django).

``validate_flow(data)`` returns a list of problems, empty when the flow is sound: the schema,
unique ids, every ``next`` resolves, every node is reachable from the start, questions have at
least two answers, leaves are rulings, no cycles, every ruling cites clauses that resolve in
the seed index, every seed line a ``doubt`` names ("002 L1164", "nasamw22 L435 (and L494)", a range
"L1540–1543") is among its node's ``cites`` (the doubts page quotes the cited lines, so a named line left
out is a disagreement shown with one side only), a ruling's ``asserts`` block (checks against a
calculator, see rulings.flows.asserts) is well formed, and a flow that names the calculators answering
its question (``calculators: [dba-recoil]``) carries asserts against each of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rulings.flows.asserts import known_calculators, shape_problems
from rulings.sources.index import resolve_citation

LANGUAGES = ("en", "es", "it")
ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
FLOW_KEYS = {"id", "title", "intro", "game", "edition", "group", "sources", "start", "nodes", "order", "calculators"}
# How a doubt names a seed: its file number (000-004, as the seed folder lists them) or its slug.
DOCUMENT_NAMES = {"000": "rumbo", "001": "nasamw22", "002": "guia22", "003": "aslnight", "004": "wfbmove",
                  **{slug: slug for slug in ("rumbo", "nasamw22", "guia22", "aslnight", "wfbmove")}}
_NAMED_TOKEN = re.compile(rf"(?<![\w@])({'|'.join(DOCUMENT_NAMES)})(?!\w)|(?<![\w@])L(\d+)(?:\s*[–-]\s*L?(\d+))?(?!\w)")
QUESTION_KEYS = {"question", "help", "answers"}
RULING_KEYS = {"ruling", "cites", "doubt", "asserts"}


class FlowError(ValueError):
    """A flow file that cannot be used."""


def _text_problems(value, where: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{where}: must be a mapping of texts by language ({', '.join(LANGUAGES)})"]
    missing = [code for code in LANGUAGES if not str(value.get(code) or "").strip()]
    extra = sorted(set(value) - set(LANGUAGES))
    problems = [f"{where}: missing text in {', '.join(missing)}"] if missing else []
    if extra:
        problems.append(f"{where}: unknown languages {', '.join(map(str, extra))}")
    return problems


def _citation_problems(cites, where: str, resolve: Callable[[str], str | None]) -> list[str]:
    if not isinstance(cites, list) or not cites:
        return [f"{where}: must cite at least one clause (cites: [doc@Lnnn or doc:key])"]
    return [f"{where}: citation {c!r} does not resolve to a clause" for c in cites
            if not isinstance(c, str) or resolve(c) is None]


def named_lines(text: str) -> list[tuple[str | None, int, int]]:
    """The seed lines a text names, as (document slug, first line, last line): "002 L1164 (and L1166)"
    gives guia22 1164 and guia22 1166 (a bare line belongs to the seed named before it; None if none was)."""
    document = None
    found = []
    for match in _NAMED_TOKEN.finditer(text):
        if match.group(1):
            document = DOCUMENT_NAMES[match.group(1)]
            continue
        first = int(match.group(2))
        last = int(match.group(3)) if match.group(3) else first
        found.append((document, first, max(first, last)))
    return found


def _doubt_citation_problems(doubt, cites, where: str) -> list[str]:
    """A line named in the doubt (in any language) that the node does not cite: for a range, one of its lines."""
    if not isinstance(doubt, dict):
        return []
    cited = {str(c) for c in cites} if isinstance(cites, list) else set()
    problems: list[str] = []
    for language in LANGUAGES:
        for document, first, last in named_lines(str(doubt.get(language) or "")):
            name = f"L{first}" if first == last else f"L{first}–{last}"
            if document is None:
                problem = f"{where} doubt ({language}) names {name} without saying which seed"
            elif not any(f"{document}@L{line}" in cited for line in range(first, last + 1)):
                problem = f"{where} doubt ({language}) names {document} {name}, which the node does not cite"
            else:
                continue
            if problem not in problems:
                problems.append(problem)
    return problems


def _node_problems(node_id: str, node, resolve) -> list[str]:
    where = f"node {node_id!r}"
    if not ID.match(str(node_id)):
        return [f"{where}: ids use lower-case letters, digits and hyphens"]
    if not isinstance(node, dict):
        return [f"{where}: must be a mapping"]
    if "question" in node and "ruling" in node:
        return [f"{where}: is both a question and a ruling"]
    if "ruling" in node:
        problems = [f"{where}: unknown keys {sorted(set(node) - RULING_KEYS)}"] if set(node) - RULING_KEYS else []
        problems += _text_problems(node["ruling"], f"{where} ruling")
        problems += _citation_problems(node.get("cites"), f"{where} (ruling)", resolve)
        if "doubt" in node:
            problems += _text_problems(node["doubt"], f"{where} doubt")
            problems += _doubt_citation_problems(node["doubt"], node.get("cites"), where)
        if "asserts" in node:
            problems += shape_problems(node["asserts"], where)
        return problems
    if "question" not in node:
        return [f"{where}: is neither a question nor a ruling (a dead end)"]
    problems = [f"{where}: unknown keys {sorted(set(node) - QUESTION_KEYS)}"] if set(node) - QUESTION_KEYS else []
    problems += _text_problems(node["question"], f"{where} question")
    if "help" in node:
        problems += _text_problems(node["help"], f"{where} help")
    answers = node.get("answers")
    if not isinstance(answers, list) or len(answers) < 2:
        return [*problems, f"{where}: a question needs at least two answers"]
    seen: set[str] = set()
    for index, answer in enumerate(answers, 1):
        label = f"{where} answer {index}"
        if not isinstance(answer, dict) or not ID.match(str(answer.get("id", ""))):
            problems.append(f"{label}: needs an id (lower-case letters, digits, hyphens)")
            continue
        if answer["id"] in seen:
            problems.append(f"{label}: duplicate answer id {answer['id']!r}")
        seen.add(answer["id"])
        problems += _text_problems(answer.get("label"), f"{label} label")
        if not answer.get("next"):
            problems.append(f"{label}: has no next node")
    return problems


def _edges(nodes: dict) -> dict[str, list[str]]:
    return {node_id: [a["next"] for a in node.get("answers", []) if isinstance(a, dict) and a.get("next")]
            for node_id, node in nodes.items() if isinstance(node, dict)}


def _graph_problems(start: str, nodes: dict) -> list[str]:
    edges = _edges(nodes)
    problems = [f"node {node_id!r}: next {target!r} does not exist"
                for node_id, targets in edges.items() for target in targets if target not in nodes]
    if start not in nodes:
        return [*problems, f"start node {start!r} does not exist"]
    reached: set[str] = set()
    stack = [start]
    while stack:
        node_id = stack.pop()
        if node_id in reached or node_id not in nodes:
            continue
        reached.add(node_id)
        stack.extend(edges.get(node_id, []))
    problems += [f"node {node_id!r}: unreachable from the start" for node_id in nodes if node_id not in reached]
    problems += _cycle_problems(start, edges, nodes)
    return problems


def _cycle_problems(start: str, edges: dict[str, list[str]], nodes: dict) -> list[str]:
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    problems: list[str] = []

    def visit(node_id: str, trail: list[str]) -> None:
        state[node_id] = 1
        for target in edges.get(node_id, []):
            if target not in nodes:
                continue
            if state.get(target) == 1:
                loop = " → ".join([*trail[trail.index(target):], target]) if target in trail else target
                problems.append(f"cycle: {loop}")
            elif target not in state:
                visit(target, [*trail, target])
        state[node_id] = 2

    visit(start, [start])
    return problems


def validate_flow(data, resolve: Callable[[str], str | None] = resolve_citation) -> list[str]:
    """Problems with one flow (a parsed YAML mapping); an empty list means it is sound."""
    if not isinstance(data, dict):
        return ["a flow must be a mapping"]
    problems: list[str] = []
    missing = [key for key in ("id", "title", "game", "edition", "sources", "start", "nodes") if key not in data]
    if missing:
        return [f"missing keys: {', '.join(missing)}"]
    if set(data) - FLOW_KEYS:
        problems.append(f"unknown keys: {', '.join(sorted(set(data) - FLOW_KEYS))}")
    if not ID.match(str(data["id"])):
        problems.append("id: use lower-case letters, digits and hyphens")
    problems += _text_problems(data["title"], "title")
    if "intro" in data:
        problems += _text_problems(data["intro"], "intro")
    if "group" in data:  # the flow index's heading, in every language (else "{game} {edition}", untranslated)
        problems += _text_problems(data["group"], "group")
    problems += _citation_problems(data["sources"], "sources", resolve)
    nodes = data["nodes"]
    if not isinstance(nodes, dict) or not nodes:
        return [*problems, "nodes: must be a non-empty mapping of node id to node"]
    for node_id, node in nodes.items():
        problems += _node_problems(node_id, node, resolve)
    problems += _graph_problems(data["start"], nodes)
    problems += _pair_problems(data.get("calculators"), nodes)
    return problems


def _pair_problems(calculators, nodes: dict) -> list[str]:
    """A flow answering the same question as a calculator (``calculators: [name]``) checks its rulings
    against it: at least one ruling asserts with each calculator it names."""
    if calculators is None:
        return []
    if not isinstance(calculators, list) or not calculators:
        return ["calculators: must be a non-empty list of calculator names (or left out)"]
    asserted = {str(check.get("calculator")) for node in nodes.values() if isinstance(node, dict)
                for check in (node.get("asserts") or ()) if isinstance(check, dict)}
    problems = [f"calculators: unknown calculator {name!r}" for name in calculators if name not in known_calculators()]
    problems += [f"calculators: the flow answers what {name!r} answers but no ruling asserts against it"
                 for name in calculators if name in known_calculators() and name not in asserted]
    return problems
