"""The army form as the player reads it: which of the twelve boxes an error marks, what each box stands for
in the list, and the sentences for the event's period and troop minimums. Pure validation (no database);
the sentences need only Django's translation machinery."""

from __future__ import annotations

from django.utils import translation

from tournament.armies.catalogue import load_catalogue
from tournament.armies.messages import box_captions, violation_message
from tournament.armies.validation import ArmyChoice, Restrictions, default_army, offending_boxes, validate_army

CATALOGUE = load_catalogue()
POLYBIAN = default_army(CATALOGUE.get("II/33")).elements  # Cv (general), Cv, 6x4Bd, 2xSp, 2xPs


def marked(elements, general=0, ref="II/33", restrictions=None):
    violations = validate_army(ArmyChoice(ref, tuple(elements), general), "3.0", CATALOGUE, restrictions or Restrictions())
    return violations, offending_boxes(violations, elements, general)


def test_an_element_not_in_the_list_marks_its_own_box():
    elements = list(POLYBIAN)
    elements[11] = "El"
    assert marked(elements)[1] == {11}


def test_too_many_of_a_type_marks_every_box_of_that_type():
    elements = ["Cv", "cv", "Cv", *POLYBIAN[3:]]
    violations, boxes = marked(elements)
    assert [(v.code, v.param("count"), v.param("most")) for v in violations] == [("too_many", 3, 2)]
    assert boxes == {0, 1, 2}


def test_an_empty_box_is_marked_and_not_counted():
    elements = list(POLYBIAN)
    elements[3] = "  "
    violations, boxes = marked(elements)
    assert [(v.code, v.param("count")) for v in violations] == [("wrong_count", 11)]
    assert boxes == {3}
    with translation.override("en"):
        assert violation_message(violations[0]) == "An army has 12 elements; you have chosen 11."


def test_a_general_from_the_wrong_option_marks_the_generals_box():
    violations, boxes = marked(POLYBIAN, general=2)
    assert [v.code for v in violations] == ["general_not_allowed"] and boxes == {2}


def test_a_general_on_an_empty_box_is_no_general():
    elements = list(POLYBIAN)
    elements[0] = " "
    assert "no_general" in [v.code for v in marked(elements)[0]]


def test_a_mixed_or_option_marks_the_element_that_has_no_place_but_not_the_general():
    # II/16b column 4 is "2xSp or (1xCv + 1xEl)"; its general is a 3Kn
    elements = list(default_army(CATALOGUE.get("II/16b")).elements)
    elements[elements.index("Sp")] = "Cv"
    violations, boxes = marked(elements, ref="II/16b")
    assert [(v.code, v.param("codes")) for v in violations] == [("combination", "Cv")]
    assert boxes == {elements.index("Cv")}


def test_each_box_is_captioned_with_the_list_option_it_stands_for():
    with translation.override("en"):
        captions = box_captions(CATALOGUE.get("II/33"))
    assert captions == ["General: Cv", "Column 1: 1 × Cv", *["Column 2: 4 × 4Bd"] * 4,
                        *["Column 3: 2 × 4Bd or 3/4Ax"] * 2, *["Column 4: 2 × Sp"] * 2, *["Column 5: 2 × Ps"] * 2]


def test_a_list_whose_source_row_has_eleven_elements_pads_a_box_outside_its_columns_and_is_not_counted():
    entry = CATALOGUE.get("I/37b")
    assert any("add up to 11" in problem for problem in entry.problems)
    army = default_army(entry)
    with translation.override("en"):
        assert box_captions(entry)[-1] == "Not in the list's columns"
    assert validate_army(army, "3.0", CATALOGUE) == []  # the padded twelfth element is not a "too many"


def test_the_events_period_is_checked_from_either_end():
    army = POLYBIAN  # 275-105 BC
    cases = {Restrictions(date_from=500, date_to=1000): "(500 AD to 1000 AD)",
             Restrictions(date_from=-500, date_to=-300): "(500 BC to 300 BC)",
             Restrictions(date_to=-300): "(… to 300 BC)", Restrictions(date_from=-100): "(100 BC to …)"}
    for restrictions, period in cases.items():
        (violation,) = marked(army, restrictions=restrictions)[0]
        with translation.override("en"):
            assert violation_message(violation) == (
                f"The list II/33 (275 BC to 105 BC) is outside this event's period {period}.")
    assert marked(army, restrictions=Restrictions(date_from=-105, date_to=-105))[0] == []
    assert marked(army, restrictions=Restrictions(date_from=-275, date_to=-275))[0] == []


