"""Issue 12, "Flows give wrong rulings": each test walks a flow as an umpire would (answer tokens
<question>.<answer>) and checks the ruling reached and the seed lines it cites. Line numbers are
those of the seeds (nasamw22 = 001 Italian commentary, guia22 = 002 Spanish guide, rumbo = 000,
aslnight = 003, wfbmove = 004)."""

from __future__ import annotations

from rulings.flows import asserts as flow_asserts
from rulings.flows import loader as flows


def ruling(flow_id: str, *tokens: str) -> dict:
    """The ruling node reached by these answers (fails if the answers do not reach a ruling)."""
    flow = flows.get_flow(flow_id)
    walk = flows.walk(flow, list(tokens))
    assert walk.finished, f"{flow_id}: {tokens} stop at question {walk.current!r}"
    assert walk.tokens == list(tokens), f"{flow_id}: only {walk.tokens} of {tokens} are on the path"
    return {"id": walk.current, **flow.node(walk.current)}


def en(node: dict, key: str = "ruling") -> str:
    return node[key]["en"]


def assert_checks_agree(flow_id: str, node: dict) -> None:
    """The ruling's calculator checks exist and agree (those marked pending are left to the merge)."""
    checks = [flow_asserts.run_check(flow_id, node["id"], i, spec) for i, spec in enumerate(node["asserts"], 1)]
    assert checks and all(c.agrees or c.pending for c in checks), [c.describe() for c in checks]


# --- nasamw-legal-contact -------------------------------------------------------------------------

def test_overlap_of_enemy_in_combat_only_at_end_of_movement_needs_a_group__nasamw_L309():
    later = ruling("nasamw-legal-contact", "q-mover.no", "q-kind.overlap", "q-overlap.no", "q-overlap-later.later")
    assert later["id"] == "r-overlap-illegal" and "nasamw22@L309" in later["cites"]
    group = ruling("nasamw-legal-contact", "q-mover.no", "q-kind.overlap", "q-overlap.no", "q-overlap-later.group")
    assert group["id"] == "r-overlap-group" and "nasamw22@L309" in group["cites"]
    assert "will be" not in en(ruling("nasamw-legal-contact", "q-mover.no", "q-kind.overlap", "q-overlap.yes"))


def test_overlapper_ending_in_close_combat_itself_is_legal__nasamw_L305():
    node = ruling("nasamw-legal-contact", "q-mover.no", "q-kind.overlap", "q-overlap.no", "q-overlap-later.own-combat")
    assert node["id"] == "r-overlap-own-combat" and node["cites"] == ["nasamw22@L305"]


def test_psiloi_and_light_horse_conform_only_as_single_elements__nasamw_L315():
    node = ruling("nasamw-legal-contact", "q-mover.no", "q-kind.close")
    assert "nasamw22@L315" in node["cites"] and "not part of a group" in en(node)
    assert "no formen parte de un grupo" in node["ruling"]["es"]


# --- nasamw-recoil ---------------------------------------------------------------------------------

def test_recoiling_elephant_destroys_friends_and_survives__nasamw_L681():
    node = ruling("nasamw-recoil", "q-before.none", "q-path.friend", "q-facing.yes", "q-elephant.yes",
                  "q-el-friend.no")
    assert node["id"] == "r-el-through" and "nasamw22@L681" in node["cites"]
    assert "it is not destroyed" in en(node)
    both = ruling("nasamw-recoil", "q-before.none", "q-path.friend", "q-facing.yes", "q-elephant.yes",
                  "q-el-friend.yes")
    assert "Both Elephants are destroyed" in en(both)


def test_recoil_into_type_6_river_needs_more_than_2__nasamw_L710():
    failed = ruling("nasamw-recoil", "q-before.none", "q-path.river", "q-river.fails")
    assert failed["id"] == "r-river-destroyed" and {"nasamw22@L710", "nasamw22@L202", "nasamw22@L363"} <= set(
        failed["cites"])
    crossed = ruling("nasamw-recoil", "q-before.none", "q-path.river", "q-river.crossable")
    assert "until its front is out" in en(crossed) and "nasamw22@L712" in crossed["cites"]


def test_artillery_or_war_wagon_recoiling_into_bad_going_is_destroyed__nasamw_L359():
    node = ruling("nasamw-recoil", "q-before.none", "q-path.bad-going")
    assert en(node).startswith("Destroyed") and "nasamw22@L359" in node["cites"]


def test_recoiler_occupying_a_bua_or_camp_is_destroyed__nasamw_L651():
    node = ruling("nasamw-recoil", "q-before.in-bua")
    assert en(node).startswith("Destroyed") and {"nasamw22@L651", "guia22@L1437"} <= set(node["cites"])


