"""The contested situations of issue 12 ("More contested situations"): each new flow leads an umpire
to the ruling its seed line settles, shows that line among the citations and flags the seeds'
disagreements. Each test walks one answer path and checks what the page would show."""

from __future__ import annotations

import pytest

from rulings.flows import loader as flows


def _ruling(flow_id: str, *tokens: str) -> dict:
    flow = flows.get_flow(flow_id)
    assert flow is not None, f"flow {flow_id} is missing"
    walk = flows.walk(flow, list(tokens))
    assert walk.finished, f"{flow_id}: {tokens} stops at {walk.current}"
    return flow.node(walk.current)


def _text(node: dict, key: str = "ruling", language: str = "en") -> str:
    return flows.localized(node.get(key), language)


def test_at_least_thirty_two_flows():
    assert len(flows.all_flows()) >= 32


# 1. Turning to face (001 CC.5-7)
def test_flank_contact_turns_to_face_only_after_all_movement__nasamw_L492():
    node = _ruling("nasamw-turn-to-face", "q-wwg.no", "q-front.no", "q-contacts.one")
    assert "after all movement" in _text(node)
    assert "nasamw22@L492" in node["cites"]


def test_rear_contact_first_then_flank_destroys_on_recoil_without_minus_one__nasamw_L523():
    node = _ruling("nasamw-turn-to-face", "q-wwg.no", "q-front.no", "q-contacts.several", "q-square.no",
                   "q-first.rear-first")
    assert "no -1 for a flank attack" in _text(node) and "destroyed if forced to recoil" in _text(node)
    assert "diagram F" in _text(node) and "lost" in _text(node)
    assert "nasamw22@L523" in node["cites"]


def test_deep_pair_hit_on_flank_makes_attacker_back_up_and_guide_disagrees__nasamw_L529():
    node = _ruling("nasamw-turn-to-face", "q-wwg.no", "q-front.no", "q-contacts.two-elements", "q-thin.no")
    assert "attack cannot be made" in _text(node)
    assert "nasamw22@L529" in node["cites"]
    for language in ("en", "es", "it"):
        doubt = _text(node, "doubt", language)
        assert "002 L1178" in doubt and "001 L529" in doubt


# 2. Overlaps and flank -1s
def test_overlap_and_flank_do_not_stack__nasamw_L549():
    node = _ruling("nasamw-overlap-count", "q-touch.flank-corners", "q-art-flank.no", "q-same-side.yes")
    assert "Only one -1 on that side" in _text(node)
    assert {"nasamw22@L549", "guia22@L1301"} <= set(node["cites"])


def test_front_corner_on_rear_corner_is_no_overlap__nasamw_L543():
    node = _ruling("nasamw-overlap-count", "q-touch.rear-corner")
    assert _text(node).startswith("Not an overlap")
    assert "nasamw22@L543" in node["cites"]


def test_artillery_cannot_move_to_overlap__nasamw_L545():
    node = _ruling("nasamw-overlap-count", "q-touch.front-corners", "q-art.yes")
    assert _text(node).startswith("Not allowed") and "nasamw22@L545" in node["cites"]


# 3. Closing the door
def test_closing_the_door_needs_a_friend_in_front_combat__nasamw_L333():
    node = _ruling("nasamw-closing-door", "q-friend.no")
    assert "No free pivot" in _text(node) and "nasamw22@L333" in node["cites"]


def test_cannot_move_into_overlap_and_pivot_for_one_pip__nasamw_L339():
    node = _ruling("nasamw-closing-door", "q-friend.yes", "q-start.not-yet", "q-second.no")
    assert "for one PIP" in _text(node) and "nasamw22@L339" in node["cites"]


# 4. Further moves
def test_warband_second_move_must_end_in_or_supporting_combat__nasamw_L367():
    node = _ruling("nasamw-further-moves", "q-dismount.no", "q-type.wb-sch")
    assert "Only two moves" in _text(node)
    assert {"nasamw22@L367", "guia22@L986"} <= set(node["cites"])


