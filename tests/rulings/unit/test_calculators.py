"""The calculators (pure), checked against the seeds' own worked examples and table rows; each case
cites the seed line it comes from (guia22 = fixtures/rulings/seeds/guia22.es.txt, and so on)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rulings.calculators import CHOICES, FLAGS, REGISTRY, ParamError
from rulings.calculators.data import load
from rulings.sources.index import resolve_citation
from tournament.armies.elements import element_types


def run(name, **params):
    return REGISTRY[name][0]({k: str(v) for k, v in params.items()})


def combat(**params):
    return run("dba-combat", **params)


def fight(a, b, da, db, **params):
    return combat(a=a, b=b, a_die=da, b_die=db, **params)["result"]


def doubts(result):
    return [line for line in result["breakdown"] if line.startswith("doubtful:") or ": doubtful:" in line]


# --- DBA 2.2 combat factors: the guide's table, read off the seed (guia22 L1595-1605) ------------------

FACTOR_TABLE = {  # type: (vs foot, vs mounted), as printed
    "El": (4, 5), "Kn": (3, 4), "HCh": (3, 4), "Cv": (3, 3), "LCh": (3, 3), "SCh": (4, 4), "Cm": (2, 4),
    "LH": (2, 2), "LCm": (2, 2), "Sp": (4, 4), "Pk": (3, 4), "Bd": (5, 3), "Bw": (2, 4), "Wb": (3, 2),
    "Hd": (3, 2), "Ax": (3, 2), "Ps": (2, 2), "Art": (2, 2), "WWg": (3, 4), "CF": (1, 1),
}


@pytest.mark.parametrize("code", sorted(FACTOR_TABLE))
def test_base_factors_are_the_guides_table(code):
    foot, mounted = FACTOR_TABLE[code]
    assert combat(a=code, b="4Bd", a_die=1, b_die=1)["result"]["totals"]["a"] == foot  # vs Blades (foot)
    assert combat(a=code, b="6Cv", a_die=1, b_die=1)["result"]["totals"]["a"] == mounted  # vs Cavalry


def test_knights_vs_mounted_is_named_doubtful_only_when_used():
    vs_mounted = combat(a="3Kn", b="6Cv", a_die=1, b_die=1)  # printed "4" without '+' (L1596)
    assert any("L1596" in line for line in doubts(vs_mounted))
    assert not any("+4" in line for line in doubts(combat(a="3Kn", b="4Bd", a_die=1, b_die=1)))


def test_litter_has_no_factor_and_uses_war_wagons_flagged():
    result = combat(a="Lit", b="4Bd", a_die=1, b_die=1)  # no row L1592-1605; L1346: as War Wagons
    assert result["result"]["totals"]["a"] == 3 and "guia22@L1346" in result["citations"]
    assert any("Litter" in line for line in doubts(result))


def test_artillery_shooting_and_in_close_combat():
    assert combat(a="Art", b="El", mode="shooting", a_die=1, b_die=1)["result"]["totals"]["a"] == 4  # L1601
    assert combat(a="Art", b="El", a_die=1, b_die=1)["result"]["totals"]["a"] == 2  # L1602
    # Artillery shot at: +4 when it shoots back (L1601), +2 when it cannot answer (L1602, nasamw22 L561)
    assert combat(a="4Bw", b="Art", mode="shooting", a_die=1, b_die=1)["result"]["totals"]["b"] == 4
    assert combat(a="4Bw", b="Art", mode="shooting", target_shoots_back="no", a_die=1, b_die=1)["result"]["totals"]["b"] == 2


# --- modifiers (guia22 L1607-1634) --------------------------------------------------------------------

def test_close_combat_modifiers():
    totals = combat(a="4Sp", b="4Wb", a_general=1, a_uphill_or_bank=1, a_overlaps=2, a_bad_going=1,
                    a_die=3, b_die=3)["result"]["totals"]
    assert totals["a"] == 4 + 1 + 1 - 2 - 2  # L1604, L1620, L1621, L1622 (-1 each), L1624


def test_foot_in_bua_and_camp_and_mounted_attacking_a_bua():
    assert fight("4Bd", "4Wb", 1, 1, a_in_bua=1)["totals"]["a"] == 5 + 3  # L1618
    assert fight("4Bd", "4Wb", 1, 1, a_in_camp=1)["totals"]["a"] == 5 + 2  # L1619
    assert fight("3Kn", "4Bd", 1, 1, b_in_bua=1)["totals"]["a"] == 3 - 2  # L1623: vs an enemy in a BUA
    assert fight("3Kn", "4Bd", 1, 1, a_in_bua=1)["totals"]["a"] == 3  # BUA bonus is for foot only


def test_camels_in_dunes_still_take_the_minus_two_against_an_enemy_in_bad_going():
    # nasamw22 L597-599: dunes are good going for camels, but the enemy in bad going still costs -2 (guia22 L1623)
    result = combat(a="3Cm", b="4Sp", a_dunes=1, b_bad_going=1, a_die=1, b_die=1)
    assert result["result"]["totals"] == {"a": 2 - 2, "b": 4 - 2}
    assert not any("no -2" in line for line in result["breakdown"])


def test_mounted_bad_going_and_the_elephant_footnote():
    assert fight("3Kn", "4Ax", 1, 1, b_bad_going=1)["totals"]["a"] == 3 - 2  # L1623: vs an element in bad going
    assert fight("4Wb", "4Ax", 1, 1, a_bad_going=1)["totals"]["a"] == 3  # Warband not in the L1624 list
    # Elephants: see test_elephants_take_the_mounted_minus_two_in_bad_going__commentary_L605 below.


def test_shooting_modifiers_and_the_missing_support_value():
    result = combat(a="4Bw", b="4Bd", mode="shooting", b_in_bua=1, b_general=1, b_overlaps=1, a_die=1, b_die=1)
    assert result["result"]["totals"]["b"] == 5 + 3 + 1 - 1  # L1610, L1612, L1613 (printed '-', -1 used)
    assert any("L1613" in line for line in doubts(result))
    uphill = combat(a="4Bw", b="4Bd", mode="shooting", b_uphill_or_bank=1, a_die=1, b_die=1)
    assert uphill["result"]["totals"]["b"] == 5  # no hill modifier when shot at (L1607-1613)


@pytest.mark.parametrize(("a", "support", "b", "plus", "line"), [
    ("4Pk", "4Pk", "4Bd", 3, 1631), ("4Wb", "4Wb", "3Kn", 1, 1632), ("4Sp", "4Sp", "3Kn", 1, 1633),
    ("4Bd", "Ps", "6Cv", 1, 1634), ("4Ax", "Ps", "4Wb", 1, 1634),
])
def test_rear_support_table(a, support, b, plus, line):
    base = fight(a, b, 1, 1)["totals"]["a"]
    result = combat(a=a, b=b, a_rear_support=support, a_die=1, b_die=1)
    assert result["result"]["totals"]["a"] == base + plus and f"guia22@L{line}" in result["citations"]


@pytest.mark.parametrize(("where", "plus"), [({}, 0), ({"b_in_bua": 1}, 1), ({"b_in_camp": 1}, 1)])
def test_psiloi_support_blades_against_foot_only_in_a_bua_or_camp(where, plus):
    # guia22 L1634: Psiloi behind Blades count against mounted, Warband, a BUA or a camp, not against Bows in the open
    result = combat(a="4Bd", b="4Bw", a_rear_support="Ps", a_die=1, b_die=1, **where)
    assert result["result"]["totals"]["a"] == 5 + plus
    assert any("nasamw22 L569 names only mounted" in line for line in doubts(result)) == bool(plus)
    assert ("guia22@L1634" in result["citations"]) == bool(plus)


def test_rear_support_not_against_other_opponents_nor_in_bad_going():
    assert fight("4Sp", "4Bd", 1, 1, a_rear_support="4Sp")["totals"]["a"] == 4  # Sp only vs Kn or Sp (L1633)
    assert fight("4Pk", "4Bd", 1, 1, a_rear_support="4Pk", a_bad_going=1)["totals"]["a"] == 3 - 2  # L1309, L1324
    assert fight("4Bd", "6Cv", 1, 1, a_rear_support="Ps", a_bad_going=1)["totals"]["a"] == 3 - 2 + 1  # Ps: L1324


# --- outcomes (guia22 L1636-1670) ---------------------------------------------------------------------

@pytest.mark.parametrize(("a", "b", "da", "db", "extra", "expected"), [
    ("SCh", "4Bd", 2, 3, {}, ("tie", "a", "destroyed")),  # 6 v 6: Scythed Chariots die on a tie (L1641)
    ("4Bd", "4Bd", 3, 3, {}, ("tie", None, "stand")),  # L1642
    ("El", "Ps", 1, 4, {}, ("beaten", "a", "destroyed")),  # 5 v 6: El beaten by Psiloi (L1647)
    ("El", "4Bd", 3, 5, {}, ("beaten", "a", "recoil")),  # 7 v 8 (L1647 otherwise)
    ("3Kn", "El", 3, 3, {}, ("beaten", "a", "destroyed")),  # 7 v 8: Knights beaten by Elephants (L1648)
    ("6Cv", "SCh", 1, 1, {}, ("beaten", "a", "flee")),  # 4 v 5: Cavalry beaten by SCh flee (L1649)
    ("4Bd", "3Kn", 2, 4, {}, ("beaten", "a", "destroyed")),  # 5 v 7 in good going by Knights (L1653)
    ("4Bd", "3Kn", 2, 4, {"a_bad_going": 1}, ("beaten", "a", "recoil")),  # 3 v 5, not in good going (L1653)
    ("4Sp", "4Wb", 1, 4, {}, ("beaten", "a", "destroyed")),  # 5 v 7 by Warband, not in a BUA or camp (L1652)
    ("4Sp", "4Wb", 1, 6, {"a_in_camp": 1}, ("beaten", "a", "destroyed")),  # 7 v 9: the Warband is not in one (L1652)
    ("4Bw", "6Cv", 1, 3, {}, ("beaten", "a", "destroyed")),  # 5 v 6: Bows beaten by mounted (L1654)
    ("6Cv", "4Bd", 2, 1, {"a_bad_going": 1}, ("beaten", "a", "flee")),  # 3 v 4: Cavalry beaten in bad going (L1649)
    ("El", "Art", 5, 6, {"mode": "shooting", "shooter": "b"}, ("beaten", "a", "destroyed")),  # 9 v 10: shot by Art (L1647)
    ("El", "Art", 1, 6, {}, ("beaten", "a", "recoil")),  # 5 v 8: Artillery in close combat is not shooting (L1647)
    ("7Hd", "4Wb", 1, 2, {}, ("beaten", "a", "destroyed")),  # 4 v 5: by Warband not in a camp (L1656)
    ("7Hd", "4Wb", 1, 2, {"b_in_camp": 1}, ("beaten", "a", "stand")),  # 4 v 7: the Warband holds a camp (L1656)
    ("7Hd", "4Wb", 1, 1, {"b_in_bua": 1}, ("beaten", "a", "destroyed")),  # 4 v 7: a BUA is not a camp (L1656)
    ("6Cv", "Art", 1, 6, {"mode": "shooting", "shooter": "b"}, ("doubled", "a", "destroyed")),  # 4 v 10: shot (L1667)
    ("6Cv", "Art", 1, 6, {}, ("doubled", "a", "flee")),  # 4 v 8: by Artillery in close combat (L1667)
    ("6Cv", "4Bd", 1, 2, {}, ("beaten", "a", "recoil")),  # 4 v 5 in good going (L1649 otherwise)
    ("7Hd", "4Bd", 4, 3, {}, ("beaten", "a", "stand")),  # 7 v 8: Hordes otherwise stand (L1656)
    ("Art", "4Bd", 5, 3, {}, ("beaten", "a", "destroyed")),  # 7 v 8: Artillery beaten in close combat (L1659)
    ("6Cv", "4Sp", 1, 6, {}, ("doubled", "a", "flee")),  # 4 v 10 in good going by Spears (L1667)
    ("2LH", "6Cv", 1, 6, {}, ("doubled", "a", "destroyed")),  # 3 v 9 by mounted (L1668)
    ("2LH", "4Bd", 1, 6, {}, ("doubled", "a", "flee")),  # 3 v 9 by foot Blades in the open (L1668)
    ("Ps", "3Kn", 1, 6, {}, ("doubled", "a", "destroyed")),  # 3 v 9 (L1669)
    ("4Bd", "Art", 1, 6, {"a_bad_going": 1, "a_overlaps": 3}, ("doubled", "a", "recoil")),  # 1 v 8 (L1670)
    ("4Bd", "6Cv", 1, 6, {}, ("doubled", "a", "destroyed")),  # 4 v 9 otherwise (L1670)
])
def test_outcome_rows(a, b, da, db, extra, expected):
    r = fight(a, b, da, db, **extra)
    assert (r["band"], r["loser"], r["outcome"]) == expected, r


def test_doubtful_outcomes_are_named():
    knights = combat(a="3Kn", b="4Bw", a_die=3, b_die=3)  # 6 v 7: Kn beaten by Bows they contacted (L1648)
    assert knights["result"]["outcome"] == "destroyed" and any("knights_contact" in line for line in doubts(knights))


def test_odds_without_dice():
    result = combat(a="4Bd", b="3Kn")["result"]  # 3 v 3 before dice
    odds = {(o["band"], o["loser"], o["outcome"]): Fraction(o["fraction"]) for o in result["odds"]}
    assert odds[("tie", None, "stand")] == Fraction(6, 36)
    assert sum(odds.values()) == 1
    assert all(abs(o["probability"] - float(Fraction(o["fraction"]))) < 1e-12 for o in result["odds"])


TYPES = sorted(element_types())
SHOOTERS = ("Art", "Bw", "WWg")  # guia22 L1188


def test_odds_sum_to_one_for_every_pair_of_types_and_modes():
    for a in TYPES:
        for b in TYPES:
            for mode in ("close", "shooting") if a in SHOOTERS else ("close",):
                odds = combat(a=a, b=b, mode=mode)["result"]["odds"]
                assert sum(Fraction(o["fraction"]) for o in odds) == 1, (a, b, mode)


SIDE_FLAGS = ("general", "uphill_or_bank", "bad_going", "in_camp", "in_bua", "dunes", "flank_contact", "shot_in_rear")


@settings(max_examples=150, deadline=None)
@given(a=st.sampled_from(TYPES), b=st.sampled_from(TYPES), mode=st.sampled_from(CHOICES["mode"]),
       flags=st.dictionaries(st.sampled_from([f"{s}_{k}" for s in "ab" for k in SIDE_FLAGS]), st.booleans()),
       overlaps=st.tuples(st.integers(0, 3), st.integers(0, 3)),
       support=st.tuples(st.sampled_from(["none", "Pk", "Wb", "Sp", "Ps"]), st.sampled_from(["none", "Ps", "Sp"])))
def test_odds_sum_to_one_for_any_factors(a, b, mode, flags, overlaps, support):
    if mode == "shooting":  # a legal shot: a shooter, at most 2 supporting shooters, no support for the unshot
        assume(a in SHOOTERS and max(overlaps) <= 2 and not flags.get("a_shot_in_rear"))
        if b not in SHOOTERS:
            overlaps = (0, overlaps[1])
    else:
        assume(not flags.get("a_shot_in_rear") and not flags.get("b_shot_in_rear"))
    params = {"a": a, "b": b, "mode": mode, "a_overlaps": overlaps[0], "b_overlaps": overlaps[1],
              "a_rear_support": support[0], "b_rear_support": support[1], **flags}
    odds = combat(**params)["result"]["odds"]
    assert sum(Fraction(o["fraction"]) for o in odds) == 1
    assert abs(sum(o["probability"] for o in odds) - 1) < 1e-9


@pytest.mark.parametrize(("params", "bad"), [
    ({"b": "3Kn"}, "a"), ({"a": "3Kn"}, "b"), ({"a": "Tank", "b": "3Kn"}, "a"), ({"a": "3Kn", "b": "Tank"}, "b"),
    ({"a": "3Kn", "b": "3Kn", "mode": "melee"}, "mode"), ({"a": "3Kn", "b": "3Kn", "a_overlaps": "9"}, "a_overlaps"),
    ({"a": "3Kn", "b": "3Kn", "b_overlaps": "x"}, "b_overlaps"), ({"a": "3Kn", "b": "3Kn", "b_die": "7"}, "b_die"),
    ({"a": "3Kn", "b": "3Kn", "a_die": "3"}, "b_die"), ({"a": "3Kn", "b": "3Kn", "b_die": "3"}, "a_die"),
    ({"a": "3Kn", "b": "3Kn", "a_rear_support": "Zz"}, "a_rear_support"),
    *(({"a": "3Kn", "b": "3Kn", f"{s}_{k}": "perhaps"}, f"{s}_{k}") for s in "ab" for k in SIDE_FLAGS),
])
def test_combat_bad_parameters_name_themselves(params, bad):
    with pytest.raises(ParamError) as error:
        REGISTRY["dba-combat"][0](params)
    assert error.value.param == bad


# --- PIPs: the commentary's worked fixtures (nasamw22) and the guide's categories (guia22 L791-822) ----

@pytest.mark.parametrize(("params", "pips"), [
    ({"elements": "El", "beyond_command": 1, "general_in": "bua"}, 4),  # nasamw22 L125
    ({"elements": "El", "general_lost": 1}, 3),  # nasamw22 L129
    ({"elements": "3Kn", "beyond_command": 1, "dismounting": 1}, 3),  # nasamw22 L188
    ({"elements": "3Kn", "dismounting": 1}, 2),  # nasamw22 L131: at least 2 after the first bound
    ({"elements": "El", "beyond_command": 1, "general_in": "bua", "first_bound": 1}, 1),  # nasamw22 L125, guia22 L799
    ({"elements": "3Kn", "dismounting": 1, "first_bound": 1}, 1),  # nasamw22 L131: 1 PIP in the first bound
    ({"elements": "4Bd"}, 1),  # guia22 L793
    ({"move": "group", "elements": "4Bd,4Bd,El"}, 2),  # guia22 L805
    ({"move": "group", "elements": "El,7Hd,3Kn", "dismounting": 1}, 2),  # one extra per category (L822 example)
    ({"elements": "4Bd", "bua_move": 1}, 2),  # guia22 L807, nasamw22 L135
    ({"elements": "4Bd", "beyond_command": 1, "general_lost": 1}, 2),  # category 2 once (L813-814, L822)
    ({"elements": "4Bd", "general_in": "wood"}, 2),  # guia22 L820
    ({"elements": "3Kn", "general_in": "wood", "general_moving": 1}, 1),  # not for the general's own move (L820)
    ({"elements": "4Bd", "general_in": "other"}, 1),  # not one of the L820 places
    ({"elements": "4Bd", "general_in": "bua", "general_lost": 1}, 2),  # a lost general is in no BUA
])
def test_pip_costs(params, pips):
    assert run("dba-pip-cost", **params)["result"]["pips"] == pips


def test_pip_doubts_are_named():
    capped = run("dba-pip-cost", move="group", elements="El,3Kn", dismounting=1)
    assert any("cumulative" in line for line in doubts(capped)) and "guia22@L822" in capped["citations"]
    litter = run("dba-pip-cost", elements="Lit")
    assert litter["result"]["pips"] == 1 and any("Litter" in line for line in doubts(litter))


@pytest.mark.parametrize(("params", "bad"), [
    ({}, "elements"), ({"elements": "Tank"}, "elements"), ({"elements": "El,El"}, "elements"),
    ({"elements": "El", "move": "swarm"}, "move"), ({"elements": "El", "general_in": "sea"}, "general_in"),
    *(({"elements": "El", k: "maybe"}, k) for k in ("first_bound", "beyond_command", "general_lost", "dismounting",
                                                   "extra_move", "bua_move", "general_moving")),
    ({"elements": "El,El", "move": "group", "general_moving": 1}, "general_moving"),
])
def test_pip_bad_parameters(params, bad):
    with pytest.raises(ParamError) as error:
        REGISTRY["dba-pip-cost"][0](params)
    assert error.value.param == bad


# --- Victory (guia22 L1569-1584; nasamw22 L129, L767-769) -------------------------------------------------

def test_victory_22_camp_counts_two_and_scythed_chariots_do_not_count():
    result = run("dba-victory", edition="2.2", b_lost="4Bd,4Bd,SCh,CF", b_camp_lost=1, a_lost="Ps")["result"]
    assert (result["winner"], result["b_counted"], result["a_counted"]) == ("a", 4, 1)  # guia22 L1582-1583


def test_victory_22_four_elements_and_more_than_the_enemy():
    assert run("dba-victory", a_lost="4Bd,4Bd,4Bd,4Bd", b_lost="Ps,Ps,Ps")["result"]["winner"] == "b"  # L1577-1578
    assert run("dba-victory", a_lost="4Bd,4Bd,4Bd,4Bd", b_lost="Ps,Ps,Ps,Ps")["result"]["winner"] is None
    assert run("dba-victory", a_lost="4Bd,4Bd,4Bd", b_lost="Ps")["result"]["winner"] is None
    assert run("dba-victory", b_bua_lost=1, b_lost="Ps,Ps", a_lost="Ps")["result"]["b_counted"] == 4  # L1584


@pytest.mark.parametrize(("general_side_lost", "enemy_lost", "winner"), [
    ("3Kn", "Ps", None), ("3Kn", "Ps,Ps", None), ("3Kn", "Ps,Ps,Ps", None),  # nasamw22 L767
    ("3Kn,4Bd", "Ps,Ps", None),  # general and one more vs two: play on (nasamw22 L129)
    ("3Kn", "", "b"),  # the general alone, nothing lost by the enemy: more lost (guia22 L1577-1578)
    ("3Kn,4Bd", "Ps", "b"),
])
def test_general_lost(general_side_lost, enemy_lost, winner):
    result = run("dba-victory", a_lost=general_side_lost, a_general_lost=1, b_lost=enemy_lost)
    assert result["result"]["winner"] == winner


def test_general_lost_but_not_listed_counts_as_one():
    result = run("dba-victory", a_general_lost=1)
    assert result["result"]["a_counted"] == 1 and result["result"]["winner"] == "b"


def test_camp_with_its_garrison_is_three():
    # nasamw22 L769: a lost camp is two, and its garrison one more
    assert run("dba-victory", a_lost="4Bd", a_camp_lost=1)["result"]["a_counted"] == 3


def test_victory_30_double_elements_count_two_and_doubts_are_named():
    result = run("dba-victory", edition="3.0", b_lost="8Bw,6Cv", a_lost="7Hd,CF")
    assert (result["result"]["b_counted"], result["result"]["a_counted"], result["result"]["winner"]) == (4, 0, "a")
    assert any("3.0" in line for line in doubts(result))
    assert run("dba-victory", edition="3.0", a_camp_lost=1)["result"]["a_counted"] == 1  # quick reference
    assert run("dba-victory", edition="2.2", a_lost="6Cv")["result"]["a_counted"] == 1  # no doubles in 2.2
    # codes only 3.0 knows (Longbows, Crossbows, 8Sp: a double element) are counted in 3.0
    assert run("dba-victory", edition="3.0", b_lost="Lb,Cb,8Sp")["result"] == {"winner": "a", "a_counted": 0,
                                                                            "b_counted": 4}


@pytest.mark.parametrize(("params", "bad"), [
    ({"edition": "4.0"}, "edition"), ({"a_lost": "Tank"}, "a_lost"), ({"b_lost": "4Bd,Zz"}, "b_lost"),
    ({"edition": "2.2", "a_lost": "8Sp"}, "a_lost"),  # a 3.0 code
    *(({f"{s}_{k}": "perhaps"}, f"{s}_{k}") for s in "ab" for k in ("general_lost", "camp_lost", "bua_lost")),
])
def test_victory_bad_parameters(params, bad):
    with pytest.raises(ParamError) as error:
        REGISTRY["dba-victory"][0](params)
    assert error.value.param == bad


# --- Warhammer (wfbmove), Rumbo (rumbo), ASL (aslnight): the seeds' own examples -----------------------

def test_wfb_terrain_examples():
    assert run("wfb-terrain-move", m=20, open=12, difficult=8)["result"]["covered_cm"] == 16  # wfbmove L89
    assert run("wfb-terrain-move", m=20, open=10, difficult=6, very_difficult=4)["result"]["covered_cm"] == 14  # L91
    for example in (row["example"] for row in load("wfb")["terrain"] if "example" in row):
        params = {k: v for k, v in example.items() if k not in ("line", "covered")}
        assert run("wfb-terrain-move", **params)["result"]["covered_cm"] == example["covered"]


def test_wfb_terrain_is_shown_to_the_hundredth_and_an_empty_ground_is_none():
    # wfbmove L90: a quarter of 1.5 cm of very difficult ground is 0.375 cm, shown as 0.38
    assert run("wfb-terrain-move", m=2, very_difficult=1.5)["result"] == {"covered_cm": 0.38, "nearest_cm": 0}
    assert REGISTRY["wfb-terrain-move"][0]({"m": "10", "open": ""})["result"] == {"covered_cm": 0}
    # the parts of M add up to M although 0.1 + 0.2 is not 0.3 in binary (wfbmove L88: difficult halves)
    assert run("wfb-terrain-move", m=0.3, open=0.1, difficult=0.2)["result"] == {"covered_cm": 0.2, "nearest_cm": 0}


def test_wfb_rounding_is_doubtful():
    result = run("wfb-terrain-move", m=15, difficult=7.5)  # 3.75 cm: L92 reads two ways
    assert result["result"] == {"covered_cm": 3.75, "nearest_cm": 4} and "wfbmove@L92" in result["citations"]
    assert doubts(result)


@pytest.mark.parametrize(("params", "bad"), [
    ({}, "m"), ({"m": "x"}, "m"), ({"m": "-1"}, "m"), ({"m": "nan"}, "m"), ({"m": 10, "open": 12}, "open"),
    ({"m": 10, "open": 6, "difficult": 6}, "difficult"), ({"m": 10, "very_difficult": "abc"}, "very_difficult"),
])
def test_wfb_terrain_bad_parameters(params, bad):
    with pytest.raises(ParamError) as error:
        REGISTRY["wfb-terrain-move"][0](params)
    assert error.value.param == bad


def test_wfb_stand_and_shoot_example():
    assert run("wfb-stand-and-shoot", charge_move=40, distance=25)["result"]["allowed"] is True  # wfbmove L19
    assert run("wfb-stand-and-shoot", charge_move=40, distance=15)["result"]["allowed"] is False  # wfbmove L19
    exactly_half = run("wfb-stand-and-shoot", charge_move=40, distance=20)  # "más de la mitad" (L18)
    assert exactly_half["result"]["allowed"] is False and doubts(exactly_half)


def test_wfb_stand_and_shoot_limits_of_the_form():
    # the form takes a charge move of 0-200 cm and a distance of 0-500 cm (wfbmove L18: more than half the move)
    assert run("wfb-stand-and-shoot", charge_move=0.5, distance=0)["result"] == {"allowed": False, "half_charge_cm": 0.25}
    assert run("wfb-stand-and-shoot", charge_move=0, distance=0.5)["result"] == {"allowed": True, "half_charge_cm": 0}
    assert run("wfb-stand-and-shoot", charge_move=200, distance=500)["result"] == {"allowed": True, "half_charge_cm": 100}
    for params, message in (({"charge_move": "200.5", "distance": "3"}, "charge_move: must be between 0 and 200"),
                            ({"charge_move": "201", "distance": "3"}, "charge_move: must be between 0 and 200"),
                            ({"charge_move": "3", "distance": "500.5"}, "distance: must be between 0 and 500"),
                            ({"charge_move": "3", "distance": "501"}, "distance: must be between 0 and 500"),
                            ({"charge_move": "3", "distance": "-1"}, "distance: must be between 0 and 500")):
        with pytest.raises(ParamError) as error:
            REGISTRY["wfb-stand-and-shoot"][0](params)
        assert str(error.value) == message


@pytest.mark.parametrize(("params", "bad"), [({"distance": 3}, "charge_move"), ({"charge_move": 3}, "distance"),
                                             ({"charge_move": "far", "distance": 3}, "charge_move")])
def test_wfb_stand_and_shoot_bad_parameters(params, bad):
    with pytest.raises(ParamError) as error:
        REGISTRY["wfb-stand-and-shoot"][0](params)
    assert error.value.param == bad


@pytest.mark.parametrize(("params", "verdict", "cost", "left"), [
    ({"bound": 1, "pips": 5, "second_column_on": 1, "third_column_off": 1}, "cannot", 0, 5),  # rumbo L35
    ({"bound": 2, "pips": 5, "second_column_on": 1, "third_column_off": 1}, "may", 4, 1),  # rumbo L35
    ({"bound": 2, "pips": 4, "second_column_on": 1, "third_column_off": 1}, "may", 4, 0),  # rumbo L35
    ({"bound": 3, "pips": 6, "second_column_on": 1, "third_column_off": 1}, "must", 4, 2),  # rumbo L37
    ({"bound": 1, "pips": 6, "second_column_on": 1, "third_column_off": 1}, "cannot", 0, 6),  # "posterior al primero"
    ({"bound": 2, "pips": 5, "second_column_on": 0, "third_column_off": 1}, "cannot", 0, 5),  # rumbo L35
    ({"bound": 2, "pips": 3, "second_column_on": 1, "third_column_off": 1}, "cannot", 0, 3),  # 4 PIPs (L35)
    ({"bound": 4, "pips": 6, "second_column_on": 1, "third_column_off": 0}, "cannot", 0, 6),  # already on
])
def test_rumbo_third_column(params, verdict, cost, left):
    result = run("rumbo-third-column", **params)["result"]
    assert (result["verdict"], result["cost"], result["pips_left"]) == (verdict, cost, left)


def test_rumbo_doubts_are_named():
    assert doubts(run("rumbo-third-column", bound=3, pips=6, second_column_on=1, third_column_off=1))  # L37 cost
    forced = run("rumbo-third-column", bound=3, pips=6, second_column_on=0, third_column_off=1)
    assert forced["result"]["verdict"] == "cannot" and doubts(forced) and "rumbo@L39" in forced["citations"]


@pytest.mark.parametrize(("params", "bad"), [
    ({"pips": 3}, "bound"), ({"bound": 2}, "pips"), ({"bound": 0, "pips": 3}, "bound"),
    ({"bound": 2, "pips": 7}, "pips"), ({"bound": 2, "pips": 3, "second_column_on": "?"}, "second_column_on"),
    ({"bound": 2, "pips": 3, "third_column_off": "?"}, "third_column_off"),
])
def test_rumbo_bad_parameters(params, bad):
    with pytest.raises(ParamError) as error:
        REGISTRY["rumbo-third-column"][0](params)
    assert error.value.param == bad


@pytest.mark.parametrize(("params", "who"), [
    ({"attacker_dr": 2, "defender_dr": 4, "illuminated": 0}, "attacker"),  # two less at night (aslnight L39, L43)
    ({"attacker_dr": 3, "defender_dr": 4}, None),
    ({"attacker_dr": 2, "defender_dr": 4, "illuminated": 1}, None),  # illuminated: three less (L39)
    ({"attacker_dr": 1, "defender_dr": 4, "illuminated": 1}, "attacker"),
    ({"attacker_dr": 4, "defender_dr": 1}, "defender"),  # the defender still needs three less (L43)
    ({"attacker_dr": 4, "defender_dr": 2}, None),
])
def test_asl_night_ambush(params, who):
    assert run("asl-night-ambush", **params)["result"]["ambush"] == who


def test_asl_cloaked_ambusher_keeps_its_cloak():  # aslnight L39, example L43
    example = load("asl")["examples"][0]
    result = run("asl-night-ambush", attacker_dr=example["attacker_dr"], defender_dr=example["defender_dr"],
                 attacker_cloaked=1)["result"]
    assert result["ambush"] == example["ambush"] and result["cloak_kept"] is True


@pytest.mark.parametrize(("params", "bad"), [
    ({"defender_dr": 3}, "attacker_dr"), ({"attacker_dr": 3}, "defender_dr"), ({"attacker_dr": 0, "defender_dr": 3},
                                                                              "attacker_dr"),
    ({"attacker_dr": 3, "defender_dr": 3, "illuminated": "dim"}, "illuminated"),
    ({"attacker_dr": 3, "defender_dr": 3, "attacker_cloaked": "?"}, "attacker_cloaked"),
])
def test_asl_bad_parameters(params, bad):
    with pytest.raises(ParamError) as error:
        REGISTRY["asl-night-ambush"][0](params)
    assert error.value.param == bad


# --- sources -------------------------------------------------------------------------------------------

SAMPLES = {
    "dba-combat": [{"a": "4Pk", "b": "4Bd", "a_rear_support": "4Pk", "a_general": 1, "a_overlaps": 1},
                   {"a": "4Bw", "b": "3Kn", "mode": "shooting", "b_bad_going": 1},
                   {"a": "El", "b": "4Bd", "b_in_bua": 1, "a_die": 6, "b_die": 1}],
    "dba-recoil": [{"recoiler": "El", "behind": "friend", "friend": "4Bd"}, {"recoiler": "4Bd", "behind": "river"},
                   {"recoiler": "2LH", "behind": "enemy", "enemy_touched": "rear"}],
    "dba-pip-cost": [{"elements": "El", "beyond_command": 1, "general_in": "bua", "extra_move": 1},
                     {"elements": "El", "first_bound": 1}, {"move": "group", "elements": "El,3Kn", "dismounting": 1}],
    "dba-victory": [{"a_lost": "Ps", "a_camp_lost": 1, "a_general_lost": 1}, {"edition": "3.0", "b_lost": "6Cv"}],
    "wfb-terrain-move": [{"m": 10, "difficult": 3}],
    "wfb-stand-and-shoot": [{"charge_move": 10, "distance": 8}],
    "rumbo-third-column": [{"bound": 2, "pips": 6, "second_column_on": 0, "third_column_off": 1}],
    "asl-night-ambush": [{"attacker_dr": 1, "defender_dr": 5, "attacker_cloaked": 1}],
}


def test_every_calculator_has_a_sample_and_its_citations_resolve():
    assert set(SAMPLES) == set(REGISTRY)
    for name, samples in SAMPLES.items():
        for params in samples:
            result = run(name, **params)
            assert set(result) == {"result", "breakdown", "citations"}
            for citation in result["citations"]:
                assert resolve_citation(citation), (name, citation)


def test_fixture_rows_cite_lines_and_flag_the_digests_doubts():
    combat_data = load("dba22_combat")
    for row in combat_data["shooting"] + combat_data["close"] + combat_data["rear_support"]:
        assert resolve_citation(f"guia22@L{row['line']}")
    doubtful_lines = {row["line"] for row in combat_data["shooting"] + combat_data["close"] if row.get("doubtful")}
    assert {1613, 1623} <= doubtful_lines  # guide digest 1.22 item 25
    assert combat_data["missing_factors"]["Lit"]["doubtful"]  # item 24
    pips = load("dba22_pips")
    for category in pips["categories"]:
        for condition in category["conditions"]:
            assert resolve_citation(f"guia22@L{condition['line']}")
    assert load("rumbo")["doubtful"] and load("wfb")["rounding"]["doubtful"]


def test_form_metadata_names_real_parameters():
    params = {p for _fn, _title, names in REGISTRY.values() for p in names}
    assert set(CHOICES) <= params and FLAGS <= params
