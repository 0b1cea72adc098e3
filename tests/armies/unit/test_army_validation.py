"""Army validation: legal armies pass, and every breach is named."""

from __future__ import annotations

import pytest
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.armies.catalogue import load_catalogue
from tournament.armies.messages import violation_message
from tournament.armies.validation import ArmyChoice, Restrictions, default_army, validate_army

CATALOGUE = load_catalogue()


def codes(violations):
    return [v.code for v in violations]


NONE = Restrictions()


def check(ref, elements, general=0, restrictions=NONE, allies=()):
    return validate_army(ArmyChoice(ref, tuple(elements), general, allies=allies), "3.0", CATALOGUE, restrictions)


def test_the_default_army_of_every_list_is_legal():
    bad = {e.ref: validate_army(default_army(e), "3.0", CATALOGUE) for e in CATALOGUE.variants()}
    assert {ref: v for ref, v in bad.items() if v} == {}


def test_every_list_takes_each_of_its_allies_alone_and_each_combination_its_column_allows():
    """Over the whole catalogue: the standard army with any one ally the list names, and with every largest
    set of allies its column allows together, is valid (the combination check never refuses what the list
    allows)."""
    bad = []
    for entry in CATALOGUE.variants():
        army = default_army(entry)
        takes = [(ally,) for ally in entry.allies] + [tuple(c) for c in entry.ally_combinations]
        for allies in takes:
            found = validate_army(ArmyChoice(entry.ref, army.elements, army.general, allies=allies), "3.0", CATALOGUE)
            if found:
                bad.append((entry.ref, allies, codes(found)))
    assert bad == []


def test_order_of_elements_does_not_matter():
    army = default_army(CATALOGUE.get("II/33"))
    reordered = (army.elements[0], *reversed(army.elements[1:]))
    assert check("II/33", reordered) == []


def test_wrong_count_and_missing_general():
    army = default_army(CATALOGUE.get("II/33"))
    assert codes(check("II/33", army.elements[:11])) == ["wrong_count"]
    assert "no_general" in codes(check("II/33", army.elements, general=-1))


def test_element_not_in_list_names_its_position():
    elements = list(default_army(CATALOGUE.get("II/33")).elements)
    elements[11] = "El"
    (violation,) = check("II/33", elements)
    assert violation.code == "not_in_list" and violation.param("position") == 12 and violation.param("code") == "El"


def test_general_must_be_from_the_general_option():
    elements = list(default_army(CATALOGUE.get("II/33")).elements)  # Cv general, then Cv, 6x4Bd...
    violations = check("II/33", elements, general=2)
    assert "general_not_allowed" in codes(violations)


def test_too_many_of_a_type():
    elements = ["Cv", "Cv", "Cv"] + list(default_army(CATALOGUE.get("II/33")).elements[3:])
    violation = next(v for v in check("II/33", elements) if v.code == "too_many")
    assert violation.param("code") == "Cv" and violation.param("most") == 2


def test_or_options_are_taken_one_way_only():
    # II/16b column 4 is "2xSp or (1xCv + 1xEl)": one Sp and one Cv mixes the two ways.
    entry = CATALOGUE.get("II/16b")
    base = list(default_army(entry).elements)
    assert check("II/16b", base) == []
    mixed = base.copy()
    mixed[mixed.index("Sp")] = "Cv"
    assert "combination" in codes(check("II/16b", mixed)) or "too_many" in codes(check("II/16b", mixed))


def test_dismountable_elements_may_be_entered_either_way():
    entry = CATALOGUE.get("I/56a")  # its general may dismount
    elements = list(default_army(entry).elements)
    assert CATALOGUE.get("I/56a").general.alts[0].also and not entry.problems
    for spelling in ("HCh//Sp", "HCh/Sp", "Sp", "HCh"):
        elements[0] = spelling
        assert check("I/56a", elements) == []


def test_event_restrictions():
    army = default_army(CATALOGUE.get("II/33"))  # Polybian Roman, 275-105 BC
    assert codes(check("II/33", army.elements, restrictions=Restrictions(allowed_books=("I",)))) == ["book_not_allowed"]
    assert codes(check("II/33", army.elements, restrictions=Restrictions(allowed_refs=("II/56",)))) == ["ref_not_allowed"]
    assert check("II/33", army.elements, restrictions=Restrictions(allowed_refs=("II/33",))) == []
    late = Restrictions(date_from=500, date_to=1000)
    assert codes(check("II/33", army.elements, restrictions=late)) == ["date_out_of_range"]
    assert check("II/33", army.elements, restrictions=Restrictions(date_from=-200, date_to=0)) == []
    aztec = default_army(CATALOGUE.get("IV/63"))  # "1325-2521 AD": the end year is a slip, left out
    assert codes(check("IV/63", aztec.elements, restrictions=Restrictions(date_to=1300))) == ["date_out_of_range"]
    assert check("IV/63", aztec.elements, restrictions=Restrictions(date_from=1400, date_to=1500)) == []
    theme = Restrictions(troop_minimums=(("Bd", 6),))
    assert check("II/33", army.elements, restrictions=theme) == []
    assert codes(check("II/33", army.elements, restrictions=Restrictions(troop_minimums=(("Wb", 6),)))) == ["troop_minimum"]