def test_other_elements_further_moves_flag_road_conflict__guide_L988():
    node = _ruling("nasamw-further-moves", "q-dismount.no", "q-type.other")
    assert "along a road" in _text(node)
    doubt = _text(node, "doubt")
    assert "001 L367" in doubt and "002 L988" in doubt


def test_no_further_move_after_dismounting__nasamw_L371():
    node = _ruling("nasamw-further-moves", "q-dismount.yes")
    assert "No further moves" in _text(node) and node["cites"] == ["nasamw22@L371"]


# 5. Conforming
def test_single_psiloi_contacted_by_group_conforms_with_timing_doubt__nasamw_L315():
    node = _ruling("nasamw-conform", "q-target.ps-lh", "q-grouped.no", "q-mover.group", "q-room.yes")
    assert "conforms immediately" in _text(node)
    assert "nasamw22@L315" in node["cites"]
    doubt = _text(node, "doubt")
    assert "001 L315" in doubt and "002 L1164" in doubt


def test_singles_ending_as_group_do_not_make_psiloi_conform__nasamw_L186():
    node = _ruling("nasamw-conform", "q-target.ps-lh", "q-grouped.no", "q-mover.singles")
    assert _text(node).startswith("It does not conform") and "nasamw22@L186" in node["cites"]


# 6. Shooting details
def test_artillery_that_moved_cannot_shoot_back__nasamw_L446():
    node = _ruling("nasamw-shooting-details", "q-art-moved.yes")
    assert "nor shoot back" in _text(node) and node["cites"] == ["nasamw22@L446"]


def test_sacking_element_cannot_shoot_or_be_shot__nasamw_L452():
    node = _ruling("nasamw-shooting-details", "q-art-moved.no", "q-sacking.yes")
    assert "neither shoot nor be shot at" in _text(node) and "nasamw22@L452" in node["cites"]


def test_wholly_in_woods_cannot_be_shot__nasamw_L454():
    node = _ruling("nasamw-shooting-details", "q-art-moved.no", "q-sacking.no", "q-woods.yes")
    assert "wholly inside a wood" in _text(node) and "nasamw22@L454" in node["cites"]


def test_shot_on_rear_destroys_only_if_all_shooters_target_rear__nasamw_L462():
    rear = _ruling("nasamw-shooting-details", "q-art-moved.no", "q-sacking.no", "q-woods.no", "q-lines.along",
                   "q-rear.yes")
    assert "it is destroyed instead" in _text(rear) and "nasamw22@L462" in rear["cites"]
    mixed = _ruling("nasamw-shooting-details", "q-art-moved.no", "q-sacking.no", "q-woods.no", "q-lines.no",
                    "q-rear.no")
    assert "not destroyed if it recoils" in _text(mixed) and "nasamw22@L462" in mixed["cites"]


def test_blocked_line_says_the_diagram_is_lost__nasamw_L389():
    node = _ruling("nasamw-shooting-details", "q-art-moved.no", "q-sacking.no", "q-woods.no", "q-lines.yes")
    assert "blocked" in _text(node) and "lost" in _text(node) and "nasamw22@L389" in node["cites"]


# 7. River bank
def test_bank_defender_gets_plus_one__nasamw_L210():
    node = _ruling("nasamw-river-bank", "q-topic.defence", "q-position.yes", "q-type.normal")
    assert _text(node).startswith("+1 in close combat") and "nasamw22@L210" in node["cites"]


def test_no_turning_partly_into_a_river_in_nasamw_events__nasamw_L214():
    node = _ruling("nasamw-river-bank", "q-topic.movement", "q-move.turn-into")
    assert "NASAMW" in _text(node) and node["cites"] == ["nasamw22@L214"]


def test_one_speed_per_move_in_a_river__nasamw_L331():
    node = _ruling("nasamw-river-bank", "q-topic.movement", "q-move.speed")
    assert "no pro-rata" in _text(node) and "nasamw22@L331" in node["cites"]


