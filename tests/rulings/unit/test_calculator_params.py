"""A calculator's answer to a bad parameter, as the form and the API show it: the parameter's name and what is
wrong with it (required, not a whole number, out of range, not yes/no, not one of the choices)."""

from __future__ import annotations

import pytest

from rulings.calculators import REGISTRY, ParamError

AMBUSH = "asl-night-ambush"  # attacker_dr and defender_dr: whole numbers 1-6 (aslnight L39)
TERRAIN = "wfb-terrain-move"  # m: a number of inches, 0-100 (wfbmove L18)


def refusal(name, params) -> str:
    with pytest.raises(ParamError) as error:
        REGISTRY[name][0](params)
    return str(error.value)


@pytest.mark.parametrize(("name", "params", "message"), [
    (AMBUSH, {"defender_dr": "3"}, "attacker_dr: is required"),
    (AMBUSH, {"attacker_dr": "", "defender_dr": "3"}, "attacker_dr: is required"),
    (AMBUSH, {"attacker_dr": "x" * 30, "defender_dr": "3"}, f"attacker_dr: must be a whole number, not {'x' * 20!r}"),
    (AMBUSH, {"attacker_dr": "7", "defender_dr": "3"}, "attacker_dr: must be between 1 and 6"),
    (AMBUSH, {"attacker_dr": "0", "defender_dr": "3"}, "attacker_dr: must be between 1 and 6"),
    (AMBUSH, {"attacker_dr": "3", "defender_dr": "7"}, "defender_dr: must be between 1 and 6"),
    (AMBUSH, {"attacker_dr": "3", "defender_dr": "0"}, "defender_dr: must be between 1 and 6"),
    (AMBUSH, {"attacker_dr": "6", "defender_dr": "1", "illuminated": "Maybe"}, "illuminated: must be true or false, not 'maybe'"),
    (AMBUSH, {"attacker_dr": "6", "defender_dr": "1", "illuminated": "z" * 30},
     f"illuminated: must be true or false, not {'z' * 20!r}"),
    (TERRAIN, {"m": "y" * 30}, f"m: must be a number, not {'y' * 20!r}"),
    (TERRAIN, {}, "m: is required"),
    (TERRAIN, {"m": ""}, "m: is required"),
    (TERRAIN, {"m": "abc"}, "m: must be a number, not 'abc'"),
    (TERRAIN, {"m": "nan"}, "m: must be between 0 and 100"),
    (TERRAIN, {"m": "100.5"}, "m: must be between 0 and 100"),
    (TERRAIN, {"m": "-1"}, "m: must be between 0 and 100"),
    ("dba-combat", {"a": "3Kn", "b": "3Kn", "mode": "melee"}, "mode: must be one of close, shooting"),
    ("rumbo-third-column", {"bound": "51", "pips": "3"}, "bound: must be between 1 and 50"),
    ("rumbo-third-column", {"bound": "2", "pips": "0"}, "pips: must be between 1 and 6"),
])
def test_a_bad_parameter_is_named_with_what_is_wrong(name, params, message):
    assert refusal(name, params) == message


def test_the_limits_themselves_and_spaced_or_spanish_answers_are_accepted():
    assert REGISTRY[AMBUSH][0]({"attacker_dr": " 6 ", "defender_dr": "1", "illuminated": "Sí"}) == \
        REGISTRY[AMBUSH][0]({"attacker_dr": "6", "defender_dr": "1", "illuminated": "yes"})
    assert REGISTRY[AMBUSH][0]({"attacker_dr": "1", "defender_dr": "6", "illuminated": "no"})["result"]["ambush"] == \
        "attacker"  # 5 less at night (aslnight L39)
    assert REGISTRY[TERRAIN][0]({"m": "100", "open": "0"})["result"] == REGISTRY[TERRAIN][0]({"m": "100.0"})["result"]


def test_a_pip_die_of_one_and_the_fiftieth_bound_are_accepted():
    result = REGISTRY["rumbo-third-column"][0]({"bound": "50", "pips": "1", "second_column_on": "1",
                                                "third_column_off": "1"})["result"]
    assert result == {"verdict": "cannot", "cost": 0, "pips_left": 1}  # fewer than the 4 PIPs (rumbo L35)


def test_a_decimal_comma_is_read_as_a_decimal_point():
    comma = REGISTRY[TERRAIN][0]({"m": "4,5", "open": "2,5"})
    assert comma["result"] == REGISTRY[TERRAIN][0]({"m": "4.5", "open": "2.5"})["result"]


