"""What an umpire reads on the rules pages (issue 13): the way in from every page and from the event,
calculator results as sentences, search pages and filters, documents on one page, glossary definitions
in place, English gists of the Italian commentary, and htmx partials that never replace a whole page."""

from __future__ import annotations

import re

import pytest
from django.test import RequestFactory
from django.urls import reverse

from config.htmx import render_partial, wants_partial
from rulings.models import Clause
from rulings.sources.index import load_gists

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}
RESTORE = {"HX-Request": "true", "HX-History-Restore-Request": "true"}


def text(html: str) -> str:
    """What a reader sees: the page without tags, scripts or runs of spaces."""
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'")


def get(client, url, lang="en", **params):
    return client.get(url, params, headers={"Accept-Language": lang})


# --- the way in -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "rules", "search"), [("en", "Rules", "Search the rules"),
                                                       ("es", "Reglas", "Buscar en las reglas"),
                                                       ("it", "Regole", "Cerca nelle regole")])
def test_every_page_has_the_rules_menu_and_a_search_box(client, lang, rules, search):
    for url in (reverse("tournament:home"), reverse("rulings:calc_index")):
        html = get(client, url, lang).text
        menu = html[html.index('id="nav-rules"'):html.index("</details>")]
        assert f"<summary>{rules}</summary>" in menu
        for name in ("rulings:index", "rulings:search", "rulings:flows", "rulings:calc_index", "rulings:glossary"):
            assert f'href="{reverse(name)}"' in menu
        assert f'<form class="nav-search" method="get" action="{reverse("rulings:search")}"' in html
        assert f'placeholder="{search}"' in html
        assert f'<a class="nav-search-link" href="{reverse("rulings:search")}">' in html  # the phone's way


def test_umpires_and_organizers_get_the_dispute_tools_on_the_event_page(client, umpire_client, organizer_client,
                                                                        event):
    settle = f'{reverse("rulings:flows")}?event={event.slug}'
    log = reverse("rulings:log", args=[event.slug])
    for staff in (umpire_client, organizer_client):
        html = staff.get(event.get_absolute_url()).text
        assert f'href="{settle}">Settle a dispute</a>' in html and f'href="{log}">Rulings log</a>' in html
    public = client.get(event.get_absolute_url()).text
    assert "Settle a dispute" not in public and log not in public
    spanish = umpire_client.get(event.get_absolute_url(), headers={"Accept-Language": "es"}).text
    assert "Resolver una disputa" in spanish


def test_settle_a_dispute_offers_search_and_step_throughs_for_the_event(client, umpire_client, event):
    url = f'{reverse("rulings:flows")}?event={event.slug}'
    page = text(umpire_client.get(url).text)
    assert "Settle a dispute" in page and "rulings log of Torneo de prueba" in page
    html = umpire_client.get(url).text
    assert 'id="rl-q"' in html  # the search box
    assert f'href="/rulings/flows/nasamw-pip-cost/?event={event.slug}"' in html
    # Someone who is not staff of the event gets the plain list: no event name, no event in the links.
    plain = client.get(url).text
    assert "Torneo de prueba" not in plain and 'href="/rulings/flows/nasamw-pip-cost/"' in plain


# --- calculators ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "sentences"), [
    ("en", ["Blades (4Bd): 42% destroyed", "Knights (3Kn): 36% recoil, 6% destroyed",
            "No effect on either side: 17%"]),
    ("es", ["Espadas (4Bd): 42% destruido", "Caballeros (3Kn): 36% retrocede, 6% destruido",
            "Sin efecto en ningún bando: 17%"]),
    ("it", ["Blade (4Bd): 42% distrutto", "Knight (3Kn): 36% si ritira, 6% distrutto",
            "Nessun effetto per nessuno dei due: 17%"]),
])
def test_combat_result_is_sentences_and_a_table_of_odds(client, lang, sentences):
    html = get(client, reverse("rulings:calc", args=["dba-combat"]), lang, a="4Bd", b="3Kn").text
    page = text(html)
    for sentence in sentences:
        assert sentence in page, sentence
    assert "'odds'" not in page and "{'" not in page and "probability" not in page  # no Python dict
    table = html[html.index('id="calc-odds"'):]
    assert '<meter class="calc-bar" min="0" max="100" value="36"' in table and "(13/36)" in table
    assert "a_bad_going" not in page and "rear_support" not in page  # labels, not parameter names


@pytest.mark.parametrize(("lang", "option"), [("en", "close combat"), ("es", "combate cuerpo a cuerpo"),
                                              ("it", "mischia")])
def test_calculator_options_are_words_in_the_users_language(client, lang, option):
    html = get(client, reverse("rulings:calc", args=["dba-combat"]), lang).text
    assert f'<option value="close">{option}</option>' in html
    recoil = get(client, reverse("rulings:calc", args=["dba-recoil"]), lang).text
    assert '<option value="table_edge">table_edge</option>' not in recoil


