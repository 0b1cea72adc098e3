"""Issue 28, "the edition and the language at the table" and "every clarification one question away".

- Every source is DBA 2.2 (seeds 001 and 002) but the house rules of seed 000 (over DBA 3); the DBA 3.0
  rulebook is not among them. From a DBA 3.0 event, every ruling and calculator says which answer is
  2.2's and, where the app's own 3.0 data (fixtures/elements/quickref.yaml, tournament/armies/elements.py)
  knows 3.0 differs, where.
- From an event, the DBA step-throughs only, unless the umpire asks for the other games.
- A cited clause in another language than the reader's: its marked translation first (the English gist
  of 001, fixtures/rulings/nasamw_gists_en.yaml), the original one tap away; the reader's own language's
  clauses (002 for Spanish) first. The library search lists the reader's language first.
- A question finder over the flows' questions and rulings and the 172 NASAMW clarifications (001).
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils.html import escape as html_escape

from rulings.flows.loader import all_flows, all_paths
from rulings.search.finder import clarifications, find
from rulings.sources.index import TRANSLATED_GISTS, load_gists, parse_document, resolve_citation
from tests.factories import make_event
from tournament.armies.elements import quickref

pytestmark = pytest.mark.django_db

PIP_FIRST = ["q-tactical.yes", "q-first.yes"]  # nasamw-pip-cost r-first: cites nasamw22 L125 and guia22 L799


def text(html: str) -> str:
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'").replace("&quot;", '"')


def get(client, url, lang="en", params=None, **headers):
    return client.get(url, params or {}, headers={"Accept-Language": lang, **headers})


def flow_page(client, flow_id, tokens, lang="en", **params):
    return get(client, reverse("rulings:flow", args=[flow_id]), lang, {"a": tokens, **params})


def note(html: str) -> str:
    """The edition note of a page ("" when it has none)."""
    match = re.search(r'<aside class="rl-edition[^"]*" id="edition-note".*?</aside>', html, re.S)
    return text(match.group(0)) if match else ""


@pytest.fixture
def event30(db):
    return make_event(slug="torneo-30", name="Torneo 3.0", edition="3.0")


@pytest.fixture
def event22(db):
    return make_event(slug="torneo-22", name="Torneo 2.2", edition="2.2", scoring_preset="nasamw-v4")


# --- the edition ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "says", "pips"), [
    ("en", "This answer is DBA 2.2's; this event plays DBA 3.0.", "PIP costs"),
    ("es", "Esta respuesta es de DBA 2.2; este evento juega DBA 3.0.", "Coste en PIPs"),
    ("it", "Questa risposta è della DBA 2.2; in questo evento si gioca la DBA 3.0.", "Costo in PIP"),
])
def test_a_ruling_reached_from_a_30_event_says_it_is_22s_and_where_30_differs(client, rules, event30, lang, says, pips):
    shown = note(flow_page(client, "nasamw-pip-cost", PIP_FIRST, lang, event=event30.slug).text)
    assert says in shown
    assert pips in shown
    # Both sides, in the reader's words: the guide's (guia22 L793) and the app's own 3.0 summary.
    editions = quickref()
    assert editions["2.2"]["pips"][0][lang] in shown
    assert editions["3.0"]["pips"][1][lang] in shown
    # The same ruling without an event keeps no note: the note is about the event's edition.
    assert note(flow_page(client, "nasamw-pip-cost", PIP_FIRST, lang).text) == ""


def test_the_note_comes_with_the_htmx_step_too(client, rules, event30):
    url = reverse("rulings:flow", args=["nasamw-pip-cost"])
    html = client.get(url, {"a": PIP_FIRST, "event": event30.slug}, headers={"HX-Request": "true"}).text
    assert "<html" not in html and "This answer is DBA 2.2's" in note(html)


def test_every_dba_ruling_reached_from_a_30_event_names_its_edition(client, event30):
    """Every ruling of every DBA step-through (each flow's every path): the answer's edition is on it;
    the other games' rulings carry none (no DBA edition to speak of)."""
    missing = []
    for flow in all_flows().values():
        for path in all_paths(flow):
            html = flow_page(client, flow.id, [step.token for step in path], event=event30.slug).text
            found = re.search(r'data-answer-edition="([^"]+)"', html)
            expected = {"DBA": True}.get(flow.data["game"], False)
            if bool(found) != expected:
                missing.append(f"{flow.id} {'/'.join(s.token for s in path)}")
            elif found and flow.id.startswith("nasamw-") and found.group(1) != "2.2":
                missing.append(f"{flow.id}: says {found.group(1)}")
    assert not missing, "\n".join(missing)


def test_house_rules_over_dba_3_say_so_at_a_22_event(client, event22):
    flow = all_flows()["rumbo-third-column"]
    path = all_paths(flow)[0]
    shown = note(flow_page(client, flow.id, [s.token for s in path], event=event22.slug).text)
    assert "house rules over DBA 3.0" in shown and "This event plays DBA 2.2." in shown


def test_at_a_22_event_the_answer_is_the_events_own_edition(client, rules, event22):
    shown = note(flow_page(client, "nasamw-pip-cost", PIP_FIRST, event=event22.slug).text)
    assert "comes from the DBA 2.2 sources, the edition this event plays" in shown
    assert "PIP costs" not in shown  # no difference to list: same edition


@pytest.mark.parametrize(("lang", "says"), [("en", "This answer is DBA 2.2's"), ("es", "Esta respuesta es de DBA 2.2"),
                                            ("it", "Questa risposta è della DBA 2.2")])
def test_a_calculator_reached_from_a_30_event_says_its_answer_is_22s(client, event30, lang, says):
    url = reverse("rulings:calc", args=["dba-combat"])
    html = get(client, url, lang, {"a": "4Bd", "b": "4Sp", "event": event30.slug}).text
    shown = note(html)
    assert says in shown
    for code in ("8Sp", "5Hd", "CWg"):  # the 3.0 element types the 2.2 tables lack (tournament/armies/elements.py)
        assert code in shown
    assert 'name="event" value="torneo-30"' in html  # the form keeps the event for the next calculation
    # Even before a result (an empty form, or a code the 2.2 tables lack), the note is there.
    assert says in note(get(client, url, lang, {"event": event30.slug}).text)
    assert says in note(get(client, url, lang, {"a": "4Bd", "b": "8Sp", "event": event30.slug}).text)
    assert note(get(client, url, lang, {"a": "4Bd", "b": "4Sp"}).text) == ""


def test_the_victory_calculator_shows_both_editions_conditions_from_a_30_event(client, event30):
    url = reverse("rulings:calc", args=["dba-victory"])
    shown = note(get(client, url, "en", {"a_lost": "4Bd", "event": event30.slug}).text)
    assert "This answer is DBA 2.2's" in shown
    assert "A sacked camp counts 1" in shown and "A camp taken counts as 2 elements" in shown
    # Asking the calculator for 3.0 gives the app's 3.0 summary, still flagged as no source.
    shown = note(get(client, url, "en", {"a_lost": "4Bd", "edition": "3.0", "event": event30.slug}).text)
    assert "not from a source" in shown


def test_the_calculators_from_the_settle_page_carry_the_event(umpire_client, event):
    page = umpire_client.get(f'{reverse("rulings:flows")}?event={event.slug}').text
    index = f'{reverse("rulings:calc_index")}?event={event.slug}'
    assert f'href="{index}"' in page
    assert f'href="{reverse("rulings:calc", args=["dba-combat"])}?event={event.slug}"' in umpire_client.get(index).text


@pytest.mark.parametrize(("lang", "says"), [
    ("en", "This event plays DBA 3.0, but every source here is DBA 2.2"),
    ("es", "Este evento juega DBA 3.0, pero todas las fuentes de aquí son de DBA 2.2"),
    ("it", "In questo evento si gioca la DBA 3.0, ma tutte le fonti qui sono della DBA 2.2"),
])
def test_settle_a_dispute_at_a_30_event_says_plainly_the_sources_are_22(umpire_client, event, lang, says):
    html = get(umpire_client, reverse("rulings:flows"), lang, {"event": event.slug}).text
    assert says in text(html)
    card = re.search(r'<li class="card" id="flow-nasamw-pip-cost">.*?</li>', html, re.S).group(0)
    assert "rl-flow-edition" in card and "warn" in card  # each step-through names its edition


def test_the_edition_data_names_real_flows_and_calculators():
    """fixtures/rulings/editions.yaml ties topics to flows and calculators by id: a renamed flow would
    silently lose its 3.0 difference, so every id must exist."""
    from rulings.calculators import REGISTRY
    from rulings.editions.notes import _config, edition_note, flows_with_differences

    assert set(flows_with_differences()) <= set(all_flows())
    assert set(_config()["calculators"]) <= set(REGISTRY)
    pip_flow = all_flows()["nasamw-pip-cost"].data
    assert [d.topic for d in edition_note("3.0", flow=pip_flow).differences] == ["pips"]
    assert edition_note("2.2", flow=pip_flow).differences == ()
    assert edition_note("3.0", flow=all_flows()["wfb-rally"].data) is None
    assert edition_note("1.0", flow=pip_flow) is None


# --- DBA first ----------------------------------------------------------------------------------------

def test_from_an_event_only_dba_step_throughs_unless_asked(umpire_client, event):
    url = reverse("rulings:flows")
    html = umpire_client.get(url, {"event": event.slug}).text
    assert 'id="flow-nasamw-pip-cost"' in html and 'id="flow-rumbo-terrain"' in html
    for other in ("asl-night-ambush", "wfb-rally"):
        assert f'id="flow-{other}"' not in html
    assert f'?event={event.slug}&amp;games=all' in html  # asked for in one tap
    everything = umpire_client.get(url, {"event": event.slug, "games": "all"}).text
    assert 'id="flow-asl-night-ambush"' in everything and 'id="flow-wfb-rally"' in everything
    # The settle page's rules search keeps to DBA too.
    assert '<input type="hidden" name="game" value="DBA">' in html
    assert '<input type="hidden" name="game" value="DBA">' not in everything
    # Without an event, the step-through list is every game's, as before.
    assert 'id="flow-wfb-rally"' in umpire_client.get(url).text


# --- the language at the table ------------------------------------------------------------------------

def _cited_order(html: str) -> list[str]:
    ruling = html[html.index('id="flow-ruling"'):]
    return re.findall(r'<p class="rl-key"><a href="/rulings/c/([^/]+)/">', ruling)


def _gist_position(html: str) -> int:
    return html.index(html_escape(load_gists()["nasamw22:pip.4"]["gist"]))


def test_a_spanish_ruling_shows_the_spanish_guide_first_and_the_italian_a_tap_away(client, rules):
    html = flow_page(client, "nasamw-pip-cost", PIP_FIRST, "es").text
    order = _cited_order(html)
    assert order[0].startswith("guia22:"), order  # guia22 L799, the Spanish guide's own words
    assert "nasamw22:pip.4" in order
    ruling = html[html.index('id="flow-ruling"'):]
    italian = ruling[ruling.index("/rulings/c/nasamw22:pip.4/"):]
    # The Italian is in a closed <details>: one tap away; the marked translation is shown before it.
    details = italian.index('<details class="rl-original">')
    assert italian.index("Nel primo turno di ogni giocatore") > details
    # The marked translation in Spanish (fixtures/rulings/nasamw_gists_es.yaml), before the original.
    spanish = html_escape(load_gists(TRANSLATED_GISTS["es"])["nasamw22:pip.4"]["gist"])
    assert '<div class="rl-gist rl-translation" lang="es" data-source>' in italian[:details]
    assert italian.index(spanish) < details
    assert "El texto original (italiano)" in text(italian) or "El texto original (Italiano)" in text(italian)
    assert "Resumen en tu idioma, una traducción" in text(italian)
    # The heading over the step-through is in Spanish, not "DBA 2.2 (NASAMW commentary)".
    assert "DBA 2.2 (comentario NASAMW)" in html and "NASAMW commentary" not in html


def test_the_sources_of_a_step_through_read_in_the_readers_language(client, rules):
    """The list under "Sources of this step-through": a Spanish reader meets the guide (002) first and the
    commentary's clarifications by their Spanish gists; an Italian reader the commentary itself."""
    key = "nasamw22:pip.4"
    spanish = flow_page(client, "nasamw-pip-cost", [], "es").text
    sources = spanish[spanish.index('class="rl-flow-sources"'):]
    assert re.findall(r'href="/rulings/c/([^/]+)/"', sources)[0].startswith("guia22:")
    assert html_escape(load_gists(TRANSLATED_GISTS["es"])[key]["gist"])[:60] in sources
    italian = flow_page(client, "nasamw-pip-cost", [], "it").text
    sources = italian[italian.index('class="rl-flow-sources"'):]
    assert re.findall(r'href="/rulings/c/([^/]+)/"', sources)[0].startswith("nasamw22:")
    assert "Nel primo turno" in sources


def test_an_italian_ruling_shows_the_commentary_itself_and_the_spanish_guide_a_tap_away(client, rules):
    html = flow_page(client, "nasamw-pip-cost", PIP_FIRST, "it").text
    order = _cited_order(html)
    assert order[0].startswith("nasamw22:"), order
    ruling = html[html.index('id="flow-ruling"'):]
    italian = ruling[ruling.index("/rulings/c/nasamw22:pip.4/"):]
    assert italian.index("Nel primo turno di ogni giocatore") < italian.index("<details")  # shown, not hidden
    assert "DBA 2.2 (commento NASAMW)" in html


def test_an_english_ruling_shows_the_gist_and_the_italian_a_tap_away(client, rules):
    html = flow_page(client, "nasamw-pip-cost", PIP_FIRST, "en").text
    ruling = html[html.index('id="flow-ruling"'):]
    italian = ruling[ruling.index("/rulings/c/nasamw22:pip.4/"):]
    details = italian.index('<details class="rl-original">')
    assert _gist_position(italian) < details < italian.index("Nel primo turno")
    assert italian.count(html_escape(load_gists()["nasamw22:pip.4"]["gist"])) == 1  # not twice


@pytest.mark.parametrize(("lang", "first"), [("it", "it"), ("es", "es")])
def test_the_search_lists_the_readers_language_first(client, rules, lang, first):
    """'elefante' is a word of both DBA seeds (001 Italian, 002 Spanish): the reader's own come first."""
    data = get(client, reverse("rulings:search"), lang, {"q": "elefante", "format": "json"}).json()
    languages = [hit["language"] for hit in data["results"]]
    assert languages[:5] == [first] * 5 and set(languages) >= {"es", "it"}


# --- the question finder --------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "query", "expected"), [
    ("en", "flee bad going", "Resolving a flee"),
    ("es", "huida terreno difícil", "Resolver una huida"),
    ("it", "fuga terreno difficile", "Risolvere una fuga"),
])
def test_the_finder_finds_the_step_through_question_in_three_languages(client, umpire_client, event, lang, query,
                                                                       expected):
    url = reverse("rulings:find")
    html = get(umpire_client, url, lang, {"q": query, "event": event.slug}).text
    hits = html[html.index('id="finder-results"'):]
    first = re.search(r'<li class="rl-hit" data-kind="(\w+)">\s*<a class="rl-hit-title" href="([^"]+)"', hits)
    assert first.group(1) in ("question", "ruling")
    assert "/rulings/flows/nasamw-flee/" in first.group(2) and f"event={event.slug}" in first.group(2)
    assert expected in text(hits)
    # The link opens the step-through at that step, with the event kept.
    step = umpire_client.get(first.group(2).replace("&amp;", "&"), headers={"Accept-Language": lang})
    assert step.status_code == 200 and expected in step.text