# aslnight L39, L43: the ATTACKER's dr 2 against the DEFENDER's 4 ambushes at night, not where it is illuminated
@pytest.mark.parametrize("word", ["1", "true", "yes", "on", "si", "sí", "y", "TRUE", "Yes", "Sí"])
def test_the_yes_words(word):
    assert REGISTRY[AMBUSH][0]({"attacker_dr": "2", "defender_dr": "4", "illuminated": word})["result"]["ambush"] is None


@pytest.mark.parametrize("word", ["0", "false", "no", "off", "n", "", "  ", "FALSE", "No"])
def test_the_no_words(word):
    assert REGISTRY[AMBUSH][0]({"attacker_dr": "2", "defender_dr": "4", "illuminated": word})["result"]["ambush"] == \
        "attacker"


def test_an_empty_field_is_a_missing_one():
    assert refusal("dba-combat", {"a": "", "b": "3Kn"}) == "a: is required"
    # an empty choice is its default: nothing behind the recoiler (guia22 L1430)
    assert REGISTRY["dba-recoil"][0]({"recoiler": "4Bd", "behind": ""}) == REGISTRY["dba-recoil"][0]({"recoiler": "4Bd"})


def test_an_empty_die_is_no_die():
    # both dice left empty in the form: the odds over the 36 throws, as with no dice at all
    assert REGISTRY["dba-combat"][0]({"a": "4Bd", "b": "3Kn", "a_die": "", "b_die": " "}) == \
        REGISTRY["dba-combat"][0]({"a": "4Bd", "b": "3Kn"})


@pytest.mark.parametrize(("name", "params", "message"), [
    ("dba-combat", {"a": "Elephantsxxxxxxxx", "b": "3Kn"}, "a: 'Elephantsxxx' is not a DBA 2.2 element with combat factors"),
    ("dba-combat", {"a": "3Kn", "b": "3Kn", "a_rear_support": "Elephantsxxxxxxxx"},
     "a_rear_support: 'Elephantsxxx' is not a DBA 2.2 element"),
    ("dba-recoil", {"recoiler": "Elephantsxxxxxxxx"}, "recoiler: 'Elephantsxxx' is not a DBA 2.2 element"),
    ("dba-pip-cost", {"elements": "Elephantsxxxxxxxx"}, "elements: 'Elephantsxxx' is not a DBA 2.2 element"),
    ("dba-victory", {"a_lost": "Elephantsxxxxxxxx"}, "a_lost: 'Elephantsxxx' is not a DBA 2.2 element code"),
    ("dba-victory", {"edition": "3.0", "b_lost": "4Bd,Elephantsxxxxxxxx"}, "b_lost: 'Elephantsxxx' is not a DBA 3.0 element code"),
])
def test_a_long_unknown_element_is_quoted_short(name, params, message):
    assert refusal(name, params) == message


