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
    (TERRAIN, {}, "m: is required"),
    (TERRAIN, {"m": "abc"}, "m: must be a number, not 'abc'"),
    (TERRAIN, {"m": "nan"}, "m: must be between 0 and 100"),
    (TERRAIN, {"m": "100.5"}, "m: must be between 0 and 100"),
    (TERRAIN, {"m": "-1"}, "m: must be between 0 and 100"),
    ("dba-combat", {"a": "3Kn", "b": "3Kn", "mode": "melee"}, "mode: must be one of close, shooting"),
    ("rumbo-third-column", {"bound": "51", "pips": "3"}, "bound: must be between 1 and 50"),
])
def test_a_bad_parameter_is_named_with_what_is_wrong(name, params, message):
    assert refusal(name, params) == message


def test_the_limits_themselves_and_spaced_or_spanish_answers_are_accepted():
    assert REGISTRY[AMBUSH][0]({"attacker_dr": " 6 ", "defender_dr": "1", "illuminated": "Sí"}) == \
        REGISTRY[AMBUSH][0]({"attacker_dr": "6", "defender_dr": "1", "illuminated": "yes"})
    assert REGISTRY[AMBUSH][0]({"attacker_dr": "1", "defender_dr": "6", "illuminated": "no"})["result"]["ambush"] == \
        "attacker"  # 5 less at night (aslnight L39)
    assert REGISTRY[TERRAIN][0]({"m": "100", "open": "0"})["result"] == REGISTRY[TERRAIN][0]({"m": "100.0"})["result"]


def test_a_decimal_comma_is_read_as_a_decimal_point():
    comma = REGISTRY[TERRAIN][0]({"m": "4,5", "open": "2,5"})
    assert comma["result"] == REGISTRY[TERRAIN][0]({"m": "4.5", "open": "2.5"})["result"]
