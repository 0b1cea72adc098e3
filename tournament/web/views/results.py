"""Result entry (staff), result reports (players, by their private link), standings and exports."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournament.models import Event, Round, Seat
from tournament.results.entry import ResultRejected, StaleResult, result_enter, result_report, stored_result
from tournament.results.messages import problem_message
from tournament.results.standings import pairings_frame, results_frame, standings_frame
from tournament.transfer.exports import to_csv_bytes, to_xlsx_bytes
from tournament.web.forms.results import ResultForm
from tournament.web.fragments import cached_fragment, event_state
from tournament.web.params import round_param
from tournament.web.permissions import event_view
from tournament.web.views.rounds import game_for

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@event_view(role="staff")
def game_result(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    game = game_for(event, pk)
    if game.is_bye:
        raise Http404
    seats = list(game.seats.select_related("registration__player").order_by("side"))
    stored = stored_result(game)
    form = ResultForm(request.POST or None, edition=event.edition, initial=ResultForm.initial_for(stored, game.version))
    reports = list(game.reports.select_related("seat__registration__player"))
    if request.method == "POST" and form.is_valid():
        try:
            correction = result_enter(game, form.cleaned_data["result"], request.user,
                                      version=form.cleaned_data.get("version"))
        except StaleResult:
            form.add_error(None, _("Someone changed this result while you were editing it. Check it and save again."))
        except ResultRejected as exc:
            for problem in exc.problems:
                form.add_error(None, problem_message(problem))
        else:
            messages.success(request, _("Result saved for table %(table)s.") % {"table": game.table})
            if correction and correction.changed_rounds:
                rounds = ", ".join(str(n) for n in correction.changed_rounds)
                messages.warning(request, _("Standings recomputed. With this result the pairings of round(s) %(rounds)s "
                                            "would have been different.") % {"rounds": rounds})
            elif correction:
                messages.info(request, _("Standings recomputed; no later pairing would have changed."))
            return redirect("tournament:round", slug=event.slug, number=game.round.number)
    context = {"event": event, "game": game, "seats": seats, "form": form, "reports": reports}
    return render(request, "tournament/result_form.html", context)


def report(request: HttpRequest, token: str) -> HttpResponse:
    """A player's private link (QR on the slip): report the result of that game only, without an account."""
    seat = get_object_or_404(
        Seat.objects.select_related("game__round__event", "registration__player"), report_token=token, token_revoked=False
    )
    game, event = seat.game, seat.game.round.event
    if not event.player_reports or game.is_bye:
        raise Http404
    seats = list(game.seats.select_related("registration__player").order_by("side"))
    form = ResultForm(request.POST or None, edition=event.edition)
    done = game.status == game.Status.CONFIRMED
    if request.method == "POST" and not done and form.is_valid():
        try:
            game = result_report(seat, form.cleaned_data["result"], request.user)
        except ResultRejected as exc:
            for problem in exc.problems:
                form.add_error(None, problem_message(problem))
        else:
            messages.success(request, {
                game.Status.CONFIRMED: _("Both reports agree: the result is confirmed."),
                game.Status.DISPUTED: _("Your report differs from your opponent's: an umpire will settle it."),
            }.get(game.status, _("Thanks. The result is confirmed when your opponent reports the same.")))
            return redirect("tournament:report", token=token)
    own = game.reports.filter(seat=seat).first()
    context = {"event": event, "game": game, "seat": seat, "seats": seats, "form": form, "own": own, "done": done}
    return render(request, "tournament/report.html", context)


@require_GET
@event_view()
def standings(request: HttpRequest, event: Event) -> HttpResponse:
    upto = round_param(request.GET)

    def table_context() -> dict:
        frame = standings_frame(event, upto=upto)
        return {"columns": list(frame.columns), "rows": frame.to_dict("records")}

    table = cached_fragment("standings", event_state(event, upto), "tournament/standings.html#table", table_context)
    if request.htmx:
        return HttpResponse(table)
    rounds = event.rounds.exclude(status=Round.Status.DRAFT).order_by("number")
    context = {"event": event, "upto": upto, "rounds": rounds, "table_html": table}
    return render(request, "tournament/standings.html", context)


def _download(frame, fmt: str, name: str, sheet: str) -> HttpResponse:
    if fmt == "xlsx":
        response = HttpResponse(to_xlsx_bytes(frame, sheet), content_type=XLSX)
    elif fmt == "csv":
        response = HttpResponse(to_csv_bytes(frame), content_type="text/csv; charset=utf-8")
    else:
        raise Http404
    response["Content-Disposition"] = f'attachment; filename="{name}.{fmt}"'
    return response


@require_GET
@event_view()
def standings_export(request: HttpRequest, event: Event, fmt: str) -> HttpResponse:
    frame = standings_frame(event, upto=round_param(request.GET))
    return _download(frame, fmt, f"{event.slug}-standings", _("Standings"))


@require_GET
@event_view()
def pairings_export(request: HttpRequest, event: Event, number: int, fmt: str) -> HttpResponse:
    rnd = get_object_or_404(event.rounds.exclude(status=Round.Status.DRAFT), number=number)
    return _download(pairings_frame(rnd), fmt, f"{event.slug}-round-{number}", _("Pairings"))


@require_GET
@event_view()
def results_export(request: HttpRequest, event: Event, fmt: str) -> HttpResponse:
    return _download(results_frame(event), fmt, f"{event.slug}-results", _("Results"))
