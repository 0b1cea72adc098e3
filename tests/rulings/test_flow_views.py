"""Step-through pages (public, htmx partials, URL-kept answers) and the event rulings log."""

from __future__ import annotations

import pytest
from django.urls import reverse

from rulings.models import RulingLogEntry
from tests.factories import make_user

FLOW = "nasamw-pip-cost"


def flow_url(*tokens, **extra):
    query = "&".join([f"a={t}" for t in tokens] + [f"{k}={v}" for k, v in extra.items()])
    return reverse("rulings:flow", args=[FLOW]) + (f"?{query}" if query else "")


@pytest.mark.django_db
def test_index_lists_flows(client):
    response = client.get(reverse("rulings:flows"))
    assert response.status_code == 200
    assert f'href="{reverse("rulings:flow", args=[FLOW])}"' in response.text
    assert "PIP cost of one move" in response.text


@pytest.mark.django_db
def test_library_links_to_flows(client):
    assert reverse("rulings:flows") in client.get(reverse("rulings:index")).text


@pytest.mark.django_db
def test_unknown_flow_is_404(client):
    assert client.get(reverse("rulings:flow", args=["nope"])).status_code == 404


@pytest.mark.django_db
def test_first_question_and_answer_links_keep_answers_in_url(client):
    response = client.get(flow_url())
    assert 'data-node="q-tactical"' in response.text
    assert "?a=q-tactical.yes" in response.text
    response = client.get(flow_url("q-tactical.yes"))
    assert 'data-node="q-first"' in response.text
    assert "Yes, a tactical move" in response.text  # breadcrumb


@pytest.mark.django_db
def test_ruling_shows_citations_without_library_and_doubt(client, no_rules):
    response = client.get(flow_url("q-tactical.yes", "q-first.no", "q-extras.some"))
    assert 'data-node="r-extras"' in response.text
    assert "Doubt in the sources" in response.text
    assert "<code>nasamw22@L125</code>" in response.text
    assert "not imported" in response.text


@pytest.mark.django_db
def test_ruling_shows_clause_text_from_the_library(client, rules):
    response = client.get(flow_url("q-tactical.yes", "q-first.yes"))
    assert reverse("rulings:clause", args=["nasamw22:pip.4"]) in response.text
    assert "Nel primo turno di ogni giocatore" in response.text


@pytest.mark.django_db
def test_htmx_request_gets_the_partial(client):
    response = client.get(flow_url("q-tactical.yes"), headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "<html" not in response.text and 'data-node="q-first"' in response.text
    assert "<html" in client.get(flow_url("q-tactical.yes")).text


@pytest.mark.django_db
def test_changing_an_earlier_answer_drops_the_stale_later_answers(client):
    tokens = ("q-tactical.yes", "q-first.no", "q-extras.some")
    response = client.get(flow_url(*tokens, at="q-first"))
    assert 'data-node="q-first"' in response.text
    assert "(current answer)" in response.text
    # A different answer ("Yes") links without q-extras.some: that answer belonged to another question.
    assert 'href="/rulings/flows/nasamw-pip-cost/?a=q-tactical.yes&amp;a=q-first.yes"' in response.text
    assert "a=q-first.yes&amp;a=q-extras.some" not in response.text
    # The same answer ("No", current) keeps the later answers, as "Keep my later answers" does.
    assert 'href="/rulings/flows/nasamw-pip-cost/?a=q-tactical.yes&amp;a=q-first.no&amp;a=q-extras.some"' in response.text
    assert "Keep my later answers" in response.text
    # Even a hand-made URL with a stale answer reaches the ruling of the answers that apply.
    response = client.get(flow_url("q-tactical.yes", "q-first.yes", "q-extras.some"))
    assert 'data-node="r-first"' in response.text


def _ruling_tokens():
    return ["q-tactical.yes", "q-first.no", "q-extras.none"]


@pytest.mark.django_db
def test_umpire_records_a_ruling_and_sees_it_on_the_flow_and_log(umpire_client, event):
    response = umpire_client.get(flow_url(*_ruling_tokens()))
    assert 'id="flow-record"' in response.text  # the only event is preselected
    record = reverse("rulings:log_record", args=[event.slug])
    response = umpire_client.post(record, {"flow": FLOW, "a": _ruling_tokens(), "table": "7",
                                           "players": "Ana v Bruno", "note": "second move"})
    assert response.status_code == 302
    entry = RulingLogEntry.objects.get()
    assert (entry.flow_id, entry.ruling_node, entry.path, entry.table) == (FLOW, "r-one", _ruling_tokens(), "7")
    page = umpire_client.get(flow_url(*_ruling_tokens(), event=event.slug)).text
    assert "Ana v Bruno" in page
    log = umpire_client.get(reverse("rulings:log", args=[event.slug]))
    assert log.status_code == 200 and "Ana v Bruno" in log.text and "PIP cost of one move" in log.text


@pytest.mark.django_db
def test_log_is_newest_first(organizer_client, event):
    for table in ("1", "2"):
        organizer_client.post(reverse("rulings:log_record", args=[event.slug]),
                              {"flow": FLOW, "a": _ruling_tokens(), "table": f"table-{table}"})
    text = organizer_client.get(reverse("rulings:log", args=[event.slug])).text
    assert text.index("table-2") < text.index("table-1")


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "too_long"), [("en", "Ensure this value has at most 40 characters"),
                                                     ("es", "Asegúrese de que este valor tenga menos de 40 caracteres"),
                                                     ("it", "Assicurati che questo valore non contenga più di 40")])
