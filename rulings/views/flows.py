"""Guided step-throughs (public) and the event rulings log (organizers and umpires).

The answers live in the URL (``?a=<question>.<answer>``) so a step-through can be bookmarked,
shared and edited at any step; ``at=<question>`` reopens an answered question without losing the
answers after it; choosing a different answer there drops the later answers, which belonged to other
questions. htmx requests get the step partial only (config.htmx: never for a history restore, always
with Vary: HX-Request); plain links work without JavaScript.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from config.htmx import render_partial
from rulings.doubts.collect import all_doubts
from rulings.doubts.words import doubt_text
from rulings.flows import loader as flows
from rulings.links import edition_of, event_from, flow_url, note_context
from rulings.logbook import ruling_record
from rulings.models import Clause, DoubtDecision, RulingLogEntry
from rulings.search.service import HOME_GAME
from rulings.sources.index import resolve_citation, translated_gist
from tournament.public import Event, event_view, is_staff_of


class RulingLogForm(forms.ModelForm):
    class Meta:
        model = RulingLogEntry
        fields = ["table", "players", "note"]
        widgets = {"note": forms.Textarea(attrs={"rows": 2})}


def _get_flow(flow_id: str) -> flows.Flow:
    flow = flows.get_flow(flow_id)
    if flow is None:
        raise Http404("no such flow")
    return flow


def _dispute_event(request: HttpRequest) -> Event | None:
    """The event named by ?event= when the user is its organizer or umpire (else none: no leak)."""
    if not request.user.is_authenticated:
        return None
    event = event_from(request)
    return event if event is not None and is_staff_of(request.user, event) else None



def _group_heading(flow: flows.Flow, language: str) -> str:
    """The flows' own group heading when the loader gives one (translated), else game and edition."""
    heading = flow.text("group", language) if flow.data.get("group") else ""
    return heading or f"{flow.data['game']} {flow.data['edition']}"


@require_GET
def flow_index(request: HttpRequest) -> HttpResponse:
    """All step-throughs by game; with ?event=<slug> (staff) it is the "Settle a dispute" page: the
    search box first, and every step-through opens with that event chosen for the rulings log."""
    language = get_language()
    event = _dispute_event(request)
    # From a (DBA) event: the DBA step-throughs only, unless the umpire asks for the other games too.
    every_game = event is None or request.GET.get("games") == "all"
    shown = [flow for flow in flows.all_flows().values() if every_game or flow.data["game"] == HOME_GAME]
    items = [{"id": flow.id, "title": flow.text("title", language), "intro": flow.text("intro", language),
              "url": flow_url(flow.id, [], event=event.slug if event else None),
              "edition": edition_of(event, flow=flow.data)}
             for flow in shown]
    games: dict[str, list[dict]] = {}
    for flow, item in zip(shown, items, strict=True):
        games.setdefault(_group_heading(flow, language), []).append(item)
    hidden = sorted({flow.data["game"] for flow in flows.all_flows().values()} - {f.data["game"] for f in shown})
    context = {"games": games, "count": len(items), "event": event, "hidden_games": hidden,
               "every_game": every_game, **note_context(None)}
    return render(request, "rulings/flow_index.html", context)


def _citations(cites: list[str], language: str | None = None) -> list[dict]:
    """The cited clauses; with a reader's `language`, those written in it first (a Spanish reader meets
    the DBA 2.2 guide's own words before the Italian commentary), the order kept otherwise."""
    keys = {citation: resolve_citation(citation) for citation in cites}
    clauses = {c.key: c for c in Clause.objects.filter(key__in=[k for k in keys.values() if k])
               .select_related("document")}
    rows = [{"citation": citation, "key": key, "clause": clauses.get(key)} for citation, key in keys.items()]
    if language:
        reader = language[:2]
        rows.sort(key=lambda row: row["clause"] is None or row["clause"].language != reader)
        for row in rows:
            clause = row["clause"]
            if clause is not None and clause.language != reader:
                # Another language: its marked translation, if one is written, shown first; the original a tap away.
                found = translated_gist(clause.key, reader) if clause.language == "it" and clause.kind == "item" else None
                row["translation"] = found[1] if found else None
                row["translation_language"] = found[0] if found else ""
                row["foreign"] = True
    return rows


def _staff_events(request: HttpRequest) -> list[Event]:
    user = request.user
    if not user.is_authenticated:
        return []
    events = Event.objects.all() if user.is_superuser else Event.objects.filter(roles__user=user).distinct()
    return list(events.order_by("-date", "name")[:50])


def _breadcrumb(flow: flows.Flow, walk: flows.Walk, language: str, event: str | None) -> list[dict]:
    crumbs = []
    for step in walk.steps:
        answer = flow.answer(step.node, step.answer)
        crumbs.append({
            "question": flows.localized(flow.node(step.node)["question"], language),
            "answer": flows.localized(answer["label"], language),
            "url": flow_url(flow.id, walk.tokens, at=step.node, event=event),
            "current": step.node == walk.current,
        })
    return crumbs


def _question_context(flow: flows.Flow, walk: flows.Walk, language: str, event: str | None) -> dict:
    node = flow.node(walk.current)
    chosen = walk.answer_at(walk.current)
    before = walk.tokens_before(walk.current)

    def tokens(answer_id: str) -> list[str]:
        # The same answer keeps the later answers; a different one drops them: they answered other questions.
        return walk.tokens if answer_id == chosen else [*before, f"{walk.current}.{answer_id}"]

    answers = [{"label": flows.localized(a["label"], language), "chosen": a["id"] == chosen,
                "url": flow_url(flow.id, tokens(a["id"]), event=event)}
               for a in node["answers"]]
    return {"question": flows.localized(node["question"], language),
            "help": flows.localized(node.get("help"), language), "answers": answers}


