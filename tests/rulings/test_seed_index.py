"""The pure seed index: structure counts from the digests, keys, line citations."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulings.sources.index import SLUGS, clause_key_for_line, parse_document, resolve_citation
from rulings.sources.seedparse.model import read_seed_lines

# Sections / clauses per document. Digest-given figures: nasamw22 has 36 headings (commentary digest
# §1.2 rows 0–19a without the table title 17d-T, which is a table clause) and 172 numbered
# clarifications; guia22 has 46 top-level sections (guide digest §1.1). The rest are derived:
# rumbo = title + 10 numbered rules (digest §2); aslnight = intro, X–XV, XIV.A–C, XV.I–XII and part 9's
# G with 1–3 (digest §3.1); wfbmove = the digest §3.3 headings with wrapped titles joined.
EXPECTED = {
    "rumbo": (11, 18),
    "nasamw22": (36, 215),
    "guia22": (129, 445),
    "aslnight": (27, 76),
    "wfbmove": (31, 56),
}


@pytest.mark.parametrize("slug", SLUGS)
def test_counts_match_digests(slug):
    document = parse_document(slug)
    assert (len(document.sections), len(document.clauses)) == EXPECTED[slug]


def test_commentary_has_172_numbered_clarifications_restarting_per_heading():
    document = parse_document("nasamw22")
    items = [c for c in document.clauses if c.kind == "item"]
    assert len(items) == 172
    zoc = [c.number for c in items if c.section_key == "nasamw22:zoc"]
    assert zoc == ["1"] + [str(n) for n in range(3, 14)]  # the source has no item 2
    assert resolve_citation("nasamw22:zoc.2") is None
    assert resolve_citation("nasamw22:out.rec.5") == "nasamw22:out.rec.5"


def test_guide_top_level_sections_and_wrong_heading_code():
    document = parse_document("guia22")
    top = [s for s in document.sections if s.level == 1]
    assert len(top) == 46
    column = next(s for s in top if s.line_start == 931)
    assert column.key == "guia22:mov-columna" and column.title == "MOVER UN GRUPO"


def test_rumbo_has_ten_numbered_rules_as_sections():
    document = parse_document("rumbo")
    rules = [s for s in document.sections if s.number]
    assert [s.number for s in rules] == [str(n) for n in range(1, 11)]
    assert document.meta.authority == "house" and document.meta.edition.startswith("3")


@pytest.mark.parametrize("slug", SLUGS)
def test_keys_unique_and_lines_inside_the_file(slug):
    document = parse_document(slug)
    keys = [c.key for c in document.clauses] + [s.key for s in document.sections]
    assert len(keys) == len(set(keys))
    lines = read_seed_lines(document.meta.filename)
    for clause in document.clauses:
        assert clause.key.startswith(f"{slug}:")
        assert 1 <= clause.line_start <= clause.line_end <= len(lines)
        assert lines[clause.line_start - 1].strip(), f"{clause.key} starts on a blank line"


def test_split_paragraphs_are_merged_back_as_the_digest_lists():
    document = parse_document("nasamw22")
    assert set(document.merged_breaks) == {
        (95, 97), (141, 143), (172, 176), (184, 186), (206, 208), (232, 234), (273, 275), (423, 425),
        (492, 494), (535, 537), (611, 613), (679, 681), (710, 712), (731, 733), (755, 757),
    }
    tac7 = next(c for c in document.clauses if c.key == "nasamw22:tac.7")
    assert "terreno difficile o attraversare" in tac7.text


def test_marks_captions_and_table():
    document = parse_document("nasamw22")
    by_key = {c.key: c for c in document.clauses}
    assert "pb" in by_key["nasamw22:pip.9"].flags  # "(PB)" at L137
    assert "ndt" in by_key["nasamw22:int.1"].flags  # N.d.T. at L220
    assert by_key["nasamw22:tac.3.fig1"].kind == "caption"
    assert by_key["nasamw22:tac.3.fig1"].text.startswith("The element moves in two stages")
    table = by_key["nasamw22:out.rec.table"]
    assert table.kind == "table" and len(table.table) == 8 and all(len(r) == 8 for r in table.table)
    assert table.table[0][1] == "Elephant" and table.table[3][0] == "WWg" and table.table[1][1] == "distrutto*"


def test_line_citations_resolve_to_the_innermost_clause():
    assert clause_key_for_line("nasamw22", 683) == "nasamw22:out.rec.table"
    assert resolve_citation("nasamw22@L683") == "nasamw22:out.rec.table"
    assert resolve_citation("nasamw22@L137") == "nasamw22:pip.9"
    assert resolve_citation("nasamw22@L157") == "nasamw22:tac.3.fig1"
    assert resolve_citation("nasamw22@L153") == "nasamw22:tac.3"
    assert resolve_citation("rumbo@L15") == "rumbo:deployment.1"
    assert resolve_citation("nasamw22:pip.4") == "nasamw22:pip.4"
    assert resolve_citation("nasamw22@L1") is None
    assert resolve_citation("nasamw22@L117") == "nasamw22:pip.1"  # the heading PUNTI INIZIATIVA
    assert resolve_citation("nasamw22@L118") is None  # blank line between heading and item 1
    assert resolve_citation("nowhere@L3") is None
    assert resolve_citation("garbage") is None


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SLUGS), st.integers(min_value=1, max_value=1800))
def test_a_resolved_line_lies_inside_its_clause(slug, line):
    key = clause_key_for_line(slug, line)
    document = parse_document(slug)
    headings = {s.line_start: s.key for s in document.sections}
    if key is None:
        assert not any(c.line_start <= line <= c.line_end for c in document.clauses)
    else:
        clause = next(c for c in document.clauses if c.key == key)
        inside = clause.line_start <= line <= clause.line_end
        assert inside or headings.get(line) == clause.section_key


def test_pinned_keys_survive_renumbering():
    from dataclasses import replace

    from rulings.sources.index import pin_keys

    original = parse_document("nasamw22")
    # Simulate a new copy where PIP items 4 and 5 are printed as 5 and 6.
    renumbered = replace(original, clauses=tuple(
        replace(c, key=f"nasamw22:pip.{int(c.number) + 1}", number=str(int(c.number) + 1))
        if c.section_key == "nasamw22:pip" and c.number in {"4", "5"} else c
        for c in original.clauses if c.key != "nasamw22:pip.6"
    ))
    pinned = pin_keys(renumbered, {"nasamw22:pip.5": "nasamw22:pip.4", "nasamw22:pip.6": "nasamw22:pip.5"})
    by_key = {c.key: c for c in pinned.clauses}
    assert by_key["nasamw22:pip.4"].number == "5"
    assert by_key["nasamw22:pip.4"].text == next(c.text for c in original.clauses if c.key == "nasamw22:pip.4")
    with pytest.raises(ValueError):
        pin_keys(original, {"nasamw22:pip.5": "nasamw22:pip.4"})
