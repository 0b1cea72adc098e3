"""A scoring definition written back as the plain mapping an event stores (`definition_data`) and as the YAML the
scoring page shows (`definition_text`) reads back as the same definition, and is written the way an organizer
reads it: fields in the manual's order, lists in brackets, accents as typed, an edition's block holding only what
it changes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.results.definition import (
    CONDITION_FLAGS,
    CONDITION_INTS,
    COUNT_KEYS,
    EDITIONS,
    SIDE_OUTCOMES,
    definition_data,
    definition_text,
    parse_definition,
    read_definition_text,
)
from tournament.results.scoring import preset_data, templates
from tournament.results.tiebreaks import REGISTRY

BASE = {"name": "Mine", "win": 3, "loss": 0, "time": 1}
numbers = st.integers(-1000, 1000)
words = st.text("abcdefgh éñ", min_size=1, max_size=12).filter(str.strip).map(str.strip)


def _subset(mapping: dict) -> st.SearchStrategy[dict]:
    return st.fixed_dictionaries({}, optional=mapping)


counts = _subset({**{k: numbers for k in COUNT_KEYS}, "cap": st.none() | numbers})
counts_with_editions = st.builds(lambda base, eds: {**base, **eds}, counts, _subset({e: counts for e in EDITIONS}))


@st.composite
def margins(draw) -> list[dict]:
    steps = draw(st.lists(st.integers(1, 5), min_size=1, max_size=4))
    at_least = [20 - sum(steps[:i + 1]) for i in range(len(steps))]
    rows = [{"at_least": m, "points": draw(numbers)} for m in at_least]
    if draw(st.booleans()):
        rows[-1].pop("at_least")  # the last row may take any margin
    return rows


@st.composite
def lines(draw):
    if draw(st.booleans()):
        return draw(numbers)
    line = draw(_subset({k: numbers for k in ("points", "per_destroyed", "per_lost", "general_killed", "camp_taken")}
                        | {"margin": margins()}))
    floor, cap = draw(st.none() | numbers), draw(st.none() | numbers)
    if floor is not None and cap is not None and floor > cap:
        floor, cap = cap, floor
    return line | ({"floor": floor} if floor is not None else {}) | ({"cap": cap} if cap is not None else {})


outcomes = st.sampled_from(SIDE_OUTCOMES) | st.lists(st.sampled_from(SIDE_OUTCOMES), min_size=1, max_size=3)
conditions = _subset({"outcome": outcomes} | {k: numbers for k in CONDITION_INTS}
                     | {k: st.booleans() for k in CONDITION_FLAGS}).filter(bool)
rules = st.builds(lambda when, result, note: {"when": when, **result, **note}, conditions,
                  st.fixed_dictionaries({"points": numbers}) | st.fixed_dictionaries({"add": numbers}),
                  _subset({"note": words}))
tiebreaks = st.lists(st.sampled_from(sorted(set(REGISTRY) - {"points", "wins"})), unique=True, max_size=6)
definitions = st.fixed_dictionaries(
    {"name": words, "win": lines(), "loss": lines(), "time": lines()},
    optional={"time_ahead": lines(), "time_level": lines(), "time_behind": lines(), "counts": counts_with_editions,
              "rules": st.lists(rules, max_size=3), "split": st.integers(1, 1000), "bye": numbers,
              "ranking": st.sampled_from([["points"], ["wins", "points"], ["wins"]]), "tiebreaks": tiebreaks,
              "source": words, "doubtful": words})


@given(definitions)
def test_any_definition_reads_back_the_same_from_its_data_and_from_its_text(data):
    d = parse_definition(data, REGISTRY)
    assert parse_definition(definition_data(d), REGISTRY) == d
    assert parse_definition(read_definition_text(definition_text(definition_data(d))), REGISTRY) == d


@pytest.mark.parametrize("key", sorted(templates()))
def test_every_template_reads_back_from_the_text_the_page_shows(key):
    assert read_definition_text(definition_text(preset_data(key))) == preset_data(key)


def test_a_template_as_data_is_what_the_manual_writes():
    data = preset_data("5-2-1-0")
    assert data["win"] == {"points": 5} and data["time_ahead"] == {"points": 2} and data["bye"] == 5
    assert data["counts"] == {"element": 1, "sch": 0, "general": 0, "camp": 0, "cap": None}
    assert preset_data("nswc-10")["win"]["margin"][-1] == {"points": 6}  # the "any margin" row names no margin
    assert parse_definition(preset_data("nswc-10"), REGISTRY) == templates()["nswc-10"].definition


def test_an_editions_block_holds_only_what_that_edition_changes():
    d = parse_definition({**BASE, "counts": {"element": 2, "sch": 0, "cap": 9, "2.2": {"sch": 1}, "3.0": {"cap": None}}},
                         REGISTRY)
    counts = definition_data(d)["counts"]
    assert counts == {"element": 2, "sch": 0, "general": 0, "camp": 0, "cap": 9, "2.2": {"sch": 1}, "3.0": {"cap": None}}


def test_counts_and_a_cap_of_minus_one_are_written_out_too():
    d = parse_definition({**BASE, "counts": {"element": -1, "general": -1, "cap": -1}}, REGISTRY)
    assert definition_data(d)["counts"] == {"element": -1, "sch": 0, "general": -1, "camp": 0, "cap": -1}
    assert parse_definition(definition_data(d), REGISTRY) == d


def test_a_rules_result_and_note_are_written_as_typed():
    d = parse_definition({**BASE, "rules": [{"when": {"outcome": "win", "margin_at_least": 4}, "add": 1, "note": "big win"},
                                            {"when": {"camp_lost": True}, "points": 0}]}, REGISTRY)
    assert definition_data(d)["rules"] == [
        {"when": {"outcome": ["win"], "margin_at_least": 4}, "add": 1, "note": "big win"},
        {"when": {"camp_lost": True}, "points": 0}]


def test_the_text_keeps_the_manuals_order_brackets_and_accents():
    text = definition_text(preset_data("trophee-alexandre"))
    assert text.startswith("name: Trophée Alexandre (4/1/0)\nsource: 'French Trophée Alexandre")
    assert "\nwin: {points: 4}\n" in text and "\ntiebreaks: [head_to_head, elements_destroyed, seeded_random]\n" in text
    assert text.index("\ncounts:") < text.index("\nwin:") < text.index("\nrules:") < text.index("\nbye:")


def test_the_text_wraps_a_long_source_after_100_characters():
    text = definition_text({"name": "Mine", "source": "abc" + " word" * 30, "tiebreaks": ["sos"]})
    assert text.splitlines()[1] == "source: abc" + " word" * 18  # 101 characters: the break comes at the first space past 100
    assert text.splitlines()[2] == "  word" + " word" * 11