@pytest.mark.parametrize(("lang", "winner", "working"), [
    ("en", "B wins", "a side loses with the enemy general or four enemy elements lost"),
    ("es", "Gana B", "un bando pierde con el general enemigo o cuatro elementos enemigos perdidos"),
    ("it", "Vince B", "una parte perde con il generale nemico o quattro basette nemiche perse"),
])
def test_victory_says_who_won_in_the_users_language_without_file_paths(client, lang, winner, working):
    html = get(client, reverse("rulings:calc", args=["dba-victory"]), lang,
               edition="3.0", a_lost="4Bd,4Bd,4Bd,4Bd", b_lost="Ps").text
    page = text(html)
    summary = html[html.index('id="calc-summary"'):html.index("</ul>", html.index('id="calc-summary"'))]
    assert winner in summary and working in page
    assert "fixtures/" not in page and ".yaml" not in page


def test_the_json_link_is_a_short_label_not_a_long_url(client):
    html = client.get(reverse("rulings:calc", args=["dba-combat"]), {"a": "4Bd", "b": "3Kn"}).text
    link = re.search(r'<a href="(/api/calc/dba-combat/\?[^"]+)"[^>]*>([^<]+)</a>', html)
    assert link and link.group(2) == "The same result as data (JSON)"
    assert client.get(link.group(1).replace("&amp;", "&")).json()["result"]["totals"] == {"a": 3, "b": 3}


# --- search ------------------------------------------------------------------------------------------

def test_search_pages_through_every_hit(rules, client):
    first = client.get(reverse("rulings:search"), {"q": "recoil"}).text
    count = int(re.search(r"(\d+) clauses", text(first)).group(1))
    assert count > 40 and first.count('class="rl-hit"') == 20 and "page 1 of" in text(first)
    assert 'rel="next" href="/rulings/search/?q=recoil&amp;page=2"' in first
    second = client.get(reverse("rulings:search"), {"q": "recoil", "page": "2"}).text
    assert second.count('class="rl-hit"') == 20 and '<ol class="rl-hits" start="21">' in second
    keys = lambda html: set(re.findall(r'<code>([a-z0-9]+:[^<]+)</code>', html))  # noqa: E731
    assert not keys(first) & keys(second)
    assert client.get(reverse("rulings:search"), {"q": "recoil", "page": "abc"}).status_code == 200


def test_search_filters_by_game_and_document_and_shows_each_hits_language(rules, client):
    html = client.get(reverse("rulings:search"), {"q": "carga", "game": "DBA"}).text
    assert "Warhammer" not in text(html[html.index('id="rl-results"'):])
    only = client.get(reverse("rulings:search"), {"q": "recoil", "doc": "nasamw22"}).text
    assert re.findall(r"<code>(\w+):", only) and set(re.findall(r"<code>(\w+):", only)) == {"nasamw22"}
    assert 'class="badge rl-lang"><span class="visually-hidden">Language: </span>Italian</span>' in only
    assert '<option value="nasamw22" selected>' in only
    # An unknown game or document is ignored rather than an error.
    assert client.get(reverse("rulings:search"), {"q": "recoil", "game": "Chess"}).status_code == 200


def test_a_dba_question_lists_dba_texts_first(rules, client):
    data = client.get(reverse("rulings:search"), {"q": "charge", "format": "json"}).json()
    games = [hit["game"] for hit in data["results"]]
    assert games[0] == "DBA" and "Warhammer Fantasy" in games
    assert games == sorted(games, key=lambda g: g != "DBA")


# --- reading -----------------------------------------------------------------------------------------

def test_a_document_reads_as_a_document(rules, client):
    html = client.get(reverse("rulings:document", args=["nasamw22"])).text
    # Every clause on the page, in order, under its contents.
    positions = [html.index(f'id="{key}"') for key in ("nasamw22:pip.3", "nasamw22:pip.4", "nasamw22:out.rec.5")]
    assert positions == sorted(positions) and html.index('class="rl-toc"') < positions[0]
    assert 'href="#sec-nasamw22:rivm"' in html and 'id="sec-nasamw22:rivm"' in html
    assert "**" not in text(html)  # "(si veda anche **ATTRAVERSAMENTO DI UN FIUME**)" loses its stars
    assert ">paragraph<" not in html.lower() and ">diagram caption<" not in html.lower()
    assert "This text refers to a diagram that is not in the library" in html  # "il diagramma seguente"


def test_clause_links_say_where_they_go(rules, client):
    html = client.get(reverse("rulings:clause", args=["nasamw22:rivm.1"])).text
    assert "ATTRAVERSAMENTO DI UN FIUME" in html and "**ATTRAVERSAMENTO" not in html
    neighbours = html[html.index('class="rl-neighbours"'):]
    assert ">Paragraph<" not in neighbours and ">Diagram caption<" not in neighbours


