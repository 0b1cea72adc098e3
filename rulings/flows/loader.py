"""Guided step-throughs for contested situations (pure Python, no Django).

A flow is a YAML file in ``fixtures/flows/``: a start node, questions whose answers point at other
nodes, and rulings (the leaves) that cite the seed documents. ``rulings.flows.validation.validate_flow``
checks the shape; this module loads flows and walks a path of answers.

Answers travel in the URL as tokens ``<question>.<answer>`` (``?a=q-first.no&a=q-extras.elephant``).
Because each token names its question, changing an early answer keeps every later answer that is
still on the new path and drops the others.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import yaml

from config.paths import fixture
from rulings.flows.validation import LANGUAGES, FlowError, validate_flow

FLOWS_DIR = fixture("flows")

__all__ = [
    "FLOWS_DIR",
    "LANGUAGES",
    "Flow",
    "FlowError",
    "Step",
    "Walk",
    "all_paths",
    "all_flows",
    "check_directory",
    "get_flow",
    "load_flow_file",
    "localized",
    "parse_flow",
    "validate_flow",
    "walk",
]


def localized(text: dict | str | None, language: str) -> str:
    """The text in ``language`` (``es-ar`` falls back to ``es``), else English, else any."""
    if text is None:
        return ""
    if isinstance(text, str):
        return text
    base = (language or "en").split("-")[0].lower()
    for code in (base, "en", *text):
        if text.get(code):
            return str(text[code])
    return ""


@dataclass(frozen=True)
class Flow:
    id: str
    data: dict

    @property
    def start(self) -> str:
        return self.data["start"]

    @property
    def nodes(self) -> dict[str, dict]:
        return self.data["nodes"]

    def node(self, node_id: str) -> dict:
        return self.nodes[node_id]

    def is_ruling(self, node_id: str) -> bool:
        return "ruling" in self.nodes[node_id]

    def answer(self, node_id: str, answer_id: str) -> dict | None:
        for answer in self.nodes[node_id].get("answers", ()):
            if answer["id"] == answer_id:
                return answer
        return None

    def text(self, key: str, language: str) -> str:
        return localized(self.data.get(key), language)


@dataclass(frozen=True)
class Step:
    """A question on the path and the answer chosen there."""

    node: str
    answer: str

    @property
    def token(self) -> str:
        return f"{self.node}.{self.answer}"


@dataclass
class Walk:
    """Where a list of answer tokens leads: the answered steps and the node reached."""

    flow: Flow
    steps: list[Step] = field(default_factory=list)
    current: str = ""

    @property
    def tokens(self) -> list[str]:
        return [step.token for step in self.steps]

    @property
    def finished(self) -> bool:
        return self.flow.is_ruling(self.current)

    def tokens_before(self, node_id: str) -> list[str]:
        """Tokens of the steps answered before ``node_id`` (all of them if it is not on the path)."""
        out = []
        for step in self.steps:
            if step.node == node_id:
                break
            out.append(step.token)
        return out

    def answer_at(self, node_id: str) -> str | None:
        return next((step.answer for step in self.steps if step.node == node_id), None)

    def tokens_with(self, node_id: str, answer_id: str) -> list[str]:
        """All current tokens with the answer at ``node_id`` replaced (or added) — later answers
        are kept and the walk decides which of them still apply."""
        replaced = [s.token for s in self.steps if s.node != node_id]
        position = next((i for i, s in enumerate(self.steps) if s.node == node_id), len(self.steps))
        replaced.insert(position, f"{node_id}.{answer_id}")
        return replaced


def _parse_tokens(tokens: list[str]) -> dict[str, str]:
    chosen: dict[str, str] = {}
    for token in tokens:
        node, sep, answer = (token or "").partition(".")
        if sep and node and answer and node not in chosen:
            chosen[node] = answer
    return chosen


def walk(flow: Flow, tokens: list[str], stop_at: str | None = None) -> Walk:
    """Follow the answers from the start. Stops at a ruling, at a question without a (valid)
    answer, or at ``stop_at`` if that question is on the path (to edit its answer)."""
    chosen = _parse_tokens(tokens)
    result = Walk(flow=flow, current=flow.start)
    while not flow.is_ruling(result.current) and result.current != stop_at:
        answer_id = chosen.get(result.current)
        answer = flow.answer(result.current, answer_id) if answer_id else None
        if answer is None:
            break
        result.steps.append(Step(result.current, answer_id))
        result.current = answer["next"]
    if stop_at and result.current == stop_at and stop_at in chosen:
        # Keep the answers after the edited question so the breadcrumb can still show them.
        tail = walk(flow, tokens)
        result.steps = tail.steps
    return result


def all_paths(flow: Flow) -> list[list[Step]]:
    """Every answer sequence from the start to a ruling (flows are acyclic)."""
    paths: list[list[Step]] = []

    def visit(node_id: str, trail: list[Step]) -> None:
        if flow.is_ruling(node_id):
            paths.append(trail)
            return
        for answer in flow.node(node_id)["answers"]:
            visit(answer["next"], [*trail, Step(node_id, answer["id"])])

    visit(flow.start, [])
    return paths


class _UniqueKeyLoader(yaml.SafeLoader):
    """A YAML loader that refuses duplicate keys (two nodes with the same id)."""

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _value in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise FlowError(f"duplicate id {key!r} (line {key_node.start_mark.line + 1})")
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def parse_flow(text: str, name: str = "flow") -> dict:
    try:
        data = yaml.load(text, Loader=_UniqueKeyLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as error:
        raise FlowError(f"{name}: not valid YAML: {error}") from None
    except FlowError as error:
        raise FlowError(f"{name}: {error}") from None
    if not isinstance(data, dict):
        raise FlowError(f"{name}: not a mapping")
    return data


def load_flow_file(path: Path) -> dict:
    return parse_flow(path.read_text(encoding="utf-8"), path.name)


def check_directory(directory: Path = FLOWS_DIR) -> tuple[dict[str, Flow], list[str]]:
    """Every valid flow by id, and the problems of the invalid files (for the site and validate_flows)."""
    flows: dict[str, Flow] = {}
    problems: list[str] = []
    for path in sorted(directory.glob("*.yaml")):
        try:
            data = load_flow_file(path)
        except FlowError as error:
            problems.append(str(error))
            continue
        errors = validate_flow(data)
        if data.get("id") in flows:
            errors.append(f"duplicate flow id {data.get('id')!r}")
        if errors:
            problems.extend(f"{path.name}: {error}" for error in errors)
            continue
        flows[data["id"]] = Flow(id=data["id"], data=data)
    return dict(sorted(flows.items(), key=lambda item: (item[1].data.get("order", 999), item[0]))), problems


@cache
def all_flows(directory: Path = FLOWS_DIR) -> dict[str, Flow]:
    """Every valid flow by id. Raises FlowError listing the problems if any file is invalid."""
    flows, problems = check_directory(directory)
    if problems:
        raise FlowError("\n".join(problems))
    return flows


def get_flow(flow_id: str) -> Flow | None:
    return all_flows().get(flow_id)