def test_variant_prefix_allows_every_variant():
    army = default_army(CATALOGUE.get("II/56"))
    assert codes(check("II/56", army.elements, restrictions=Restrictions(allowed_refs=("II/5",)))) == ["ref_not_allowed"]
    sub = default_army(CATALOGUE.get("I/1a"))
    assert check("I/1a", sub.elements, restrictions=Restrictions(allowed_refs=("I/1",))) == []
    assert codes(check("I/1a", sub.elements, restrictions=Restrictions(allowed_refs=("I/10",)))) == ["ref_not_allowed"]


def test_allies_must_come_from_the_list():
    army = default_army(CATALOGUE.get("I/1a"))
    assert check("I/1a", army.elements, allies=("I/4a",)) == []
    assert codes(check("I/1a", army.elements, allies=("IV/1",))) == ["ally_not_allowed"]


def test_unknown_list_and_missing_list():
    army = default_army(CATALOGUE.get("I/1a"))
    assert codes(check("IX/1", army.elements)) == ["unknown_ref"]
    assert codes(check(None, army.elements)) == ["ref_required"]


def test_dba22_is_checked_structurally():
    ok = validate_army(ArmyChoice(None, ("3Kn", "3Kn", "4Bd", "4Bd", "4Bd", "4Bd", "4Sp", "4Sp", "2Ps", "2Ps", "LH", "LH"), 0),
                       "2.2", None)
    assert ok == []
    bad = validate_army(ArmyChoice(None, ("3Kn",) * 11 + ("Tank",), 0), "2.2", None)
    assert codes(bad) == ["unknown_code"] and bad[0].param("position") == 12


@settings(max_examples=150, deadline=None)
@given(ref=st.sampled_from([e.ref for e in CATALOGUE.variants()]), data=st.data())
def test_replacing_an_element_with_a_foreign_type_is_always_caught(ref, data):
    army = default_army(CATALOGUE.get(ref))
    position = data.draw(st.integers(min_value=0, max_value=11))
    elements = list(army.elements)
    elements[position] = "Tank"
    violations = check(ref, elements)
    assert any(v.code == "not_in_list" and v.param("position") == position + 1 for v in violations)


@pytest.mark.parametrize(("language", "word"), [("en", "elements"), ("es", "elementos"), ("it", "elementi")])
def test_messages_in_the_players_language(language, word):
    army = default_army(CATALOGUE.get("II/33"))
    (violation,) = check("II/33", army.elements[:11])
    with translation.override(language):
        message = violation_message(violation)
    assert word in message and "12" in message and "11" in message


def test_every_violation_has_a_sentence():
    elements = list(default_army(CATALOGUE.get("II/33")).elements)
    elements[11] = "El"
    violations = [
        *check("II/33", elements, restrictions=Restrictions(allowed_books=("I",), date_from=500, date_to=900,
                                                             troop_minimums=(("Wb", 2),)), allies=("IV/1",)),
        *check("II/33", ["Cv"] * 12), *check("IX/1", elements), *check(None, elements),
    ]
    with translation.override("it"):
        sentences = [violation_message(v) for v in violations]
    assert all("(%" not in s and "rule (" not in s and "regola (" not in s for s in sentences)
    assert any("a.C." in s for s in sentences)


def test_a_short_row_allows_its_most_of_a_type_plus_the_elements_it_leaves_unstated():
    """II/35 adds up to 10: two Cv listed (the general and 1xCv), two elements unstated, so four Cv at most."""
    army = list(default_army(CATALOGUE.get("II/35")).elements)  # Cv Cv LH 4Pk x4 4Ax x2 Ps, padded with Ps Ps
    assert army.count("Cv") == 2 and check("II/35", army) == []
    four = ["Cv"] * 4 + army[4:]
    assert check("II/35", four) == []
    (too_many,) = check("II/35", ["Cv"] * 5 + army[5:])
    assert too_many.code == "too_many" and too_many.param("most") == 4 and too_many.param("count") == 5


def test_an_ally_may_be_written_without_the_variant_the_list_leaves_out():
    army = default_army(CATALOGUE.get("I/47"))
    assert check("I/47", army.elements, allies=("II/9",)) == []
    assert check("I/47", army.elements, allies=("II/ 9a",)) == []
    assert codes(check("I/47", army.elements, allies=("II/10",))) == ["ally_not_allowed"]


