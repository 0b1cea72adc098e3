"""Pairing a round on the task worker: "Pair the next round" (Swiss, or the stages' next round) queues a
pairing job and answers at once; the job's page shows its progress (htmx polls it, a meta refresh without
JavaScript) and leads to the draft round when it is ready, or says why it could not be paired."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from config.htmx import vary_on_htmx, wants_partial
from tournament import pairing_jobs as jobs
from tournament.models import Event, PairingJob
from tournament.web.permissions import ORGANIZER, event_view

POLL_SECONDS = 2  # the page without JavaScript reloads this often


def _back(job: PairingJob) -> str:
    return "tournament:stage_setup" if job.kind == PairingJob.Kind.STAGES else "tournament:rounds"


def _error(job: PairingJob) -> str:
    if job.error == jobs.WORKER_LOST:
        return _("The task worker stopped while pairing this round. Try again; if it stops again, "
                 "ask whoever runs the server to check the worker.")
    return job.error


def _queue(request: HttpRequest, event: Event, kind: str) -> HttpResponse:
    """Queue the pairing of the next round (or join the one under way) and go to its page; where the task
    ran at once (no worker: tests), straight to the draft round or back with the reason it was refused."""
    job = jobs.pairing_job_request(event=event, user=request.user, kind=kind, lang=get_language() or "")
    if job.status == PairingJob.Status.DONE and job.round is not None:
        return redirect("tournament:round", slug=event.slug, number=job.round.number)
    if job.status == PairingJob.Status.FAILED:
        messages.error(request, _error(job))
        return redirect(_back(job), slug=event.slug)
    return redirect("tournament:pairing_job", slug=event.slug, job=job.pk)


@require_POST
@event_view(role=ORGANIZER)
def round_pair_view(request: HttpRequest, event: Event) -> HttpResponse:
    """"Pair the next round" (Swiss)."""
    return _queue(request, event, PairingJob.Kind.SWISS)


@require_POST
@event_view(role=ORGANIZER)
def stage_pair_view(request: HttpRequest, event: Event) -> HttpResponse:
    """"Pair the next stage round": every drawn stage's next games, as one draft round."""
    return _queue(request, event, PairingJob.Kind.STAGES)


@require_GET
@event_view(role=ORGANIZER)
def pairing_job(request: HttpRequest, event: Event, job: int) -> HttpResponse:
    """The job's progress (htmx polls its partial); the draft round once it is paired."""
    found = get_object_or_404(PairingJob.objects.select_related("round", "requested_by"), pk=job, event=event)
    found = jobs.pairing_job_check(found)
    fragment = wants_partial(request)
    if found.status == PairingJob.Status.DONE:
        url = (reverse("tournament:round", kwargs={"slug": event.slug, "number": found.round.number})
               if found.round is not None else reverse(_back(found), kwargs={"slug": event.slug}))  # since deleted
        return vary_on_htmx(HttpResponseClientRedirect(url) if fragment else redirect(url))
    context = {"event": event, "job": found, "failed": found.status == PairingJob.Status.FAILED,
               "error": _error(found), "back": _back(found), "poll": POLL_SECONDS,
               "queued": found.status == PairingJob.Status.QUEUED}
    template = "tournament/pairing_job.html#progress" if fragment else "tournament/pairing_job.html"
    return vary_on_htmx(render(request, template, context))
