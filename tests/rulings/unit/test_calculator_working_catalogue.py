"""A calculator's working as the Spanish and Italian pages read it, without Django: the lines rendered through the
shipped catalogues (stdlib gettext over `locale/*/<lang>/LC_MESSAGES/django.mo`, the files the view's gettext reads)
and the fixtures' own words in each language.

The request tests (`tests/rulings/test_calculator_working_language.py`) show the same on the pages; these run in
the calculators' mutation room, which runs pure tests only, so that a slip in a plural's msgid, in the languages a
fixture's wording is read in, or in the decimal comma of a nested line is caught there too."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest

from rulings.calculators import REGISTRY
from rulings.calculators.messages import Line, line, plural_line, render
from rulings.calculators.params import ParamError
from rulings.calculators.summary import summarize

LOCALE = Path(__file__).resolve().parents[3] / "locale"


def catalogue(language: str) -> gettext.NullTranslations:
    """Every area's catalogue for `language`, as Django merges them."""
    merged = gettext.NullTranslations()
    for mo in sorted(LOCALE.glob(f"*/{language}/LC_MESSAGES/django.mo")):
        with mo.open("rb") as handle:
            merged.add_fallback(gettext.GNUTranslations(handle))
    return merged


def comma(text: str) -> str:
    return text.replace(".", ",")


def page_lines(lines, language: str) -> list[str]:
    words = catalogue(language)
    return [render(item, words.gettext, language, words.ngettext, comma) for item in lines]


THIRD = {"second_column_on": "1", "third_column_off": "1"}


@pytest.mark.parametrize(("language", "query", "said"), [
    # rumbo L37: a 6 obliges the third column to enter; it costs 4 PIPs of the 6, 2 are left
    ("es", {"bound": "3", "pips": "6"}, "La tercera columna debe entrar: cuesta 4 PIP, quedan 2"),
    ("it", {"bound": "3", "pips": "6"}, "La terza colonna deve entrare: costa 4 PIP, ne restano 2"),
    # rumbo L35: after the first bound it may enter; 5 PIPs less 4 leave 1
    ("es", {"bound": "2", "pips": "5"}, "La tercera columna puede entrar: cuesta 4 PIP, queda 1"),
    ("it", {"bound": "2", "pips": "5"}, "La terza colonna può entrare: costa 4 PIP, ne resta 1"),
    # English, with none left: the plural wording (rumbo L35: 4 PIPs, all spent on the entry)
    ("en", {"bound": "2", "pips": "4"}, "The third column may come on: it costs 4 PIPs, 0 left"),
])
def test_the_rumbo_summary_is_found_in_the_catalogue_in_its_grammatical_number(language, query, said):
    values = {**THIRD, **query}
    result = REGISTRY["rumbo-third-column"][0](values)
    assert page_lines(summarize("rumbo-third-column", result, values), language) == [said]


CASES = [
    ("rumbo-third-column", {**THIRD, "bound": "3", "pips": "6"}),  # rumbo L35-39
    ("asl-night-ambush", {"attacker_dr": "2", "defender_dr": "5", "attacker_cloaked": "1"}),  # aslnight L39-43
    ("wfb-terrain-move", {"m": "20", "open": "10", "difficult": "6", "very_difficult": "3.5"}),  # wfbmove L87-90
    ("wfb-stand-and-shoot", {"charge_move": "40", "distance": "20"}),  # wfbmove L18
]


def worded(value) -> list[dict]:
    """The fixtures' wordings ({"en": ..., "es": ...}) a line carries, however deep."""
    if isinstance(value, Line):
        return [found for param in value.params.values() for found in worded(param)]
    return [value] if isinstance(value, dict) else []


ITALIAN = ("rumbo-third-column", "asl-night-ambush", "wfb-stand-and-shoot")  # wfb: wfbmove L18 alone has Italian
PAGES = [(name, query, "es") for name, query in CASES] + [(name, query, "it") for name, query in CASES if name in ITALIAN]


@pytest.mark.parametrize(("name", "query", "language"), PAGES, ids=[f"{name}-{lang}" for name, _q, lang in PAGES])
def test_a_calculators_working_carries_the_seeds_words_to_the_page_in_their_language(name, query, language):
    lines = REGISTRY[name][0](query)["breakdown"]
    wordings = [w for item in lines for w in worded(item)]
    assert any(language in w for w in wordings), f"{name}: no {language} wording in its working"
    text = " ".join(page_lines(lines, language))
    for wording in wordings:
        if language in wording:
            assert comma(wording[language]) in text or wording[language] in text, (wording, text)
            assert wording["en"] not in text or wording["en"] == wording[language], (wording, text)


FORMS = {("{n} PIP left", "{n} PIPs left"): ("queda {n} PIP", "quedan {n} PIP")}


def spanish_plural(singular: str, plural: str, n) -> str:
    one, other = FORMS[(singular, plural)]
    return one if n == 1 else other


def test_a_line_inside_a_line_is_rendered_with_the_plural_and_the_decimal_comma():
    nested = line("{left}; {spent} cm", left=plural_line("{n} PIP left", "{n} PIPs left", "n", n=2.5), spent=0.5)
    assert render(nested, lambda t: t, "es", spanish_plural, comma) == "quedan 2,5 PIP; 0,5 cm"
    assert render(plural_line("{n} PIP left", "{n} PIPs left", "n", n=1), lambda t: t, "es", spanish_plural) == \
        "queda 1 PIP"


def test_without_a_plural_function_the_english_singular_or_plural_is_written():
    assert render(plural_line("{n} PIP left", "{n} PIPs left", "n", n=1), lambda t: t, "en") == "1 PIP left"
    assert render(plural_line("{n} PIP left", "{n} PIPs left", "n", n=2), lambda t: t, "en") == "2 PIPs left"
    assert render(plural_line("{n} PIP left", "{n} PIPs left", "n", n=0), lambda t: t, "en") == "0 PIPs left"


def test_a_plain_number_is_written_as_the_readers_language_does():
    assert render(3.5, lambda t: t, "es", None, comma) == "3,5"
    assert render(3.5, lambda t: t, "en") == "3.5"


def test_a_bad_parameter_names_what_is_wrong_by_its_code():
    """The view says it in the reader's language by the code (rulings/views/calculators.py, ERRORS)."""
    with pytest.raises(ParamError) as refused:
        REGISTRY["asl-night-ambush"][0]({"attacker_dr": "two", "defender_dr": "5"})
    assert (refused.value.param, refused.value.code, refused.value.params) == ("attacker_dr", "not_whole_number",
                                                                              {"value": "two"})
