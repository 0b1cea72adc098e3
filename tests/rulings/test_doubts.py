"""The open doubts page: every doubt flagged in flows, calculators' data, tables and scoring, each quoting
the seed lines it names; and an event's decisions on them (recorded by its staff, shown to players)."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from rulings.doubts.collect import all_doubts, quote
from rulings.models import DoubtDecision
from rulings.sources.index import resolve_citation
from tests.factories import make_user

PS_SUPPORT = "flow.nasamw-rear-support.r-psiloi-contested"
RANGE = "calculator.dba22_combat.range_boundary"
WARBAND_IN_CAMP = "table.outcomes22.rows.beaten-Hd.when.1"
CAMP_THRESHOLD = "scoring.victory.2.2"


def _doubt(doubt_id):
    return next(d for d in all_doubts() if d.id == doubt_id)


def test_quote_reads_the_seed_line__guide_L1634():
    assert "Montados, Bandas de Guerra, BUA o Campamento" in quote("guia22@L1634").text
    assert "basta che siano montati" in quote("nasamw22@L569").text


@pytest.mark.parametrize(("doubt_id", "kind", "lines"), [
    (PS_SUPPORT, "flow", {"guia22@L1634", "nasamw22@L569"}),
    (RANGE, "calculator", {"guia22@L1220", "nasamw22@L381"}),
    (WARBAND_IN_CAMP, "table", {"guia22@L1656", "nasamw22@L645"}),
    (CAMP_THRESHOLD, "scoring", {"guia22@L1577", "guia22@L1583", "nasamw22@L769"}),
])
def test_each_kind_of_doubt_names_both_seed_lines(doubt_id, kind, lines):
    doubt = _doubt(doubt_id)
    assert doubt.kind == kind
    assert lines <= set(doubt.citations)
    assert all(q.text for q in doubt.quotes if q.citation in lines)


def test_doubt_ids_are_unique_and_every_kind_is_present():
    doubts = all_doubts()
    assert len({d.id for d in doubts}) == len(doubts)
    assert {d.kind for d in doubts} == {"flow", "calculator", "table", "scoring"}


@pytest.mark.django_db
def test_page_lists_doubts_of_each_kind_with_both_lines_quoted__guide_L1634_commentary_L569(client, rules):
    page = html.unescape(client.get(reverse("rulings:doubts")).text)
    for doubt_id in (PS_SUPPORT, RANGE, WARBAND_IN_CAMP, CAMP_THRESHOLD):
        start = page.index(f'id="doubt-{doubt_id}"')
        card = page[start:page.index("</li>\n", page.index("</ul>", start))]
        for q in _doubt(doubt_id).quotes:
            assert q.text in card, (doubt_id, q.citation)
    # the quoted lines themselves, and links to the flow, the calculator and the clause
    assert "Montados, Bandas de Guerra, BUA o Campamento" in page and "basta che siano montati" in page
    assert reverse("rulings:flow", args=["nasamw-rear-support"]) + "?a=" in page
    assert reverse("rulings:calc", args=["dba-combat"]) in page
    assert reverse("rulings:clause", args=[resolve_citation("guia22@L1656")]) in page


@pytest.mark.django_db
def test_library_index_links_to_the_doubts_page(client):
    assert reverse("rulings:doubts") in client.get(reverse("rulings:index")).text


@pytest.mark.django_db
def test_umpire_records_a_decision_and_players_see_it__guide_L1583(client, umpire_client, event):
    url = reverse("rulings:doubt_decide", args=[event.slug])
    form = umpire_client.get(reverse("rulings:doubts") + f"?event={event.slug}").text
    assert url in form
    response = umpire_client.post(url, {"doubt": CAMP_THRESHOLD, "decision": "Camp counts only in the comparison."})
    assert response.status_code == 302
    assert DoubtDecision.objects.get(event=event).doubt_id == CAMP_THRESHOLD
    umpire_client.post(url, {"doubt": CAMP_THRESHOLD, "decision": "Camp counts toward the four."})
    assert DoubtDecision.objects.filter(event=event).count() == 1  # replaced, not duplicated
    log = client.get(reverse("rulings:log", args=[event.slug]))  # a player, not logged in
    assert log.status_code == 200 and "Camp counts toward the four." in log.text
    doubts = client.get(reverse("rulings:doubts") + f"?event={event.slug}").text
    assert "Camp counts toward the four." in doubts and url not in doubts  # shown, but no form for players


@pytest.mark.django_db
def test_stranger_cannot_record_a_decision(client, event):
    url = reverse("rulings:doubt_decide", args=[event.slug])
    client.force_login(make_user("stranger"))
    assert client.post(url, {"doubt": CAMP_THRESHOLD, "decision": "mine"}).status_code == 403
    assert not DoubtDecision.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("data", "field"), [
    ({"doubt": "no.such.doubt", "decision": "x"}, "doubt"),
    ({"doubt": CAMP_THRESHOLD, "decision": "x" * 2001}, "decision"),
    ({"doubt": CAMP_THRESHOLD, "decision": ""}, "decision"),
])
def test_bad_decision_is_a_400_naming_the_field(organizer_client, event, data, field):
    response = organizer_client.post(reverse("rulings:doubt_decide", args=[event.slug]), data)
    assert response.status_code == 400 and field in response.text
    assert not DoubtDecision.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "words"), [
    ("es", ["Dudas abiertas", "puntos que las fuentes dejan abiertos", "Tablas de elementos y resultados"]),
    ("it", ["Dubbi aperti", "punti che le fonti lasciano aperti", "Punteggio e vittoria"]),
])
def test_doubts_page_in_spanish_and_italian(client, language, words):
    page = client.get(reverse("rulings:doubts"), headers={"Accept-Language": language}).text
    for word in words:
        assert word in page, word


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "decided", "again", "was"), [
    ("en", "Open doubt “", "decided again:", "(was: "),
    ("es", "Duda abierta «", "decidida de nuevo:", "(antes: "),
    ("it", "Dubbio aperto «", "deciso di nuovo:", "(prima: "),
])
def test_each_decision_is_in_the_audit_log_in_the_readers_language__guide_L1583(
        organizer_client, umpire_client, event, language, decided, again, was):
    from django.utils import translation

    from tournament.models import AuditEntry

    url = reverse("rulings:doubt_decide", args=[event.slug])
    umpire_client.post(url, {"doubt": CAMP_THRESHOLD, "decision": "Camp counts only in the comparison."})
    umpire_client.post(url, {"doubt": CAMP_THRESHOLD, "decision": "Camp counts toward the four."})
    umpire_client.post(url, {"doubt": CAMP_THRESHOLD, "decision": "  Camp counts toward the four. "})  # the same words
    assert AuditEntry.objects.filter(event=event, action="event.doubt_decide").count() == 2
    log = html.unescape(organizer_client.get(reverse("tournament:audit", args=[event.slug]),
                                             headers={"Accept-Language": language}).text)
    with translation.override(language):
        question = translation.gettext(_doubt(CAMP_THRESHOLD).text)
    assert question != _doubt(CAMP_THRESHOLD).text or language == "en"  # the doubt in the reader's language
    assert f"{decided}{question[:60]}" in log
    assert f"{again} Camp counts toward the four. {was}Camp counts only in the comparison.)" in log
    assert log.count(decided) == 2


@pytest.mark.django_db
def test_a_doubt_with_no_page_to_open_is_not_a_link_to_nowhere(client):
    """The scoring presets' doubts (and the 3.0 quick reference's) have no flow, calculator or clause to open: their
    "link" went to "#", which only threw the phone back to the top of the page."""
    html = client.get(reverse("rulings:doubts"), headers={"Accept-Language": "es"}).text
    assert 'href="#"' not in html
    row = html[html.index('id="doubt-scoring.presets.spanish"'):]
    row = row[:row.index("</li>")]
    assert "<a " not in row.split("</p>")[0]
