"""Result entry (staff), result reports (players, by their private links), standings and exports."""

from __future__ import annotations

import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_GET

from config.htmx import vary_on_htmx, wants_partial
from tournament.models import Event, Game, Registration, ResultReport, Round, Seat
from tournament.pairing.manager import correction_for
from tournament.results.entry import (
    ResultRejected,
    StaleResult,
    current_seat,
    result_enter,
    result_flags,
    result_payload,
    result_report,
    stored_result,
)
from tournament.results.explain import ordering, problem_message, report_sentence
from tournament.results.player_record import record
from tournament.results.report_rights import owns_entry, pin_matches
from tournament.results.standings import build_table, load, round_numbers, tie_words
from tournament.stages.bracket_corrections import matches_before, paired_from_the_old_result
from tournament.stages.messages import draw_stands, paired_from_old, redraw_needed
from tournament.stages.redraws import draws_before, redraws, standing_draws
from tournament.transfer.frames import pairings_frame, results_frame, standings_frame
from tournament.web.downloads import table_download
from tournament.web.forms.results import ResultForm
from tournament.web.page_caches import cached_fragment, public_page
from tournament.web.permissions import event_view, game_for, own_entry
from tournament.web.request_values import client_address, shown_round
from tournament.web.table_rows import standings_rows


