"""List references in the catalogue's allies and enemies columns: a reference without a variant letter
("I/35") names every variant of that list (I/35a, I/35b...), the way an event's allowed lists do."""

from __future__ import annotations

import csv

import pytest

from tournament.armies.catalogue import CSV_PATH, ROMAN, covers, load_catalogue
from tournament.armies.validation import ArmyChoice, Restrictions, default_army, validate_army
from tournament.pairing.types import Entrant, enemies

CATALOGUE = load_catalogue()

# References in the source CSV that name no list of the catalogue, as (CSV line, list, column, reference).
# They are the source's slips, reported in `Catalogue.problems` and left as written (so they match nothing):
# - "II/3a": the source has two rows II/3 (Classical Indian); the catalogue keeps them as II/3 and II/3b.
# - a variant letter for a list that has no variants, or not that many (I/50a, II/11a, II/35b, II/43b,
#   II/57b, III/3a; II/17e, II/55e, I/19b-d, I/31e, I/31j).
# - line 238, II/35 (Later Macedonian): "I/47, 48, 19b, 19c, 19d, 31e, 31j, 33, 34" reads the whole column in
#   book I; from 19b on it is surely book II (II/19b-d, II/31e, II/31j, II/33 and II/34 name II/35 back).
KNOWN_UNRESOLVED = {
    (95, "I/43b", "enemies", "II/3a"),
    (132, "I/58", "enemies", "I/50a"),
    (134, "I/60a", "enemies", "II/3a"),
    (136, "I/60c", "enemies", "II/3a"),
    (144, "II/1", "enemies", "II/3a"),
    (145, "II/2", "enemies", "II/3a"),
    (145, "II/2", "enemies", "II/35b"),
    (146, "II/3", "enemies", "II/3a"),
    (175, "II/13", "allies", "II/55e"),
    (175, "II/13", "allies", "II/57b"),
    (177, "II/15", "enemies", "II/3a"),
    (177, "II/15", "allies", "II/3a"),
    (181, "II/16d", "enemies", "II/17e"),
    (191, "II/19a", "enemies", "II/3a"),
    (192, "II/19b", "enemies", "II/3a"),
    (194, "II/19d", "enemies", "II/3a"),
    (238, "II/35", "enemies", "I/19b"),
    (238, "II/35", "enemies", "I/19c"),
    (238, "II/35", "enemies", "I/19d"),
    (238, "II/35", "enemies", "I/31e"),
    (238, "II/35", "enemies", "I/31j"),
    (239, "II/36a", "enemies", "II/3a"),
    (239, "II/36a", "allies", "II/43b"),
    (240, "II/36b", "enemies", "II/3a"),
    (241, "II/37", "enemies", "II/3a"),
    (251, "II/42a", "enemies", "II/3a"),
    (261, "II/46b", "enemies", "II/3a"),
    (339, "III/1c", "enemies", "III/3a"),
    (406, "III/39", "allies", "II/11a"),
}


def source_lines() -> dict[str, int]:
    """The CSV line of each list (the first row, for the two rows the source gives II/3)."""
    lines: dict[str, int] = {}
    with open(CSV_PATH, encoding="utf-8-sig", newline="") as handle:
        reader = csv.DictReader(handle)
        for row in reader:
            lines.setdefault(f"{ROMAN[int(row['Book'])]}/{int(row['Army'])}{row['Var'].strip()}", reader.line_num)
    return lines


def entrant(id: int, ref: str) -> Entrant:
    """A player as round 1's pairing sees them (tournament/pairing/manager.py): the list's enemies."""
    return Entrant(id=id, score=0, rank=id, army_ref=ref, enemies=frozenset(CATALOGUE.get(ref).enemies))