@pytest.mark.parametrize(("lang", "definition", "other"), [
    ("en", "Foot element type; counts the first side contacted as its front", "Tipo de elemento a pie"),
    ("es", "Tipo de elemento a pie (vagones de guerra).", "Foot element type"),
    ("it", "Tipo di elemento; il primo lato contattato conta come fronte", "Foot element type"),
])
def test_glossary_definitions_in_the_users_language_only(rules, client, lang, definition, other):
    page = text(get(client, reverse("rulings:glossary"), lang).text)
    assert definition in page and other not in page


@pytest.mark.parametrize(("lang", "shown", "english"), [
    ("es", "Río", "River"), ("es", "Movimiento táctico", "Tactical move"), ("it", "Turno", "Bound"),
])
def test_glossary_headwords_in_the_readers_language_with_the_english_beside(rules, client, lang, shown, english):
    html = get(client, reverse("rulings:glossary"), lang).text
    assert f"<dfn>{shown}</dfn> <span class=\"muted\" lang=\"en\">({english})</span>" in html
    assert f"<dfn>{english}</dfn>" not in html


def test_an_english_gist_beside_the_italian_clarification(rules, client):
    gists = load_gists()
    assert gists, "no gists"
    key = next(iter(gists))
    html = get(client, reverse("rulings:clause", args=[key]), "en").text
    assert "English gist, a translation: the Italian above is the source" in html
    assert gists[key]["gist"][:40] in html.replace("&#x27;", "'").replace("&quot;", '"')
    assert '<aside class="rl-gist" lang="en"' in html
    # Not for a Spanish or Italian reader, who reads the source.
    assert "rl-gist" not in get(client, reverse("rulings:clause", args=[key]), "it").text
    doubtful = next(k for k, e in gists.items() if e["doubtful"])
    html = get(client, reverse("rulings:clause", args=[doubtful]), "en").text
    assert "Doubtful reading" in html and gists[doubtful]["doubtful"][:30] in html.replace("&quot;", '"')


def test_every_nasamw_clarification_has_an_english_gist(rules):
    clauses = Clause.objects.filter(document__slug="nasamw22", kind="item")
    assert clauses.count() == 172
    missing = sorted(clauses.exclude(key__in=load_gists()).values_list("key", flat=True))
    assert not missing, f"no English gist for {missing}"


def test_every_gist_names_an_italian_clarification_and_its_first_line(rules):
    clauses = {c.key: c for c in Clause.objects.filter(document__slug="nasamw22", kind="item")}
    for key, entry in load_gists().items():
        assert key in clauses, key
        assert clauses[key].line_start == entry["line"], key
    assert list(load_gists()) == [k for k in sorted(clauses, key=lambda k: clauses[k].order) if k in load_gists()]


# --- htmx ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("url", "params", "marker"), [
    ("/rulings/calc/dba-pip-cost/", {"elements": "El"}, 'id="calc-output"'),
    ("/rulings/flows/nasamw-pip-cost/", {"a": "q-tactical.yes"}, 'data-node="q-first"'),
    ("/rulings/search/", {"q": "recoil"}, 'class="rl-hit"'),
])
def test_a_partial_only_for_a_real_htmx_request(rules, client, url, params, marker):
    partial = client.get(url, params, headers=HX)
    assert marker in partial.text and "<html" not in partial.text
    restored = client.get(url, params, headers=RESTORE)  # browser Back after the history cache missed
    assert "<html" in restored.text and marker in restored.text
    plain = client.get(url, params)
    for response in (partial, restored, plain):
        assert "HX-Request" in response["Vary"]


def test_the_htmx_helper(rf: RequestFactory):
    from django_htmx.middleware import HtmxDetails

    def request(**headers):
        req = rf.get("/", headers=headers)
        req.htmx = HtmxDetails(req)
        return req

    assert wants_partial(request(**HX)) and not wants_partial(request(**RESTORE)) and not wants_partial(request())
    response = render_partial(request(**HX), "rulings/calc_index.html", "rulings/_badges.html",
                              {"document": None, "calculators": []})
    assert "<html" not in response.content.decode() and response["Vary"] == "HX-Request"


@pytest.mark.parametrize(("lang", "says", "english"), [
    ("es", "Define: Desembarco litoral", "Littoral landing"),
    ("it", "Definisce: Sbarco", "Littoral landing"),
    ("en", "Defines: Littoral landing", None),
])
def test_a_clause_names_the_term_it_defines_in_the_readers_words(client, rules, lang, says, english):
    """The clause page listed the glossary terms it defines by their English names ("Define: Littoral landing" to a
    Spanish umpire), where the glossary itself names them in the reader's language."""
    page = text(get(client, reverse("rulings:clause", args=["nasamw22:dep.8"]), lang).text)
    assert says in page
    if english:
        assert english not in page
