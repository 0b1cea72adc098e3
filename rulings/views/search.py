"""One search box: reference jump or full-text search; htmx partial, plain page, or JSON.

Every matching clause is ranked (the library holds under a thousand), then shown 20 to a page, and
only the page's clauses are loaded with their snippets;
`game` and `doc` keep one game or one document (validated against the imported documents).

An anonymous reader's search is one page for everyone until the library changes: kept by each server process
(`tournament.web.page_caches.shared_page`, under `rulings.search.generation`), not in the shared cache: its
address is free text, and a stranger asking for thousands of searches must not push the event pages out."""

from __future__ import annotations

from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from config.htmx import render_partial, varies_on_htmx, wants_partial
from rulings.models import Clause, Document
from rulings.search.generation import library_generation
from rulings.search.service import load_hits, rank
from tournament.public import shared_page

PER_PAGE = 20
MAX_RESULTS = 1000


def _filters(request: HttpRequest) -> tuple[str, str, list[str], list[Document]]:
    """The game and document asked for, kept only when they name an imported one (else: all)."""
    documents = list(Document.objects.all())
    games = list(dict.fromkeys(d.game for d in documents))
    game = request.GET.get("game", "")[:40]
    slug = request.GET.get("doc", "")[:50]
    return (game if game in games else "", slug if any(d.slug == slug for d in documents) else "", games, documents)


def _page_number(request: HttpRequest) -> int:
    raw = request.GET.get("page", "1")[:6]
    return int(raw) if raw.isdigit() and int(raw) > 0 else 1


@require_GET
@varies_on_htmx
@shared_page("rules-search", library_generation, params=frozenset({"q", "game", "doc", "page", "format"}),
             everywhere=False)
def search_view(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "")
    as_json = request.GET.get("format") == "json"
    game, doc, games, documents = _filters(request)
    response = rank(query, MAX_RESULTS, game=game, document=doc, reader=get_language() or "")
    jump_clause = None
    if response.jump:
        if as_json:
            clause = Clause.objects.select_related("document").get(key=response.jump)
            url = reverse("rulings:clause", args=[clause.key])
            return JsonResponse({"results": [{
                "key": clause.key, "document": clause.document.slug, "language": clause.language,
                "heading": clause.heading, "snippet": clause.search_text[:200], "url": url,
            }], "jump": url})
        if not wants_partial(request):
            return redirect("rulings:clause", key=response.jump)
        jump_clause = Clause.objects.select_related("document").get(key=response.jump)
    page = Paginator(response.ranked, PER_PAGE).get_page(_page_number(request))
    page.object_list = load_hits(response, page.object_list)  # snippets for the page shown only
    if as_json:
        return JsonResponse({"results": [hit.as_json() for hit in page.object_list], "count": len(response.ranked),
                             "page": page.number, "pages": page.paginator.num_pages,
                             "suggestion": response.suggestion})
    base = {"q": response.query, **({"game": game} if game else {}), **({"doc": doc} if doc else {})}

    def page_url(number: int) -> str:
        return f"{reverse('rulings:search')}?{urlencode({**base, 'page': number})}"

    context = {
        "query": response.query, "response": response, "jump_clause": jump_clause, "page": page,
        "count": len(response.ranked), "game": game, "doc": doc, "games": games, "documents": documents,
        "previous_url": page_url(page.previous_page_number()) if page.has_previous() else "",
        "next_url": page_url(page.next_page_number()) if page.has_next() else "",
    }
    return render_partial(request, "rulings/search.html", "rulings/search.html#results", context)