def test_the_finder_is_on_the_settle_page_and_answers_htmx_with_the_results_only(umpire_client, event):
    page = umpire_client.get(reverse("rulings:flows"), {"event": event.slug}).text
    form = page[page.index('<form class="rl-search rl-finder"'):]
    form = form[:form.index("</form>")]
    assert f'action="{reverse("rulings:find")}"' in form and 'method="get"' in form  # works without JavaScript
    assert 'hx-target="#finder-results"' in form and f'name="event" value="{event.slug}"' in form
    partial = umpire_client.get(reverse("rulings:find"), {"q": "overlap"}, headers={"HX-Request": "true"})
    assert "<html" not in partial.text and 'class="rl-hit"' in partial.text
    assert "HX-Request" in partial["Vary"]
    restore = umpire_client.get(reverse("rulings:find"), {"q": "overlap"},
                                headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})
    assert "<html" in restore.text


def test_the_finder_from_an_event_keeps_to_dba_unless_asked(umpire_client, event):
    url = reverse("rulings:find")
    dba_only = umpire_client.get(url, {"q": "night ambush", "event": event.slug}).text
    assert "/rulings/flows/asl-night-ambush/" not in dba_only
    every = umpire_client.get(url, {"q": "night ambush", "event": event.slug, "games": "all"}).text
    assert "/rulings/flows/asl-night-ambush/" in every


