"""Guided step-throughs: every flow file is valid, every path ends in a ruling whose citations
resolve, and the validator rejects broken flows with a clear message."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rulings.flows import loader as flows
from rulings.sources.index import resolve_citation

FLOW_FILES = sorted(flows.FLOWS_DIR.glob("*.yaml"))


def test_at_least_twenty_flows_covering_every_seed_family():
    all_flows = flows.all_flows()
    assert len(all_flows) >= 20
    cited_docs = {c.split("@")[0].split(":")[0] for f in all_flows.values() for c in f.data["sources"]}
    assert {"nasamw22", "rumbo", "aslnight", "wfbmove"} <= cited_docs


@pytest.mark.parametrize("path", FLOW_FILES, ids=[p.stem for p in FLOW_FILES])
def test_every_path_ends_in_a_ruling_with_resolving_citations(path: Path):
    data = flows.load_flow_file(path)
    assert flows.validate_flow(data) == []
    flow = flows.Flow(id=data["id"], data=data)
    paths = flows.all_paths(flow)
    rulings_reached = set()
    for steps in paths:
        walk = flows.walk(flow, [s.token for s in steps])
        assert walk.finished, steps
        node = flow.node(walk.current)
        assert node["cites"] and all(resolve_citation(c) for c in node["cites"])
        rulings_reached.add(walk.current)
    assert rulings_reached == {n for n in flow.nodes if flow.is_ruling(n)}


def _tiny() -> dict:
    yes_no = {"en": "x", "es": "x", "it": "x"}
    return {
        "id": "tiny", "title": yes_no, "game": "DBA", "edition": "2.2", "sources": ["nasamw22@L683"],
        "start": "q1",
        "nodes": {
            "q1": {"question": yes_no, "answers": [{"id": "a", "label": yes_no, "next": "r1"},
                                                   {"id": "b", "label": yes_no, "next": "q2"}]},
            "q2": {"question": yes_no, "answers": [{"id": "a", "label": yes_no, "next": "r1"},
                                                   {"id": "b", "label": yes_no, "next": "r2"}]},
            "r1": {"ruling": yes_no, "cites": ["nasamw22:out.rec.table"]},
            "r2": {"ruling": yes_no, "cites": ["rumbo@L25"], "doubt": yes_no},
        },
    }


def _broken(mutate) -> list[str]:
    data = copy.deepcopy(_tiny())
    mutate(data)
    return flows.validate_flow(data)


def test_tiny_flow_is_valid():
    assert flows.validate_flow(_tiny()) == []


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda d: d["nodes"]["q2"]["answers"][1].update(next="r9"), "next 'r9' does not exist"),
    (lambda d: d["nodes"]["q2"]["answers"][0].update(next="q1"), "cycle: q1 → q2 → q1"),
    (lambda d: d["nodes"].update(r3={"ruling": d["nodes"]["r1"]["ruling"], "cites": ["rumbo@L25"]}),
     "node 'r3': unreachable from the start"),
    (lambda d: d["nodes"]["r1"].update(cites=[]), "node 'r1' (ruling): must cite at least one clause"),
    (lambda d: d["nodes"]["r2"].pop("cites"), "node 'r2' (ruling): must cite at least one clause"),
    (lambda d: d["nodes"]["r1"].update(cites=["nasamw22@L99999"]), "citation 'nasamw22@L99999' does not resolve"),
    (lambda d: d["nodes"]["r1"].update(cites=["nowhere:x.1"]), "citation 'nowhere:x.1' does not resolve"),
    (lambda d: d["nodes"]["q2"]["answers"].pop(), "node 'q2': a question needs at least two answers"),
    (lambda d: d["nodes"].update(q3={"help": {"en": "x"}}), "node 'q3': is neither a question nor a ruling"),
    (lambda d: d["nodes"]["q1"]["question"].pop("it"), "node 'q1' question: missing text in it"),
    (lambda d: d["nodes"]["q2"]["answers"][1].update(id="a"), "duplicate answer id 'a'"),
    (lambda d: d.update(start="q0"), "start node 'q0' does not exist"),
    (lambda d: d.pop("sources"), "missing keys: sources"),
])
def test_validator_rejects_broken_flows(mutate, message):
    problems = _broken(mutate)
    assert any(message in problem for problem in problems), problems


def test_duplicate_node_ids_are_rejected_when_parsing():
    text = "id: x\nnodes:\n  q1: {}\n  q1: {}\n"
    with pytest.raises(flows.FlowError, match="duplicate id 'q1'"):
        flows.parse_flow(text, "dup.yaml")


def test_walk_keeps_later_answers_that_stay_on_the_path():
    flow = flows.Flow(id="tiny", data=_tiny())
    walk = flows.walk(flow, ["q1.b", "q2.b"])
    assert walk.current == "r2" and walk.tokens == ["q1.b", "q2.b"]
    # Reopen q1 to edit it: the answers after it are kept for the breadcrumb.
    editing = flows.walk(flow, walk.tokens, stop_at="q1")
    assert editing.current == "q1" and editing.tokens == ["q1.b", "q2.b"]
    assert editing.tokens_with("q1", "a") == ["q1.a", "q2.b"]
    # q2 is no longer on the path after q1=a: its answer is dropped.
    assert flows.walk(flow, ["q1.a", "q2.b"]).tokens == ["q1.a"]
    # Unknown or malformed answers stop the walk at that question.
    assert flows.walk(flow, ["q1.zzz", "junk"]).current == "q1"


def test_localized_falls_back_to_english():
    assert flows.localized({"en": "Yes", "es": "Sí"}, "es-ar") == "Sí"
    assert flows.localized({"en": "Yes", "es": "Sí"}, "it") == "Yes"


def test_validate_flows_command(tmp_path, capsys):
    call_command("validate_flows")
    assert "flows OK" in capsys.readouterr().out
    (tmp_path / "bad.yaml").write_text("id: bad\ntitle: {en: x}\n", encoding="utf-8")
    with pytest.raises(CommandError, match="missing keys"):
        call_command("validate_flows", directory=str(tmp_path))