def test_troop_minimums_count_the_troop_type_in_any_spelling():
    (violation,) = marked(POLYBIAN, restrictions=Restrictions(troop_minimums=(("bd", 8), ("Ps", 2))))[0]
    with translation.override("en"):
        assert violation_message(violation) == "This event asks for at least 8 bd; your army has 6."
    assert marked(POLYBIAN, restrictions=Restrictions(troop_minimums=(("BD", 6), ("sp", 2))))[0] == []


def test_a_list_restriction_with_spaces_still_allows_the_list_and_its_variants():
    army = default_army(CATALOGUE.get("I/1a")).elements
    assert marked(army, ref="I/1a", restrictions=Restrictions(allowed_refs=(" I / 1 ",)))[0] == []
    assert marked(POLYBIAN, restrictions=Restrictions(allowed_refs=("II/3",)))[0][0].code == "ref_not_allowed"


def test_the_sentences_name_the_list_and_what_the_event_allows():
    elements = [*POLYBIAN[:11], "El"]
    found = marked(elements, restrictions=Restrictions(allowed_books=("I", "III"), allowed_refs=("I/1", "II/56")))[0]
    found += marked(["Cv"] * 12)[0] + marked(POLYBIAN, general=2)[0]
    found += validate_army(ArmyChoice("I/1a", default_army(CATALOGUE.get("I/1a")).elements, 0, allies=("IV/1",)),
                           "3.0", CATALOGUE)
    with translation.override("en"):
        assert [violation_message(v) for v in found] == [
            "This event only allows lists from books I, III; II/33 is not one of them.",
            "This event only allows the lists I/1, II/56; II/33 is not one of them.",
            "Element 12 (El) is not in the list II/33.",
            "The list II/33 allows at most 2 × Cv; you have 12.",
            "In the list II/33 the general must be Cv, not 4Bd.",
            "The list I/1a cannot take IV/1 as allies."]


def test_the_general_counts_only_for_the_types_the_general_may_be():
    # II/33: the general is a Cv, so two Sp is still the most (no extra for the general's option)
    elements = [*POLYBIAN[:8], "Sp", "Sp", "Sp", "Ps"]
    violations, boxes = marked(elements)
    assert [(v.code, v.param("code"), v.param("most"), v.param("count")) for v in violations] == [("too_many", "Sp", 2, 3)]
    assert boxes == {8, 9, 10}


def test_two_options_competing_for_the_same_type_do_not_fit_together():
    # I/1b: column 1 "1xHCh or 4Bw", column 4 "2xPs", column 5 "1x3Ax or Ps". Three Ps are allowed (2 + 1), but
    # then column 5 is taken as Ps and the 3Ax has no place.
    elements = list(default_army(CATALOGUE.get("I/1b")).elements)
    elements[1] = "Ps"
    violations, boxes = marked(elements, ref="I/1b")
    assert [(v.code, v.param("codes")) for v in violations] == [("combination", "3Ax")]
    assert boxes == {11}


def test_a_list_without_dates_is_never_outside_the_events_period():
    assert CATALOGUE.get("I/9").date_from is None
    army = default_army(CATALOGUE.get("I/9")).elements
    assert marked(army, ref="I/9", restrictions=Restrictions(date_from=500, date_to=1000))[0] == []


def test_a_list_allowing_one_of_a_type_refuses_two_and_the_general_sentence_lists_every_choice():
    elements = list(default_army(CATALOGUE.get("I/1b")).elements)  # 4Pk general ... 3Ax last
    two = [*elements[:10], "3Ax", "3Ax"]
    (violation,) = marked(two, ref="I/1b")[0]
    wrong_general = marked(["Ps", *elements[1:]], ref="I/1b")[0]
    elements[1] = "Ps"
    (combination,) = marked(elements, ref="I/1b")[0]
    with translation.override("en"):
        assert violation_message(violation) == "The list I/1b allows at most 1 × 3Ax; you have 2."
        assert violation_message(wrong_general[0]) == "In the list I/1b the general must be 4Pk / 3Bd / HCh / LCh, not Ps."
        assert violation_message(combination).startswith(
            "These elements do not fit the options of I/1b together: 3Ax. ")


def test_troop_minimums_count_mounted_infantry_by_the_type_they_fight_as():
    army = default_army(CATALOGUE.get("I/42")).elements  # HCh, 2 x Mtd-3Bw, LH, 7 x 3Bw, 3Ax
    assert marked(army, ref="I/42", restrictions=Restrictions(troop_minimums=(("Bw", 9),)))[0] == []
    (short,) = marked(army, ref="I/42", restrictions=Restrictions(troop_minimums=(("Bw", 10),)))[0]
    assert short.param("count") == 9


