"""Pure search-text helpers and the glossary fixture."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulings.search.text import abbreviation_index, abbreviations_in, fold, plan_query, words
from rulings.sources.glossary import GlossaryError, load_glossary, parse_glossary

GLOSSARY = load_glossary()
INDEX = abbreviation_index(GLOSSARY)


def test_glossary_covers_the_digest_abbreviations_in_three_languages():
    abbreviations = {a for entry in GLOSSARY for a in entry.abbreviations}
    assert {"PIP", "BUA", "WWg", "BW", "BWD", "ZOC", "DIB", "QK", "Bd", "Kn", "Ps", "El"} <= abbreviations
    for entry in GLOSSARY:
        assert all(entry.forms.get(lang) for lang in ("en", "es", "it")), entry.slug
        assert entry.cite, entry.slug


def test_glossary_rejects_citations_that_do_not_resolve():
    with pytest.raises(GlossaryError):
        parse_glossary([{"slug": "x", "term": "X", "cite": ["nasamw22@L1"]}])
    with pytest.raises(GlossaryError):
        parse_glossary([{"slug": "x", "term": "X"}, {"slug": "x", "term": "Y"}])


def test_abbreviations_as_written():
    text = "El defensor despliega 4Bd y 3Kn; [El] Elefante; Elefantes (El)\t+4; gasta 2 PIPs. El DBA"
    assert abbreviations_in(text, INDEX) == ["bd", "kn", "el", "pip"]
    assert abbreviations_in("El borde frontal del elemento", INDEX) == []
    assert words("4Bd 3Kn") == ["4", "Bd", "3", "Kn"]


def test_query_plan_expands_english_terms_into_spanish_and_italian():
    [group] = plan_query("zone of control", GLOSSARY)
    assert ("zona", "di", "controllo") in group.phrases and ("zona", "de", "control") in group.phrases
    assert group.abbreviations == ("zoc",)
    [el] = plan_query("El", GLOSSARY)
    assert el.abbreviations == ("el",)
    assert plan_query("el", GLOSSARY) == []  # the article is a stop word, not Elephants


@given(st.text(max_size=40))
def test_fold_is_idempotent_and_accent_free(text):
    folded = fold(text)
    assert fold(folded) == folded
    assert not any(ch in folded for ch in "áéíóúàèìòù")
