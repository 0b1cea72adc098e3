"""Calculators, checked against the seeds' own worked examples and tables (lines cited)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse

from rulings.calculators import REGISTRY, ParamError
from rulings.calculators.dba_combat import calculate as combat
from rulings.seed_index import resolve_citation
from tournament.elements import element_types


def run(name, **params):
    return REGISTRY[name][0]({k: str(v) for k, v in params.items()})


# --- DBA 2.2 combat (guia22 L1592-1670) ---------------------------------------------------------

def test_base_factors_come_from_the_table():
    result = combat({"a": "4Bd", "b": "3Kn", "a_die": "1", "b_die": "1"})
    assert result["result"]["totals"] == {"a": 3, "b": 3}  # Blades +3 vs mounted, Knights +3 vs foot (L1596-1597)


def test_blades_beaten_by_knights_in_good_going_are_destroyed():
    result = combat({"a": "4Bd", "b": "3Kn", "a_die": "2", "b_die": "4"})["result"]  # 5 v 7: beaten
    assert (result["band"], result["loser"], result["outcome"]) == ("beaten", "a", "destroyed")  # L1653
    recoil = combat({"a": "4Bd", "b": "3Kn", "a_die": "2", "b_die": "4", "a_bad_going": "true"})["result"]
    assert recoil["outcome"] == "recoil" and recoil["band"] == "beaten"  # bad going: the Kn fight at -2 too


def test_modifiers_general_hill_overlaps_and_bad_going():
    result = combat({"a": "4Sp", "b": "4Wb", "a_general": "1", "a_uphill_or_bank": "1", "a_overlaps": "2",
                     "a_bad_going": "1", "a_die": "3", "b_die": "3"})
    # Spears +4 vs foot, +1 general, +1 uphill, -2 two overlaps, -2 Spears in bad going (L1604, L1620-1624)
    assert result["result"]["totals"]["a"] == 2


def test_rear_support_for_pikes():
    result = combat({"a": "4Pk", "b": "4Bd", "a_rear_support": "4Pk", "a_die": "1", "b_die": "1"})
    assert result["result"]["totals"]["a"] == 3 + 3  # +3 vs foot, +3 supported by Pikes vs Blades (L1631)
    assert "guia22@L1631" in result["citations"]


def test_shooting_artillery_uses_its_shooting_factor():
    result = combat({"a": "Art", "b": "El", "mode": "shooting", "a_die": "6", "b_die": "3"})["result"]
    assert result["totals"]["a"] == 4  # Artillery shooting +4 (L1601)
    assert (result["band"], result["outcome"]) == ("beaten", "destroyed")  # Elephants shot by Artillery (L1647)


def test_psiloi_doubled_by_knights_in_the_open_are_destroyed():
    result = combat({"a": "Ps", "b": "3Kn", "a_die": "1", "b_die": "6"})["result"]
    assert (result["band"], result["outcome"]) == ("doubled", "destroyed")  # L1669


def test_odds_over_36_dice_pairs_sum_to_one_for_every_pair_of_types():
    codes = [c for c, row in element_types().items() if row["factors"]["foot"] is not None]
    for a in codes:
        for b in codes:
            odds = combat({"a": a, "b": b})["result"]["odds"]
            assert sum(Fraction(o["fraction"]) for o in odds) == 1, (a, b)


@pytest.mark.parametrize(("params", "bad"), [({"b": "Kn"}, "a"), ({"a": "Tank", "b": "Kn"}, "a"),
                                             ({"a": "Kn", "b": "Kn", "mode": "melee"}, "mode"),
                                             ({"a": "Kn", "b": "Kn", "a_overlaps": "9"}, "a_overlaps"),
                                             ({"a": "Kn", "b": "Kn", "b_die": "7"}, "b_die"),
                                             ({"a": "Kn", "b": "Kn", "a_general": "perhaps"}, "a_general")])
def test_bad_parameters_name_themselves(params, bad):
    with pytest.raises(ParamError) as error:
        combat(params)
    assert error.value.param == bad


# --- PIPs: the NASAMW commentary's worked fixtures (nasamw22 L125, L129, L188) -------------------

@pytest.mark.parametrize(("params", "pips"), [
    ({"elements": "El", "beyond_command": 1, "general_in": "bua"}, 4),  # L125
    ({"elements": "El", "general_lost": 1}, 3),  # L129
    ({"elements": "3Kn", "beyond_command": 1, "dismounting": 1}, 3),  # L188
    ({"elements": "3Kn", "dismounting": 1}, 2),  # L131: dismounting after the first bound costs at least 2
    ({"elements": "El", "beyond_command": 1, "general_in": "bua", "first_bound": 1}, 1),  # first bound (L799)
    ({"move": "group", "elements": "4Bd,4Bd,El"}, 2),
])
def test_pip_costs(params, pips):
    assert run("dba-pip-cost", **params)["result"]["pips"] == pips


# --- Victory --------------------------------------------------------------------------------------

def test_victory_22_counts_a_camp_as_two_and_skips_scythed_chariots():
    result = run("dba-victory", edition="2.2", b_lost="4Bd,4Bd,SCh", b_camp_lost=1, a_lost="Ps")["result"]
    assert (result["winner"], result["b_counted"], result["a_counted"]) == ("a", 4, 1)  # guia22 L1582-1583


def test_general_lost_but_fewer_losses_is_not_a_defeat():
    assert run("dba-victory", a_lost="3Kn", a_general_lost=1, b_lost="Ps,Ps,Ps")["result"]["winner"] is None


def test_victory_30_double_elements_count_two():
    result = run("dba-victory", edition="3.0", b_lost="8Bw,6Cv", a_lost="7Hd")["result"]
    assert (result["b_counted"], result["a_counted"], result["winner"]) == (4, 0, "a")


# --- Warhammer, Rumbo, ASL: the seeds' own examples ------------------------------------------------

def test_wfb_terrain_examples():
    assert run("wfb-terrain-move", m=20, open=12, difficult=8)["result"]["covered_cm"] == 16  # wfbmove L89
    assert run("wfb-terrain-move", m=20, open=10, difficult=6, very_difficult=4)["result"]["covered_cm"] == 14  # L91
    with pytest.raises(ParamError):
        run("wfb-terrain-move", m=10, open=12)


def test_wfb_stand_and_shoot_example():
    assert run("wfb-stand-and-shoot", charge_move=40, distance=25)["result"]["allowed"] is True  # wfbmove L19
    assert run("wfb-stand-and-shoot", charge_move=40, distance=15)["result"]["allowed"] is False
    exactly_half = run("wfb-stand-and-shoot", charge_move=40, distance=20)
    assert exactly_half["result"]["allowed"] is False and "doubtful" in " ".join(exactly_half["breakdown"])


@pytest.mark.parametrize(("params", "verdict", "left"), [
    ({"bound": 1, "pips": 5, "second_column_on": 1, "third_column_off": 1}, "cannot", 5),
    ({"bound": 2, "pips": 5, "second_column_on": 1, "third_column_off": 1}, "may", 1),
    ({"bound": 3, "pips": 6, "second_column_on": 1, "third_column_off": 1}, "must", 2),
    ({"bound": 2, "pips": 5, "second_column_on": 0, "third_column_off": 1}, "cannot", 5),
    ({"bound": 2, "pips": 3, "second_column_on": 1, "third_column_off": 1}, "cannot", 3),
])
def test_rumbo_third_column(params, verdict, left):
    result = run("rumbo-third-column", **params)["result"]
    assert (result["verdict"], result["pips_left"]) == (verdict, left)  # rumbo L35, L37


@pytest.mark.parametrize(("params", "who"), [
    ({"attacker_dr": 2, "defender_dr": 4, "illuminated": 0}, "attacker"),  # two less at night (aslnight L39)
    ({"attacker_dr": 2, "defender_dr": 4, "illuminated": 1}, None),  # illuminated: three less needed
    ({"attacker_dr": 5, "defender_dr": 2}, "defender"),  # the defender still needs three less (L43)
    ({"attacker_dr": 3, "defender_dr": 2}, None),
])
def test_asl_night_ambush(params, who):
    assert run("asl-night-ambush", **params)["result"]["ambush"] == who


def test_every_citation_resolves():
    samples = {"dba-combat": {"a": "4Pk", "b": "4Bd", "a_rear_support": "4Pk", "a_general": 1, "a_overlaps": 1},
               "dba-pip-cost": {"elements": "El", "beyond_command": 1, "general_in": "bua", "extra_move": 1},
               "dba-victory": {"a_lost": "Ps"}, "wfb-terrain-move": {"m": 10}, "wfb-stand-and-shoot":
               {"charge_move": 10, "distance": 8}, "rumbo-third-column": {"bound": 2, "pips": 4,
               "second_column_on": 1, "third_column_off": 1}, "asl-night-ambush": {"attacker_dr": 1, "defender_dr": 1}}
    for name, params in samples.items():
        for citation in run(name, **params)["citations"]:
            assert resolve_citation(citation), (name, citation)


# --- pages and API --------------------------------------------------------------------------------

def test_api_returns_result_breakdown_and_citations(client, db):
    response = client.get(reverse("calc_api", args=["dba-combat"]), {"a": "4Bd", "b": "3Kn"})
    assert response.status_code == 200
    data = response.json()
    assert set(data) == {"result", "breakdown", "citations"} and data["result"]["odds"]


def test_api_names_the_bad_parameter_and_404s_unknown_calculators(client, db):
    response = client.get(reverse("calc_api", args=["dba-combat"]), {"a": "4Bd"})
    assert response.status_code == 400 and response.json()["param"] == "b"
    assert client.get(reverse("calc_api", args=["nope"])).status_code == 404


def test_calculator_page_works_without_js_and_as_htmx_partial(client, db):
    url = reverse("rulings:calc", args=["wfb-terrain-move"])
    page = client.get(url, {"m": "20", "open": "12", "difficult": "8"})
    assert page.status_code == 200 and "<html" in page.text and "16" in page.text
    partial = client.get(url, {"m": "20", "open": "12", "difficult": "8"}, headers={"HX-Request": "true"})
    assert "<html" not in partial.text and 'id="calc-output"' in partial.text
    bad = client.get(url, {"m": "x"})
    assert bad.status_code == 400 and 'id="calc-error"' in bad.text
    assert client.get(reverse("rulings:calc_index")).status_code == 200
