"""A flow's ruling and the calculator agree where both answer the same question (rear support,
PIP cost, combat outcomes), and the flows' Spanish and Italian text uses the seeds' own words
(the glossary names them)."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest
from django.core.management import call_command

from rulings.flows import asserts as flow_asserts
from rulings.flows import loader as flows
from rulings.search.text import fold
from rulings.sources.glossary import load_glossary

SEEDS = Path(__file__).resolve().parents[2] / "fixtures" / "rulings" / "seeds"

# Known disagreements with today's calculator, fixed on the calculator branch (issue 12): when both
# merge these checks agree, validate_flows then asks for the ``pending`` marker to be removed.
PENDING: set[tuple[str, str]] = set()  # every ruling now agrees with its calculator


def _tiny() -> dict:
    text = {"en": "x", "es": "x", "it": "x"}
    return {
        "id": "tiny", "title": text, "game": "DBA", "edition": "2.2", "sources": ["guia22@L822"], "start": "q1",
        "nodes": {
            "q1": {"question": text, "answers": [{"id": "a", "label": text, "next": "r1"},
                                                 {"id": "b", "label": text, "next": "r2"}]},
            "r1": {"ruling": text, "cites": ["guia22@L822"],
                   "asserts": [{"calculator": "dba-pip-cost", "params": {"move": "group", "elements": "El,7Hd"},
                                "expect": {"pips": 2}}]},
            "r2": {"ruling": text, "cites": ["guia22@L1631"],
                   "asserts": [{"calculator": "dba-combat", "params": {"a": "4Pk", "b": "3Kn", "a_rear_support": "4Pk"},
                                "baseline": {"a_rear_support": "none"}, "expect": {"totals.a": 3}}]},
        },
    }


def test_agreeing_asserts_pass():
    assert flows.validate_flow(_tiny()) == []
    assert flow_asserts.agreement(_tiny()) == ([], [])


def test_a_disagreeing_ruling_is_reported_with_what_the_calculator_says__guia_L822():
    data = copy.deepcopy(_tiny())
    data["nodes"]["r1"]["asserts"][0]["expect"] = {"pips": 3}  # "cumulative": El + Hd = 3
    problems, pending = flow_asserts.agreement(data)
    assert pending == [] and len(problems) == 1
    assert "ruling and calculator disagree" in problems[0] and "expected pips=3, calculator says pips=2" in problems[0]


def test_a_wrong_rear_support_value_is_caught_through_the_baseline__guia_L1631():
    data = copy.deepcopy(_tiny())
    data["nodes"]["r2"]["asserts"][0]["expect"] = {"totals.a": 1}  # the old flow's "+1" for Pikes
    problems, _ = flow_asserts.agreement(data)
    assert len(problems) == 1 and "calculator says totals.a=3" in problems[0]


def test_pending_disagreement_is_a_note_and_pending_agreement_a_problem():
    data = copy.deepcopy(_tiny())
    data["nodes"]["r1"]["asserts"][0].update(expect={"pips": 3}, pending="awaiting a fix")
    problems, pending = flow_asserts.agreement(data)
    assert problems == [] and "pending: awaiting a fix" in pending[0]
    data["nodes"]["r1"]["asserts"][0]["expect"] = {"pips": 2}
    problems, pending = flow_asserts.agreement(data)
    assert pending == [] and "it now agrees: remove 'pending'" in problems[0]


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda a: a.update(calculator="nope"), "unknown calculator 'nope'"),
    (lambda a: a.pop("expect"), "expect must map result paths"),
    (lambda a: a.update(params=["a"]), "params must be a mapping"),
    (lambda a: a.update(extra=1), "unknown keys ['extra']"),
    (lambda a: a.update(pending=" "), "pending must say why"),
    (lambda a: a.update(doubt="yes"), "doubt must be true or false"),
])
def test_validator_rejects_malformed_asserts(mutate, message):
    data = copy.deepcopy(_tiny())
    mutate(data["nodes"]["r1"]["asserts"][0])
    assert any(message in problem for problem in flows.validate_flow(data)), flows.validate_flow(data)


def test_a_ruling_that_shows_a_doubt_needs_the_calculator_to_show_it__guide_L1667_commentary_L667():
    """`doubt: true` in an assert: the calculator must flag the seeds' disagreement the ruling shows (and
    `doubt: false`, none where they agree): Cavalry doubled by Artillery in close combat flee by guia22 L1667
    and recoil by nasamw22 L667."""
    data = copy.deepcopy(_tiny())
    check = {"calculator": "dba-combat", "params": {"a": "3Cv", "b": "Art", "a_overlaps": 2, "a_die": 1, "b_die": 6},
             "expect": {"outcome": "flee"}, "doubt": True}
    data["nodes"]["r2"]["asserts"] = [check]
    assert flows.validate_flow(data) == [] and flow_asserts.agreement(data) == ([], [])
    check["doubt"] = False
    problems, _ = flow_asserts.agreement(data)
    assert len(problems) == 1 and "expected outcome='flee', doubt=False, calculator says outcome='flee', doubt=True" \
        in problems[0]
    data["nodes"]["r2"]["asserts"] = [{**check, "params": {**check["params"], "a": "4Bd"}, "expect": {"outcome": "recoil"},
                                       "doubt": True}]  # Blades: both seeds say recoil (guia22 L1670)
    problems, _ = flow_asserts.agreement(data)
    assert len(problems) == 1 and "doubt=False" in problems[0].rsplit("calculator says", 1)[1]


def test_unknown_result_path_is_a_disagreement():
    data = copy.deepcopy(_tiny())
    data["nodes"]["r1"]["asserts"][0]["expect"] = {"cost": 2}
    problems, _ = flow_asserts.agreement(data)
    assert "calculator says error 'cost'" in problems[0]


def test_every_flow_ruling_agrees_with_the_calculators():
    checked = 0
    for flow in flows.all_flows().values():
        problems, _pending = flow_asserts.agreement(flow.data)
        assert problems == []
        checked += len(flow_asserts.checks(flow.data))
    assert checked >= 30


def test_known_disagreements_are_only_the_ones_awaiting_the_calculator_fix():
    marked = {(c.flow, c.node) for f in flows.all_flows().values() for c in flow_asserts.checks(f.data) if c.pending}
    assert marked == PENDING


def test_validate_flows_runs_the_calculator_checks(capsys):
    call_command("validate_flows")
    out = capsys.readouterr().out
    assert re.search(r"flows OK \(\d+ answer paths, \d+ calculator checks, 0 pending\)", out)
    assert out.count("known disagreement, awaiting a calculator fix") == len(PENDING)


# --- vocabulary ---------------------------------------------------------------------------------

# Troop types and terrain: each language writes them as its seed does (es: guia22, it: nasamw22).
TYPES = ("elephants", "knights", "cavalry", "light-horse", "camelry", "scythed-chariots", "blades", "spears",
         "pikes", "bows", "warband", "auxilia", "psiloi", "hordes", "artillery", "litter", "wwg", "zoc",
         "good-going", "bad-going")
SEED_OF = {"es": "guia22", "it": "nasamw22"}
# Abbreviations the Spanish guide replaces with names (Vagón de Guerra, ZdC).
NOT_IN_SPANISH = ("WWg", "BWD", "ZOC")


def _seed(slug: str) -> str:
    return fold(next(SEEDS.glob(f"{slug}.*.txt")).read_text(encoding="utf-8"))


def _has(text: str, phrase: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(fold(phrase)) + r"(?!\w)", text) is not None


def _texts(node, language: str):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == language and isinstance(value, str):
                yield re.sub(r"'[^']*'", "", value)  # quotations of the other seed are kept as quoted
            else:
                yield from _texts(value, language)
    elif isinstance(node, list):
        for value in node:
            yield from _texts(value, language)


@pytest.mark.parametrize("language", ["es", "it"])
def test_glossary_names_each_type_with_the_seeds_word(language):
    seed = _seed(SEED_OF[language])
    entries = {e.slug: e for e in load_glossary()}
    missing = [slug for slug in TYPES if not _has(seed, entries[slug].forms[language][0])]
    assert missing == []


@pytest.mark.parametrize("language", ["es", "it"])
def test_flows_use_the_seeds_vocabulary(language):
    seed = _seed(SEED_OF[language])
    entries = [e for e in load_glossary() if e.slug in TYPES]
    foreign = {form for e in entries for forms in e.forms.values() for form in forms if not _has(seed, form)}
    found = []
    for flow in flows.all_flows().values():
        if flow.data["game"] != "DBA":
            continue
        for text in _texts(flow.data, language):
            found += [(flow.id, word) for word in foreign if _has(fold(text), word)]
            if language == "es":
                found += [(flow.id, abbr) for abbr in NOT_IN_SPANISH if re.search(rf"\b{abbr}\b", text)]
    assert sorted(set(found)) == []
