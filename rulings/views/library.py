"""Library home (documents and the search box) and the glossary."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from rulings.models import Document, Term


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    documents = Document.objects.all()
    return render(request, "rulings/library.html", {"documents": documents})


@require_GET
def glossary(request: HttpRequest) -> HttpResponse:
    terms = Term.objects.prefetch_related("clauses__document").order_by("term")
    return render(request, "rulings/glossary.html", {"terms": terms})
