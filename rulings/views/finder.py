"""The question finder: what the umpire typed → the step-through question, the ruling or the NASAMW
clarification that answers it (rulings.search.finder). A plain GET form; htmx swaps only the results.
From an event (``?event=<slug>``) it keeps to DBA unless ``games=all`` asks for every game, and its
links carry the event on."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from config.htmx import render_partial
from rulings.flows.loader import localized
from rulings.links import event_from, flow_url
from rulings.search.finder import find
from rulings.search.service import HOME_GAME


def _hit(hit, language: str, event: str | None) -> dict:
    entry = hit.entry
    reader = language[:2]
    if entry.kind == "clarification":
        # The Italian is the source; another reader gets the gist in their language (else English), marked.
        gist_lang = "" if reader == "it" else (reader if entry.texts.get(reader) else "en")
        return {"kind": entry.kind, "key": entry.clause_key, "url": reverse("rulings:clause", args=[entry.clause_key]),
                "text": entry.texts["it"], "lang": "it", "gist": entry.texts.get(gist_lang, "") if gist_lang else "",
                "gist_lang": gist_lang}
    return {"kind": entry.kind, "url": flow_url(entry.flow_id, list(entry.tokens), event=event),
            "title": localized(dict(entry.titles), reader), "text": localized(entry.texts, reader), "lang": "",
            "gist": "", "gist_lang": ""}


@require_GET
def find_view(request: HttpRequest) -> HttpResponse:
    language = get_language() or "en"
    query = " ".join(request.GET.get("q", "").split())[:200]
    event = event_from(request)
    every_game = event is None or request.GET.get("games") == "all"
    hits = find(query, language, games=() if every_game else (HOME_GAME,)) if query else []
    context = {"query": query, "event": event, "every_game": every_game,
               "hits": [_hit(h, language, event.slug if event else None) for h in hits]}
    return render_partial(request, "rulings/find.html", "rulings/find.html#results", context)