@event_view(role="staff")
def game_result(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    game = game_for(event, pk)
    if game.is_bye:
        raise Http404
    seats = list(game.seats.select_related("registration__player").order_by("side"))
    stored = stored_result(game)
    form = ResultForm(request.POST or None, edition=event.edition, camp_reading=event.victory_camp_reading,
                      initial=ResultForm.initial_for(stored, game.version))
    reports = list(game.reports.select_related("seat__registration__player", "submitted_by"))
    if request.method == "POST" and form.is_valid():
        drawn = draws_before(game) if stored is not None else {}  # the stages drawn from it, as the old result drew them
        matches = matches_before(game) if stored is not None else {}  # its bracket, as the old result paired it
        try:
            corrected = result_enter(game, form.cleaned_data["result"], request.user,
                                     version=form.cleaned_data.get("version"))
        except StaleResult:
            form.add_error(None, _("Someone changed this result while you were editing it. Check it and save again."))
        except ResultRejected as exc:
            for problem in exc.problems:
                form.add_error(None, problem_message(problem))
        else:
            messages.success(request, _("Result saved for table %(table)s.") % {"table": game.table})
            for flag in result_flags(event, form.cleaned_data["result"]):
                messages.warning(request, problem_message(flag))
            if corrected and _corrected(request, game, stored, drawn, matches):
                return redirect("tournament:stages", slug=event.slug)  # where the event may be reopened
            return redirect("tournament:round", slug=event.slug, number=game.round.number)
    flags = [problem_message(f) for f in result_flags(event, stored)] if stored else []
    names = {s.side: s.registration.name for s in seats}
    form.name_sides(names.get("a", ""), names.get("b", ""))
    described = [(r, report_sentence(r.payload, names)) for r in reports]
    context = {"event": event, "game": game, "seats": seats, "form": form, "reports": described, "flags": flags}
    return render(request, "tournament/result_form.html", context)


def _corrected(request: HttpRequest, game: Game, before, drawn: dict, matches: dict) -> bool:
    """What a corrected confirmed result (`before`: the one it replaced) changed after it: the later rounds it would
    have paired otherwise, the later games of its bracket paired from the old result (`matches`, read before the
    correction, is who played each match then), and the stages drawn from its results that a draw now would make
    otherwise (to draw again, or, with games already, whose draw stands: `drawn`, read before the correction, is how
    the old result drew them). True when the event is finished and its bracket has games to play again: the page
    to go on to is the stages page, where the organizer may reopen the event to play them."""
    correction = correction_for(game, before=before)
    paired = paired_from_the_old_result(game, matches)
    if paired is not None:  # its bracket's later games: their results stand, the organizer decides
        messages.warning(request, paired_from_old(paired.stage.name, paired.changes, paired.deletable))
    elif correction.changed_rounds:
        rounds = ", ".join(str(n) for n in correction.changed_rounds)
        messages.warning(request, _("Standings recomputed. With this result the pairings of round(s) %(rounds)s "
                                    "would have been different.") % {"rounds": rounds})
    else:
        messages.info(request, _("Standings recomputed; no later pairing would have changed."))
    for stage, refused in redraws(game):  # drawn from the results this one changed
        messages.warning(request, redraw_needed(stage.name))
        if refused:
            messages.warning(request, refused)
    for stands in standing_draws(game, drawn):  # with games already: the draw stands, the organizer decides
        messages.warning(request, draw_stands(stands.stage.name, stands.coming, stands.going, bool(stands.refused),
                                              stands.deletable))
        if stands.refused:
            messages.warning(request, stands.refused)
    return paired is not None and game.round.event.finished_at is not None


def _reporter(request: HttpRequest) -> str:
    """A random marker kept in this browser's session: both sides reported from one browser do not confirm."""
    marker = request.session.get("result_reporter")
    if not marker:
        marker = request.session["result_reporter"] = secrets.token_urlsafe(24)
    return marker


REPORTED = {
    Game.Review.DIFFERENT: _lazy("Your report differs from your opponent's: an umpire will settle it."),
    Game.Review.SAME_REPORTER: _lazy("Both sides of this game were reported from this browser or account, so the "
                                     "result is not confirmed: an umpire will check it with both players."),
    Game.Review.CHANGED: _lazy("You had already sent a different report, so an umpire will settle this game."),
}


def _pin_refused(request: HttpRequest, form: ResultForm, seat: Seat) -> bool:
    """The "my game" link without the entry's account: a report needs the PIN from the player's own slip half
    of this round."""
    ok = pin_matches(seat, request.POST.get("pin", "")[:12])
    if ok:
        return False
    form.pin_limited = ok is None
    form.add_error(None, _("Too many wrong PINs for this player: try again in an hour, or report with the code on "
                           "your half of the table slip.") if ok is None else
                   _("Wrong PIN. It is printed on your own half of the table slip, beside your code."))
    return True


def _report_sent(request: HttpRequest, seat: Seat, form: ResultForm, here: str) -> HttpResponse | None:
    """Store the player's report and say what became of it (a redirect back); None when refused (the form
    carries the reasons)."""
    try:
        game = result_report(seat, form.cleaned_data["result"], request.user, reporter=_reporter(request),
                             address=client_address(request))
    except ResultRejected as exc:
        for problem in exc.problems:
            form.add_error(None, problem_message(problem))
        return None
    if game.status == game.Status.CONFIRMED:
        messages.success(request, _("Both reports agree: the result is confirmed."))
    elif game.status == game.Status.DISPUTED:
        messages.warning(request, str(REPORTED.get(game.review_reason, game.get_review_reason_display())))
    else:
        messages.success(request, _("Thanks. The result is confirmed when your opponent reports the same."))
    return redirect(here)


def _report_words(game: Game, seat: Seat, names: dict[str, str], done: bool) -> dict:
    """The player's own last report, their opponent's and the confirmed result, each as a sentence."""
    reports = list(game.reports.filter(source=ResultReport.Source.PLAYER).select_related("seat"))
    own = next((r for r in reversed(reports) if r.seat_id == seat.pk), None)
    other = next((r for r in reversed(reports) if r.seat_id and r.seat_id != seat.pk), None)
    return {
        "own": own,
        "own_words": report_sentence(own.payload, names, seat.side) if own else "",
        "other_words": report_sentence(other.payload, names, seat.side) if other else "",
        "result_words": report_sentence(result_payload(stored_result(game)), names, seat.side) if done else "",
    }


def _report_page(request: HttpRequest, seat: Seat, here: str, context: dict | None = None) -> HttpResponse:
    game, event = seat.game, seat.game.round.event
    seats = list(game.seats.select_related("registration__player").order_by("side"))
    names = {s.side: s.registration.name for s in seats}
    form = ResultForm(request.POST or None, edition=event.edition, camp_reading=event.victory_camp_reading)
    form.for_player(seat.side).name_sides(names.get("a", ""), names.get("b", ""))
    done = game.status == game.Status.CONFIRMED
    waiting = game.status == game.Status.DISPUTED
    needs_pin = bool((context or {}).get("needs_pin"))
    if (request.method == "POST" and not done and not waiting and form.is_valid()
            and not (needs_pin and _pin_refused(request, form, seat))):
        sent = _report_sent(request, seat, form, here)
        if sent is not None:
            return sent
    context = {
        **(context or {}), "event": event, "game": game, "seat": seat, "seats": seats, "form": form,
        "done": done, "waiting": waiting, "opponent": next((s.registration.name for s in seats if s.pk != seat.pk), ""),
        **_report_words(game, seat, names, done),
    }
    status = 200
    if request.method == "POST" and form.errors:  # refused: the form again with the reason (too many PINs: 429)
        status = 429 if getattr(form, "pin_limited", False) else 400
    response = render(request, "tournament/report.html", context, status=status)
    response["Cache-Control"] = "no-store"  # the page's address is the player's private link
    return response


def report(request: HttpRequest, token: str) -> HttpResponse:
    """A player's private link for one round (QR on their half of the slip): report that game, without an account."""
    seat = get_object_or_404(
        Seat.objects.select_related("game__round__event", "registration__player"), report_token=token, token_revoked=False
    )
    if not seat.game.round.event.player_reports or seat.game.is_bye:
        raise Http404
    return _report_page(request, seat, reverse("tournament:report", args=[token]))


def my_game(request: HttpRequest, token: str) -> HttpResponse:
    """A player's stable link (QR on the army sheet): always their current game, whatever the round.

    Opponents see each other's sheets, so the link shows the game to anyone who has it, but reports only from the
    entry's own account or with the PIN on the player's half of the slip (tournament/results/report_rights.py)."""
    reg = get_object_or_404(Registration.objects.select_related("event", "player"), game_token=token)
    event = reg.event
    seat = current_seat(reg)
    if seat is None or seat.token_revoked or seat.game.is_bye or not event.player_reports:
        context = {"event": event, "reg": reg, "seat": seat}
        response = render(request, "tournament/my_game.html", context)
        response["Cache-Control"] = "no-store"
        return response
    context = {"my_game": True, "needs_pin": not owns_entry(request.user, reg)}
    return _report_page(request, seat, reverse("tournament:my_game", args=[token]), context)


@login_required
@event_view()
def own_game(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    """A signed-in player reports their current game from their home: the same report page as the slip's
    link, the account standing for the player (it counts as one person with the slip and the game link)."""
    reg = own_entry(request, event, pk)
    seat = current_seat(reg)
    if seat is None or seat.token_revoked or seat.game.is_bye or not event.player_reports:
        return render(request, "tournament/my_game.html", {"event": event, "reg": reg, "seat": seat})
    return _report_page(request, seat, reverse("tournament:own_game", args=[event.slug, reg.pk]), {"my_game": True})


@require_GET
@public_page("standings", params=frozenset({"round"}))
@event_view()
def standings(request: HttpRequest, event: Event) -> HttpResponse:
    upto = shown_round(request.GET, event)

    def table_context() -> dict:
        """The table, its downloads and how it is ordered, with the tie decisions that order this round's table (its
        PDF says the same). One fragment, so that choosing a round swaps all three."""
        data = load(event, upto)  # one read for the table and the words on how it is ordered
        table = build_table(data, upto)
        return {"table": table, "slug": event.slug, "upto": upto, "rows": standings_rows(table.rows, event.slug, upto),
                "order": ordering(event, tie_words(event, upto, data))}

    table = cached_fragment("standings", request, event, (upto,), "tournament/standings.html#table", table_context)
    if wants_partial(request):
        response = HttpResponse(table)
    else:
        context = {"event": event, "upto": upto, "round_numbers": round_numbers(event), "table_html": table}
        response = render(request, "tournament/standings.html", context)
    return vary_on_htmx(response)


@require_GET
@event_view()
def player_standing(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    """A player's games and the figures that rank them: public like the standings, in constant queries."""
    upto = shown_round(request.GET, event)
    data = load(event, upto)
    if pk not in data.registrations:
        raise Http404
    context = {"event": event, "upto": upto, "record": record(data, pk)}
    return render(request, "tournament/player_standing.html", context)


@require_GET
@event_view()
def standings_export(request: HttpRequest, event: Event, fmt: str) -> HttpResponse:
    frame = standings_frame(event, upto=shown_round(request.GET, event))
    return table_download(frame, fmt, f"{event.slug}-standings", _("Standings"))


@require_GET
@event_view()
def pairings_export(request: HttpRequest, event: Event, number: int, fmt: str) -> HttpResponse:
    rnd = get_object_or_404(event.rounds.exclude(status=Round.Status.DRAFT), number=number)
    return table_download(pairings_frame(rnd), fmt, f"{event.slug}-round-{number}", _("Pairings"))


@require_GET
@event_view()
def results_export(request: HttpRequest, event: Event, fmt: str) -> HttpResponse:
    return table_download(results_frame(event), fmt, f"{event.slug}-results", _("Results"))
