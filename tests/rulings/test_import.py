"""Importer: documents → sections → clauses, idempotent, tables as tables."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from rulings.importer import import_rules
from rulings.models import Clause, Document, Section, Term
from rulings.sources.glossary import load_glossary
from tests.rulings.test_seed_index import EXPECTED


@pytest.mark.django_db
def test_import_counts_per_document(rules):
    for slug, (sections, clauses) in EXPECTED.items():
        document = Document.objects.get(slug=slug)
        assert document.sections.count() == sections
        assert document.clauses.count() == clauses
    assert Clause.objects.filter(document__slug="nasamw22", kind="item").count() == 172


@pytest.mark.django_db
def test_document_metadata(rules):
    commentary = Document.objects.get(slug="nasamw22")
    assert (commentary.language, commentary.game, commentary.edition, commentary.authority) == (
        "it", "DBA", "2.2", "commentary")
    assert "Attilio Andreazza" in commentary.attribution
    rumbo = Document.objects.get(slug="rumbo")
    assert rumbo.authority == "house" and rumbo.edition == "3.0" and "DBA 3.0" in rumbo.modifies
    assert Document.objects.get(slug="aslnight").game == "ASL"


@pytest.mark.django_db
def test_reimport_keeps_keys_and_ids(rules):
    before = dict(Clause.objects.values_list("key", "id"))
    sections_before = dict(Section.objects.values_list("key", "id"))
    call_command("import_rules", verbosity=0)
    import_rules()
    assert dict(Clause.objects.values_list("key", "id")) == before
    assert dict(Section.objects.values_list("key", "id")) == sections_before
    assert len(before) == sum(c for _, c in EXPECTED.values())


@pytest.mark.django_db
def test_clause_rows_keep_lines_marks_and_text(rules):
    pip9 = Clause.objects.get(key="nasamw22:pip.9")
    assert (pip9.line_start, pip9.line_end, pip9.phil_barker, pip9.number) == (137, 137, True, "9")
    assert pip9.text.startswith("9. Tutte le basette, eccetto quella del Generale (PB)")
    assert pip9.heading_path == ["LA BATTAGLIA", "PUNTI INIZIATIVA"]
    assert Clause.objects.get(key="nasamw22:int.1").translator_note
    assert Clause.objects.get(key="nasamw22:cc.6.fig1").kind == "caption"


@pytest.mark.django_db
def test_abbreviations_indexed_as_written(rules):
    table = Clause.objects.get(key="guia22:tabla-elementos.table")
    assert {"el", "bd", "wwg"} <= set(table.terms.split())
    # "El defensor" is the Spanish article, not Elephants.
    rumbo_deploy = Clause.objects.get(key="rumbo:deployment.1")
    assert "El borde frontal" in rumbo_deploy.text and "el" not in rumbo_deploy.terms.split()


@pytest.mark.django_db
def test_glossary_terms_point_at_defining_clauses(rules):
    assert Term.objects.count() == len(load_glossary())
    pip = Term.objects.get(slug="pip")
    assert set(pip.clauses.values_list("key", flat=True)) == {"guia22:glosario.23", "guia22:pip.1", "nasamw22:pip.1"}
    for term in Term.objects.prefetch_related("clauses"):
        assert term.clauses.count() == len(term.citations), term.slug


@pytest.mark.django_db
def test_recoil_table_renders_as_html_table(rules, client):
    response = client.get("/rulings/c/nasamw22:out.rec.table/")
    html = response.content.decode()
    start = html.index('<table class="rl-table">')
    table = html[start:html.index("</table>", start)]
    assert table.count("<tr>") == 8
    assert table.count('<th scope="col">') == 8
    assert table.count('<th scope="row">') == 7
    assert "Recoiler&gt; recoil into" in table and "interpenetra" in table