def _back_url(flow: flows.Flow, walk: flows.Walk, event: str | None) -> str | None:
    nodes = [step.node for step in walk.steps]
    index = nodes.index(walk.current) if walk.current in nodes else len(nodes)
    return flow_url(flow.id, walk.tokens, at=nodes[index - 1], event=event) if index > 0 else None


def _log_context(request: HttpRequest, flow: flows.Flow, walk: flows.Walk, slug: str | None,
                 form: RulingLogForm | None = None) -> dict:
    """The record form of the event `slug` names (or of the reader's one event), `form` as sent if it was."""
    staff_events = _staff_events(request)
    slug = slug or (staff_events[0].slug if len(staff_events) == 1 else "")
    event = next((e for e in staff_events if e.slug == slug), None)
    if event is None or not is_staff_of(request.user, event):
        return {"staff_events": staff_events, "event": None}
    previous = RulingLogEntry.objects.filter(event=event, flow_id=flow.id, ruling_node=walk.current)
    return {"staff_events": staff_events, "event": event, "previous": previous[:20], "form": form or RulingLogForm(),
            "record_url": reverse("rulings:log_record", args=[event.slug])}


@require_GET
def flow_detail(request: HttpRequest, flow_id: str) -> HttpResponse:
    flow = _get_flow(flow_id)
    walk = flows.walk(flow, request.GET.getlist("a"), stop_at=request.GET.get("at") or None)
    return _flow_page(request, flow, walk, event_from(request), request.GET.get("event"))


def _flow_page(request: HttpRequest, flow: flows.Flow, walk: flows.Walk, the_event: Event | None,
               log_slug: str | None, form: RulingLogForm | None = None, status: int = 200) -> HttpResponse:
    """A step of the walk, or its ruling with the record form (of the event `log_slug` names; `form` as sent)."""
    language = get_language()
    event = the_event.slug if the_event else None
    context = {
        "flow": flow, "flow_title": flow.text("title", language), "flow_intro": flow.text("intro", language),
        "flow_heading": _group_heading(flow, language), "event_slug": event,
        **note_context(the_event, flow=flow.data),
        "walk": walk, "tokens": walk.tokens, "crumbs": _breadcrumb(flow, walk, language, event),
        "back_url": _back_url(flow, walk, event), "restart_url": flow_url(flow.id, [], event=event),
        "sources": _citations(flow.data["sources"], language),
    }
    if walk.finished:
        node = flow.node(walk.current)
        context.update(ruling=flows.localized(node["ruling"], language),
                       doubt=flows.localized(node.get("doubt"), language),
                       cites=_citations(node["cites"], language), **_log_context(request, flow, walk, log_slug, form))
    else:
        context.update(_question_context(flow, walk, language, event))
        if walk.current in [step.node for step in walk.steps]:
            context["resume_url"] = flow_url(flow.id, walk.tokens, event=event)
    return render_partial(request, "rulings/flow.html", "rulings/_flow_step.html", context, status=status)


def _decided_doubts(event: Event, language: str) -> list[dict]:
    doubts = {d.id: d for d in all_doubts()}
    rows = []
    for decision in DoubtDecision.objects.filter(event=event).select_related("recorded_by"):
        doubt = doubts.get(decision.doubt_id)
        rows.append({"decision": decision, "text": doubt_text(doubt, language)[0] if doubt else decision.doubt_id,
                     "quotes": doubt.quotes if doubt else ()})
    return rows


@require_GET
@event_view()
def log_view(request: HttpRequest, event: Event) -> HttpResponse:
    """Public: how the event decided the open doubts. Organizers and umpires also see the table-by-table log."""
    language = get_language()
    staff = is_staff_of(request.user, event)
    entries = []
    for entry in RulingLogEntry.objects.filter(event=event).select_related("recorded_by") if staff else ():
        flow = flows.get_flow(entry.flow_id)
        node = flow.nodes.get(entry.ruling_node) if flow else None
        entries.append({
            "entry": entry,
            "flow_title": flow.text("title", language) if flow else entry.flow_id,
            "ruling": flows.localized(node.get("ruling"), language) if node else "",
            "url": flow_url(entry.flow_id, entry.path, event=event.slug) if flow else "",
        })
    context = {"event": event, "entries": entries, "staff": staff, "decided": _decided_doubts(event, language)}
    return render(request, "rulings/flow_log.html", context)


@require_POST
@event_view(role="staff")
def log_record(request: HttpRequest, event: Event) -> HttpResponse:
    flow = _get_flow(request.POST.get("flow", ""))
    walk = flows.walk(flow, request.POST.getlist("a"))
    if not walk.finished:
        messages.error(request, _("Only a finished step-through (a ruling) can be recorded."))
        return redirect(flow_url(flow.id, walk.tokens, event=event.slug))
    form = RulingLogForm(request.POST)
    if not form.is_valid():  # the ruling again, with the form as sent and what is wrong beside each field
        messages.error(request, _("The ruling was not recorded: check the table, players and note."))
        return _flow_page(request, flow, walk, event, event.slug, form, status=400)
    ruling_record(event=event, flow_id=flow.id, tokens=walk.tokens, node=walk.current, form=form, user=request.user)
    messages.success(request, _("Ruling recorded in the event log."))
    return redirect(flow_url(flow.id, walk.tokens, event=event.slug) + "#flow-log")
