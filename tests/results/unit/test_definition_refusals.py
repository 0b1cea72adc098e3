"""A scoring definition the organizer types (tournament/results/definition.py) is refused with the sentence the
scoring page shows under it (results/explain.py): the field as a dotted path and what is wrong, with
the limits and the allowed names spelt out; the values just inside each limit are accepted."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournament.results.definition import DefinitionError, parse_definition, read_definition_text
from tournament.results.explain import definition_error_message
from tournament.results.tiebreaks import REGISTRY

BASE = {"name": "Mine", "win": 3, "loss": 0, "time": 1}
TOP_FIELDS = ("name, source, doubtful, counts, win, loss, time, time_ahead, time_level, time_behind, rules, split, bye, "
              "ranking, tiebreaks, key, provenance")
COUNT_FIELDS = "element, sch, general, camp, cap, 2.2, 3.0"
CONDITIONS = ("outcome, lost_at_least, lost_at_most, destroyed_at_least, destroyed_at_most, both_lost_at_least, "
              "margin_at_least, margin_at_most, general_killed, general_lost, camp_taken, camp_lost")
TIEBREAKS = ("camps_and_generals, camps_taken, countback, elements_destroyed, fewest_lost, generals_killed, head_to_head, "
             "margin, seeded_random, sos")
OUT_OF_RANGE = "out of range (at most 1000 either way)."
WHOLE = "expected a whole number."


def _refusal(data, tiebreak_keys=REGISTRY) -> tuple[str, str]:
    with pytest.raises(DefinitionError) as error, translation.override("en"):
        parse_definition(data, tiebreak_keys)
    with translation.override("en"):
        return error.value.field, definition_error_message(error.value)


def _rule(**fields) -> dict:
    return {**BASE, "rules": [{"when": {"outcome": "win"}, "points": 1, **fields}]}


def _margin(*rows) -> dict:
    return {**BASE, "win": {"margin": list(rows)}}


@pytest.mark.parametrize(("data", "field", "message"), [
    ([3], "", "the definition: expected named fields (a mapping)."),
    ({**BASE, "bonus": 1}, "bonus", f"bonus: unknown field; the known ones are: {TOP_FIELDS}."),
    ({"win": 3, "loss": 0, "time": 1}, "name", "name: required."),
    ({**BASE, "name": "   "}, "name", "name: required."),
    ({**BASE, "name": 5}, "name", "name: expected a text of at most 120 characters."),
    ({**BASE, "name": "n" * 121}, "name", "name: expected a text of at most 120 characters."),
    ({"name": "x", "win": 3, "loss": 0}, "time", "time: required."),
    ({"name": "x", "win": 3, "time": 1}, "loss", "loss: required."),
    ({**BASE, "source": "s" * 601}, "source", "source: expected a text of at most 600 characters."),
    ({**BASE, "doubtful": "d" * 1001}, "doubtful", "doubtful: expected a text of at most 1000 characters."),
    # counts
    ({**BASE, "counts": 3}, "counts", "counts: expected named fields (a mapping)."),
    ({**BASE, "counts": {"bonus": 1}}, "counts.bonus", f"counts.bonus: unknown field; the known ones are: {COUNT_FIELDS}."),
    ({**BASE, "counts": {"cap": "x"}}, "counts.cap", f"counts.cap: {WHOLE}"),
    ({**BASE, "counts": {"element": 1.5}}, "counts.element", f"counts.element: {WHOLE}"),
    ({**BASE, "counts": {"2.2": 3}}, "counts.2.2", "counts.2.2: expected named fields (a mapping)."),
    ({**BASE, "counts": {"2.2": {"bonus": 1}}}, "counts.2.2.bonus",
     f"counts.2.2.bonus: unknown field; the known ones are: {COUNT_FIELDS}."),
    ({**BASE, "counts": {"3.0": {"sch": True}}}, "counts.3.0.sch", f"counts.3.0.sch: {WHOLE}"),
    # lines
    ({**BASE, "win": 1001}, "win", f"win: {OUT_OF_RANGE}"),
    ({**BASE, "win": {"points": "three"}}, "win.points", f"win.points: {WHOLE}"),
    ({**BASE, "loss": {"per_lost": -1001}}, "loss.per_lost", f"loss.per_lost: {OUT_OF_RANGE}"),
    ({**BASE, "win": {"camp_taken": "2"}}, "win.camp_taken", f"win.camp_taken: {WHOLE}"),
    ({**BASE, "win": {"floor": "x"}}, "win.floor", f"win.floor: {WHOLE}"),
    ({**BASE, "win": {"cap": "x"}}, "win.cap", f"win.cap: {WHOLE}"),
    ({**BASE, "loss": {"floor": 3, "cap": 2}}, "loss.floor", "loss.floor: the floor is above the cap."),
    # margin tables
    (_margin(), "win.margin", "win.margin: expected a list of at most 30 items."),
    ({**BASE, "win": {"margin": 3}}, "win.margin", "win.margin: expected a list of at most 30 items."),
    (_margin(*({"at_least": 40 - i, "points": 1} for i in range(31))), "win.margin",
     "win.margin: expected a list of at most 30 items."),
    (_margin(3), "win.margin[0]", "win.margin[0]: expected named fields (a mapping)."),
    (_margin({"at_least": 1, "points": 2, "bonus": 1}), "win.margin[0].bonus",
     "win.margin[0].bonus: unknown field; the known ones are: at_least, points."),
    (_margin({"at_least": 1}), "win.margin[0].points", "win.margin[0].points: required."),
    (_margin({"at_least": 1, "points": "x"}), "win.margin[0].points", f"win.margin[0].points: {WHOLE}"),
    (_margin({"points": 2}, {"at_least": 1, "points": 1}), "win.margin[0].at_least", "win.margin[0].at_least: required."),
    (_margin({"at_least": "x", "points": 1}), "win.margin[0].at_least", f"win.margin[0].at_least: {WHOLE}"),
    (_margin({"at_least": 2, "points": 1}, {"at_least": 2, "points": 0}), "win.margin[1].at_least",
     "win.margin[1].at_least: each row needs a smaller margin than the row before it."),
    # rules
    ({**BASE, "rules": {}}, "rules", "rules: expected a list of at most 20 items."),
    ({**BASE, "rules": 5}, "rules", "rules: expected a list of at most 20 items."),
    ({**BASE, "rules": [{"when": {"outcome": "win"}, "add": 1}] * 21}, "rules", "rules: expected a list of at most 20 items."),
    ({**BASE, "rules": [3]}, "rules[0]", "rules[0]: expected named fields (a mapping)."),
    (_rule(bonus=1), "rules[0].bonus", "rules[0].bonus: unknown field; the known ones are: when, points, add, note."),
    (_rule(when=None), "rules[0].when", "rules[0].when: expected named fields (a mapping)."),
    (_rule(when={}), "rules[0].when", "rules[0].when: required."),
    (_rule(when={"foo": 1}), "rules[0].when.foo", f"rules[0].when.foo: unknown field; the known ones are: {CONDITIONS}."),
    (_rule(when={"outcome": "victory"}), "rules[0].when.outcome",
     "rules[0].when.outcome: unknown outcome; use one of: win, loss, time, time_ahead, time_level, time_behind."),
    (_rule(when={"outcome": []}), "rules[0].when.outcome",
     "rules[0].when.outcome: unknown outcome; use one of: win, loss, time, time_ahead, time_level, time_behind."),
    (_rule(when={"general_killed": "yes"}), "rules[0].when.general_killed",
     "rules[0].when.general_killed: expected true or false."),
    (_rule(when={"lost_at_least": "two"}), "rules[0].when.lost_at_least", f"rules[0].when.lost_at_least: {WHOLE}"),
    (_rule(add=1), "rules[0].points",
     "rules[0].points: give either points (the side scores this) or add (added to its points)."),
    ({**BASE, "rules": [{"when": {"outcome": "win"}}]}, "rules[0].points",
     "rules[0].points: give either points (the side scores this) or add (added to its points)."),
    (_rule(points="x"), "rules[0].points", f"rules[0].points: {WHOLE}"),
    ({**BASE, "rules": [{"when": {"outcome": "win"}, "add": "x"}]}, "rules[0].add", f"rules[0].add: {WHOLE}"),
    (_rule(note="n" * 201), "rules[0].note", "rules[0].note: expected a text of at most 200 characters."),
    (_rule(note=5), "rules[0].note", "rules[0].note: expected a text of at most 200 characters."),
    # split, bye, ranking, tie-breaks
    ({**BASE, "split": "x"}, "split", f"split: {WHOLE}"),
    ({**BASE, "split": 0}, "split", f"split: {OUT_OF_RANGE}"),
    ({**BASE, "split": -1}, "split", f"split: {OUT_OF_RANGE}"),
    ({**BASE, "split": 1001}, "split", f"split: {OUT_OF_RANGE}"),
    ({**BASE, "bye": None}, "bye", f"bye: {WHOLE}"),
    ({**BASE, "bye": True}, "bye", f"bye: {WHOLE}"),
    ({**BASE, "bye": -1001}, "bye", f"bye: {OUT_OF_RANGE}"),
    ({**BASE, "ranking": 1}, "ranking", "ranking: expected a list of at most 2 items."),
    ({**BASE, "ranking": ["points", "wins", "points"]}, "ranking", "ranking: expected a list of at most 2 items."),
    ({**BASE, "ranking": ["elo"]}, "ranking[0]", "ranking[0]: unknown key; use one of: points, wins."),
    ({**BASE, "ranking": ["points", "points"]}, "ranking", "ranking: a key appears twice."),
    ({**BASE, "tiebreaks": "sos"}, "tiebreaks", "tiebreaks: expected a list of at most 12 items."),
    ({**BASE, "tiebreaks": ["sos", "coin"]}, "tiebreaks[1]", f"tiebreaks[1]: unknown key; use one of: {TIEBREAKS}."),
    ({**BASE, "tiebreaks": ["points"]}, "tiebreaks[0]", f"tiebreaks[0]: unknown key; use one of: {TIEBREAKS}."),
    ({**BASE, "tiebreaks": ["sos", "margin", "sos"]}, "tiebreaks", "tiebreaks: a key appears twice."),
])
def test_a_definition_is_refused_with_the_sentence_the_page_shows(data, field, message):
    assert _refusal(data) == (field, message)


def test_a_refusal_reads_as_its_field_and_code_in_a_log():
    with pytest.raises(DefinitionError) as error:
        parse_definition({**BASE, "win": {"points": "three"}}, REGISTRY)
    assert str(error.value) == "win.points: not_an_integer"


def test_tie_breaks_the_app_does_not_list_yet_are_checked_for_shape_only():
    """With no list of known tie-breaks (a definition read before the app's are known), any short name passes."""
    names = [f"rule_{i}" for i in range(12)]
    assert parse_definition({**BASE, "tiebreaks": names}).tiebreaks == tuple(names)
    assert parse_definition({**BASE, "tiebreaks": ["x" * 40, "y"]}).tiebreaks == ("x" * 40, "y")
    assert _refusal({**BASE, "tiebreaks": [*names, "rule_12"]}, None) == (
        "tiebreaks", "tiebreaks: expected a list of at most 12 items.")
    for bad in ("", "x" * 41, 7):
        assert _refusal({**BASE, "tiebreaks": [bad]}, None) == ("tiebreaks[0]", "tiebreaks[0]: unknown key; use one of: .")


def test_the_values_just_inside_each_limit_are_accepted():
    d = parse_definition({**BASE, "name": "n" * 120, "source": "s" * 600, "doubtful": "d" * 1000,
                          "win": {"margin": [{"at_least": 40 - i, "points": 1} for i in range(30)]},
                          "loss": {"floor": 2, "cap": 2, "per_lost": -1000}, "time": {"points": 3.0},
                          "rules": [{"when": {"outcome": "win"}, "add": 1, "note": "n" * 200}] * 20,
                          "split": 1, "bye": 1000, "ranking": ["wins", "points"], "key": "mine", "provenance": "notes"},
                         REGISTRY)
    assert (d.name, d.source, d.doubtful) == ("n" * 120, "s" * 600, "d" * 1000)
    assert len(d.lines["win"].margin) == 30 and (d.lines["loss"].floor, d.lines["loss"].cap) == (2, 2)
    assert d.lines["time"].points == 3 and isinstance(d.lines["time"].points, int)  # JSON's 3.0 is the whole number 3
    assert len(d.rules) == 20 and d.rules[0].note == "n" * 200
    assert (d.split, d.bye, d.ranking) == (1, 1000, ("wins", "points"))
    assert parse_definition({**BASE, "bye": -1000}).bye == -1000
    spaced = parse_definition({**BASE, "name": "  Mine ", "rules": [{"when": {"outcome": "win"}, "add": 1, "note": " a note "}]})
    assert (spaced.name, spaced.rules[0].note) == ("Mine", "a note")  # the spaces around words are trimmed


def test_what_a_definition_leaves_out_takes_its_default():
    d = parse_definition({**BASE, "ranking": []}, REGISTRY)
    assert (d.bye, d.ranking, d.tiebreaks, d.split, d.rules, d.source, d.doubtful) == (0, ("points",), (), None, (), "", "")
    assert d.counts.element == 1 and d.counts.cap is None and d.edition_counts == {}


@pytest.mark.parametrize(("text", "message"), [
    ("x" * 20_001, "the definition: expected a text of at most 20000 characters."),
    ("win: " + "[" * 13 + "1" + "]" * 13, "the definition: this is not readable YAML or JSON: nested more than 12 levels"),
    ("win: " + "{a: " * 13 + "1" + "}" * 13, "the definition: this is not readable YAML or JSON: nested more than 12 levels"),
    # brackets closed before any opened do not make room for deeper nesting
    ('name: "]]]]"\nwin: ' + "[" * 13 + "1" + "]" * 13,
     "the definition: this is not readable YAML or JSON: nested more than 12 levels"),
    # one bracket closed inside counts one level down, no more
    ("win: " + "[" * 7 + "1], " + "[" * 7 + "1" + "]" * 13,
     "the definition: this is not readable YAML or JSON: nested more than 12 levels"),
    ("win: " + "[X, " * 13 + "1" + "]" * 13, "the definition: this is not readable YAML or JSON: nested more than 12 levels"),
    ("a: &a [x, x]\nb: [*a, *a]\nname: n\n", "the definition: this is not readable YAML or JSON: aliases (*name) are not allowed"),
    ("name: [x", "the definition: this is not readable YAML or JSON: while parsing a flow sequence"),
    ("- win\n- loss\n", "the definition: expected named fields (a mapping)."),
    ("", "the definition: expected named fields (a mapping)."),
])
def test_a_definition_text_that_cannot_be_read_is_refused_as_a_whole(text, message):
    with pytest.raises(DefinitionError) as error:
        read_definition_text(text)
    with translation.override("en"):
        assert (error.value.field, definition_error_message(error.value)) == ("", message)


def test_a_definition_text_at_the_limits_is_read():
    padded = "name: x\n#" + "-" * (20_000 - 10) + "\n"
    assert len(padded) == 20_000 and read_definition_text(padded) == {"name": "x"}
    assert read_definition_text("win: " + "[" * 12 + "1" + "]" * 12)["win"] == [[[[[[[[[[[[1]]]]]]]]]]]]
    assert read_definition_text("a: [1]\nwin: " + "[" * 12 + "1" + "]" * 12)["a"] == [1]  # closed: back to level 0
    assert read_definition_text("name: " + "X" * 20) == {"name": "X" * 20}  # only brackets and braces nest
    assert read_definition_text("a: &a 1\nname: n") == {"a": 1, "name": "n"}  # an anchor no alias uses is harmless
    assert read_definition_text('{"name": "n", "win": 3}') == {"name": "n", "win": 3}  # JSON is YAML too


def test_a_yaml_error_is_told_in_its_first_line_at_most_200_characters():
    with pytest.raises(DefinitionError) as error:
        read_definition_text("name: !" + "t" * 300 + " x\n")  # a tag the safe loader does not know, named in full
    assert error.value.params["detail"] == "could not determine a constructor for the tag '!" + "t" * 152
