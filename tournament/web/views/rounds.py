"""Rounds: pair the next one, inspect and swap a draft, pair it again, publish; an extra round; the public pairings
page.

"Pair the next round" (Swiss, or the stages' next round), "Pair again" and "Play an extra round" queue a pairing
job on the task worker and answer at once; the job's page shows its progress (htmx polls it, a meta refresh
without JavaScript) and leads to the draft round when it is ready, or says why it could not be paired. The round
clock's controls are in views/clock.py, finishing the event in views/final.py."""

from __future__ import annotations

from types import SimpleNamespace

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from config.htmx import render_partial, vary_on_htmx, wants_partial
from tournament import pairing_jobs as jobs
from tournament.leagues.event_ratings import event_ratings
from tournament.models import Event, Game, PairingJob, Registration, Round, Seat
from tournament.pairing.finish import progress
from tournament.pairing.manager import RATED_ROUND_ONE, RoundError, round_delete, round_publish, seats_swap
from tournament.pairing.messages import is_warning, note_message
from tournament.registration.names import sort_key
from tournament.results.shorthand import seats_result, to_shorthand
from tournament.stages.pages import game_labels, replay_sentences
from tournament.stages.tables import stage_finished
from tournament.web.page_caches import cached_fragment, public_page
from tournament.web.permissions import ORGANIZER, event_view, is_organizer, may_swap
from tournament.web.table_rows import pairings_rows


def games_of(rnd: Round):
    seats = Seat.objects.select_related("registration__club").order_by("side")
    return rnd.games.select_related("stage").prefetch_related(Prefetch("seats", queryset=seats)).order_by(
        "is_bye", "table", "pk")


def _round(event: Event, number: int, *, published_only: bool = False) -> Round:
    rounds = event.rounds.all()
    if published_only:
        rounds = rounds.exclude(status=Round.Status.DRAFT)
    return get_object_or_404(rounds, number=number)


def _result(game, seats) -> dict:
    """What the result cell says: the points, the DBA result ("4G-1C", side A first), or the bye."""
    if game.is_bye:
        points = seats[0].score if seats else None
        return {"bye": True, "points": ngettext("%(n)s point", "%(n)s points", points or 0) % {"n": points or 0}}
    if game.status != Game.Status.CONFIRMED:  # a result shows only once it is confirmed
        return {}
    a, b = sorted(seats, key=lambda s: s.side)
    return {"points": "–".join(str(s.score) for s in seats), "dba": to_shorthand(seats_result(a, b, game.outcome))}


def _explained(games) -> tuple[list[dict], dict[int, str]]:
    games = list(games)
    names = {s.registration_id: s.registration.name for g in games for s in g.seats.all()}
    stage = game_labels(games) if any(g.stage_id for g in games) else {}  # a stage game: its group or bracket match
    items = []
    for g in games:
        seats = list(g.seats.all())
        notes = [{"text": note_message(n, names), "warning": is_warning(n)} for n in g.explanation]
        items.append({"game": g, "seats": seats, "notes": notes, "result": _result(g, seats),
                      "warned": any(n["warning"] for n in notes), "stage": stage.get(g.pk, "")})
    return items, names


def _public_games(rnd: Round) -> list[dict]:
    """The games of the public pairings, read as values (two queries, a third for a stage round's labels; no model
    instances: they were most of a 1,000-player page's time) into objects with the attributes the row writer and `_result` read; no
    pairing notes (the public page shows none). Games whose seats have the same figures share their result
    cell's words (`_result` made once for them)."""
    seats: dict[int, list[SimpleNamespace]] = {}
    for row in (Seat.objects.filter(round=rnd).order_by("game_id", "side")
                .values("game_id", "side", "score", "elements_lost", "general_lost", "camp_lost", "sch_lost",
                        "registration_id", "registration__name", "registration__army_ref")):
        registration = SimpleNamespace(name=row.pop("registration__name"), army_ref=row.pop("registration__army_ref"))
        seats.setdefault(row["game_id"], []).append(SimpleNamespace(registration=registration, **row))
    rows = list(rnd.games.order_by("is_bye", "table", "pk").values("pk", "table", "is_bye", "status", "outcome",
                                                                   "stage_id"))
    staged = any([row.pop("stage_id") for row in rows])  # a stage round's games say which group or match they are
    stage = game_labels(rnd.games.filter(stage__isnull=False).select_related("stage")) if staged else {}
    results: dict[tuple, dict] = {}
    items = []
    for row in rows:
        own = seats.get(row["pk"], [])
        game = SimpleNamespace(**row)
        key = (row["is_bye"], row["status"], row["outcome"],
               *((s.side, s.score, s.elements_lost, s.general_lost, s.camp_lost, s.sch_lost) for s in own))
        result = results.get(key)
        if result is None:
            result = results[key] = _result(game, own)
        items.append({"game": game, "seats": own, "result": result, "stage": stage.get(row["pk"], "")})
    return items


