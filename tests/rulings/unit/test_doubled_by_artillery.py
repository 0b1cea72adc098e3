"""An element doubled while attacking Artillery in close combat: the seeds disagree, and the umpire sees both
readings, in the step-through and in the dba-combat calculator, in English, Spanish and Italian.

guia22 L1667 (the guide's doubled table): "Caballería | … Vs. Artillería en combate cuerpo a cuerpo … | Huyen …"
(Cavalry flee); L1668 (Light Horse, Light Camelry) and L1669 (Psiloi) have no Artillery case, so "Resto de
situaciones … Huyen" (they flee too); L1670 "Todo lo demás | Vs. Artillería en combate cuerpo a cuerpo … |
Retroceden …" (every other type recoils). nasamw22 L667: "Ogni basetta che attacca Artiglieria in mischia, si
ritira se raddoppiata" (any element attacking Artillery in close combat recoils if doubled).

Found by the review of 2026-11-28 (tests/review): the step-through said "It recoils" for every type citing only
nasamw22 L667 and guia22 L1670, the calculator "flee" citing only guia22 L1667, neither with a doubt.
Pure: the calculator is called directly and the flow walked through rulings.flows.loader."""

from __future__ import annotations

import pytest

from rulings.calculators import REGISTRY
from rulings.calculators.messages import render
from rulings.flows import asserts as flow_asserts
from rulings.flows.loader import get_flow, localized, walk

COMMENTARY_QUOTE = "Ogni basetta che attacca Artiglieria in mischia, si ritira se raddoppiata"
GUIDE_QUOTE = "Vs. Artillería en combate cuerpo a cuerpo"
# each language's words for the two readings: the guide's "Huyen"/"Retroceden" in es, the commentary's
# "fugge"/"si ritira" in it
READINGS = {"en": ("flee", "recoil"), "es": ("huye", "retrocede"), "it": ("fugge", "si ritira")}


def combat(**params):
    return REGISTRY["dba-combat"][0]({k: str(v) for k, v in params.items()})


def doubled_by_artillery(code: str, overlaps: int = 0) -> dict:
    """`code` attacking Artillery in close combat, doubled (1 + its total against Art's 2 + 6)."""
    return combat(a=code, b="Art", a_overlaps=overlaps, a_die=1, b_die=6)


def _node():
    flow = get_flow("nasamw-type-outcomes")
    reached = walk(flow, ["q-loser.vs-art"])
    assert reached.finished
    return flow.data, flow.node(reached.current)


def test_step_through_shows_both_readings_of_an_element_doubled_attacking_artillery__guide_L1667_commentary_L667():
    _data, node = _node()
    assert {"nasamw22@L667", "guia22@L1667", "guia22@L1668", "guia22@L1669", "guia22@L1670"} <= set(node["cites"])
    for language, (flee, recoil) in READINGS.items():
        ruling = localized(node["ruling"], language).casefold()
        assert flee in ruling and recoil in ruling, (language, ruling)
        doubt = localized(node["doubt"], language)
        assert "guia22 L1667" in doubt and "nasamw22 L667" in doubt, (language, doubt)
        assert GUIDE_QUOTE in doubt and COMMENTARY_QUOTE in doubt, (language, doubt)  # quoted as written


def test_step_through_and_calculator_agree_on_every_type_doubled_attacking_artillery__guide_L1667_L1670():
    data, node = _node()
    assert "dba-combat" in data["calculators"]
    checks = [flow_asserts.run_check(data["id"], "r-art", i, spec) for i, spec in enumerate(node["asserts"], 1)]
    assert all(check.agrees for check in checks), [check.describe() for check in checks]
    checked = {(spec["params"]["a"], spec["expect"]["outcome"], spec.get("doubt")) for spec in node["asserts"]}
    assert {("3Cv", "flee", True), ("2LH", "flee", True), ("2Ps", "flee", True), ("4Bd", "recoil", False)} <= checked


@pytest.mark.parametrize(("code", "overlaps", "line"), [("3Cv", 2, 1667), ("2LH", 0, 1668), ("2LCm", 0, 1668),
                                                        ("2Ps", 0, 1669)])
def test_calculator_flees_by_the_guide_and_names_the_commentarys_recoil__guide_L1667_commentary_L667(
        code, overlaps, line):
    out = doubled_by_artillery(code, overlaps)
    result = out["result"]
    assert (result["band"], result["loser"], result["outcome"]) == ("doubled", "a", "flee")
    assert {f"guia22@L{line}", "nasamw22@L667"} <= set(out["citations"])
    assert len(result["doubts"]) == 1 and "nasamw22 L667" in result["doubts"][0]
    assert "guia22 L1667" in result["doubtful"] and COMMENTARY_QUOTE in result["doubtful"]


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_calculator_doubt_reads_in_the_umpires_language__guide_L1667_commentary_L667(language):
    lines = [line for line in doubled_by_artillery("3Cv", 2)["breakdown"] if getattr(line, "doubtful", False)]
    assert len(lines) == 1
    text = render(lines[0], lambda template: template, language)
    flee, recoil = READINGS[language]
    assert flee in text and recoil in text and "guia22 L1667" in text and "nasamw22 L667" in text, text
    assert GUIDE_QUOTE in text and COMMENTARY_QUOTE in text


def test_where_the_seeds_agree_no_doubt_is_shown__guide_L1670_commentary_L667():
    for code, overlaps in (("4Bd", 2), ("SCh", 2), ("3Cm", 2)):  # "Todo lo demás": recoil, as the commentary
        out = doubled_by_artillery(code, overlaps)
        assert (out["result"]["band"], out["result"]["outcome"]) == ("doubled", "recoil"), code
        assert "nasamw22@L667" in out["citations"]
        assert not any("nasamw22 L667" in doubt for doubt in out["result"]["doubts"]), code
    spears = combat(a="3Cv", b="4Sp", a_overlaps=2, a_die=1, b_die=6)["result"]  # doubled by Spears: flee
    assert spears["outcome"] == "flee" and not spears["doubts"]
    shot = combat(a="3Cv", b="Art", mode="shooting", shooter="b", a_overlaps=0, a_die=1, b_die=6)["result"]
    assert shot["outcome"] == "destroyed" and not shot["doubts"]  # shooting: the guide's "Resto de situaciones"