@pytest.mark.parametrize(("lang", "query"), [("es", "elefante"), ("es", "retroceso elefante"), ("it", "elefante")])
def test_the_finder_does_not_take_the_spanish_article_el_for_elephants(lang, query):
    """Elephants' abbreviation "El" was matched as the word "el": a Spanish umpire asking about an elephant got
    "¿Es el primer turno del jugador?" first, and every question with an "el" in it before the elephants' ones."""
    hits = find(query, lang, games=("DBA",))
    assert hits
    for hit in hits[:5]:
        shown = " ".join(hit.entry.texts.values()) + " " + " ".join(text for _lang, text in hit.entry.extra)
        assert re.search(r"(?i:elefant|elephant)|\bEl\b(?!\s+[^\W\d_])", shown), hit.entry.text(lang)


def test_the_finder_says_when_nothing_matches(client):
    assert "No question or clarification matches" in client.get(reverse("rulings:find"), {"q": "zzzqqq"}).text
    assert "Ninguna pregunta ni aclaración coincide" in get(client, reverse("rulings:find"), "es", {"q": "zzzqqq"}).text


# --- every clarification one question away --------------------------------------------------------------

def _query_from(gist: str) -> str:
    """The first eight words of a clarification's English gist: what an umpire might type about it."""
    return " ".join(re.findall(r"[^\W\d_]{3,}", gist)[:8])