@require_GET
@event_view(role="staff")
def round_list(request: HttpRequest, event: Event) -> HttpResponse:
    rounds = event.rounds.annotate(game_count=Count("games")).order_by("number")
    drawn = list(event.stages.filter(drawn_at__isnull=False))  # the event runs in stages: pair and finish them
    organizer = is_organizer(request.user, event)
    return render(request, "tournament/rounds.html", {
        "event": event, "rounds": rounds, "is_organizer": organizer,
        "replay": replay_sentences(event) if organizer and drawn else [],  # finished, with stage games to replay
        "progress": progress(event), "in_stages": bool(drawn),
        "pairing": event.pairing_jobs.filter(status__in=jobs.ACTIVE).first(),  # "Pair the next round" under way
        "stages_done": bool(drawn) and all(stage_finished(s) for s in event.stages.all()),
    })


POLL_SECONDS = 2  # the page without JavaScript reloads this often


def _back(job: PairingJob) -> str:
    """Where the organizer goes back to: the stages, the draft paired again (if it is still there), the rounds."""
    return _back_link(job)[0]


def _back_link(job: PairingJob) -> tuple[str, str]:
    """`_back`'s address and the words of its link."""
    slug = job.event.slug
    if job.kind == PairingJob.Kind.STAGES:
        return reverse("tournament:stage_setup", kwargs={"slug": slug}), _("Stages")
    if job.kind == PairingJob.Kind.AGAIN and job.event.rounds.filter(number=job.redo).exists():
        return (reverse("tournament:round", kwargs={"slug": slug, "number": job.redo}),
                _("Round %(n)s") % {"n": job.redo})
    return reverse("tournament:rounds", kwargs={"slug": slug}), _("Rounds")


def _title(job: PairingJob) -> str:
    if job.kind == PairingJob.Kind.AGAIN:
        return _("Pairing round %(n)s again") % {"n": job.redo}
    if job.kind == PairingJob.Kind.EXTRA:
        return _("Pairing an extra round")
    return _("Pairing the next round")


def _done(request: HttpRequest, job: PairingJob) -> str:
    """The paired round's page (the rounds, or the stages, if it was deleted since); an extra round is said to be
    one, beyond the plan."""
    if job.round is None:
        return _back(job)
    if job.kind == PairingJob.Kind.EXTRA:
        messages.warning(request, _("Round %(n)s is an extra round, beyond the plan; it is recorded in the audit "
                                    "log.") % {"n": job.round.number})
    return reverse("tournament:round", kwargs={"slug": job.event.slug, "number": job.round.number})


def _error(job: PairingJob) -> str:
    if job.error == jobs.WORKER_LOST:
        return _("The task worker stopped while pairing this round. Try again; if it stops again, "
                 "ask whoever runs the server to check the worker.")
    return job.error


def _queue(request: HttpRequest, event: Event, kind: str, redo: int | None = None) -> HttpResponse:
    """Queue the pairing (or join the one under way) and go to its page; where the task ran at once (no worker:
    tests), straight to the draft round or back with the reason it was refused."""
    job = jobs.pairing_job_request(event=event, user=request.user, kind=kind, lang=get_language() or "", redo=redo)
    if job.status == PairingJob.Status.DONE and job.round is not None:
        return redirect(_done(request, job))
    if job.status == PairingJob.Status.FAILED:
        messages.error(request, _error(job))
        return redirect(_back(job))
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
    found.event = event
    fragment = wants_partial(request)
    if found.status == PairingJob.Status.DONE:
        url = _done(request, found)
        return vary_on_htmx(HttpResponseClientRedirect(url) if fragment else redirect(url))
    context = {"event": event, "job": found, "failed": found.status == PairingJob.Status.FAILED,
               "error": _error(found), "back": _back(found), "back_words": _back_link(found)[1], "title": _title(found), "poll": POLL_SECONDS,
               "queued": found.status == PairingJob.Status.QUEUED}
    template = "tournament/pairing_job.html#progress" if fragment else "tournament/pairing_job.html"
    return vary_on_htmx(render(request, template, context))