def test_recoil_after_shooting_wholly_on_the_rear_destroys__nasamw_L462():
    node = ruling("nasamw-recoil", "q-before.shot-rear")
    assert en(node).startswith("Destroyed") and {"nasamw22@L462", "nasamw22@L706"} <= set(node["cites"])
    assert "one shooter aimed at the front and another at the rear" in en(node)


def test_recoil_with_an_enemy_front_on_its_flank_destroys__guia_L1432():
    node = ruling("nasamw-recoil", "q-before.enemy-flank")
    assert en(node).startswith("Destroyed") and "guia22@L1432" in node["cites"]


def test_no_room_beyond_the_friend_means_no_interpenetration__nasamw_L224():
    node = ruling("nasamw-recoil", "q-before.none", "q-path.friend", "q-facing.yes", "q-elephant.no",
                  "q-table.pass", "q-room.no")
    assert node["id"] == "r-no-room" and "nasamw22@L224" in node["cites"] and "pushes" in en(node)


# --- nasamw-shooting -------------------------------------------------------------------------------

def test_one_shooter_per_enemy_shooter_is_enough_the_others_choose__nasamw_L435():
    free = ruling("nasamw-shooting", "q-shooter.yes", "q-shooters.yes", "q-covered.yes")
    assert free["id"] == "r-others-free" and "nasamw22@L435" in free["cites"]
    must = ruling("nasamw-shooting", "q-shooter.yes", "q-shooters.yes", "q-covered.no")
    assert "only one per enemy shooter" in en(must)
    assert "guia22 L1209" in en(must, "doubt") and "nasamw22 L435" in en(must, "doubt")


# --- nasamw-rear-support ---------------------------------------------------------------------------

def test_pikes_behind_pikes_give_plus_3__guia_L1631():
    node = ruling("nasamw-rear-support", "q-frontal.yes", "q-combo.pike", "q-pike.yes")
    assert en(node).startswith("+3") and "guia22@L1631" in node["cites"]
    assert_checks_agree("nasamw-rear-support", node)


def test_spears_behind_spears_only_against_knights_or_spears__guia_L1633():
    node = ruling("nasamw-rear-support", "q-frontal.yes", "q-combo.spear", "q-spear.yes")
    assert "Knights or Spears only" in en(node) and "guia22@L1633" in node["cites"]
    other = ruling("nasamw-rear-support", "q-frontal.yes", "q-combo.spear", "q-spear.other-enemy")
    assert en(other).startswith("No rear support")
    assert_checks_agree("nasamw-rear-support", other)


def test_psiloi_support_against_warband_bua_or_camp_is_contested__guia_L1634_nasamw_L569():
    node = ruling("nasamw-rear-support", "q-frontal.yes", "q-combo.psiloi", "q-psiloi.warband-bua")
    assert "guia22 L1634" in en(node, "doubt") and "nasamw22 L569" in en(node, "doubt")
    assert {"guia22@L1634", "nasamw22@L569"} <= set(node["cites"])


# --- nasamw-pip-cost -------------------------------------------------------------------------------

def test_only_one_extra_pip_per_category__guia_L822():
    node = ruling("nasamw-pip-cost", "q-tactical.yes", "q-first.no", "q-extras.some")
    assert "each category" in en(node) and "cumulative" not in en(node)
    assert "guia22 L822" in en(node, "doubt") and "nasamw22 L125" in en(node, "doubt")
    assert {"calculator": "dba-pip-cost", "params": {"move": "group", "elements": "El,7Hd"},
            "expect": {"pips": 2}} in node["asserts"]
    assert_checks_agree("nasamw-pip-cost", node)


def test_hordes_war_wagons_and_artillery_pay_an_extra_pip__guia_L805():
    question = flows.get_flow("nasamw-pip-cost").node("q-extras")["question"]["en"]
    assert all(word in question for word in ("Hordes", "War Wagons", "Artillery"))
    node = ruling("nasamw-pip-cost", "q-tactical.yes", "q-first.no", "q-extras.some")
    assert {"guia22@L805", "nasamw22@L101"} <= set(node["cites"])


# --- river, flee, break-off ------------------------------------------------------------------------

def test_type_6_river_crossed_with_a_successful_roll__nasamw_L363():
    node = ruling("nasamw-river-crossing", "q-line.no", "q-reach.yes", "q-type.six-pass")
    assert en(node).startswith("It crosses") and "nasamw22@L363" in node["cites"]