def test_every_nasamw_clarification_is_at_most_two_steps_from_a_flow_or_the_finder():
    """Seed 001 has 172 numbered clarifications. Each must be one tap from a step-through page (its
    sources list) or found by the finder, itself or through a ruling that cites it, from words of its
    own gist: one step to the hit, one to the clause. The test lists those that are not."""
    items = [c for c in parse_document("nasamw22").clauses if c.kind == "item"]
    assert len(items) == 172
    from_flow_pages = {resolve_citation(c) for flow in all_flows().values() for c in flow.data["sources"]}
    gists = load_gists()
    unreachable = []
    for clause in items:
        if clause.key in from_flow_pages:
            continue
        hits = find(_query_from(gists[clause.key]["gist"]), "en", limit=10)
        if not any(h.entry.clause_key == clause.key or clause.key in h.entry.cites for h in hits):
            unreachable.append(f"{clause.key} (line {clause.line_start})")
    assert not unreachable, f"{len(unreachable)} clarifications more than two steps away:\n" + "\n".join(unreachable)


def test_the_finder_indexes_every_clarification_and_links_it_to_its_clause(client):
    assert len(clarifications()) == 172
    html = client.get(reverse("rulings:find"), {"q": "Scythed Chariots BUA"}).text
    assert re.search(r'href="/rulings/c/nasamw22:[a-z.]+\d+/"', html)


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_an_uncited_clarification_is_found_in_its_own_words(client, lang):
    """nasamw22:tac.1 is cited by no flow: the finder still finds it, from its Italian (it) or its gist."""
    key = "nasamw22:tac.1"
    query = {"it": " ".join(next(c for c in clarifications() if c.clause_key == key).texts["it"].split()[1:7]),
             "en": _query_from(load_gists()[key]["gist"]),
             "es": _query_from(load_gists(TRANSLATED_GISTS["es"])[key]["gist"])}[lang]
    html = get(client, reverse("rulings:find"), lang, {"q": query}).text
    assert f'href="/rulings/c/{key}/"' in html
    hit = html[html.index(f'href="/rulings/c/{key}/"'):]
    hit = hit[:hit.index("</li>")]
    if lang == "it":  # the Italian source itself
        assert 'lang="it"' in hit and "<details" not in hit
    else:  # the reader's own marked translation, the Italian a tap away
        assert f'lang="{lang}" data-source' in hit and '<details class="rl-original">' in hit


