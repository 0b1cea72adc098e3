"""Rule calculators: a page with a GET form per calculator (works without JavaScript; htmx swaps the
result), and the JSON API `GET /api/calc/<name>/?param=value`."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from rulings.calculators import REGISTRY, ParamError
from rulings.seed_index import resolve_citation

BOOLEAN_SUFFIXES = ("general", "uphill_or_bank", "bad_going", "in_camp", "in_bua", "first_bound", "beyond_command",
                    "general_lost", "dismounting", "extra_move", "camp_lost", "bua_lost", "second_column_on",
                    "third_column_off", "illuminated", "attacker_cloaked")


def _run(name: str, params) -> tuple[dict | None, ParamError | None]:
    if name not in REGISTRY:
        raise Http404
    try:
        return REGISTRY[name][0](params), None
    except ParamError as error:
        return None, error


def _links(citations: list[str]) -> list[dict]:
    links = []
    for citation in citations:
        key = resolve_citation(citation)
        links.append({"citation": citation, "url": reverse("rulings:clause", args=[key]) if key else ""})
    return links


@require_GET
def calc_api(request: HttpRequest, name: str) -> JsonResponse:
    result, error = _run(name, request.GET)
    if error is not None:
        return JsonResponse({"error": error.message, "param": error.param}, status=400)
    return JsonResponse(result, json_dumps_params={"ensure_ascii": False})


@require_GET
def calc_index(request: HttpRequest) -> HttpResponse:
    items = [{"name": name, "title": title} for name, (_fn, title, _params) in REGISTRY.items()]
    return render(request, "rulings/calc_index.html", {"calculators": items})


@require_GET
def calc_page(request: HttpRequest, name: str) -> HttpResponse:
    if name not in REGISTRY:
        raise Http404
    _fn, title, params = REGISTRY[name]
    submitted = bool(request.GET)
    result, error = _run(name, request.GET) if submitted else (None, None)
    fields = [{"name": p, "value": request.GET.get(p, ""), "boolean": p.endswith(BOOLEAN_SUFFIXES),
               "error": error.message if error and error.param == p else ""} for p in params]
    context = {"name": name, "title": title, "fields": fields, "result": result, "error": error,
               "links": _links(result["citations"]) if result else [], "api": reverse("calc_api", args=[name])}
    template = "rulings/calc.html#result" if request.htmx else "rulings/calc.html"
    return render(request, template, context, status=400 if error else 200)
