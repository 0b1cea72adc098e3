"""Issue 12, "Calculators (dba-combat) give wrong outcomes": each test is named for the seed line that
settles it (guide = guia22, 002 DBA 2.2 guide; commentary = nasamw22, 001 NASAMW commentary), and failed on
the calculator before the fix."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from rulings.calculators import REGISTRY, ParamError
from rulings.calculators.data import load
from rulings.calculators.messages import render
from rulings.sources.index import resolve_citation

ROOT = Path(__file__).resolve().parents[3]
COMMENTARY = (ROOT / "fixtures" / "rulings" / "seeds" / "nasamw22.it.txt").read_text(encoding="utf-8").splitlines()


def combat(**params):
    return REGISTRY["dba-combat"][0]({k: str(v) for k, v in params.items()})


def recoil(**params):
    return REGISTRY["dba-recoil"][0]({k: str(v) for k, v in params.items()})


def doubts(result):
    return [line for line in result["breakdown"] if "doubtful:" in line]


def losers(result):
    return {(o["loser"], o["outcome"]) for o in result["result"]["odds"]}


# --- who shoots, and whether the target answers --------------------------------------------------------

def test_shooter_whose_target_cannot_shoot_back_ignores_results__guide_L1211():
    odds = combat(a="4Bw", b="4Bd", mode="shooting")  # Blades cannot shoot back (guia22 L1188)
    assert not any(loser == "a" for loser, _outcome in losers(odds))  # was: Bw recoil 1/2, destroyed 1/3
    assert {"guia22@L1211", "nasamw22@L561"} <= set(odds["citations"])
    lost = combat(a="4Bw", b="4Bd", mode="shooting", a_die=1, b_die=6)["result"]  # 3 v 11
    assert (lost["loser"], lost["outcome"], lost["ignored"]) == (None, "stand", "a")


def test_shooter_ignores_a_target_that_cannot_answer_even_a_bow__commentary_L561():
    # A Bow shot from where it cannot shoot back (target_shoots_back=no) harms only itself, never the shooter.
    ignored = combat(a="4Bw", b="4Bw", mode="shooting", target_shoots_back="no", a_die=1, b_die=5)["result"]
    assert ignored["loser"] is None and ignored["target_shoots_back"] is False
    exchange = combat(a="4Bw", b="4Bw", mode="shooting", a_die=1, b_die=5)["result"]  # 3 v 7 (nasamw22 L444)
    assert (exchange["loser"], exchange["outcome"]) == ("a", "destroyed")


def test_a_target_said_to_shoot_back_counts_a_result_against_either__commentary_L444():
    answered = combat(a="4Bw", b="4Bw", mode="shooting", target_shoots_back="yes", a_die=1, b_die=5)  # 3 v 7
    assert answered["result"]["target_shoots_back"] is True
    assert (answered["result"]["loser"], answered["result"]["outcome"]) == ("a", "destroyed")  # doubled (guia22 L1670)
    assert not any("taken that" in line for line in answered["breakdown"])  # said, not assumed (nasamw22 L446)


def test_only_bows_war_wagons_and_artillery_shoot__guide_L1188():
    for code in ("3Kn", "4Bd", "El"):
        with pytest.raises(ParamError) as error:
            combat(a=code, b="4Bd", mode="shooting")
        assert error.value.param == "a" and "L1188" in error.value.message
    with pytest.raises(ParamError) as error:
        combat(a="4Bw", b="4Bd", mode="shooting", target_shoots_back="yes")
    assert error.value.param == "target_shoots_back"
    shot = combat(a="4Bd", b="4Bw", mode="shooting", shooter="b", a_die=6, b_die=1)["result"]  # 11 v 3
    assert (shot["shooter"], shot["loser"]) == ("b", None)  # the Bow ignores it: Blades do not shoot back


def test_litter_does_not_shoot__commentary_L377():
    with pytest.raises(ParamError) as error:
        combat(a="Lit", b="3Kn", mode="shooting")
    assert error.value.param == "a" and "L377" in error.value.message


def test_at_most_two_supporting_shooters__commentary_L423():
    two = combat(a="4Bw", b="4Bd", mode="shooting", b_overlaps=2, a_die=1, b_die=1)
    assert two["result"]["totals"]["b"] == 5 - 2 and "guia22@L1613" in two["citations"]
    with pytest.raises(ParamError) as error:
        combat(a="4Bw", b="4Bd", mode="shooting", b_overlaps=3)
    assert error.value.param == "b_overlaps" and "L423" in error.value.message
    with pytest.raises(ParamError) as error:  # nothing shoots at the shooter, so nothing supports a shot at it
        combat(a="4Bw", b="4Bd", mode="shooting", a_overlaps=1)
    assert error.value.param == "a_overlaps"


def test_general_and_bua_count_only_for_the_side_shot_at__commentary_L581_L587():
    # nasamw22 L587: "un Generale Bow che tira ad una Blade ha solo il fattore +2"
    assert combat(a="4Bw", b="4Bd", mode="shooting", a_general=1, a_die=1, b_die=1)["result"]["totals"]["a"] == 2
    # nasamw22 L581: Bows in a BUA shooting at Blades outside have only +2; shooting at Bows outside, +5
    assert combat(a="4Bw", b="4Bd", mode="shooting", a_in_bua=1, a_die=1, b_die=1)["result"]["totals"]["a"] == 2
    assert combat(a="4Bw", b="4Bw", mode="shooting", a_in_bua=1, a_die=1, b_die=1)["result"]["totals"]["a"] == 5
    # nasamw22 L587: a general Bow shooting at a Bow that answers is +2 and +1
    assert combat(a="4Bw", b="4Bw", mode="shooting", a_general=1, a_die=1, b_die=1)["result"]["totals"]["a"] == 3


# --- outcomes --------------------------------------------------------------------------------------------

def test_knights_shot_by_bows_recoil__commentary_L643():
    shot = combat(a="4Bw", b="3Kn", mode="shooting", a_die=4, b_die=4)["result"]  # 8 v 7
    assert (shot["loser"], shot["outcome"]) == ("b", "recoil")
    flank = combat(a="3Kn", b="4Bw", knights_contact="flank_or_rear", a_die=3, b_die=3)["result"]  # 6 v 7
    assert (flank["loser"], flank["outcome"]) == ("a", "recoil")
    front = combat(a="3Kn", b="4Bw", knights_contact="front", a_die=3, b_die=3)["result"]
    assert front["outcome"] == "destroyed" and "nasamw22@L643" in front["cites"]


def test_element_occupying_a_bua_or_camp_that_must_recoil_is_destroyed__guide_L1437():
    bua = combat(a="4Bd", b="El", a_in_bua=1, a_die=1, b_die=6)["result"]  # 9 v 10: Blades would recoil
    assert (bua["loser"], bua["outcome"]) == ("a", "destroyed")
    assert {"guia22@L1437", "nasamw22@L651"} <= set(bua["cites"])
    camp = combat(a="4Bw", b="4Bd", a_in_camp=1, a_die=3, b_die=3)["result"]  # 7 v 8 in its own camp
    assert (camp["loser"], camp["outcome"]) == ("a", "destroyed")


def test_warband_garrisoning_a_bua_cannot_destroy_spears__commentary_L645():
    garrison = combat(a="4Sp", b="4Wb", b_in_bua=1, a_die=1, b_die=2)["result"]  # 5 v 8
    assert (garrison["loser"], garrison["outcome"]) == ("a", "recoil")
    open_field = combat(a="4Pk", b="4Wb", a_bad_going=1, a_die=2, b_die=2)["result"]  # 3 v 5, Pikes in bad going
    assert open_field["outcome"] == "destroyed" and "nasamw22@L645" in open_field["cites"]


def test_calculator_agrees_with_the_type_outcomes_flow__commentary_L645():
    flow = yaml.safe_load((ROOT / "fixtures" / "flows" / "nasamw-type-outcomes.yaml").read_text(encoding="utf-8"))
    answers = {a["id"]: a["next"] for a in flow["nodes"]["q-wb-bua"]["answers"]}
    expected = {"yes": ("recoil", 2), "no": ("destroyed", 4)}  # 5 v 8 and 5 v 7: beaten, not doubled
    for answer, (outcome, die) in expected.items():
        ruling = flow["nodes"][answers[answer]]["ruling"]["en"].casefold()
        assert outcome[:6] in ruling, (answer, ruling)  # "recoil"/"destro": the flow's own words
        result = combat(a="4Sp", b="4Wb", b_in_bua=int(answer == "yes"), a_die=1, b_die=die)["result"]
        assert (result["band"], result["outcome"]) == ("beaten", outcome), answer


def test_elephants_take_the_mounted_minus_two_in_bad_going__commentary_L605():
    bad_going = combat(a="El", b="4Ax", a_bad_going=1, a_die=1, b_die=1)
    assert bad_going["result"]["totals"]["a"] == 4 - 2  # nasamw22 L597: all other types take it
    named = [line for line in doubts(bad_going) if "guia22 L1626" in line and "nasamw22 L605" in line]
    assert named
    bua = combat(a="El", b="4Bd", b_in_bua=1, a_die=1, b_die=1)
    assert bua["result"]["totals"]["a"] == 4 and "nasamw22@L605" in bua["citations"]
    assert combat(a="3Kn", b="4Bd", b_in_bua=1, a_die=1, b_die=1)["result"]["totals"]["a"] == 3 - 2  # L1623


def test_doubled_light_chariots_and_camelry_are_flagged__guide_L1649_L1667():
    for code in ("LCh", "3Cm"):
        result = combat(a=code, b="4Sp", a_die=1, b_die=6)  # 4 or 3 v 10: doubled
        assert result["result"]["outcome"] == "destroyed"  # the "all others" row, guia22 L1670
        assert any("guia22 L1649" in line and "guia22 L1667" in line for line in doubts(result)), code
    assert not any("L1667" in line for line in doubts(combat(a="6Cv", b="4Sp", a_die=1, b_die=6)))


def test_doubtful_rows_of_the_outcome_table_are_named__guide_L1652_L1656():
    hordes = combat(a="7Hd", b="4Wb", a_die=1, b_die=2)["result"]  # 4 v 5: beaten by Warband in the open
    said = ("the guide does not say who is not in a camp (guia22 L1656); read as the Warband, as nasamw22 L645 reads "
            "the Spears' and Pikes' row (guia22 L1652)")
    assert (hordes["outcome"], hordes["doubtful"], hordes["doubts"]) == ("destroyed", said, [f"doubtful: {said}"])
    spears = combat(a="4Sp", b="2LH", a_die=1, b_die=6)["result"]  # 5 v 8: Light Horse in good going (guia22 L1652)
    assert (spears["outcome"], spears["doubtful"]) == ("destroyed", "Light Horse destroying Spears and Pikes is "
                                                                   "unusual; kept as printed")
    assert combat(a="4Sp", b="4Wb", a_die=1, b_die=4)["result"]["doubtful"] == ""  # by Warband: nasamw22 L645 says


def test_the_situation_is_said_in_the_commentarys_italian__guide_L1656():
    working = combat(a="7Hd", b="4Wb", a_die=1, b_die=2)["breakdown"]
    assert render(working[-2], lambda template: template, "it") == \
        "battuto: 7Hd distrutto, da Warband che non è in un Accampamento (guia22 L1656, nasamw22 L645)"


def test_hordes_beaten_in_a_bua_is_not_flagged_inverted__commentary_L651():
    hordes = combat(a="7Hd", b="4Bd", a_in_camp=1, a_die=1, b_die=2)  # 6 v 7, holding a camp (guia22 L1656)
    assert hordes["result"]["outcome"] == "destroyed" and "nasamw22@L651" in hordes["result"]["cites"]
    assert not any("inverted" in line for line in doubts(hordes))


def test_shooting_range_boundary_is_flagged__guide_L1220_commentary_L381():
    result = combat(a="4Bw", b="4Bd", mode="shooting")
    assert any("guia22 L1220" in line and "nasamw22 L381" in line for line in doubts(result))
    assert {"guia22@L1220", "nasamw22@L381"} <= set(result["citations"])
    assert doubts(combat(a="4Bw", b="4Bd", mode="shooting", range_paces=200))  # exactly the maximum
    assert not doubts(combat(a="4Bw", b="4Bd", mode="shooting", range_paces=150))
    with pytest.raises(ParamError) as error:
        combat(a="4Bw", b="4Bd", mode="shooting", range_paces=250)
    assert error.value.param == "range_paces"


def test_camelry_fight_in_dunes_as_in_good_going__commentary_L599_L649():
    # Psiloi in dunes beaten by Camelry are destroyed (dunes are good going for camels, nasamw22 L649) ...
    by_camels = combat(a="Ps", b="3Cm", a_dunes=1, a_die=1, b_die=2)["result"]  # 3 v 4
    assert (by_camels["loser"], by_camels["outcome"]) == ("a", "destroyed")
    # ... but only recoil when Cavalry beat them there: dunes are bad going for everyone else (L599).
    by_cavalry = combat(a="Ps", b="3Cv", a_dunes=1, a_die=1, b_die=4)["result"]  # 3 v 5: Cavalry -2 here
    assert (by_cavalry["loser"], by_cavalry["outcome"]) == ("a", "recoil")
    # No -2 for camels in dunes; their mounted enemy takes it (nasamw22 L599).
    assert combat(a="3Cm", b="3Kn", a_dunes=1, a_die=1, b_die=1)["result"]["totals"] == {"a": 4, "b": 4 - 2}


def test_recoil_after_being_shot_in_the_rear_is_destruction__guide_L1433():
    result = combat(a="4Bw", b="4Bd", mode="shooting", b_shot_in_rear=1, a_die=6, b_die=1)["result"]  # 8 v 6
    assert (result["loser"], result["outcome"]) == ("b", "destroyed")
    assert {"guia22@L1433", "nasamw22@L462"} <= set(result["cites"])
    with pytest.raises(ParamError) as error:
        combat(a="4Bd", b="4Bd", b_shot_in_rear=1)
    assert error.value.param == "b_shot_in_rear"


def test_recoil_with_an_enemy_front_on_the_flank_is_destruction__guide_L1432():
    result = combat(a="4Bd", b="4Bd", a_flank_contact=1, a_die=1, b_die=2)["result"]  # 6 v 7
    assert (result["loser"], result["outcome"]) == ("a", "destroyed") and "guia22@L1432" in result["cites"]
    fled = combat(a="6Cv", b="SCh", a_flank_contact=1, a_die=1, b_die=1)["result"]  # a flight starts with a recoil
    assert fled["outcome"] == "destroyed" and "guia22@L1513" in fled["cites"]


def test_combat_result_links_to_the_recoil_step__commentary_L687():
    result = combat(a="4Bd", b="4Bd", a_die=1, b_die=2)["result"]
    assert result["recoil"] == {"calculator": "dba-recoil", "params": {"recoiler": "4Bd"}}
    fled = combat(a="6Cv", b="SCh", a_die=1, b_die=1)["result"]  # 4 v 5: Cavalry flee from Scythed Chariots (L1649)
    assert fled["outcome"] == "flee"  # a flight starts with a recoil (guia22 L1513): the same next step
    assert fled["recoil"] == {"calculator": "dba-recoil", "params": {"recoiler": "6Cv"}}
    assert "recoil" not in combat(a="4Bd", b="3Kn", a_die=1, b_die=6)["result"]  # destroyed: nothing follows


# --- the recoil step (nasamw22 L683-696; guia22 L1430-1507) ------------------------------------------------

WORDS = {"distrutto*": "both", "distrutto": "destroyed", "distrugge": "destroys", "spinge": "pushes",
         "interpenetra": "passes"}


def test_recoil_table_is_the_commentarys__commentary_L687():
    header = COMMENTARY[686].split("\t")  # L687: recoilers across the top (L685)
    columns = ["elephant", "mounted", "blade", "pike", "bow", "psiloi", "other"]
    assert len(header) == 8
    rows = {"Elephant": "elephant", "Pikes": "pike", "WWg": "wwg", "Blades": "blade", "Spears": "spear",
            "Psiloi": "psiloi", "Others": "other"}
    table = load("dba22_recoil")["table"]
    for number in range(688, 695):
        cells = COMMENTARY[number - 1].split("\t")
        into = rows[cells[0]]
        for column, word in zip(columns, cells[1:], strict=True):
            assert table[column][into] == WORDS[word], (number, column, into)


def test_elephant_recoiling_destroys_the_friend_and_carries_on__commentary_L681():
    through = recoil(recoiler="El", behind="friend", friend="4Bd")["result"]
    assert (through["recoiler"], through["friend"]) == ("recoils", "destroyed")
    both = recoil(recoiler="El", behind="friend", friend="El")["result"]
    assert (both["recoiler"], both["friend"]) == ("destroyed", "destroyed")
    askew = recoil(recoiler="El", behind="friend", friend="4Bd", friend_facing_other_way=1)["result"]
    assert askew["recoiler"] == "destroyed"


def test_bows_pass_through_blades_and_die_against_elephants__commentary_L685():
    assert recoil(recoiler="4Bw", behind="friend", friend="4Bd")["result"]["recoiler"] == "passes_through"
    assert recoil(recoiler="4Bw", behind="friend", friend="El")["result"]["recoiler"] == "destroyed"
    assert recoil(recoiler="4Bw", behind="friend", friend="4Sp")["result"]["friend"] == "pushed back"


def test_war_wagons_let_mounted_and_psiloi_through_only__commentary_L681():
    assert recoil(recoiler="3Kn", behind="friend", friend="WWg")["result"]["recoiler"] == "passes_through"
    assert recoil(recoiler="Ps", behind="friend", friend="Lit")["result"]["recoiler"] == "passes_through"
    assert recoil(recoiler="4Sp", behind="friend", friend="WWg")["result"]["recoiler"] == "destroyed"


def test_push_needs_the_same_facing_and_room__commentary_L700():
    askew = recoil(recoiler="4Sp", behind="friend", friend="4Sp", friend_facing_other_way=1)
    assert askew["result"] == {"recoiler": "destroyed", "friend": "stays", "enemy": None}
    no_room = recoil(recoiler="4Sp", behind="friend", friend="4Bw", no_room_beyond_friend=1)
    assert no_room["result"]["recoiler"] == "destroyed" and "guia22@L1503" in no_room["citations"]
    two_deep = recoil(recoiler="3Kn", behind="friend", friend="4Bd", second_friend_behind=1)  # only one (L698)
    assert two_deep["result"]["friend"] == "pushed back"


def test_difficult_river_needs_three_to_cross__guide_L594():
    assert recoil(recoiler="4Bd", behind="river", river="difficult", crossing_die=2)["result"]["recoiler"] == "destroyed"
    assert recoil(recoiler="4Bd", behind="river", river="difficult", crossing_die=3)["result"]["recoiler"] == "recoils"
    rolled = recoil(recoiler="4Bd", behind="river", river_type_die=6, crossing_die=1)  # type 6 (guia22 L572)
    assert rolled["result"]["recoiler"] == "destroyed" and "nasamw22@L202" in rolled["citations"]
    assert recoil(recoiler="4Bd", behind="river", river="blocked")["result"]["recoiler"] == "destroyed"  # L363
    assert recoil(recoiler="4Bd", behind="river")["result"]["survive"] == "17/18"
    # a crossing die before the river's type is known settles nothing: the type may not be difficult (L569-572)
    assert recoil(recoiler="4Bd", behind="river", crossing_die=1)["result"]["survive"] == "17/18"


@pytest.mark.parametrize(("die", "kind"), [(1, "minor"), (2, "minor"), (3, "normal"), (4, "normal"), (5, "normal"),
                                          (6, "difficult")])
def test_the_rivers_type_is_rolled__guide_L569_L572(die, kind):
    rolled = recoil(recoiler="4Bd", behind="river", river_type_die=die, crossing_die=3)  # 3 crosses a difficult one
    assert f"{die} makes it {kind} (guia22 L569-572" in rolled["breakdown"][0]
    assert rolled["result"]["recoiler"] == "recoils" and rolled["result"].get("keeps_crossing", False) == (kind != "minor")


@pytest.mark.parametrize(("die", "crosses"), [(1, False), (2, False), (3, True), (6, True)])
def test_crossing_a_difficult_river_needs_three__guide_L594(die, crosses):
    result = recoil(recoiler="4Bd", behind="river", river="difficult", crossing_die=die)["result"]
    assert (result["recoiler"], result["keeps_crossing"]) == (("recoils", True) if crosses else ("destroyed", False))


@pytest.mark.parametrize("param", ["river_type_die", "crossing_die"])
def test_a_river_die_is_one_to_six(param):
    for bad in ("0", "7"):
        with pytest.raises(ParamError) as error:
            recoil(recoiler="4Bd", behind="river", **{param: bad})
        assert str(error.value) == f"{param}: must be between 1 and 6"


@pytest.mark.parametrize(("behind", "line"), [("table_edge", 1440), ("bua_or_camp", 1435), ("impassable", 1439)])
def test_recoil_into_the_edge_a_bua_or_impassable_ground_destroys__guide_L1435_L1440(behind, line):
    result = recoil(recoiler="4Bd", behind=behind)
    assert result["result"]["recoiler"] == "destroyed" and f"guia22@L{line}" in result["citations"]


def test_recoil_into_an_enemy_can_destroy_it_too__guide_L1454():
    assert recoil(recoiler="4Sp", behind="enemy")["result"] == {"recoiler": "destroyed", "friend": None,
                                                                 "enemy": "stays"}
    assert recoil(recoiler="4Sp", behind="enemy", enemy_touched="rear")["result"]["enemy"] == "destroyed"


def test_artillery_recoiling_into_bad_going_is_destroyed__commentary_L359():
    assert recoil(recoiler="Art", behind="bad_going")["result"]["recoiler"] == "destroyed"
    assert recoil(recoiler="4Bd", behind="bad_going")["result"]["recoiler"] == "recoils"


# --- rear support and PIPs: the same lines as the flows --------------------------------------------------

def test_psiloi_support_against_warband_is_flagged__guide_L1634_commentary_L569():
    result = combat(a="4Bd", b="4Wb", a_rear_support="Ps", a_die=1, b_die=1)
    assert result["result"]["totals"]["a"] == 5 + 1
    assert any("guia22 L1634" in line and "nasamw22 L569" in line for line in doubts(result))
    assert not doubts(combat(a="4Bd", b="6Cv", a_rear_support="Ps", a_die=1, b_die=1))  # mounted: both agree


def test_pike_behind_pike_three_spear_behind_spear_only_against_knights_or_spears__guide_L1631_L1633():
    assert combat(a="4Pk", b="4Bd", a_rear_support="4Pk", a_die=1, b_die=1)["result"]["totals"]["a"] == 3 + 3
    assert combat(a="4Sp", b="4Sp", a_rear_support="4Sp", a_die=1, b_die=1)["result"]["totals"]["a"] == 4 + 1
    assert combat(a="4Sp", b="4Wb", a_rear_support="4Sp", a_die=1, b_die=1)["result"]["totals"]["a"] == 4


def pips(**params):
    return REGISTRY["dba-pip-cost"][0]({k: str(v) for k, v in params.items()})


@pytest.mark.parametrize("code", ["7Hd", "WWg", "Art", "El"])
def test_heavy_types_cost_an_extra_pip_after_the_first_bound__guide_L805_commentary_L101(code):
    later = pips(elements=code)
    assert later["result"]["pips"] == 2 and {"guia22@L805", "nasamw22@L101"} <= set(later["citations"])
    first = pips(elements=code, first_bound=1)
    assert first["result"]["pips"] == 1 and "nasamw22@L101" in first["citations"]


def test_one_extra_pip_per_category_names_both_lines__guide_L822_commentary_L125():
    capped = pips(move="group", elements="El,7Hd,3Kn", dismounting=1)  # the guide's own example (L822)
    assert capped["result"]["pips"] == 2
    assert any("guia22 L822" in line and "nasamw22 L125" in line for line in doubts(capped))


# --- every doubt names its seed lines ----------------------------------------------------------------------

SAMPLES = [
    {"a": "3Kn", "b": "6Cv"}, {"a": "Lit", "b": "4Bd"}, {"a": "El", "b": "4Ax", "a_bad_going": 1},
    {"a": "4Bw", "b": "4Bd", "mode": "shooting", "b_overlaps": 1}, {"a": "LCh", "b": "4Sp"},
    {"a": "4Bd", "b": "4Wb", "a_rear_support": "Ps"}, {"a": "3Kn", "b": "4Bw"}, {"a": "7Hd", "b": "4Wb"},
    {"a": "2LH", "b": "4Bd"}, {"a": "3Cm", "b": "4Sp", "a_dunes": 1},
]
SEED_LINE = re.compile(r"\b(guia22|nasamw22) L\d+")


@pytest.mark.parametrize("params", SAMPLES)
def test_every_doubt_names_its_seed_lines__guide_L1636(params):
    result = combat(**params)
    for line in doubts(result):
        assert SEED_LINE.search(line), line
    for citation in result["citations"]:
        assert resolve_citation(citation), citation