def test_every_clarification_has_a_spanish_gist_on_the_english_one_s_line():
    english, spanish = load_gists(), load_gists(TRANSLATED_GISTS["es"])
    assert spanish.keys() == english.keys() and len(spanish) == 172
    assert [k for k in english if english[k]["line"] != spanish[k]["line"]] == []
    # Doubts travel with the translation.
    assert {k for k in english if english[k]["doubtful"]} == {k for k in spanish if spanish[k]["doubtful"]}


def test_the_clause_page_gives_a_spanish_reader_the_spanish_gist_and_an_italian_reader_the_source(client, rules):
    key = "nasamw22:pip.4"
    spanish = get(client, reverse("rulings:clause", args=[key]), "es").text
    assert '<aside class="rl-gist" lang="es"' in spanish
    assert html_escape(load_gists(TRANSLATED_GISTS["es"])[key]["gist"]) in spanish
    assert "Resumen en tu idioma, una traducción: la fuente es el italiano de arriba" in spanish
    assert "rl-gist" not in get(client, reverse("rulings:clause", args=[key]), "it").text



def test_a_combat_result_s_next_step_keeps_the_event_and_its_edition_note(client, event30):
    """The combat result's link to the recoil step kept only the recoiler: from a 3.0 event, the recoil answer
    lost its edition note and its way back to the event's calculators."""
    url = reverse("rulings:calc", args=["dba-combat"])
    html = get(client, url, "es", {"a": "4Bd", "b": "3Kn", "event": event30.slug}).text
    step = re.search(r'href="(/rulings/calc/dba-recoil/\?[^"]*)"', html).group(1).replace("&amp;", "&")
    assert "recoiler=3Kn" in step and f"event={event30.slug}" in step
    recoil = get(client, step, "es").text
    assert "Esta respuesta es de DBA 2.2; este evento juega DBA 3.0." in note(recoil)
    assert f'href="{reverse("rulings:calc_index")}?event={event30.slug}"' in recoil