# 8. BUA and camp
def test_captured_bua_is_only_occupied_until_a_five_or_six__nasamw_L583():
    node = _ruling("nasamw-bua-camp-inside", "q-where.bua", "q-bua.garrison", "q-how-in.captured")
    assert "no +3" in _text(node) and "5 or 6" in _text(node)
    assert {"nasamw22@L583", "guia22@L545"} <= set(node["cites"])


def test_no_camp_bonus_in_a_captured_camp__nasamw_L585():
    node = _ruling("nasamw-bua-camp-inside", "q-where.camp", "q-camp.bonus", "q-own.captured")
    assert _text(node).startswith("No +2") and "nasamw22@L585" in node["cites"]


def test_camp_followers_need_no_separate_element_with_doubt__nasamw_L785():
    node = _ruling("nasamw-bua-camp-inside", "q-where.camp", "q-camp.followers")
    assert "declare" in _text(node) and "nasamw22@L785" in node["cites"]
    assert "002 L499" in _text(node, "doubt")


def test_moves_in_or_out_of_a_bua_cost_an_extra_pip__nasamw_L347():
    node = _ruling("nasamw-bua-camp-inside", "q-where.bua", "q-bua.move")
    assert "extra PIP" in _text(node) and "nasamw22@L347" in node["cites"]


# 9. Group moves and dismounting
def test_group_in_line_cannot_enter_bad_going__nasamw_L168():
    node = _ruling("nasamw-group-moves", "q-what.terrain", "q-formation.line")
    assert _text(node).startswith("Not in line") and "nasamw22@L168" in node["cites"]


def test_dismounting_in_a_bwd_may_not_end_in_contact__nasamw_L283():
    node = _ruling("nasamw-group-moves", "q-what.dismount", "q-bwd.yes")
    assert "may not end the move in contact" in _text(node) and "nasamw22@L283" in node["cites"]


def test_group_moving_back_is_single_moves__nasamw_L184():
    node = _ruling("nasamw-group-moves", "q-what.back-side", "q-near-enemy.no")
    assert "one PIP each" in _text(node) and "nasamw22@L184" in node["cites"]


# 10. Deployment
def test_invader_by_die_plus_aggression__nasamw_L79():
    node = _ruling("nasamw-deployment", "q-step.invader")
    assert "aggression" in _text(node) and "re-roll ties" in _text(node)
    assert {"nasamw22@L79", "guia22@L637"} <= set(node["cites"])


def test_edges_nearest_a_bua_cannot_have_four_five_six__nasamw_L89():
    node = _ruling("nasamw-deployment", "q-step.edge", "q-bua-edge.yes")
    assert "4-5-6" in _text(node) and "nasamw22@L89" in node["cites"]
    assert "002 L651" in _text(node, "doubt")


def test_defender_may_garrison_a_bua_in_the_invaders_zone__nasamw_L93():
    node = _ruling("nasamw-deployment", "q-step.bua", "q-invader-near.no")
    assert "invader's zone" in _text(node) and "nasamw22@L93" in node["cites"]


def test_landing_reserve_cannot_be_swapped__nasamw_L95():
    node = _ruling("nasamw-deployment", "q-step.swap", "q-swap.landing")
    assert _text(node).startswith("Not allowed") and {"nasamw22@L95", "guia22@L685"} <= set(node["cites"])


# Rumbo de colisión 1, 5, 6, 9
def test_no_rough_going_in_the_edge_centre_square__rumbo_L9():
    node = _ruling("rumbo-terrain", "q-zone.yes", "q-kind.rough-bad")
    assert _text(node).startswith("Not allowed") and node["cites"] == ["rumbo@L9"]


def test_general_off_table_measured_from_entry_point__rumbo_L43():
    node = _ruling("rumbo-command", "q-column.yes", "q-general.no")
    assert "where its column entered" in _text(node) and node["cites"] == ["rumbo@L43"]