def test_a_record_with_a_field_too_long_is_a_400_naming_the_field_with_the_ruling_kept(umpire_client, event,
                                                                                      language, too_long):
    """Nothing recorded, the ruling shown again with what was typed and what is wrong beside the field (until
    2026-11-28 a redirect with a general message, and what was typed was lost)."""
    response = umpire_client.post(reverse("rulings:log_record", args=[event.slug]),
                                  {"flow": FLOW, "a": _ruling_tokens(), "table": "7" * 41, "players": "Ana v Bruno",
                                   "note": "second move"}, headers={"Accept-Language": language})
    assert response.status_code == 400
    assert not RulingLogEntry.objects.exists()
    assert f'id="id_table_error"><li>{too_long}' in response.text
    assert 'value="Ana v Bruno"' in response.text and "second move" in response.text
    assert 'id="flow-record"' in response.text and "PIP" in response.text


@pytest.mark.django_db
def test_unfinished_path_is_not_recorded(umpire_client, event):
    umpire_client.post(reverse("rulings:log_record", args=[event.slug]), {"flow": FLOW, "a": ["q-tactical.yes"]})
    assert not RulingLogEntry.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["rulings:log_record"])
def test_log_permissions(client, event, name):
    url = reverse(name, args=[event.slug])
    send = client.post if name.endswith("record") else client.get
    response = send(url, {"flow": FLOW, "a": _ruling_tokens()})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(make_user("stranger"))
    assert send(url, {"flow": FLOW, "a": _ruling_tokens()}).status_code == 403
    assert not RulingLogEntry.objects.exists()


@pytest.mark.django_db
def test_log_page_shows_players_the_decisions_but_not_the_table_log(client, umpire_client, event):
    umpire_client.post(reverse("rulings:log_record", args=[event.slug]),
                       {"flow": FLOW, "a": _ruling_tokens(), "players": "Ana v Bruno"})
    page = client.get(reverse("rulings:log", args=[event.slug]))
    assert page.status_code == 200 and 'id="doubt-decisions"' in page.text
    assert "Ana v Bruno" not in page.text and 'id="rulings-log"' not in page.text


@pytest.mark.django_db
def test_stranger_sees_no_record_form(client, event):
    client.force_login(make_user("stranger"))
    response = client.get(flow_url(*_ruling_tokens(), event=event.slug))
    assert 'id="flow-record"' not in response.text


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "heading", "english"), [
    ("es", "DBA 2.2 (comentario NASAMW)", "2.2 (NASAMW commentary)"),
    ("it", "ASL, regole notturne (E1)", "night rules (E1)"),
])
def test_flow_index_group_headings_are_translated(client, language, heading, english):
    page = client.get(reverse("rulings:flows"), headers={"Accept-Language": language}).text
    assert f"<h2>{heading}</h2>" in page and english not in page


def test_every_flow_has_a_group_heading_in_three_languages():
    from rulings.flows.loader import all_flows

    for flow in all_flows().values():
        assert all(flow.data.get("group", {}).get(code) for code in ("en", "es", "it")), flow.id


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "sentence", "kind"), [
    ("en", "Table 7 (Ana v Bruno): ruling recorded.", "Rulings at the tables"),
    ("es", "Mesa 7 (Ana v Bruno): decisión registrada.", "Decisiones en las mesas"),
    ("it", "Tavolo 7 (Ana v Bruno): decisione registrata.", "Decisioni ai tavoli"),
])
def test_recording_a_ruling_shows_in_the_event_audit_log(organizer_client, event, language, sentence, kind):
    from tests.pairing.test_round_workflow import text_of

    organizer_client.post(reverse("rulings:log_record", args=[event.slug]),
                          {"flow": FLOW, "a": _ruling_tokens(), "table": "7", "players": "Ana v Bruno"})
    audit = reverse("tournament:audit", args=[event.slug])
    log = text_of(organizer_client.get(audit, headers={"Accept-Language": language}).text)
    assert sentence in log and kind in log
    only_rulings = text_of(organizer_client.get(audit, {"kind": "rulings"}, headers={"Accept-Language": language}).text)
    assert sentence in only_rulings