def test_from_the_event_s_rulings_log_and_doubts_the_step_throughs_keep_the_event(umpire_client, rules, event):
    """The rulings log led its umpire to the step-throughs without the event (every game's, no edition note on the
    ruling), and the event's open-doubts page opened each doubt's step-through or calculator without it too."""
    log = get(umpire_client, reverse("rulings:log", args=[event.slug]), "es").text
    settle = f'{reverse("rulings:flows")}?event={event.slug}'
    assert f'href="{settle}"' in log
    doubts = get(umpire_client, reverse("rulings:doubts"), "es", {"event": event.slug}).text.replace("&amp;", "&")
    flow = re.search(r'<li class="card" id="doubt-flow\.nasamw-pip-cost\.r-extras">\s*<p><a href="([^"]+)"', doubts)
    calc = re.search(r'<li class="card" id="doubt-calculator\.[^"]+">\s*<p><a href="(/rulings/calc/[^"]+)"', doubts)
    for url in (flow.group(1), calc.group(1)):
        assert f"event={event.slug}" in url, url
        assert "Esta respuesta es de DBA 2.2; este evento juega DBA 3.0." in note(get(umpire_client, url, "es").text)


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_the_victory_calculator_reached_from_a_30_event_starts_from_30(client, event30, event22, lang):
    """"Who has won?" opened from a DBA 3.0 event's dispute page has DBA 3.0 chosen (the umpire need not find the
    field); from a 2.2 event, 2.2; an edition the umpire chose stays theirs."""
    url = reverse("rulings:calc", args=["dba-victory"])
    chosen = re.compile(r'<option value="([0-9.]+)" selected>')
    assert chosen.findall(get(client, url, lang, {"event": event30.slug}).text) == ["3.0"]
    assert chosen.findall(get(client, url, lang, {"event": event22.slug}).text) == ["2.2"]
    answered = get(client, url, lang, {"event": event30.slug, "edition": "2.2", "a_lost": "4Bd"}).text
    assert chosen.findall(answered) == ["2.2"]