def test_two_allied_contingents_cannot_land__rumbo_L79():
    node = _ruling("rumbo-littoral-landing", "q-troops.yes", "q-which.third", "q-allies.yes")
    assert "two contingents" in _text(node) and node["cites"] == ["rumbo@L79"]


def test_landing_costs_four_pips_as_a_column__rumbo_L49():
    node = _ruling("rumbo-littoral-landing", "q-troops.yes", "q-which.third", "q-allies.no", "q-baggage.yes",
                   "q-room.yes")
    assert "4 PIPs" in _text(node) and "rumbo@L49" in node["cites"]


def test_second_road_move_stops_within_one_bw__rumbo_L69():
    node = _ruling("rumbo-road-move", "q-on-road.yes", "q-which-move.later", "q-enemy.yes")
    assert "must stop" in _text(node) and node["cites"] == ["rumbo@L69"]


# ASL going astray; WFB rallying and manoeuvres
def test_advancing_units_do_not_go_astray__aslnight_L240():
    node = _ruling("asl-night-stray", "q-phase.advance")
    assert "not subject to going astray" in _text(node) and node["cites"] == ["aslnight@L240"]


def test_stray_moves_as_far_as_possible__aslnight_L236():
    node = _ruling("asl-night-stray", "q-phase.mph", "q-exempt.no", "q-entering.no", "q-dr.strays")
    assert "as far as possible" in _text(node) and "aslnight@L236" in node["cites"]


def test_fast_cavalry_rallied_after_charge_reaction_moves_freely__wfbmove_L35():
    node = _ruling("wfb-rally", "q-want.yes", "q-test.passed", "q-fast.yes")
    assert "move freely" in _text(node) and node["cites"] == ["wfbmove@L35"]


def test_rallied_unit_does_nothing_else__wfbmove_L34():
    node = _ruling("wfb-rally", "q-want.yes", "q-test.passed", "q-fast.no")
    assert "nothing else" in _text(node) and node["cites"] == ["wfbmove@L34", "wfbmove@L33"]


def test_turning_costs_a_quarter_move__wfbmove_L80():
    node = _ruling("wfb-manoeuvres", "q-kind.turn", "q-turn-charge.no")
    assert "quarter of its normal move" in _text(node) and "wfbmove@L80" in node["cites"]


def test_changing_two_ranks_costs_the_whole_move__wfbmove_L84():
    node = _ruling("wfb-manoeuvres", "q-kind.formation", "q-ranks.two")
    assert "whole move" in _text(node) and node["cites"] == ["wfbmove@L84"]


NEW_FLOWS = ["nasamw-turn-to-face", "nasamw-overlap-count", "nasamw-closing-door", "nasamw-further-moves",
             "nasamw-conform", "nasamw-shooting-details", "nasamw-river-bank", "nasamw-bua-camp-inside",
             "nasamw-group-moves", "nasamw-deployment", "rumbo-terrain", "rumbo-command", "rumbo-littoral-landing",
             "rumbo-road-move", "asl-night-stray", "wfb-rally", "wfb-manoeuvres"]


@pytest.mark.parametrize("flow_id", NEW_FLOWS)
def test_new_flow_texts_use_the_seed_vocabulary(flow_id):
    """Italian keeps 001's English type names, Spanish uses 002's words (issue 12, terminology)."""
    flow = flows.get_flow(flow_id)
    assert flow is not None
    texts = {language: " ".join(flows.localized(value, language) for node in flow.nodes.values()
                                for key in ("question", "ruling", "doubt") if (value := node.get(key)))
             + " ".join(flows.localized(a["label"], language) for node in flow.nodes.values()
                        for a in node.get("answers", ()))
             for language in ("es", "it")}
    for word in ("Cavalieri", "Lance", "Spade", "Archi"):
        assert word not in texts["it"]
    for word in ("Warband", "BWD", "terreno bueno", "quebrado"):
        assert word not in texts["es"]
