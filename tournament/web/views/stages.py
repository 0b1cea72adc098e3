"""Stages: the organizer's setup page (add, edit, draw, delete, pair the next stage round), reopening a finished
event to pair stage games again, and the public pages of each stage (group tables, a bracket), its PDF, and the final placings."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournament.leagues.event_ratings import event_ratings
from tournament.models import Event, Stage
from tournament.pairing.manager import active_registrations
from tournament.pdfs.stages import stage_pdf
from tournament.stages.pages import placings_context, replay_sentences, stage_context
from tournament.stages.reopen import stage_pair_reopening
from tournament.stages.service import StageError, stage_delete, stage_draw, stage_save
from tournament.web.forms.stages import GroupAssignmentForm, StageForm
from tournament.web.permissions import ORGANIZER, event_view, is_organizer


def _stage(event: Event, number: int) -> Stage:
    return get_object_or_404(event.stages.select_related("source"), number=number)


@require_http_methods(["GET", "POST"])
@event_view(role=ORGANIZER)
def stage_setup(request: HttpRequest, event: Event) -> HttpResponse:
    """The stages of the event, and a form to add one."""
    form = StageForm(request.POST or None, event=event, instance=Stage(event=event))
    if request.method == "POST":
        if form.is_valid():
            try:
                stage = stage_save(form.instance, request.user, created=True)
            except StageError as exc:
                messages.error(request, str(exc))
            else:
                messages.success(request, _("Stage “%(name)s” added.") % {"name": stage.name})
                return redirect("tournament:stage_setup", slug=event.slug)
        status = 400
    else:
        status = 200
    stages = list(event.stages.select_related("source").order_by("number"))
    return render(request, "tournament/stage_setup.html", {"event": event, "stages": stages, "form": form},
                  status=status if form.errors else 200)


@require_http_methods(["GET", "POST"])
@event_view(role=ORGANIZER)
def stage_edit(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    stage = _stage(event, number)
    form = StageForm(request.POST or None, event=event, instance=stage)
    if request.method == "POST" and form.is_valid():
        try:
            stage_save(form.instance, request.user, created=False)
        except StageError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, _("Stage “%(name)s” saved.") % {"name": stage.name})
        return redirect("tournament:stage_setup", slug=event.slug)
    return render(request, "tournament/stage_form.html", {"event": event, "stage": stage, "form": form},
                  status=400 if form.errors else 200)


@require_http_methods(["GET", "POST"])
@event_view(role=ORGANIZER)
def stage_draw_view(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Draw a stage; with groups chosen by the organizer, a select per player first."""
    stage = _stage(event, number)
    organizer_groups = stage.kind == Stage.Kind.GROUPS and stage.seeding == Stage.Seeding.ORGANIZER
    if organizer_groups:
        players = sorted(active_registrations(event, 10_000), key=lambda r: (r.name_key, r.pk))
        current = dict(stage.entries.values_list("registration_id", "group"))
        form = GroupAssignmentForm(request.POST or None, players=players, groups=stage.groups or 1,
                                   initial_groups=current)
        if request.method == "GET" or not form.is_valid():
            return render(request, "tournament/stage_groups.html", {"event": event, "stage": stage, "form": form},
                          status=400 if form.errors else 200)
        assignment = form.assignment()
    elif request.method == "GET":
        return redirect("tournament:stage_setup", slug=event.slug)
    else:
        assignment = None
    try:
        stage_draw(stage, request.user, assignment, ratings=event_ratings)
    except StageError as exc:
        messages.error(request, str(exc))
        if organizer_groups:
            return render(request, "tournament/stage_groups.html", {"event": event, "stage": stage, "form": form},
                          status=400)
    else:
        messages.success(request, _("“%(name)s” drawn.") % {"name": stage.name})
    return redirect("tournament:stage_setup", slug=event.slug)


@require_POST
@event_view(role=ORGANIZER)
def stage_delete_view(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    try:
        stage_delete(_stage(event, number), request.user)
    except StageError as exc:
        messages.error(request, str(exc))
    return redirect("tournament:stage_setup", slug=event.slug)


@require_GET
@event_view()
def stage_index(request: HttpRequest, event: Event) -> HttpResponse:
    """Public: the stages and, when they are played, the final placings."""
    organizer = is_organizer(request.user, event)
    context = {"event": event, "stages": list(event.stages.order_by("number")), "is_organizer": organizer,
               "replay": replay_sentences(event) if organizer else [], **placings_context(event)}
    return render(request, "tournament/stages.html", context)


@require_POST
@event_view(role=ORGANIZER)
def stage_reopen_view(request: HttpRequest, event: Event) -> HttpResponse:
    """"Reopen the event and pair them": a finished event's stage games to play again, as a draft round."""
    try:
        rnd = stage_pair_reopening(event, request.user)
    except StageError as exc:
        messages.error(request, str(exc))
        return redirect("tournament:stages", slug=event.slug)
    messages.warning(request, _("The event is reopened: its standings are no longer final. Once round %(n)s is "
                                "played, finish it again.") % {"n": rnd.number})
    return redirect("tournament:round", slug=event.slug, number=rnd.number)


@require_GET
@event_view()
def stage_detail(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Public: a stage's group tables and schedule, or its bracket."""
    stage = _stage(event, number)
    context = {"event": event, "stages": list(event.stages.order_by("number")), **stage_context(stage)}
    return render(request, "tournament/stage.html", context)


@require_GET
@event_view()
def stage_pdf_view(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    stage = _stage(event, number)
    response = HttpResponse(stage_pdf(stage), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{event.slug}-stage-{stage.number}.pdf"'
    return response
