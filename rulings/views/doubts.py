"""The open doubts page (public) and an event's decisions on them (organizers and umpires record them)."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from rulings.doubts.collect import KINDS, all_doubts
from rulings.doubts.decisions import DoubtDecisionForm, decisions_of, record_decision
from rulings.doubts.words import doubt_text
from rulings.flows.loader import all_flows
from rulings.links import flow_url
from tournament.public import Event, event_view, is_staff_of

KIND_TITLES = {
    "flow": gettext_lazy("Guided step-throughs"),
    "calculator": gettext_lazy("Calculators"),
    "table": gettext_lazy("Element and outcome tables"),
    "scoring": gettext_lazy("Scoring and victory"),
}


def _link(doubt, language: str, event: str | None = None) -> tuple[str, str]:
    """(url, label) of the flow, calculator or table the doubt belongs to; a flow or calculator keeps the `event`
    the page is about (its edition note, its rulings log)."""
    if doubt.kind == "flow":
        flow = all_flows().get(doubt.source)
        return flow_url(doubt.source, list(doubt.flow_tokens), event=event), flow.text("title", language) if flow else doubt.source
    if doubt.calculator:
        kept = "?" + urlencode({"event": event}) if event else ""
        return reverse("rulings:calc", args=[doubt.calculator]) + kept, doubt.calculator
    clause = next((q.clause_key for q in doubt.quotes if q.clause_key), None)
    if clause:
        return reverse("rulings:clause", args=[clause]), clause
    return "", f"fixtures/{doubt.source}.yaml"


def doubt_rows(language: str, decisions: dict | None = None, event: str | None = None) -> list[dict]:
    groups: dict[str, list[dict]] = {kind: [] for kind in KINDS}
    for doubt in all_doubts():
        url, label = _link(doubt, language, event)
        text, text_language = doubt_text(doubt, language)
        groups[doubt.kind].append({
            "id": doubt.id, "text": text, "text_language": text_language,
            "quotes": doubt.quotes, "url": url, "label": label,
            "decision": (decisions or {}).get(doubt.id),
        })
    return [{"kind": kind, "title": str(KIND_TITLES[kind]), "rows": rows} for kind, rows in groups.items()]


@require_GET
def doubts_page(request: HttpRequest) -> HttpResponse:
    language = get_language()
    event = Event.objects.filter(slug=request.GET.get("event", "")[:60]).first() if request.GET.get("event") else None
    decisions = decisions_of(event) if event else {}
    can_decide = bool(event) and is_staff_of(request.user, event)
    groups = doubt_rows(language, decisions, event.slug if event else None)
    context = {"groups": groups, "count": sum(len(group["rows"]) for group in groups), "event": event,
               "can_decide": can_decide}
    return render(request, "rulings/doubts.html", context)


@require_POST
@event_view(role="staff")
def doubt_decide(request: HttpRequest, event: Event) -> HttpResponse:
    form = DoubtDecisionForm(request.POST)
    if not form.is_valid():
        problems = "; ".join(f"{name}: {' '.join(errors)}" for name, errors in form.errors.items())
        return HttpResponseBadRequest(_("The decision was not recorded (%(problems)s).") % {"problems": problems})
    record_decision(event, form.cleaned_data["doubt"], form.cleaned_data["decision"], request.user)
    messages.success(request, _("Decision recorded for this event."))
    url = reverse("rulings:doubts") + "?" + urlencode({"event": event.slug})
    return redirect(f"{url}#doubt-{form.cleaned_data['doubt']}")