@pytest.mark.parametrize(("language", "list_dates", "period"), [
    ("en", "(1325 AD to …)", "(1200 AD to 1300 AD)"),
    ("es", "(1325 d. C. a …)", "(1200 d. C. a 1300 d. C.)"),
    ("it", "(dal 1325 d.C. al …)", "(dal 1200 d.C. al 1300 d.C.)"),
])
def test_a_list_without_an_end_year_is_refused_by_its_start_in_the_players_language(language, list_dates, period):
    """IV/63 "Aztec Army 1325-2521 AD" (the catalogue's slip: the end year is left out) in an event of
    1200-1300 AD: the player reads the list's start and no end, never the impossible 2521."""
    army = default_army(CATALOGUE.get("IV/63"))
    (violation,) = check("IV/63", army.elements, restrictions=Restrictions(date_from=1200, date_to=1300))
    with translation.override(language):
        message = violation_message(violation)
    assert "IV/63" in message and list_dates in message and period in message and "…" in message, message
    assert "2521" not in message


def test_allies_from_two_alternatives_of_the_list_are_refused():
    """II/56 Early Imperial Roman, allies "(II/22a or 22b or 22e and/or 44) or II/28b or 47d or 51": an army
    takes one alternative; II/28b (Other Armenian) and II/51 (Late Judaean) are two. Each alone is accepted."""
    army = default_army(CATALOGUE.get("II/56"))
    (refused,) = check("II/56", army.elements, allies=("II/28b", "II/51"))
    assert refused.code == "allies_combination"
    assert refused.param("ref") == "II/56" and refused.param("allies") == "II/28b, II/51"
    assert refused.param("text") == "(II/22a or 22b or 22e and/or 44) or II/28b or 47d or 51"
    assert check("II/56", army.elements, allies=("II/28b",)) == []
    assert check("II/56", army.elements, allies=("II/51",)) == []


def test_allies_joined_by_and_or_are_accepted_together():
    army = default_army(CATALOGUE.get("II/56"))
    assert check("II/56", army.elements, allies=("II/22a", "II/44")) == []
    assert check("II/56", army.elements, allies=("II/ 22e", "II/44")) == []
    assert codes(check("II/56", army.elements, allies=("II/22a", "II/22b"))) == ["allies_combination"]


def test_an_ally_written_without_its_variant_stands_for_every_variant_it_covers():
    """I/39b "I/37a and/or 37b, and/or 41a, and/or (31b or 43a)": "I/37" (I/37a and I/37b, both in the column)
    goes with I/41a. I/6a "I/9 or 11a or 11b or 12": "I/11" alone is one ally, accepted, though I/11a and I/11b
    are alternatives."""
    army = default_army(CATALOGUE.get("I/39b"))
    assert check("I/39b", army.elements, allies=("I/37", "I/41a")) == []
    assert codes(check("I/39b", army.elements, allies=("I/37", "I/31b", "I/43a"))) == ["allies_combination"]
    army = default_army(CATALOGUE.get("I/6a"))
    assert check("I/6a", army.elements, allies=("I/11",)) == []


def test_an_ally_the_column_names_but_the_catalogue_lacks_still_counts_in_the_combination():
    """II/15 "II/2 or 3a": II/3a names no list in the catalogue (kept as written, an ally the list takes), yet
    it is an alternative to II/2: the two together are refused."""
    army = default_army(CATALOGUE.get("II/15"))
    assert check("II/15", army.elements, allies=("II/3a",)) == []
    assert codes(check("II/15", army.elements, allies=("II/2", "II/3a"))) == ["allies_combination"]


def test_an_ally_not_in_the_list_is_named_once_not_also_as_a_combination():
    army = default_army(CATALOGUE.get("II/56"))
    assert codes(check("II/56", army.elements, allies=("II/28b", "IV/1"))) == ["ally_not_allowed"]


def test_a_doubtful_allies_column_keeps_the_one_by_one_check():
    """I/5c's column "I/4c or (6a and or 10) or 12 or 15" has a typo ("and or"): the row is doubtful, so
    two of its allies together are not refused (no legal army refused because of messy data)."""
    entry = CATALOGUE.get("I/5c")
    assert entry.allies_doubts
    army = default_army(entry)
    assert check("I/5c", army.elements, allies=("I/4c", "I/12")) == []
    assert codes(check("I/5c", army.elements, allies=("I/4c", "IV/1"))) == ["ally_not_allowed"]


@pytest.mark.parametrize(("language", "words"), [
    ("en", ("II/56", "II/28b, II/51", "“(II/22a or 22b or 22e and/or 44) or II/28b or 47d or 51”", "Allies")),
    ("es", ("II/56", "II/28b, II/51", "“(II/22a or 22b or 22e and/or 44) or II/28b or 47d or 51”", "Aliados")),
    ("it", ("II/56", "II/28b, II/51", "“(II/22a or 22b or 22e and/or 44) or II/28b or 47d or 51”", "Alleati")),
])
def test_the_refused_allies_are_told_in_the_players_language_quoting_the_list(language, words):
    army = default_army(CATALOGUE.get("II/56"))
    (refused,) = check("II/56", army.elements, allies=("II/28b", "II/51"))
    with translation.override(language):
        message = violation_message(refused)
    assert all(word in message for word in words), message