def test_fleeing_into_the_table_edge_destroys__nasamw_L773():
    node = ruling("nasamw-flee", "q-obstacle.edge")
    assert en(node).startswith("Destroyed") and {"nasamw22@L759", "nasamw22@L773"} <= set(node["cites"])


def test_occupied_bua_or_camp_counts_as_garrisoned_for_a_flee__nasamw_L745():
    node = ruling("nasamw-flee", "q-obstacle.enemy-bua")
    assert "any occupied BUA or camp" in en(node) and "nasamw22@L745" in node["cites"]


def test_break_off_may_not_start_with_an_enemy_on_flank_or_rear__guia_L1037():
    node = ruling("nasamw-break-off", "q-start.yes", "q-flank.yes")
    assert en(node).startswith("No break-off") and node["cites"] == ["guia22@L1037"]


def test_break_off_may_not_end_in_contact__guia_L1038():
    node = ruling("nasamw-break-off", "q-start.yes", "q-flank.no", "q-end.yes")
    assert en(node).startswith("Not allowed") and node["cites"] == ["guia22@L1038"]


def test_break_off_costs_as_any_single_move_not_1_pip__guia_L1032():
    for answer in ("yes", "no"):
        node = ruling("nasamw-break-off", "q-start.yes", "q-flank.no", "q-end.no", f"q-impetuous.{answer}")
        assert "1 PIP" not in en(node) and "as any single move does" in en(node)
        assert "guia22@L1032" in node["cites"]


# --- nasamw-type-outcomes --------------------------------------------------------------------------

def test_elephants_beaten_by_artillery_in_close_combat_recoil__nasamw_L639():
    node = ruling("nasamw-type-outcomes", "q-loser.elephant", "q-el-by.art-close")
    assert en(node).startswith("The Elephants recoil") and "nasamw22@L639" in node["cites"]
    assert_checks_agree("nasamw-type-outcomes", node)
    assert en(ruling("nasamw-type-outcomes", "q-loser.elephant", "q-el-by.listed")).startswith("Destroyed")


def test_scythed_chariots_against_artillery__nasamw_L641():
    beaten = ruling("nasamw-type-outcomes", "q-loser.sch-art", "q-sch-art.tie-or-beaten")
    doubled = ruling("nasamw-type-outcomes", "q-loser.sch-art", "q-sch-art.doubled")
    assert en(beaten).startswith("Destroyed") and en(doubled).startswith("They only recoil")
    assert "nasamw22@L641" in beaten["cites"] and {"nasamw22@L641", "nasamw22@L667"} <= set(doubled["cites"])
    assert_checks_agree("nasamw-type-outcomes", beaten)
    assert_checks_agree("nasamw-type-outcomes", doubled)


def test_knights_attacking_bows_in_the_flank_only_recoil__nasamw_L643():
    flank = ruling("nasamw-type-outcomes", "q-loser.kn-bw", "q-kn-bw.flank")
    front = ruling("nasamw-type-outcomes", "q-loser.kn-bw", "q-kn-bw.front")
    shot = ruling("nasamw-type-outcomes", "q-loser.kn-bw", "q-kn-bw.shot")
    assert en(flank).startswith("They only recoil") and en(front).startswith("Destroyed")
    assert en(shot).startswith("Beaten, they recoil")
    assert all("nasamw22@L643" in node["cites"] for node in (flank, front, shot))


def test_camelry_destroy_psiloi_in_dunes_or_oasis__nasamw_L649():
    node = ruling("nasamw-type-outcomes", "q-loser.ps-cm")
    assert en(node).startswith("Destroyed") and {"nasamw22@L649", "nasamw22@L665"} <= set(node["cites"])


def test_camp_followers_beaten_in_close_combat_or_shot__nasamw_L657():
    close = ruling("nasamw-type-outcomes", "q-loser.camp-followers", "q-cf.close")
    shot = ruling("nasamw-type-outcomes", "q-loser.camp-followers", "q-cf.shot")
    assert en(close).startswith("Destroyed") and en(shot).startswith("No effect")
    assert "nasamw22@L657" in close["cites"] and "nasamw22@L657" in shot["cites"]
    assert_checks_agree("nasamw-type-outcomes", close)
    assert_checks_agree("nasamw-type-outcomes", shot)


def test_psiloi_recoil_since_2_1__nasamw_L629():
    node = ruling("nasamw-type-outcomes", "q-loser.psiloi")
    assert en(node).startswith("They recoil") and "nasamw22@L629" in node["cites"]
    assert_checks_agree("nasamw-type-outcomes", node)


