"""Issue 28, the flows audited line by line against the seeds: wrong rulings, doubts that name a line
they do not quote, missing cases, and flows that answer a calculator's question without checks against
it. Each test walks a flow as an umpire would and names the seed lines it rests on (000 = rumbo,
001 = nasamw22, 002 = guia22, 003 = aslnight, 004 = wfbmove)."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from rulings.calculators import REGISTRY
from rulings.doubts.collect import all_doubts
from rulings.flows import asserts as flow_asserts
from rulings.flows import loader as flows
from rulings.flows.validation import named_lines, validate_flow
from rulings.sources.glossary import load_glossary
from tests.rulings import test_vocabulary as vocabulary
from tests.rulings.test_flow_rulings import assert_checks_agree, en, ruling

SEEDS = Path(__file__).resolve().parents[2] / "fixtures" / "rulings" / "seeds"
_EDGE_NORMAL = ("q-front.yes", "q-result.other")


def _tiny_with_doubt(doubt: str, cites: list[str]) -> dict:
    text = {"en": "x", "es": "x", "it": "x"}
    return {
        "id": "tiny", "title": text, "game": "DBA", "edition": "2.2", "sources": ["guia22@L1164"], "start": "q1",
        "nodes": {
            "q1": {"question": text, "answers": [{"id": "a", "label": text, "next": "r1"},
                                                 {"id": "b", "label": text, "next": "r2"}]},
            "r1": {"ruling": text, "cites": cites, "doubt": {"en": doubt, "es": doubt, "it": doubt}},
            "r2": {"ruling": text, "cites": ["guia22@L1164"]},
        },
    }


# --- doubts quote every line they name -------------------------------------------------------------

def test_named_lines_reads_seed_numbers_slugs_bare_lines_and_ranges():
    assert named_lines("001 L315 (and L494) says so; 002 L1164 does not; guia22 L1540–1543") == [
        ("nasamw22", 315, 315), ("nasamw22", 494, 494), ("guia22", 1164, 1164), ("guia22", 1540, 1543)]
    assert named_lines("see L12") == [(None, 12, 12)]
    assert named_lines("cites guia22@L1164") == []  # a citation, not a named line


def test_validator_fails_on_a_doubt_naming_a_line_its_node_does_not_cite__guia_L1164():
    sound = _tiny_with_doubt("001 L315 says at once; 002 L1164 at the end of movement.",
                             ["nasamw22@L315", "guia22@L1164"])
    assert validate_flow(sound) == []
    missing = copy.deepcopy(sound)
    missing["nodes"]["r1"]["cites"] = ["nasamw22@L315"]
    assert "node 'r1' doubt (en) names guia22 L1164, which the node does not cite" in validate_flow(missing)
    unnamed = _tiny_with_doubt("L1164 says otherwise.", ["guia22@L1164"])
    assert "node 'r1' doubt (en) names L1164 without saying which seed" in validate_flow(unnamed)


def test_validate_flows_command_fails_on_a_doubt_not_quoting_a_line_it_names__guia_L1164(tmp_path):
    text = (flows.FLOWS_DIR / "nasamw-conform.yaml").read_text(encoding="utf-8")
    assert "guia22@L1159, guia22@L1166, guia22@L1164]" in text
    (tmp_path / "nasamw-conform.yaml").write_text(
        text.replace("guia22@L1159, guia22@L1166, guia22@L1164]", "guia22@L1159, guia22@L1166]"), encoding="utf-8")
    with pytest.raises(CommandError, match="names guia22 L1164, which the node does not cite"):
        call_command("validate_flows", directory=str(tmp_path))


@pytest.mark.parametrize(("flow_id", "node_id", "lines"), [
    ("nasamw-group-moves", "r-dismount", ["guia22@L1000"]),
    ("nasamw-conform", "r-conform", ["guia22@L1164"]),
    ("nasamw-conform", "r-partial", ["guia22@L1149"]),
    ("nasamw-turn-to-face", "r-flank-first", ["guia22@L1176", "nasamw22@L529"]),
    ("nasamw-turn-to-face", "r-attacker-backs", ["guia22@L1178"]),
    ("nasamw-shooting-details", "r-rear", ["guia22@L1231"]),
    ("nasamw-river-bank", "r-no-bank", ["nasamw22@L593"]),
    ("rumbo-littoral-landing", "r-enter-normally", ["rumbo@L35"]),
    ("asl-night-stray", "r-strays", ["aslnight@L238"]),
    ("wfb-rally", "r-rallied", ["wfbmove@L33"]),
    ("nasamw-shooting", "r-must-shooter", ["guia22@L1209"]),
])
def test_each_doubt_quotes_the_other_side_it_names(flow_id, node_id, lines):
    node = flows.get_flow(flow_id).node(node_id)
    assert set(lines) <= set(node["cites"])
    doubt = next(d for d in all_doubts() if d.id == f"flow.{flow_id}.{node_id}")
    quoted = {q.citation: q.text for q in doubt.quotes}
    assert all(quoted.get(line) for line in lines), quoted


def test_every_flow_doubt_cites_every_line_it_names():
    for flow in flows.all_flows().values():
        for node_id, node in flow.nodes.items():
            for language in ("en", "es", "it"):
                for document, first, last in named_lines(node.get("doubt", {}).get(language, "")):
                    assert any(f"{document}@L{n}" in node["cites"] for n in range(first, last + 1)), \
                        (flow.id, node_id, language, document, first)


# --- wrong rulings ---------------------------------------------------------------------------------

def test_flee_turns_past_an_enemy_or_occupied_bua_and_completes__guia_L1517_L1545_nasamw_L737():
    node = ruling("nasamw-flee", "q-obstacle.enemy-bua")
    assert "stops there" not in en(node)
    assert en(node).startswith("It turns the minimum needed") and "completes its flee" in en(node)
    assert "only if it cannot move or continue" in en(node)
    assert "cambia de dirección lo mínimo necesario" in node["ruling"]["es"].lower()
    assert "minimo necessario" in node["ruling"]["it"] and "completa la fuga" in node["ruling"]["it"]
    assert {"guia22@L1517", "guia22@L1519", "guia22@L1521", "guia22@L1545", "nasamw22@L737"} <= set(node["cites"])


def test_flee_into_bad_going_depends_on_the_type_and_never_stops_at_the_edge__guia_L1523_L1540_L1543():
    light = ruling("nasamw-flee", "q-obstacle.bad-going", "q-bad-type.lh-ps")
    camels = ruling("nasamw-flee", "q-obstacle.bad-going", "q-bad-type.camels")
    other = ruling("nasamw-flee", "q-obstacle.bad-going", "q-bad-type.other")
    assert "avoid no terrain" in en(light) and "guia22@L1541" in light["cites"]
    assert "Oases and dunes" in en(camels) and "it flees into them" in en(camels) and "guia22@L1542" in camels["cites"]
    assert "avoid woods, steep hills, oases and dunes" in en(other) and "guia22@L1543" in other["cites"]
    for node in (light, camels, other):
        assert "stop at its edge" not in en(node) and "Only Psiloi and Light Horse" not in en(node)
        assert "guia22@L1523" in node["cites"]
    assert "does not stop at their edge" in en(other) and "Oasis y Dunas" in other["ruling"]["es"]


def test_fleeing_camels_in_oases_and_dunes_show_both_seeds__guia_L1542_nasamw_L745():
    camels = ruling("nasamw-flee", "q-obstacle.bad-going", "q-bad-type.camels")
    for language in ("en", "es", "it"):
        assert "002 L1542" in camels["doubt"][language] and "001 L745" in camels["doubt"][language]
    assert {"guia22@L1542", "nasamw22@L745"} <= set(camels["cites"])


def test_a_single_element_does_not_make_psiloi_or_light_horse_conform__nasamw_L186_L299_guia_L1159():
    legal = ruling("nasamw-legal-contact", "q-mover.no", "q-kind.close")
    assert "even by a group" not in en(legal)
    assert "contacted by a group moving as a group" in en(legal)
    assert "Contacted by a single element, it does not conform" in en(legal)
    assert "Contactados por un elemento individual no se ajustan" in legal["ruling"]["es"]
    assert "Contattati da una basetta singola non si adeguano" in legal["ruling"]["it"]
    assert {"nasamw22@L186", "nasamw22@L299", "guia22@L1159"} <= set(legal["cites"])
    # the same answer as nasamw-conform, which the issue found right
    single = ruling("nasamw-conform", "q-target.ps-lh", "q-grouped.no", "q-mover.singles")
    assert en(single).startswith("It does not conform") and "legal contact" in en(legal)


# --- words: each language as its seed writes it ----------------------------------------------------

def _seed(slug: str) -> str:
    return next(SEEDS.glob(f"{slug}.*.txt")).read_text(encoding="utf-8")


def _glossary(slug: str):
    return next(entry for entry in load_glossary() if entry.slug == slug)


def test_spanish_says_apoyo_desde_la_retaguardia_as_the_guide_does__guia_L1303_L1628():
    guide = _seed("guia22")
    assert "apoyo desde la retaguardia" in guide and "apoyo trasero" not in guide.lower()
    # The Rumbo house rules (000 L61) write "apoyo trasero" themselves: their own flow keeps their word.
    assert "apoyo trasero" in _seed("rumbo").splitlines()[61 - 1]
    found = [where for language, where, text in vocabulary._strings()
             if language == "es" and "apoyo trasero" in text.lower() and not where.startswith("rumbo-")]
    assert found == []
    assert "apoyo trasero" in ruling("rumbo-edge-combat", *_EDGE_NORMAL)["ruling"]["es"]
    node = ruling("nasamw-rear-support", "q-frontal.yes", "q-combo.spear", "q-spear.other-enemy")
    assert node["ruling"]["es"].startswith("Sin apoyo desde la retaguardia")


def test_spanish_names_auxilia_in_one_form_the_tables_one__guia_L1599_L1631():
    assert "Auxilia" in _seed("guia22").splitlines()[1631 - 1]
    assert _glossary("auxilia").names["es"] == "Auxilia"
    found = [where for language, where, text in vocabulary._strings()
             if language == "es" and re.search(r"\bAuxiliares\b", text)]
    assert found == []


def test_italian_glossary_uses_001s_words_terreno_agevole_bow__nasamw_L425():
    commentary = _seed("nasamw22")
    assert commentary.count("terreno agevole") == 18 and "terreno aperto" not in commentary
    assert "Bow" in commentary.splitlines()[425 - 1]
    italian = " ".join(text for language, where, text in vocabulary._strings()
                       if language == "it" and where.startswith("glossary.yaml"))
    assert "terreno aperto" not in italian.lower() and not re.search(r"\barchi\b", italian, re.IGNORECASE)
    assert "Terreno agevole" in _glossary("good-going").definition["it"]


def test_italian_does_not_name_light_camelry_cammelli_leggeri_absent_from_001():
    assert "cammelli leggeri" not in _seed("nasamw22").lower()
    assert _glossary("light-camelry").names["it"] == "Light Camelry"
    found = [where for language, where, text in vocabulary._strings()
             if language == "it" and "cammelli leggeri" in text.lower()]
    assert found == []


# --- calculators: every flow-calculator pair checked ------------------------------------------------

# The flows that answer a calculator's question (issue 28: the first four had asserts, six did not; the
# littoral landing pairs with rumbo-third-column since that calculator takes a landing).
PAIRS = {
    "nasamw-combat-result": "dba-combat", "nasamw-rear-support": "dba-combat", "nasamw-type-outcomes": "dba-combat",
    "nasamw-pip-cost": "dba-pip-cost", "nasamw-recoil": "dba-recoil", "nasamw-who-won": "dba-victory",
    "rumbo-third-column": "rumbo-third-column", "rumbo-littoral-landing": "rumbo-third-column",
    "wfb-terrain-movement": "wfb-terrain-move",
    "wfb-charge-reaction": "wfb-stand-and-shoot", "asl-night-ambush": "asl-night-ambush",
}


def test_every_flow_calculator_pair_is_named_and_checked():
    for flow_id, calculator in PAIRS.items():
        flow = flows.get_flow(flow_id)
        assert calculator in flow.data.get("calculators", ()), flow_id
        checks = flow_asserts.checks(flow.data)
        assert any(c.spec["calculator"] == calculator for c in checks), flow_id
        assert all(c.agrees for c in checks), [c.describe() for c in checks if not c.agrees]


def test_validator_fails_on_a_flow_calculator_pair_without_asserts():
    data = _tiny_with_doubt("no line named", ["guia22@L1164"])
    data["calculators"] = ["dba-recoil"]
    assert "calculators: the flow answers what 'dba-recoil' answers but no ruling asserts against it" \
        in validate_flow(data)
    data["nodes"]["r2"]["asserts"] = [{"calculator": "dba-recoil", "params": {"recoiler": "4Bd", "behind": "enemy"},
                                       "expect": {"recoiler": "destroyed"}}]
    assert validate_flow(data) == []
    data["calculators"] = ["dba-nope"]
    assert "calculators: unknown calculator 'dba-nope'" in validate_flow(data)


def test_validate_flows_command_fails_on_a_pair_without_asserts(tmp_path):
    source = flows.FLOWS_DIR / "wfb-charge-reaction.yaml"
    text = source.read_text(encoding="utf-8")
    kept = "\n".join(line for line in text.splitlines()
                     if "calculator: wfb-stand-and-shoot" not in line and line.strip() != "asserts:")
    (tmp_path / "wfb-charge-reaction.yaml").write_text(kept + "\n", encoding="utf-8")
    with pytest.raises(CommandError, match="no ruling asserts against it"):
        call_command("validate_flows", directory=str(tmp_path))


@pytest.mark.parametrize(("tokens", "node_id", "calculator", "params", "expect"), [
    (("q-before.none", "q-path.friend", "q-facing.yes", "q-elephant.yes", "q-el-friend.no"), "r-el-through",
     "dba-recoil", {"recoiler": "El", "behind": "friend", "friend": "4Bd"}, {"recoiler": "recoils", "friend": "destroyed"}),
    (("q-before.in-bua",), "r-in-bua", "dba-recoil", {"recoiler": "7Hd", "in_bua_or_camp": "yes"},
     {"recoiler": "destroyed"}),
])
def test_recoil_rulings_agree_with_dba_recoil__nasamw_L681_guia_L1437(tokens, node_id, calculator, params, expect):
    node = ruling("nasamw-recoil", *tokens)
    assert node["id"] == node_id
    assert {"calculator": calculator, "params": params, "expect": expect} in node["asserts"]
    assert_checks_agree("nasamw-recoil", node)


def test_who_won_rulings_agree_with_dba_victory__guia_L1577():
    node = ruling("nasamw-who-won", "q-end.yes", "q-general.no")
    assert {"calculator": "dba-victory", "params": {"a_lost": "4Bd,4Bd,4Bd,4Bd", "b_lost": "4Bd,4Bd"},
            "expect": {"winner": "b"}} in node["asserts"]
    assert_checks_agree("nasamw-who-won", node)


def test_warhammer_and_asl_rulings_agree_with_their_calculators__wfbmove_L18_L88_aslnight_L39():
    shoot = ruling("wfb-charge-reaction", "q-state.no", "q-options.shoot", "q-distance.yes")
    assert shoot["asserts"][0]["expect"] == {"allowed": True}
    assert_checks_agree("wfb-charge-reaction", shoot)
    mixed = ruling("wfb-terrain-movement", "q-terrain.mixed")
    assert mixed["asserts"][0]["expect"] == {"covered_cm": 16.0}  # the flow's own example: 12 + 8/2
    assert_checks_agree("wfb-terrain-movement", mixed)
    night = ruling("asl-night-ambush", "q-lit.no")
    assert night["asserts"][0]["expect"] == {"ambush": "attacker", "attacker_needs": 2}
    assert_checks_agree("asl-night-ambush", night)


def test_littoral_third_column_may_land_in_bound_1_for_4_pips__rumbo_L49_L53():
    landing = REGISTRY["rumbo-third-column"][0]({"bound": "1", "pips": "5", "second_column_on": "yes",
                                                 "third_column_off": "yes", "littoral_landing": "yes"})
    assert landing["result"] == {"verdict": "may", "cost": 4, "pips_left": 1}
    assert {"rumbo@L49", "rumbo@L53"} <= set(landing["citations"])
    short = REGISTRY["rumbo-third-column"][0]({"bound": "1", "pips": "3", "third_column_off": "yes",
                                               "second_column_on": "yes", "littoral_landing": "yes"})
    assert short["result"]["verdict"] == "cannot"
    later = REGISTRY["rumbo-third-column"][0]({"bound": "2", "pips": "3", "third_column_off": "yes",
                                               "second_column_on": "yes", "littoral_landing": "yes"})
    assert later["result"]["verdict"] == "cannot" and any("enters normally" in n for n in later["breakdown"])
    node = ruling("rumbo-third-column", "q-landing.yes")
    assert node["asserts"][0]["expect"] == {"verdict": "may", "cost": 4}
    assert_checks_agree("rumbo-third-column", node)


def test_readme_lists_the_8_calculators():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Umpires: step-throughs and calculators", 1)[1].split("\n## ", 1)[0]
    assert len(REGISTRY) == 8 and "8 calculators" in section
    assert all(f"`{name}`" in section for name in REGISTRY), [n for n in REGISTRY if f"`{n}`" not in section]


# --- missing cases ---------------------------------------------------------------------------------

def _doubt_names(node: dict, *lines: str) -> bool:
    return all(line in node["doubt"][language] for language in ("en", "es", "it") for line in lines)


def test_light_camelry_conforms_by_002_not_by_001__guia_L1157_nasamw_L315():
    node = ruling("nasamw-conform", "q-target.lcm")
    assert "By 002" in en(node) and "By 001 it does not conform" in en(node)
    assert _doubt_names(node, "002 L1157", "001 L315") and {"guia22@L1157", "nasamw22@L315"} <= set(node["cites"])


def test_no_room_to_conform_means_no_conforming__guia_L1160():
    node = ruling("nasamw-conform", "q-target.ps-lh", "q-grouped.no", "q-mover.group", "q-room.no")
    assert en(node).startswith("It does not conform") and "guia22@L1160" in node["cites"]
    assert _doubt_names(node, "002 L1160", "001 L299")


def test_rear_contact_gives_its_own_minus_one__guia_L1301():
    node = ruling("nasamw-overlap-count", "q-touch.rear", "q-art-rear.no")
    assert en(node).startswith("-1 to the enemy for being attacked in the rear") and "guia22@L1301" in node["cites"]


def test_front_corner_element_in_front_contact_is_no_overlap__guia_L1290():
    node = ruling("nasamw-overlap-count", "q-touch.front-corners", "q-art.no", "q-own-front.yes")
    assert en(node).startswith("No overlap from this element") and "guia22@L1290" in node["cites"]
    assert _doubt_names(node, "002 L1290", "001 L305")
    overlap = ruling("nasamw-overlap-count", "q-touch.front-corners", "q-art.no", "q-own-front.no",
                     "q-enemy-front.yes", "q-same-side.no")
    assert en(overlap).startswith("-1 to the enemy")


def test_no_overlap_on_or_by_a_bua_or_camp__guia_L1299_nasamw_L551():
    node = ruling("nasamw-overlap-count", "q-touch.bua-camp")
    assert en(node).startswith("No overlap") and {"guia22@L1299", "nasamw22@L551"} <= set(node["cites"])


def test_artillery_or_war_wagon_may_not_move_into_flank_or_rear_contact__nasamw_L289():
    for tokens in (("q-touch.flank-corners", "q-art-flank.yes"), ("q-touch.rear", "q-art-rear.yes")):
        node = ruling("nasamw-overlap-count", *tokens)
        assert node["id"] == "r-art" and "attack a flank or rear" in en(node) and "nasamw22@L289" in node["cites"]


def test_hordes_beaten_in_a_camp_are_destroyed__guia_L1656_L1437():
    node = ruling("nasamw-type-outcomes", "q-loser.horde", "q-bua.camp")
    assert en(node).startswith("Destroyed") and {"guia22@L1656", "guia22@L1437"} <= set(node["cites"])
    assert_checks_agree("nasamw-type-outcomes", node)


@pytest.mark.parametrize(("flow_id", "tokens", "node_id"), [
    ("nasamw-camp-bua", ("q-target.empty-camp",), "r-walk-in"),
    ("nasamw-bua-camp-inside", ("q-where.camp", "q-camp.enter"), "r-enter-camp"),
])
def test_walking_into_an_empty_camp_shows_both_seeds__guia_L499_nasamw_L351(flow_id, tokens, node_id):
    node = ruling(flow_id, *tokens)
    assert node["id"] == node_id and {"guia22@L499", "nasamw22@L351"} <= set(node["cites"])
    assert _doubt_names(node, "002 L499", "001 L351")


def test_moving_backward_keeps_river_speed_until_wholly_out__nasamw_L194():
    node = ruling("nasamw-river-bank", "q-topic.movement", "q-move.speed")
    assert "moving backward keeps river speed until it is wholly out" in en(node) and "nasamw22@L194" in node["cites"]
    assert "hacia atrás" in node["ruling"]["es"] and "all'indietro" in node["ruling"]["it"]


def test_a_straying_vehicle_keeps_moving_unless_difficult_terrain__aslnight_L236():
    node = flows.get_flow("asl-night-stray").node("r-strays")
    assert "A vehicle keeps moving unless it meets 'difficult' terrain" in en(node)
    assert "vehículo se mantiene en movimiento" in node["ruling"]["es"] and "aslnight@L236" in node["cites"]


def test_impassable_terrain_says_the_source_gives_no_text__wfbmove_L87_L93():
    lines = _seed("wfbmove").splitlines()
    assert "intransitable" in lines[87 - 1] and lines[93 - 1].strip() == "Terreno Intransitable"
    assert lines[94 - 1].strip() == "Cargando"  # the heading has no text under it
    node = ruling("wfb-terrain-movement", "q-terrain.impassable")
    assert en(node).startswith("The source does not say") and "wfbmove@L87" in node["cites"] and node["doubt"]


def test_pursuit_into_a_river_is_answered_in_the_pursuit_flow__nasamw_L202():
    node = ruling("nasamw-pursuit", "q-bua.no", "q-type.yes", "q-going.river")
    assert "stops at the bank if it fails" in en(node) and "nasamw22@L202" in node["cites"]


def test_baggage_cost_shows_both_readings_of_2_pips__rumbo_L25():
    node = ruling("rumbo-baggage", "q-needed.no", "q-alone.yes")
    assert "2 PIPs in all" in en(node) and "2 PIPs more than a normal move" in en(node)
    assert _doubt_names(node, "000 L25") and "rumbo@L25" in node["cites"]
