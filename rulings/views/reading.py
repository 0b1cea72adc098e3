"""Reading views: table of contents, section, clause with neighbours, citation redirect."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from rulings.models import Clause, Document, Section
from rulings.sources.glossary import headword, load_glossary
from rulings.sources.index import resolve_citation


@require_GET
def document(request: HttpRequest, slug: str) -> HttpResponse:
    """The whole document on one page, sections in order, each with its clauses, under its contents."""
    doc = get_object_or_404(Document, slug=slug)
    sections = list(doc.sections.all())
    clauses_by_section: dict[int, list[Clause]] = {}
    for clause in doc.clauses.select_related("document").order_by("order"):
        clauses_by_section.setdefault(clause.section_id, []).append(clause)
    toc = [(section, clauses_by_section.get(section.pk, [])) for section in sections]
    return render(request, "rulings/document.html", {"document": doc, "toc": toc})


@require_GET
def section(request: HttpRequest, key: str) -> HttpResponse:
    sec = get_object_or_404(Section.objects.select_related("document", "parent"), key=key)
    clauses = sec.clauses.select_related("document")
    children = sec.children.all()
    return render(request, "rulings/section.html",
                  {"section": sec, "document": sec.document, "clauses": clauses, "children": children})


@require_GET
def clause(request: HttpRequest, key: str) -> HttpResponse:
    current = get_object_or_404(Clause.objects.select_related("document", "section"), key=key)
    siblings = Clause.objects.filter(document=current.document_id)
    previous = siblings.filter(order__lt=current.order).order_by("-order").only("key", "number", "heading", "text", "kind").first()
    following = siblings.filter(order__gt=current.order).order_by("order").only("key", "number", "heading", "text", "kind").first()
    in_section = current.section.clauses.only("key", "number", "kind", "text", "order", "flags")
    context = {
        "clause": current, "document": current.document, "section": current.section,
        "previous": previous, "next": following, "in_section": in_section,
        "citation": f"{current.document.slug}@L{current.line_start}",
        "terms": _terms_named(current),
    }
    return render(request, "rulings/clause.html", context)


def _terms_named(clause: Clause) -> list[dict]:
    """The glossary terms the clause defines, each by its abbreviation or as the reader's language names it (the
    glossary's own headword)."""
    language = (get_language() or "en")[:2]
    entries = {entry.slug: entry for entry in load_glossary()}
    return [{"slug": term.slug, "name": term.abbreviation or headword(entries.get(term.slug), term.term, language)}
            for term in clause.terms_defined.all()]


@require_GET
def cite(request: HttpRequest, citation: str) -> HttpResponse:
    """``/rulings/cite/nasamw22@L683/`` → the clause holding that line (for flows and print-outs)."""
    key = resolve_citation(citation)
    if key is None or not Clause.objects.filter(key=key).exists():
        raise Http404("citation does not resolve")
    return redirect("rulings:clause", key=key)