def test_ally_named_by_list_number_accepts_its_variants():
    """A player with Later Hebrew I/34c (allies "I/29b or 35 or 38...") who takes a Cypriot and
    Phoenician I/35b ally saves the army without "ally not allowed"."""
    army = default_army(CATALOGUE.get("I/34c"))
    for ally in ("I/35a", "I/35b", "I/35c", "I/35d"):
        chosen = ArmyChoice(ref=army.ref, elements=army.elements, general=army.general, allies=(ally,))
        assert "ally_not_allowed" not in [v.code for v in validate_army(chosen, "3.0", CATALOGUE)], ally


def test_an_ally_the_list_does_not_name_is_still_refused():
    army = default_army(CATALOGUE.get("I/34c"))
    for ally in ("I/36a", "I/3"):  # I/36 is not named; "I/3" must not pass for I/35 or I/38
        chosen = ArmyChoice(ref=army.ref, elements=army.elements, general=army.general, allies=(ally,))
        assert "ally_not_allowed" in [v.code for v in validate_army(chosen, "3.0", CATALOGUE)], ally


def test_enemy_named_by_list_number_is_an_enemy_of_its_variants():
    """When round 1 pairs historical enemies, a Komnenan Byzantine IV/1a (enemies "... III/54 ...") is an
    enemy of a Qaramita III/54b, though III/54b's own column does not name IV/1a."""
    assert "IV/1a" not in CATALOGUE.get("III/54b").enemies
    assert enemies(entrant(1, "IV/1a"), entrant(2, "III/54b"))
    assert enemies(entrant(1, "III/54b"), entrant(2, "IV/1a"))
    assert not enemies(entrant(1, "IV/1a"), entrant(2, "III/55"))  # III/54 does not reach III/55


def test_a_reference_covers_its_variants_only():
    """One rule for the allowed lists of an event and the lists' allies and enemies."""
    assert covers("II/56", "II/56") and covers("II/56", "II/56a") and covers("II/56", "II/56b")
    assert covers("II/56a", "II/56a") and not covers("II/56a", "II/56b")
    assert not covers("II/5", "II/56a") and not covers("II/56", "II/5")
    assert covers("II / 56", "II/56a")
    restrictions = Restrictions(allowed_refs=("I/35",))
    for ref, allowed in (("I/35b", True), ("I/3", False), ("I/36a", False)):
        codes = [v.code for v in validate_army(default_army(CATALOGUE.get(ref)), "3.0", CATALOGUE, restrictions)]
        assert ("ref_not_allowed" not in codes) is allowed, ref


def test_every_ally_and_enemy_reference_names_a_list():
    """Every reference in the allies and enemies columns names at least one list of the catalogue, except
    the source's known slips, which the catalogue reports."""
    lines = source_lines()
    unresolved = {(lines[entry.ref], entry.ref, column, ref)
                  for entry in CATALOGUE.variants() for column in ("enemies", "allies")
                  for ref in getattr(entry, column) if ref not in CATALOGUE.entries}
    assert unresolved == KNOWN_UNRESOLVED
    reported = set(CATALOGUE.problems)
    missing = [(ref, f"{column}: {reference} names no list in the catalogue") for _, ref, column, reference in unresolved]
    assert [problem for problem in missing if problem not in reported] == []


@pytest.mark.parametrize(("ref", "column", "named", "lists"), [
    ("I/34c", "allies", "I/35", ("I/35a", "I/35b", "I/35c", "I/35d")),
    ("II/82a", "allies", "II/72", ("II/72a", "II/72b", "II/72c", "II/72d")),
    ("I/61a", "enemies", "I/56", ("I/56a", "I/56b")),
    ("III/63a", "allies", "III/40", ("III/40a", "III/40b", "III/40c", "III/40d")),
    ("IV/3", "enemies", "III/45", ("III/45a",)),
])
def test_a_list_number_is_read_as_all_its_variants(ref, column, named, lists):
    entry = CATALOGUE.get(ref)
    assert named not in getattr(entry, column)
    assert set(lists) <= set(getattr(entry, column))
