"""The allies column read as an expression (tournament/armies/allies.py): an army takes ONE of the alternatives
joined by "or"; "and/or" allows either operand or both; "or" binds tighter than "and/or". Each reading is the
largest sets of allies an army may take together. A row the parser cannot read with confidence is doubtful."""

from __future__ import annotations

import csv

import pytest

from tournament.armies.allies import read_allies
from tournament.armies.catalogue import CSV_PATH, ROMAN, expand_refs


def allies_column() -> dict[str, str]:
    """The allies text of every row of the source CSV, by reference (the first of the two rows II/3)."""
    with open(CSV_PATH, encoding="utf-8-sig", newline="") as handle:
        texts: dict[str, str] = {}
        for row in csv.DictReader(handle):
            texts.setdefault(f"{ROMAN[int(row['Book'])]}/{int(row['Army'])}{row['Var'].strip()}",
                             " ".join(row["Allies"].split()))
    return texts


COLUMN = allies_column()


def sets(*groups: str) -> set[frozenset[str]]:
    return {frozenset(group.split()) for group in groups}


@pytest.mark.parametrize(("ref", "text", "combinations"), [
    # "or": one of them; the references continue the book.
    ("I/1a", "I/4a or 5a or 6a", sets("I/4a", "I/5a", "I/6a")),
    ("I/13b", "I/14a and/or 32a", sets("I/14a I/32a")),
    # "(22a or 22b or 22e and/or 44)" is "(22a or 22b or 22e) and/or 44".
    ("II/56", "(II/22a or 22b or 22e and/or 44) or II/28b or 47d or 51",
     sets("II/22a II/44", "II/22b II/44", "II/22e II/44", "II/28b", "II/47d", "II/51")),
    ("II/64b", "(II/23a and/or 28b or 28c) or II/65b", sets("II/23a II/28b", "II/23a II/28c", "II/65b")),
    ("II/67b", "(II/52 and 80d) or (II/71 and/or 72d)", sets("II/52 II/80d", "II/71 II/72d")),
    ("II/9b", "I/7d and (56b or II/40)", sets("I/7d I/56b", "I/7d II/40")),
    ("IV/65", "IV/66 or both IV/43c and 47", sets("IV/66", "IV/43c IV/47")),
    ("IV/5c", "III/35c or (IV/32 & IV/60) or IV/68a", sets("III/35c", "IV/32 IV/60", "IV/68a")),
    # A comma before "or" or "and/or" is punctuation.
    ("I/34c", "I/29b or 35 or 38 or 46a, or 46b, or 53", sets("I/29b", "I/35", "I/38", "I/46a", "I/46b", "I/53")),
    ("I/39b", "I/37a and/or 37b, and/or 41a, and/or (31b or 43a)",
     sets("I/37a I/37b I/41a I/31b", "I/37a I/37b I/41a I/43a")),
    # A book before a group carries into it.
    ("I/37b", "I/(39b and/or 41a) or (45 or 51)", sets("I/39b I/41a", "I/45", "I/51")),
    # A remark in parentheses after a reference is kept out of the references.
    ("III/2", "II/72c (Suevi) or 73 (Old Saxon) or (III/5a and/or 13b) or 14a",
     sets("II/72c", "II/73", "III/5a III/13b", "III/14a")),
    ("III/28", "II/73 (Old Saxon or Frisian) or III/1c or 18 or 21b or 26a",
     sets("II/73", "III/1c", "III/18", "III/21b", "III/26a")),
    ("II/53", "II/56 (If Brigantes)", sets("II/56")),
])
def test_a_real_row_is_read_into_its_combinations(ref, text, combinations):
    assert COLUMN[ref] == text
    reading = read_allies(text)
    assert not reading.doubtful, reading.doubts
    assert {frozenset(c) for c in reading.combinations} == combinations


def test_a_list_without_allies_takes_none():
    reading = read_allies("")
    assert reading.combinations == () and not reading.doubtful


@pytest.mark.parametrize(("ref", "text", "why"), [
    ("I/5c", "I/4c or (6a and or 10) or 12 or 15", "and or"),
    ("I/19", "I/6a and/ or (20b or 24a)", "and/ or"),
    ("I/34b", "I/31b and/or 35b and/or 34b Isreal & Judah", "Isreal"),
    ("I/11a", "I/1b, 5b, 9", "comma"),
    ("III/33", "III/34b or 65 (Sicily), III/70 (Africa)", "comma"),
    ("II/62a", "(II/23a and/or 23c) or (I/58 and/or II/55b", "parenthes"),
    ("III/77", "III/21a or 52 or 53 or 73a) or 73b or 76 or IV/5a or 5b or 5c", "parenthes"),
    ("II/14", "II/28b or Allies: II/28b or II/34", "Allies"),
])
def test_a_row_that_cannot_be_read_with_confidence_is_doubtful(ref, text, why):
    assert COLUMN[ref] == text
    reading = read_allies(text)
    assert reading.doubtful and reading.combinations == ()
    assert any(why in doubt for doubt in reading.doubts), reading.doubts


def test_every_row_is_read_or_doubtful_and_a_reading_keeps_every_reference():
    """Over the whole catalogue: a row read with confidence names, across its combinations, exactly the
    references of its column; a doubtful row says why."""
    for ref, text in COLUMN.items():
        reading = read_allies(text)
        if reading.doubtful:
            assert reading.doubts and not reading.combinations, ref
            continue
        named = set().union(*reading.combinations) if reading.combinations else set()
        assert named == set(expand_refs(text)), (ref, text, reading.combinations)