def test_a_general_box_past_the_twelfth_is_no_general():
    assert [v.code for v in marked(POLYBIAN, general=12)[0]] == ["no_general"]


def test_the_standard_army_of_a_short_list_repeats_its_last_element_and_every_list_has_twelve_captions():
    assert default_army(CATALOGUE.get("I/37b")).elements[-2:] == ("Ps", "Ps")
    assert default_army(CATALOGUE.get("II/35")).elements[-2] == default_army(CATALOGUE.get("II/35")).elements[-1]
    with translation.override("en"):
        assert {entry.ref for entry in CATALOGUE.variants() if len(box_captions(entry)) != 12} == set()
        assert len(box_captions(CATALOGUE.get("II/11"))) == 12  # a source row of more than twelve elements


def test_without_a_catalogue_the_element_types_are_the_editions():
    assert validate_army(ArmyChoice(None, ("Lb",) * 12, 0), "3.0", None) == []  # longbowmen: DBA 3.0 only
    short = validate_army(ArmyChoice(None, ("3Kn",) * 10 + ("Tank",), 0), "2.2", None)
    with translation.override("en"):
        assert [violation_message(v) for v in short] == [
            "An army has 12 elements; you have chosen 11.",
            "Element 11 (Tank) is not an element type of this edition."]


def test_dismountable_elements_count_and_pass_as_their_mounted_type():
    dba22 = ("3Kn//4Bd",) * 2 + ("3Kn",) * 4 + ("4Bd",) * 4 + ("2Ps",) * 2
    assert validate_army(ArmyChoice(None, dba22, 0), "2.2", None, Restrictions(troop_minimums=(("Kn", 6),))) == []
    tank = validate_army(ArmyChoice(None, (*dba22[:11], "Tank"), 0), "2.2", None)
    assert offending_boxes(tank, (*dba22[:11], "Tank"), 0) == {11}


def test_every_offending_box_is_marked_when_there_are_several_errors():
    elements = ["Cv", "Cv", "Cv", *POLYBIAN[3:11], "El"]
    violations, boxes = marked(elements)
    assert sorted(v.code for v in violations) == ["not_in_list", "too_many"] and boxes == {0, 1, 2, 11}
    blank = [*elements[:5], "", *elements[6:]]
    assert marked(blank)[1] == {0, 1, 2, 5, 11}


def test_an_unknown_list_is_named_and_a_short_lists_captions_still_cover_twelve_boxes():
    (violation,) = marked(POLYBIAN, ref="IX/1")[0]
    with translation.override("en"):
        assert violation_message(violation) == "There is no army list IX/1 in the catalogue."
        assert len(box_captions(CATALOGUE.get("I/37b"))) == 12


def test_the_events_period_is_told_in_spanish_and_italian():
    (violation,) = marked(POLYBIAN, restrictions=Restrictions(date_from=500, date_to=1000))[0]
    expected = {
        "es": "La lista II/33 (275 a. C. a 105 a. C.) queda fuera del periodo del torneo (500 d. C. a 1000 d. C.).",
        "it": "La lista II/33 (dal 275 a.C. al 105 a.C.) è fuori dal periodo del torneo (dal 500 d.C. al 1000 d.C.)."}
    for language, sentence in expected.items():
        with translation.override(language):
            assert violation_message(violation) == sentence


def test_a_combination_that_leaves_two_types_names_both_and_marks_their_boxes():
    # I/1b: a second HCh takes the place of column 1 ("1xHCh or 4Bw") twice over, and a third Ps column 5
    # ("1x3Ax or Ps"): the second HCh and the 3Ax have no place, and every box of those two types is marked
    elements = list(default_army(CATALOGUE.get("I/1b")).elements)
    elements[2], elements[3] = "HCh", "Ps"
    violations, boxes = marked(elements, ref="I/1b")
    assert [(v.code, v.param("codes")) for v in violations] == [("combination", "HCh, 3Ax")]
    assert boxes == {1, 2, 11}


def test_a_list_whose_options_add_up_to_thirteen_allows_no_element_more_than_it_lists():
    # II/16e lists 13 elements (a slip of the source, flagged): it is checked by its counts alone, and a count is the
    # list's own maximum, with no element to spare as a list short of twelve has
    elements = list(default_army(CATALOGUE.get("II/16e")).elements)
    elements[elements.index("Ps")] = "LH"
    violations, boxes = marked(elements, ref="II/16e")
    assert [(v.code, v.param("code"), v.param("most")) for v in violations] == [("too_many", "LH", 1)]
    assert boxes == {i for i, code in enumerate(elements) if code == "LH"}
