"""validate_flows as the author of a flow file reads it: each mistake gets exactly one message, naming the
node, the answer or the field and the languages concerned, and nothing else is reported."""

from __future__ import annotations

import copy

import pytest

from rulings.flows.validation import named_lines, validate_flow
from tests.rulings.test_flows import _tiny


def problems(change) -> list[str]:
    data = copy.deepcopy(_tiny())
    change(data)
    return validate_flow(data)


def _label_only(data):
    data["nodes"]["q1"]["answers"][0].pop("label")


@pytest.mark.parametrize(("change", "expected"), [
    (lambda d: d.update(colour="red", id="Tiny_1"),
     ["unknown keys: colour", "id: use lower-case letters, digits and hyphens"]),
    (lambda d: d.update(title="Tiny"), ["title: must be a mapping of texts by language (en, es, it)"]),
    (lambda d: d.update(intro={"en": "x"}, group={"en": "x", "es": " ", "it": "x"}),
     ["intro: missing text in es, it", "group: missing text in es"]),
    (lambda d: d["nodes"]["q1"].update(help={"en": "x", "es": "x"}), ["node 'q1' help: missing text in it"]),
    (lambda d: d.update(nodes={}), ["nodes: must be a non-empty mapping of node id to node"]),
    (lambda d: d["nodes"].update(Q9={"ruling": {}}),
     ["node 'Q9': ids use lower-case letters, digits and hyphens", "node 'Q9': unreachable from the start"]),
    (lambda d: d["nodes"].update(q9="x"), ["node 'q9': must be a mapping", "node 'q9': unreachable from the start"]),
    (lambda d: d["nodes"]["r1"].update(question=d["nodes"]["r1"]["ruling"]), ["node 'r1': is both a question and a ruling"]),
    (lambda d: d["nodes"]["r1"].update(colour=1), ["node 'r1': unknown keys ['colour']"]),
    (lambda d: d["nodes"]["q1"].update(colour=1), ["node 'q1': unknown keys ['colour']"]),
    (lambda d: d["nodes"]["r2"].update(doubt={"en": "x"}), ["node 'r2' doubt: missing text in es, it"]),
    (lambda d: d["nodes"]["q1"]["answers"][0].pop("id"),
     ["node 'q1' answer 1: needs an id (lower-case letters, digits, hyphens)"]),
    (lambda d: d["nodes"]["q1"]["answers"].__setitem__(0, "r1"),
     ["node 'q1' answer 1: needs an id (lower-case letters, digits, hyphens)"]),
    (lambda d: d["nodes"]["q1"]["answers"][0].pop("next"), ["node 'q1' answer 1: has no next node"]),
    (_label_only, ["node 'q1' answer 1 label: must be a mapping of texts by language (en, es, it)"]),
    (lambda d: d.update(calculators="dba-recoil"),
     ["calculators: must be a non-empty list of calculator names (or left out)"]),
    (lambda d: d.update(calculators=[]), ["calculators: must be a non-empty list of calculator names (or left out)"]),
    (lambda d: d.update(calculators=["nope"]), ["calculators: unknown calculator 'nope'"]),
    (lambda d: d["nodes"]["r1"].update(cites=[5]), ["node 'r1' (ruling): citation 5 does not resolve to a clause"]),
    (lambda d: d.update(sources=[]), ["sources: must cite at least one clause (cites: [doc@Lnnn or doc:key])"]),
    (lambda d: d["nodes"]["q2"]["answers"][1].update(next="q2"),
     ["node 'r2': unreachable from the start", "cycle: q2 → q2"]),
], ids=["flow keys and id", "title not a mapping", "intro and group", "help", "no nodes", "node id",
        "node not a mapping", "question and ruling", "ruling keys", "question keys", "doubt texts", "answer id",
        "answer not a mapping", "answer next", "answer label", "calculators not a list", "no calculators",
        "unknown calculator", "citation not a string", "no sources", "self loop"])
def test_each_mistake_gets_exactly_its_message(change, expected):
    assert problems(change) == expected


def test_a_flow_that_is_not_a_mapping_is_refused():
    assert validate_flow(["id", "tiny"]) == ["a flow must be a mapping"]


def test_an_unknown_language_is_named_wherever_it_appears():
    # (the tiny flow shares one text mapping between its nodes: give r2 its own)
    found = problems(lambda d: d["nodes"]["r2"].update(ruling={"en": "x", "es": "x", "it": "x", "fr": "x", "de": "y"}))
    assert found == ["node 'r2' ruling: unknown languages de, fr"]


def test_a_flow_naming_a_calculator_with_asserts_against_it_is_sound():
    def paired(d):
        d["calculators"] = ["dba-recoil"]
        d["nodes"]["r1"]["asserts"] = [{"calculator": "dba-recoil", "params": {}, "expect": {}}]
    found = problems(paired)
    assert not any(p.startswith("calculators:") for p in found)


def test_named_lines_read_ranges_with_or_without_the_second_l_and_keep_the_last_seed():
    assert named_lines("rumbo L25-L27, 001 L12 - 14 and L3") == [("rumbo", 25, 27), ("nasamw22", 12, 14),
                                                                   ("nasamw22", 3, 3)]
    assert named_lines("003 L40–38") == [("aslnight", 40, 40)]  # a range written backwards names its first line


def test_a_doubt_range_is_satisfied_by_citing_any_line_in_it():
    def doubt(text, cites):
        def change(d):
            d["nodes"]["r2"].update(doubt={"en": text, "es": "x", "it": "x"}, cites=cites)
        return problems(change)

    assert doubt("rumbo L24–26", ["rumbo@L25"]) == []
    assert doubt("rumbo L26–27", ["rumbo@L25"]) == [
        "node 'r2' doubt (en) names rumbo L26–27, which the node does not cite"]


def test_an_answer_leading_to_a_broken_node_names_that_node_and_nothing_crashes():
    def to_broken(d):
        d["nodes"]["q2"]["answers"][1]["next"] = "q9"
        d["nodes"]["q9"] = "x"
    assert problems(to_broken) == ["node 'q9': must be a mapping", "node 'r2': unreachable from the start"]


def test_a_missing_next_does_not_hide_a_cycle_after_it():
    def missing_then_loop(d):
        d["nodes"]["q2"]["answers"][0]["next"] = "r9"
        d["nodes"]["q2"]["answers"][1]["next"] = "q1"
    assert problems(missing_then_loop) == ["node 'q2': next 'r9' does not exist", "node 'r2': unreachable from the start",
                                           "cycle: q1 → q2 → q1"]
