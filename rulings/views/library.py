"""Library home (documents and the search box) and the glossary."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from rulings.models import Document, Term
from rulings.sources.glossary import headword, load_glossary


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    documents = Document.objects.all()
    return render(request, "rulings/library.html", {"documents": documents})


@require_GET
def glossary(request: HttpRequest) -> HttpResponse:
    """Every term with its definition in the page's language (English when that one is missing) and the
    words it is written with in the sources."""
    language = (get_language() or "en")[:2]
    entries = {entry.slug: entry for entry in load_glossary()}
    terms = []
    for term in Term.objects.prefetch_related("clauses__document").order_by("term"):
        definition = term.definition.get(language) or term.definition.get("en", "")
        fallback = bool(definition) and not term.definition.get(language)
        terms.append({"term": term, "definition": definition, "fallback": fallback,
                      "headword": headword(entries.get(term.slug), term.term, language)})
    if language != "en":
        terms.sort(key=lambda item: item["headword"].casefold())
    return render(request, "rulings/glossary.html", {"terms": terms, "language": language})

