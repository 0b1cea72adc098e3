"""One search box: reference jump or full-text search; htmx partial, plain page, or JSON."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from rulings.models import Clause
from rulings.search import search


@require_GET
def search_view(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "")
    as_json = request.GET.get("format") == "json"
    response = search(query)
    jump_clause = None
    if response.jump:
        if as_json:
            clause = Clause.objects.select_related("document").get(key=response.jump)
            url = reverse("rulings:clause", args=[clause.key])
            return JsonResponse({"results": [{
                "key": clause.key, "document": clause.document.slug, "language": clause.language,
                "heading": clause.heading, "snippet": clause.search_text[:200], "url": url,
            }], "jump": url})
        if not request.htmx:
            return redirect("rulings:clause", key=response.jump)
        jump_clause = Clause.objects.select_related("document").get(key=response.jump)
    if as_json:
        return JsonResponse({"results": [hit.as_json() for hit in response.hits],
                             "suggestion": response.suggestion})
    context = {"query": response.query, "response": response, "jump_clause": jump_clause}
    template = "rulings/search.html#results" if request.htmx else "rulings/search.html"
    return render(request, template, context)
