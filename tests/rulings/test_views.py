"""Reading views, the search page (plain GET, htmx partial, JSON) and glossary tooltips."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.django_db


def test_library_and_toc_are_public(rules, client):
    page = client.get("/rulings/")
    assert page.status_code == 200
    assert b"Rumbo de colisi" in page.content
    toc = client.get("/rulings/d/nasamw22/").content.decode()
    assert 'href="#sec-nasamw22:out.rec"' in toc and "/rulings/c/nasamw22:pip.4/" in toc


def test_clause_deep_link_with_neighbours_and_section(rules, client):
    html = client.get("/rulings/c/nasamw22:pip.4/").content.decode()
    assert 'rel="prev" href="/rulings/c/nasamw22:pip.3/"' in html
    assert 'rel="next" href="/rulings/c/nasamw22:pip.5/"' in html
    assert 'href="/rulings/s/nasamw22:pip/"' in html
    assert "nasamw22@L125" in html  # citation of its first line
    assert 'data-copy="/rulings/c/nasamw22:pip.4/"' in html and "js/copy-link.js" in html
    assert 'lang="it"' in html


def test_unknown_clause_is_404_and_citation_redirects(rules, client):
    assert client.get("/rulings/c/nasamw22:pip.99/").status_code == 404
    response = client.get("/rulings/cite/nasamw22@L683/")
    assert response.status_code == 302 and response["Location"] == "/rulings/c/nasamw22:out.rec.table/"
    assert client.get("/rulings/cite/nasamw22@L1/").status_code == 404


def test_house_rules_are_badged_as_a_layer(rules, client):
    html = client.get("/rulings/c/rumbo:deployment.1/").content.decode()
    assert "House rule over DBA 3.0" in html
    page = client.get("/rulings/search/", {"q": "bagaje"}).content.decode()
    assert "House rule over DBA 3.0" in page and "DBA 2.2" in page  # both editions, each labelled


def test_search_page_without_javascript_and_with_htmx(rules, client):
    plain = client.get("/rulings/search/", {"q": "recoil"})
    html = plain.content.decode()
    assert '<form class="rl-search" method="get"' in html and 'hx-trigger="input changed delay:250ms' in html
    assert "/rulings/c/nasamw22:out.rec" in html and "<mark>" in html
    partial = client.get("/rulings/search/", {"q": "recoil"}, headers={"HX-Request": "true"}).content.decode()
    assert "<html" not in partial and "rl-hit" in partial


def test_search_highlights_the_page_shown_and_only_that_page(rules, client, monkeypatch, django_assert_max_num_queries):
    """Every match is ranked and counted, but a highlighted snippet costs more than the ranking (PostgreSQL
    re-parses the clause's text for it): the page shows 20 clauses and only those 20 are highlighted."""
    from rulings.search import service

    highlighted: list[str] = []
    to_html = service.to_html
    monkeypatch.setattr(service, "to_html", lambda raw, abbreviations=(): highlighted.append(raw) or to_html(raw, abbreviations))
    first = client.get("/rulings/search/", {"q": "recoil"}, headers={"HX-Request": "true"}).content.decode()
    highlighted.clear()
    with django_assert_max_num_queries(4):  # documents, ranking, the page's clauses, their snippets
        second = client.get("/rulings/search/", {"q": "recoil", "page": 2}, headers={"HX-Request": "true"}).content.decode()
    assert len(highlighted) == 20
    count = re.search(r'id="rl-count">(\d+) clauses · page 2 of (\d+)<', second)
    assert count and int(count[1]) > 40 and count[2] == str(-(-int(count[1]) // 20))
    snippets = re.findall(r'<p class="rl-snippet"[^>]*>(.*?)</p>', second)
    assert len(snippets) == 20 and all("<mark>" in snippet for snippet in snippets)
    keys = re.compile(r"<code>([^<]+)</code>")
    assert not set(keys.findall(first)) & set(keys.findall(second))  # page 2 is the next 20, not page 1 again


def test_search_reference_redirects_without_js_and_offers_link_with_htmx(rules, client):
    response = client.get("/rulings/search/", {"q": "PIP 4"})
    assert response.status_code == 302 and response["Location"] == "/rulings/c/nasamw22:pip.4/"
    partial = client.get("/rulings/search/", {"q": "PIP 4"}, headers={"HX-Request": "true"}).content.decode()
    assert 'href="/rulings/c/nasamw22:pip.4/"' in partial


def test_search_json(rules, client):
    data = client.get("/rulings/search/", {"q": "zone of control", "format": "json"}).json()
    first = data["results"][0]
    assert set(first) >= {"key", "document", "language", "heading", "snippet", "url"}
    assert {r["language"] for r in data["results"]} >= {"es"}
    jump = client.get("/rulings/search/", {"q": "nasamw22:pip.4", "format": "json"}).json()
    assert jump["results"][0]["key"] == "nasamw22:pip.4"


def test_did_you_mean_is_offered(rules, client):
    html = client.get("/rulings/search/", {"q": "cabaleria"}).content.decode()
    assert "Did you mean" in html and "?q=caballeria" in html


def test_abbreviations_open_their_definition_in_place(rules, client):
    html = client.get("/rulings/c/guia22:tabla-elementos.table/").content.decode()
    # A button that opens a popover (a tap on a phone), not a desktop-only title tooltip.
    assert '<button type="button" class="term" popovertarget="term-pop-' in html and "<abbr>WWg</abbr>" in html
    assert "<strong>WWg — War Wagons</strong>: Foot element type" in html
    assert 'href="/rulings/glossary/#term-wwg">Glossary</a>' in html and 'abbr title="' not in html
    spanish = client.get("/rulings/c/guia22:tabla-elementos.table/", headers={"Accept-Language": "es"}).text
    # The term in the reader's language, as the glossary names it.
    assert "<strong>WWg — Vagones de Guerra</strong>: Tipo de elemento a pie (vagones de guerra)." in spanish
    rumbo = client.get("/rulings/c/rumbo:deployment.1/").content.decode()
    assert "#term-elephants" not in rumbo  # "El borde…" is the article
    glossary = client.get("/rulings/glossary/").content.decode()
    assert 'id="term-wwg"' in glossary and "/rulings/c/nasamw22:con.8/" in glossary
