"""A calculator's input errors are read in the page's language.

A Spanish or Italian umpire who leaves "Elemento A" empty, or types an element code the calculator does not know,
sees the field named in their language followed by English: "Elemento A: is required", "Elementos (códigos
separados por comas): 'zz' is not a DBA 2.2 element" (rulings/calculators/params.py and the calculators raise
ParamError with English messages, and the page shows them as they are)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

ENGLISH = ("is required", "is not a DBA", "must be a whole number", "must be a number", "must be between")

CASES = [
    pytest.param("dba-combat", {"a": "", "b": "3Kn"}, id="combat-empty-element"),
    pytest.param("dba-combat", {"a": "zz", "b": "3Kn"}, id="combat-unknown-element"),
    pytest.param("dba-victory", {"a_lost": "zz"}, id="victory-unknown-code"),
    pytest.param("dba-recoil", {"recoiler": "zz"}, id="recoil-unknown-element"),
    pytest.param("dba-pip-cost", {"elements": ""}, id="pips-empty-elements"),
]


def shown_errors(html: str) -> list[str]:
    """The error lines the page shows: under the field and in the alert above the result."""
    found = re.findall(r'<(?:small|p) class="errors"[^>]*>(.*?)</(?:small|p)>', html, re.S)
    return [" ".join(unescape(re.sub(r"<[^>]+>", " ", f)).split()) for f in found]


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["es", "it"])
@pytest.mark.parametrize(("name", "query"), CASES)
def test_a_calculator_input_error_is_in_the_readers_language(client, language, name, query):
    response = client.get(reverse("rulings:calc", args=[name]), query, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 400
    errors = shown_errors(response.text)
    assert errors, "the page shows no error for the wrong input"
    english = [e for e in errors if any(words in e for words in ENGLISH)]
    assert not english, f"the {language} page shows the error in English: {english}"


def test_every_error_code_has_its_english_template_as_the_views_msgid():
    """The pure calculators' English (params.MESSAGES: logs, the JSON API) and the page's msgids say the same."""
    from django.utils import translation

    from rulings.calculators.params import MESSAGES
    from rulings.views.calculators import ERRORS

    with translation.override(None):
        assert {code: str(msgid) for code, msgid in ERRORS.items()} == MESSAGES


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "spent", "limit"), [("en", "12.5", "must be between 0 and 100"),
                                                          ("es", "12,5", "debe estar entre 0 y 100"),
                                                          ("it", "12,5", "deve essere tra 0 e 100")])
def test_the_numbers_of_an_error_are_written_as_the_readers_language_writes_them(client, language, spent, limit):
    """"12.5 cm" reads "12,5 cm" to a Spanish or Italian umpire, as the rest of their page writes numbers."""
    page = reverse("rulings:calc", args=["wfb-terrain-move"])
    over = shown_errors(client.get(page, {"m": "10", "open": "8", "difficult": "4.5"}, HTTP_ACCEPT_LANGUAGE=language).text)
    assert any(f"{spent} cm" in line and "M 10" in line for line in over), over
    out = shown_errors(client.get(page, {"m": "150"}, HTTP_ACCEPT_LANGUAGE=language).text)
    assert any(limit in line for line in out), out


# Only amounts are numbers: an edition's name ("2.2", "3.0") and what the reader typed are words (found by a review).
@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_the_edition_in_an_unknown_element_error_is_named_as_it_is(client, language):
    """"'zz' is not a DBA 3.0 element code": the edition is DBA 3.0 in every language, not "DBA 3"."""
    page = reverse("rulings:calc", args=["dba-victory"])
    errors = shown_errors(client.get(page, {"edition": "3.0", "a_lost": "zz"}, HTTP_ACCEPT_LANGUAGE=language).text)
    assert any("zz" in line and "3.0" in line for line in errors), errors


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["es", "it"])
def test_dba_22_is_not_written_as_a_decimal_number(client, language):
    """A Spanish or Italian umpire reads "DBA 2.2", the edition's name, not "DBA 2,2"."""
    page = reverse("rulings:calc", args=["dba-pip-cost"])
    errors = shown_errors(client.get(page, {"elements": "zz"}, HTTP_ACCEPT_LANGUAGE=language).text)
    assert any("zz" in line and "2.2" in line for line in errors), errors
    assert not any("2,2" in line for line in errors), errors


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["es", "it"])
def test_an_element_code_the_reader_typed_is_shown_as_typed(client, language):
    """The reader typed "1.5" where an element code goes: the error quotes "1.5", what they typed."""
    page = reverse("rulings:calc", args=["dba-pip-cost"])
    errors = shown_errors(client.get(page, {"elements": "1.5"}, HTTP_ACCEPT_LANGUAGE=language).text)
    assert any("'1.5'" in line for line in errors), errors