# Every refusal the form shows under its field, word for word (the rule it rests on where there is one).
REFUSALS = [
    ('dba-combat', {'a': 'Tank', 'b': '3Kn', 'mode': 'melee'},  # the mode is checked first
     'mode: must be one of close, shooting'),
    ('dba-combat', {'a': '4Bd', 'b': '3Kn', 'a_die': '0', 'b_die': '1'},
     'a_die: must be between 1 and 6'),
    ('dba-combat', {'a': '3Kn', 'b': '4Bd', 'mode': 'shooting'},  # guia22 L1188
     'a: 3Kn does not shoot: only Bows, War Wagons and Artillery shoot (guia22 L1188; Litter does not, nasamw22 L377)'),
    ('dba-combat', {'a': 'Lit', 'b': '4Bd', 'mode': 'shooting'},  # nasamw22 L377
     'a: Lit does not shoot: only Bows, War Wagons and Artillery shoot (guia22 L1188; Litter does not, nasamw22 L377)'),
    ('dba-combat', {'a': '4Bd', 'b': '3Kn', 'mode': 'shooting', 'shooter': 'b'},  # guia22 L1188
     'b: 3Kn does not shoot: only Bows, War Wagons and Artillery shoot (guia22 L1188; Litter does not, nasamw22 L377)'),
    ('dba-combat', {'a': '4Bw', 'b': '4Bd', 'mode': 'shooting', 'target_shoots_back': 'yes'},  # guia22 L1188
     'target_shoots_back: 4Bd cannot shoot back: only Bows, War Wagons and Artillery shoot (guia22 L1188)'),
    ('dba-combat', {'a': '4Bw', 'b': '4Bd', 'mode': 'shooting', 'b_overlaps': '3'},  # guia22 L1205, nasamw22 L423
     'b_overlaps: at most 2 elements support a shot: up to 3 shoot at one element (guia22 L1205, nasamw22 L423)'),
    ('dba-combat', {'a': '4Bw', 'b': '4Bw', 'mode': 'shooting', 'a_overlaps': '3'},  # guia22 L1205, nasamw22 L423
     'a_overlaps: at most 2 elements support a shot: up to 3 shoot at one element (guia22 L1205, nasamw22 L423)'),
    ('dba-combat', {'a': '4Bw', 'b': '4Bd', 'mode': 'shooting', 'a_overlaps': '1'},  # nasamw22 L561
     'a_overlaps: nothing shoots at it, so no enemy supports a shot at it'),
    ('dba-combat', {'a': '4Bw', 'b': '4Bd', 'mode': 'shooting', 'a_shot_in_rear': '1'},  # nasamw22 L561
     'a_shot_in_rear: nothing shoots at it'),
    ('dba-combat', {'a': '4Bw', 'b': '4Bd', 'mode': 'shooting', 'range_paces': '201'},  # guia22 L1197
     'range_paces: 4Bw shoots at most 200 paces (guia22 L1197-1199)'),
    ('dba-combat', {'a': 'Art', 'b': '4Bd', 'mode': 'shooting', 'range_paces': '10001'},  # the form's limit
     'range_paces: must be between 0 and 10000'),
    ('dba-combat', {'a': '4Bd', 'b': '4Bd', 'a_shot_in_rear': '1'},  # guia22 L1433
     'a_shot_in_rear: only a shot can be on the rear: set mode=shooting'),
    ('dba-combat', {'a': '4Bd', 'b': '4Bd', 'b_die': '1'},
     'a_die: give both dice or neither'),
    ('dba-combat', {'a': '4Bd', 'b': '4Bd', 'a_die': '1'},
     'b_die: give both dice or neither'),
    ('dba-combat', {'a': '4Bd', 'b': '4Bd', 'knights_contact': 'side'},
     'knights_contact: must be one of front, flank_or_rear, not_this_bound'),
    ('dba-combat', {'a': '4Bd', 'b': '4Bd', 'a_overlaps': '4'},
     'a_overlaps: must be between 0 and 3'),
    ('dba-combat', {'a': '4Bd', 'b': '4Bd', 'shooter': 'c', 'mode': 'shooting'},
     'shooter: must be one of a, b'),
    ('dba-recoil', {'recoiler': '4Bd', 'behind': 'moat'},
     'behind: must be one of nothing, friend, enemy, river, table_edge, bua_or_camp, impassable, bad_going'),
    ('dba-recoil', {'recoiler': '4Bd', 'behind': 'friend'},
     'friend: is required'),
    ('dba-recoil', {'recoiler': '4Bd', 'behind': 'river', 'river': 'wide'},
     'river: must be one of unknown, minor, normal, difficult, blocked'),
    ('dba-recoil', {'recoiler': '4Bd', 'behind': 'enemy', 'enemy_touched': 'front'},
     'enemy_touched: must be one of other, rear, rear_corner, side_by_corner'),
    ('dba-pip-cost', {'elements': ' , '},
     'elements: is required'),
    ('dba-pip-cost', {'elements': '4Bd,4Bd'},  # guia22 L793
     'elements: a single move has exactly one element'),
    ('dba-pip-cost', {'elements': '4Bd,4Bd', 'move': 'group', 'general_moving': '1'},  # guia22 L820
     "general_moving: the general's own move exemption is for a single-element move"),
    ('wfb-terrain-move', {'m': '10', 'open': '6', 'difficult': '4.5'},  # wfbmove L87-90
     'difficult: the distances spent add up to 10.5 cm, more than M 10'),
    ('wfb-terrain-move', {'m': '10', 'open': '6', 'difficult': '4', 'very_difficult': '0.5'},  # wfbmove L87-90
     'very_difficult: the distances spent add up to 10.5 cm, more than M 10'),
    ('wfb-terrain-move', {'m': '10', 'open': '101'},
     'open: must be between 0 and 100'),
]


@pytest.mark.parametrize(("name", "params", "message"), REFUSALS, ids=[message for _n, _p, message in REFUSALS])
def test_each_refusal_is_said_in_full(name, params, message):
    assert refusal(name, params) == message