def test_how_many_rows_are_doubtful():
    """The rows whose allies text is messy (typos, bare commas, unbalanced parentheses, stray words): kept to
    the one-by-one check. A change in the parser that makes more (or fewer) rows doubtful shows here."""
    doubtful = {ref for ref, text in COLUMN.items() if read_allies(text).doubtful}
    assert doubtful == DOUBTFUL


DOUBTFUL = {
    # a bare comma: "or" or "and"? (20)
    "I/11a", "I/14d", "I/43b", "I/49d", "II/5a", "II/5b", "II/5c", "II/5f", "II/5g", "II/6", "II/18b", "II/22d",
    "II/31i", "II/81a", "II/81c", "III/1b", "III/19c", "III/33", "III/34b", "III/74a",
    # an operator mistyped: "and or", "and/ or", "or or"
    "I/5c", "I/19", "I/57b",
    # a word that is no reference: "Isreal & Judah", "Allies:"
    "I/34b", "II/14",
    # unbalanced parentheses
    "II/62a", "III/77",
    # a reference named twice
    "II/13", "III/48",
}


def test_the_catalogue_reports_each_doubtful_row_and_keeps_no_combination_for_it():
    from tournament.armies.catalogue import load_catalogue

    catalogue = load_catalogue()
    reported = {ref for ref, problem in catalogue.problems if problem.startswith("allies: doubtful")}
    assert reported == DOUBTFUL
    assert all(not catalogue.get(ref).ally_combinations for ref in DOUBTFUL)
    # A row read with confidence keeps its combinations, as catalogue references.
    assert ("II/22a", "II/44") in catalogue.get("II/56").ally_combinations


@pytest.mark.parametrize(("ref", "text", "why"), [
    # The catalogue's problems quote the reason: each real doubtful kind says what is wrong, not only that it is.
    ("I/5c", "I/4c or (6a and or 10) or 12 or 15", "'and or' is not an operator the lists use (and/or?)"),
    ("I/19", "I/6a and/ or (20b or 24a)", "'and/ or' is not an operator the lists use (and/or?)"),
    ("I/34b", "I/31b and/or 35b and/or 34b Isreal & Judah",
     "'Isreal' is neither a list reference nor 'or', 'and/or', 'and'"),
    ("II/14", "II/28b or Allies: II/28b or II/34", "'Allies:' is neither a list reference nor 'or', 'and/or', 'and'"),
    ("I/11a", "I/1b, 5b, 9", "a bare comma between references ('or' or 'and'?)"),
    ("I/57b", "I/36a or 36d or 55c or or 55d or 55e or II/5e or 11 or 13", "two operators in a row"),
    ("II/62a", "(II/23a and/or 23c) or (I/58 and/or II/55b", "unbalanced parentheses"),
    ("III/77", "III/21a or 52 or 53 or 73a) or 73b or 76 or IV/5a or 5b or 5c", "unbalanced parentheses"),
    ("III/48", "III/14a or 40b or (III/47 and 63a) or III/63a", "III/63a named twice"),
])
def test_a_doubtful_real_row_says_why(ref, text, why):
    assert COLUMN[ref] == text
    assert read_allies(text).doubts == (f"{why} in {text!r}",)


@pytest.mark.parametrize(("text", "why"), [
    # Slips a column could have (none in the catalogue today): each doubtful, with its reason.
    ("14a and/or 32a", "14a without a book"),  # the book left out of the first reference
    ("I/14a and/or", "the text ends where a reference was expected"),  # the column cut short
    ("or I/14a", "'or' where a reference was expected"),
    ("I/14a or , 32a", "two operators in a row"),
    ("I/14a or )", "unbalanced parentheses"),
    ("I/14a 32a", "'32a' where an operator was expected"),  # the operator left out: quoted as written, not "/32a"
    ("II/73 (II/72c)", "'(' where an operator was expected"),  # a reference in parentheses is no remark
    ("III/(Sicily)", "III/ without a reference"),
    ("IV/66 or both IV/43c or 47", "'both' without 'and'"),
    ("I/4a or 5a and 6a", "'and' beside 'or' without parentheses"),  # (4a or 5a) and 6a, or 4a or (5a and 6a)?
])
def test_a_slip_in_the_column_is_doubtful_and_says_why(text, why):
    reading = read_allies(text)
    assert reading.doubts == (f"{why} in {text!r}",) and reading.combinations == ()


def alternatives(book: str, count: int) -> str:
    return "(" + " or ".join(f"{book}/{n}" for n in range(1, count + 1)) + ")"


def test_up_to_256_combinations_are_listed_and_more_are_doubtful():
    """MAX_COMBINATIONS: 16 alternatives and/or 16 others make 256 sets, listed; 17 and/or 17 make 289, too many
    (a column that large would be a mistake in the data, not a list to spell out)."""
    listed = read_allies(f"{alternatives('I', 16)} and/or {alternatives('II', 16)}")
    assert not listed.doubtful and len(listed.combinations) == 256
    assert ("I/16", "II/16") in listed.combinations
    text = f"{alternatives('I', 17)} and/or {alternatives('II', 17)}"
    assert read_allies(text).doubts == (f"too many combinations to list in {text!r}",)