def test_warband_garrisoning_a_bua_does_not_destroy_spears__nasamw_L645():
    node = ruling("nasamw-type-outcomes", "q-loser.spear", "q-wb-bua.yes")
    assert en(node).startswith("Not destroyed") and node["asserts"][0]["expect"] == {"loser": "b", "outcome": "recoil"}


# --- nasamw-pursuit --------------------------------------------------------------------------------

def test_rear_warband_rank_follows_and_deeper_pursuer_stops_at_contact__nasamw_L761_L753():
    node = ruling("nasamw-pursuit", "q-bua.no", "q-type.yes", "q-going.no")
    assert "second Warband rank" in en(node) and "stops at contact" in en(node)
    assert {"nasamw22@L753", "nasamw22@L761"} <= set(node["cites"])


def test_pursuit_into_bad_going_is_contested__guia_L1567_nasamw_L759():
    node = ruling("nasamw-pursuit", "q-bua.no", "q-type.yes", "q-going.other-bad")
    assert "nasamw22 L759" in en(node, "doubt") and "guia22 L1567" in en(node, "doubt")
    assert ruling("nasamw-pursuit", "q-bua.no", "q-type.yes", "q-going.marsh-rough")["id"] == "r-pursue"


# --- landings, Rumbo, Warhammer, ASL ---------------------------------------------------------------

def test_a_single_landed_element_touches_the_coast__guia_L970():
    node = ruling("nasamw-littoral-landing", "q-eligible.yes", "q-land.one")
    assert "touching the coast" in en(node) and "guia22@L970" in node["cites"]


def test_two_allies_make_a_4_element_third_column__rumbo_L75():
    node = ruling("rumbo-deployment-columns", "q-ally.two")
    assert "column 3 with 4 elements" in en(node) and {"rumbo@L75", "rumbo@L76", "rumbo@L79"} <= set(node["cites"])


def test_littoral_third_column_may_land_in_the_first_bound__rumbo_L49():
    node = ruling("rumbo-third-column", "q-landing.yes")
    assert "in the first bound" in en(node) and {"rumbo@L49", "rumbo@L53"} <= set(node["cites"])


def test_units_in_combat_or_undead_may_only_hold__wfbmove_L16():
    node = ruling("wfb-charge-reaction", "q-state.yes")
    assert en(node).startswith("It may only hold") and node["cites"] == ["wfbmove@L16"]


def test_night_rout_may_end_adjacent_and_unseen_enemies_are_not_known__aslnight_L168():
    node = ruling("asl-night-rout", "q-wants.yes", "q-hex.no")
    assert "ADJACENT" in en(node) and {"aslnight@L168", "aslnight@L23", "aslnight@L29"} <= set(node["cites"])
    assert "not known" in flows.get_flow("asl-night-rout").node("q-hex")["help"]["en"]


# --- wrong citations and wording -------------------------------------------------------------------

def test_rear_support_rulings_cite_the_lines_with_values__guia_L1631_L1634():
    for tokens in (("q-combo.pike", "q-pike.yes"), ("q-combo.warband", "q-warband.yes"),
                   ("q-combo.spear", "q-spear.yes"), ("q-combo.psiloi", "q-psiloi.mounted")):
        node = ruling("nasamw-rear-support", "q-frontal.yes", *tokens)
        assert any(c in node["cites"] for c in ("guia22@L1631", "guia22@L1632", "guia22@L1633", "guia22@L1634"))


def test_moving_in_an_enemy_front_cites_its_lines__nasamw_L281_L264():
    contact = ruling("nasamw-enemy-front", "q-inside.yes", "q-blocked.open", "q-intent.contact")
    back = ruling("nasamw-enemy-front", "q-inside.yes", "q-blocked.open", "q-intent.back", "q-facing.yes")
    assert "nasamw22@L281" in contact["cites"] and "nasamw22@L264" in back["cites"]


def test_who_won_states_the_threshold_from_the_guide__guia_L1577():
    node = ruling("nasamw-who-won", "q-end.yes", "q-general.no")
    assert "rulebook" not in en(node) and "at least four enemy elements" in en(node)
    assert "guia22@L1577" in node["cites"]


def test_camp_deployment_cites_only_camp_lines__nasamw_L91():
    flow = flows.get_flow("nasamw-deployment-camp")
    assert not {"nasamw22@L79", "nasamw22@L95"} & set(flow.data["sources"])
    assert "nasamw22@L91" in flow.data["sources"]


def test_a_shooting_tie_has_no_effect__guia_L1642():
    node = ruling("nasamw-combat-result", "q-compare.equal")
    assert "A shooting tie simply has no effect" in en(node) and "guia22@L1642" in node["cites"]
    assert_checks_agree("nasamw-combat-result", node)