@require_GET
@event_view(role="staff")
def round_detail(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """The round for its staff; htmx refreshes the games table while results come in."""
    rnd = _round(event, number)
    games, names = _explained(games_of(rnd))
    rated = event_ratings(event) if rnd.method in RATED_ROUND_ONE else None  # show what round 1 was seeded by
    for item in games if rated else []:
        for seat in item["seats"]:
            seat.rating = rated.ratings.get(seat.registration_id)
    context = {
        "event": event, "round": rnd, "games": games, "is_organizer": is_organizer(request.user, event),
        "warnings": [note_message(n, names) for n in rnd.warnings], "clock": rnd.clock_state(),
        "seats": sorted((s for g in games for s in g["seats"]), key=lambda s: sort_key(s.registration.name, get_language())),
        "may_swap": may_swap(request.user, event), "rated": rated,
    }
    return render_partial(request, "tournament/round.html", "tournament/round.html#games", context)


def _round_action(request: HttpRequest, event: Event, number: int, action) -> HttpResponse:
    rnd = _round(event, number)
    try:
        result = action(rnd)
    except RoundError as exc:
        messages.error(request, str(exc))
        return redirect("tournament:round", slug=event.slug, number=number)
    if isinstance(result, Round):
        return redirect("tournament:round", slug=event.slug, number=result.number)
    return redirect("tournament:rounds", slug=event.slug)


@require_POST
@event_view(role=ORGANIZER)
def round_publish_view(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    return _round_action(request, event, number, lambda rnd: round_publish(rnd, request.user))


@require_POST
@event_view(role=ORGANIZER)
def round_delete_view(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    return _round_action(request, event, number, lambda rnd: round_delete(rnd, request.user))


@require_POST
@event_view(role=ORGANIZER)
def round_regenerate_view(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """"Pair again": the draft thrown away and paired anew, on the worker (which refuses a round published
    meanwhile)."""
    _round(event, number)
    return _queue(request, event, PairingJob.Kind.AGAIN, redo=number)


@require_POST
@event_view(role=ORGANIZER)
def round_extra(request: HttpRequest, event: Event) -> HttpResponse:
    """One more round than planned: only with the box ticked, paired on the worker, and logged."""
    if request.POST.get("confirm") != "extra":
        messages.error(request, _("Tick “Play an extra round” to pair a round beyond the plan."))
        return redirect("tournament:rounds", slug=event.slug)
    return _queue(request, event, PairingJob.Kind.EXTRA)


@require_POST
@event_view(role="staff")
def seats_swap_view(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    if not may_swap(request.user, event):
        raise PermissionDenied
    rnd = _round(event, number)
    try:
        first = get_object_or_404(Seat.objects.select_related("registration__player"),
                                  pk=int(request.POST.get("first", "")), round=rnd)
        second = get_object_or_404(Seat.objects.select_related("registration__player"),
                                   pk=int(request.POST.get("second", "")), round=rnd)
    except ValueError:
        return HttpResponse(status=400)
    moved = (first.registration.name, second.registration.name)
    try:
        warnings = seats_swap(rnd, first, second, request.user)
    except RoundError as exc:
        messages.error(request, str(exc))
    else:
        names = dict(rnd.seats.values_list("registration_id", "registration__name"))
        if not warnings:
            messages.success(request, _("Swapped %(a)s ↔ %(b)s. No rematch, no club mates, no repeated table.") % {
                "a": moved[0], "b": moved[1]})
        for note in warnings:
            messages.warning(request, note_message(note, names))
    return redirect("tournament:round", slug=event.slug, number=number)


def _own_game(user, rnd: Round | None) -> tuple[Seat, Registration | None] | None:
    """The signed-in player's seat in this round and their opponent (None for a bye), or None: what the
    pairings page marks for them alone (outside the table every reader shares)."""
    if rnd is None or not getattr(user, "is_authenticated", False):
        return None
    seat = (Seat.objects.filter(round=rnd, registration__player__user=user)
            .select_related("game", "registration").first())
    if seat is None:
        return None
    other = (None if seat.game.is_bye else
             Seat.objects.filter(game=seat.game).exclude(pk=seat.pk).select_related("registration").first())
    return seat, other.registration if other else None


@require_GET
@public_page("pairings")
@event_view()
def pairings(request: HttpRequest, event: Event, number: int | None = None) -> HttpResponse:
    """Public: the published pairings of a round (the latest by default); htmx refreshes the table."""
    published = event.rounds.exclude(status=Round.Status.DRAFT).order_by("-number")
    rnd = _round(event, number, published_only=True) if number else published.first()

    def table_context() -> dict:
        games = _public_games(rnd) if rnd else []
        rated = event_ratings(event) if rnd else None
        for item in games if rated else []:
            for seat in item["seats"]:
                seat.rating = rated.ratings.get(seat.registration_id)
        return {"event": event, "round": rnd, "games": games, "rated": rated, "rows": pairings_rows(games)}

    # The ratings beside the names come from other events (`leagues.event_ratings`), which the event state does not
    # read: the page generation, renewed by their writes too, is part of the table's key.
    table = cached_fragment("pairings", request, event, (rnd.pk if rnd else None,), "tournament/pairings.html#table",
                            table_context, other_events=True)
    if wants_partial(request):
        return vary_on_htmx(HttpResponse(table))
    context = {"event": event, "round": rnd, "rounds": published, "table_html": table,
               "mine": _own_game(request.user, rnd)}
    return vary_on_htmx(render(request, "tournament/pairings.html", context))
