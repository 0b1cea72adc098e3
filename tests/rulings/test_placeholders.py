"""The Spanish guide's element-type sections are filler ("Lorem ipsum", guia22 L181-267): flagged on
import, kept out of search, the "did you mean" vocabulary and the glossary, and shown as a placeholder."""

from __future__ import annotations

import pytest
from django.urls import reverse

from rulings.models import Clause, Term, Vocabulary
from rulings.search.service import search
from rulings.sources.glossary import GlossaryError, parse_glossary
from rulings.sources.index import is_placeholder, resolve_citation

KNIGHTS = resolve_citation("guia22@L185")  # "[Kn] Caballeros (*Knight*)" + Lorem ipsum


def test_the_guides_element_sections_are_placeholders__guide_L185():
    assert KNIGHTS and is_placeholder(KNIGHTS)
    assert not is_placeholder(resolve_citation("guia22@L275"))  # the element table row is real


@pytest.mark.django_db
def test_placeholders_are_out_of_search_and_vocabulary__guide_L185(rules):
    assert Clause.objects.get(key=KNIGHTS).search_text == ""
    assert search("lorem ipsum", allow_jump=False).hits == []
    assert all(not hit.clause.is_placeholder for hit in search("Caballeros", allow_jump=False).hits)
    assert not Vocabulary.objects.filter(word__in=["lorem", "ipsum", "dolor", "consectetur"]).exists()


@pytest.mark.django_db
def test_glossary_links_no_placeholder__guide_L185(rules):
    for term in Term.objects.prefetch_related("clauses"):
        assert not [c.key for c in term.clauses.all() if c.is_placeholder], term.slug
    assert Term.objects.get(slug="knights").clauses.filter(key=resolve_citation("guia22@L275")).exists()


def test_glossary_refuses_a_placeholder_citation__guide_L185():
    with pytest.raises(GlossaryError, match="placeholder"):
        parse_glossary([{"slug": "kn", "term": "Knights", "cite": ["guia22@L185"]}])


@pytest.mark.django_db
def test_clause_page_says_placeholder_in_the_source__guide_L185(client, rules):
    page = client.get(reverse("rulings:clause", args=[KNIGHTS])).text
    assert "Placeholder in the source" in page and "dolor sit amet" not in page
    assert "Caballeros" in page  # the heading line, the seed's own name, stays


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "word"), [("es", "Texto de relleno en la fuente"),
                                                 ("it", "Testo segnaposto nella fonte")])
def test_placeholder_badge_translated(client, rules, language, word):
    page = client.get(reverse("rulings:clause", args=[KNIGHTS]), headers={"Accept-Language": language}).text
    assert word in page and f'id="placeholder-{KNIGHTS}"' in page
