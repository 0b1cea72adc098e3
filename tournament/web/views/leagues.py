"""League pages: the public list, a league's table, a player's results, exports; creating a league,
inviting events, accepting, and taking a member event out. Thin: reading through tournament/leagues/table.py,
writing through tournament/leagues/service.py."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_GET, require_POST

from tournament.accounts.emails import EmailNotConfirmed
from tournament.leagues import ladder, merges, service
from tournament.leagues.chart import ChartPoint, rating_svg
from tournament.leagues.rules import rule_in_words
from tournament.leagues.sheets import table_bytes
from tournament.leagues.table import load_league
from tournament.models import Event, EventRole, League, LeagueEvent, LeagueMerge
from tournament.web.forms.league_play import SuggestForm
from tournament.web.forms.leagues import InviteForm, JoinForm, LeagueForm, MergeForm, eligible_events
from tournament.web.league_access import league_in_url
from tournament.web.personal_home import invitations_for, requests_sent_by

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _league(request: HttpRequest, slug: str, *, organizer: bool = False) -> League:
    return league_in_url(request, slug, organizer=organizer)


@require_GET
def league_list(request: HttpRequest) -> HttpResponse:
    """Listed leagues, a page at a time; the visitor's own leagues, listed or not."""
    page = Paginator(service.listed_leagues(), settings.LEAGUES_PER_PAGE).get_page(request.GET.get("page"))
    own = League.objects.filter(roles__user=request.user).distinct() if request.user.is_authenticated else []
    return render(request, "leagues/list.html", {"leagues": page, "page": page, "own": own})


@login_required
def league_create(request: HttpRequest) -> HttpResponse:
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            league = service.create_league(request.user, form.save(commit=False))
        except EmailNotConfirmed:
            form.add_error(None, _("Confirm your email before creating leagues: ask for a link at /accounts/confirm-email/."))
            return render(request, "leagues/form.html", {"form": form}, status=403)
        except service.LeagueQuotaExceeded as exc:
            form.add_error(None, _("You have created %(n)s leagues in the last 24 hours, the most one account may. "
                                   "Try again tomorrow, or ask an administrator.") % {"n": exc.limit})
            return render(request, "leagues/form.html", {"form": form}, status=429)
        messages.success(request, _("League created. Now invite its events: it is listed on the leagues page "
                                    "once the first one has joined."))
        return redirect("leagues:manage", slug=league.slug)
    return render(request, "leagues/form.html", {"form": form})


@require_GET
def league_detail(request: HttpRequest, slug: str) -> HttpResponse:
    league = _league(request, slug)
    own_events = _joinable(request, league)
    return _detail_page(request, league, JoinForm(events=own_events) if own_events else None)


def _joinable(request: HttpRequest, league) -> QuerySet[Event] | None:
    """The events this account organizes that may ask to join the league (None: signed out)."""
    if not request.user.is_authenticated:
        return None
    return eligible_events(league, Event.objects.filter(
        roles__user=request.user, roles__role=EventRole.Role.ORGANIZER).exclude(league_memberships__league=league)).distinct()


def _detail_page(request: HttpRequest, league, join_form: JoinForm | None, status: int = 200) -> HttpResponse:
    return render(request, "leagues/detail.html", {
        "league": league, "data": load_league(league), "rule": rule_in_words(league),
        "is_organizer": service.is_league_organizer(request.user, league),
        "join_form": join_form,
        "merge_notice": merges.suggestions_for(request.user).filter(league=league).exists(),
        "ladder_notice": request.user.is_authenticated and ladder.waiting_for(request.user, league).exists(),
    }, status=status)


@require_GET
def league_player(request: HttpRequest, slug: str, player: int) -> HttpResponse:
    league = _league(request, slug)
    data = load_league(league)
    row = data.row_for(player)
    if row is None:
        raise Http404
    events = data.events
    seen: set = set()
    points = []
    for point in data.history.get(player, []):
        event_id = point.period[1]
        label = "" if event_id in seen else events[event_id].name if event_id in events else _("Ladder game")
        seen.add(event_id)
        points.append(ChartPoint(point.rating, point.deviation, label))
    chart = rating_svg(points, _("Rating of %(name)s over time") % {"name": row.name})
    results = [(r, events[r.event]) for r in row.results]
    return render(request, "leagues/player.html", {"league": league, "row": row, "results": results, "chart": chart,
                                                   "ladder_games": ladder.games_of(league, player)})


def _points(points: float) -> int | float:
    """A league's points as its page shows them: whole points as a whole number (33, not 33.0), else to 2 places."""
    return int(points) if float(points).is_integer() else round(points, 2)


@require_GET
def league_export(request: HttpRequest, slug: str, fmt: str) -> HttpResponse:
    import pandas as pd

    league = _league(request, slug)
    data = load_league(league)
    records = [{
        _("Rank"): "" if row.rank is None else (f"{row.rank}=" if row.shared else row.rank),
        _("Player"): row.name, _("Club"): row.club, _("Events counted"): row.counted, _("Events dropped"): row.dropped,
        _("Points"): _points(row.points), _("Rating"): round(row.rating) if row.rating is not None else "",
        _("Deviation"): round(row.deviation) if row.deviation is not None else "", _("Games"): row.games,
    } for row in data.rows]
    frame = pd.DataFrame.from_records(records) if records else pd.DataFrame(columns=[_("Rank"), _("Player")])
    content_type = XLSX if fmt == "xlsx" else "text/csv; charset=utf-8"
    response = HttpResponse(table_bytes(frame, fmt, _("League")), content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{league.slug}.{fmt}"'
    return response


MEMBERSHIP_REFUSALS = {
    "season": _lazy("%(event)s is played on %(date)s, outside the season of %(league)s (%(start)s to %(end)s), so it "
                    "cannot join the league. If the event's date is wrong, correct it under “Edit event”, then try "
                    "again."),
    "edition": _lazy("%(event)s is played under %(edition)s, but %(league)s counts %(league_edition)s events only, so "
                     "it cannot join the league. If the event's edition is wrong, correct it under “Edit event”, then "
                     "try again."),
    "event_clash": _lazy("%(player)s and %(other)s both have an entry at %(event)s, but this league counts them as "
                         "one person: %(player)s was merged into %(into)s. One person plays an event once, so the event "
                         "cannot join while that merge stands. A league organizer can undo it under “Merge two "
                         "people” on the league's management page, then try again."),
}


def membership_refusal(refused: service.MembershipRefused | merges.MergeClash) -> str:
    """Why the event cannot join the league, naming the date or edition that does not fit, or the merge to undo."""
    if isinstance(refused, merges.MergeClash):
        return MEMBERSHIP_REFUSALS["event_clash"] % {"player": refused.player, "other": refused.other,
                                                     "event": refused.event, "into": refused.into}
    league, event = refused.league, refused.event
    return MEMBERSHIP_REFUSALS[str(refused)] % {
        "event": event.name, "league": league.name, "date": date_format(event.date), "start": date_format(league.season_start),
        "end": date_format(league.season_end), "edition": event.get_edition_display(),
        "league_edition": league.get_edition_display()}


def league_manage(request: HttpRequest, slug: str) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    league = _league(request, slug, organizer=True)
    form = InviteForm(request.POST or None, league=league, user=request.user)
    status = 400 if request.method == "POST" else 200  # a refused invitation: the form again, naming the field
    if request.method == "POST" and form.is_valid():
        try:
            membership = service.invite_event(request.user, league, form.cleaned_data["chosen"],
                                              form.cleaned_data["premier"])
        except service.TooManyInvitations:
            status = 429
            form.add_error("event", _("You sent %(n)s invitations in the last 24 hours: try again tomorrow.")
                           % {"n": settings.LEAGUE_INVITES_PER_DAY})
        except (service.MembershipRefused, merges.MergeClash) as refused:
            form.add_error(None, membership_refusal(refused))
        else:
            if membership.state == LeagueEvent.State.ACCEPTED:
                messages.success(request, _("The event is in the league now."))
            else:
                messages.success(request, _("Invitation sent. The event counts once its organizer accepts."))
            return redirect("leagues:manage", slug=league.slug)
    memberships = league.memberships.select_related("event").order_by("event__date")
    return render(request, "leagues/manage.html", {
        "league": league, "form": form, "memberships": memberships,
        "any_member": any(m.state == LeagueEvent.State.ACCEPTED for m in memberships),
        "merge_form": MergeForm(people=_accountless(league)), "merges": _merges(league),
        "suggest_form": SuggestForm(people=_accountless(league), holders=merges.league_people(league, with_account=True),
                                    auto_id="suggest_%s"),  # beside the merge form: its own ids, the same field names
    }, status=status)


def _accountless(league: League) -> list[tuple[int, str]]:
    return merges.league_people(league)


def _merges(league: League) -> list[tuple[LeagueMerge, list, list]]:
    rows = list(LeagueMerge.objects.filter(league=league))
    entries = merges.league_entries(league, [r.player_id for r in rows] + [r.into_id for r in rows])
    return [(row, entries.get(row.player_id, []), entries.get(row.into_id, [])) for row in rows]


MERGE_REFUSALS = {
    "same": _lazy("Choose two different people."),
    "account": _lazy("Only people without an account can be merged: a person with an account is already one person."),
    "not_in_league": _lazy("Both people must have played in the league's events."),
    "same_event": _lazy("Both played the same event, so they are two people."),
    "same_event_merged": _lazy("Both already count an entry at %(event)s (one of them through a person merged "
                               "into them), so they are two people."),
}


def league_merge(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: what would merge (nothing changes); POST with confirm: merge, with an audit entry."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    league = _league(request, slug, organizer=True)
    form = MergeForm(request.POST if request.method == "POST" else request.GET, people=_accountless(league))
    if not form.is_valid():
        return render(request, "leagues/merge.html", {"league": league, "form": form}, status=400)
    player, into = form.cleaned_data["player"], form.cleaned_data["into"]
    try:
        if request.method == "POST":
            merges.merge(request.user, league, player, into)
            messages.success(request, _("Merged. The league table now counts both as one person."))
            return redirect("leagues:manage", slug=league.slug)
        into = merges.person_of(league, into)  # merging into someone already merged merges into their person
        entries = merges.check_merge(league, player, into)
    except merges.MergeRefused as refused:
        text = MERGE_REFUSALS[str(refused)]
        form.add_error(None, text % {"event": refused.event} if refused.event else text)
        return render(request, "leagues/merge.html", {"league": league, "form": form}, status=400)
    return render(request, "leagues/merge.html", {
        "league": league, "form": form, "player": player, "into": into,
        "from_entries": entries[player], "into_entries": entries[into],
    })


@require_POST
def league_unmerge(request: HttpRequest, slug: str, player: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    league = _league(request, slug, organizer=True)
    merges.unmerge(request.user, league, player)
    messages.success(request, _("Merge undone."))
    return redirect("leagues:manage", slug=league.slug)


@require_POST
@login_required
def league_join(request: HttpRequest, slug: str) -> HttpResponse:
    league = _league(request, slug)
    events = eligible_events(league, Event.objects.filter(roles__user=request.user, roles__role=EventRole.Role.ORGANIZER)).distinct()
    form = JoinForm(request.POST, events=events)
    if not form.is_valid():  # the league's page again, the refusal beside the field, its choices those still open
        form.fields["event"].queryset = _joinable(request, league)
        return _detail_page(request, league, form, status=400)
    try:
        membership = service.request_join(request.user, league, form.cleaned_data["event"])
    except (service.MembershipRefused, merges.MergeClash) as refused:
        messages.error(request, membership_refusal(refused))
        return redirect(league)
    if membership.state == LeagueEvent.State.ACCEPTED:
        messages.success(request, _("Your event is now part of the league."))
    else:
        messages.success(request, _("Request sent. The event counts once a league organizer accepts."))
    return redirect(league)


@login_required
def invitations(request: HttpRequest) -> HttpResponse:
    """Pending memberships this user may accept: invitations to their events, requests to their leagues."""
    pending, requests = invitations_for(request.user)
    return render(request, "leagues/invitations.html", {"pending": pending, "requests": requests,
                                                        "sent": requests_sent_by(request.user)})


def _answer(request: HttpRequest, pk: int, answer) -> LeagueEvent | HttpResponse:
    """`answer` (the service's accept or decline) given to the waiting membership `pk` by this account, or the page
    that says why not: someone else's is as if it did not exist (its names untold); one declined, withdrawn or
    answered meanwhile (the other side, a double click) is said to be no longer waiting."""
    if not LeagueEvent.objects.filter(pk=pk).exists():
        raise Http404
    try:
        return answer(request.user, pk)
    except PermissionDenied as exc:
        raise Http404 from exc
    except LeagueEvent.DoesNotExist:
        messages.error(request, _("This invitation or request is no longer waiting: the other side declined it, or "
                                  "it was answered."))
        return redirect("leagues:invitations")


@require_POST
@login_required
def membership_accept(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        membership = _answer(request, pk, service.accept)
    except (service.MembershipRefused, merges.MergeClash) as refused:  # still waiting: accepted once it fits
        messages.error(request, membership_refusal(refused))
        return redirect("leagues:invitations")
    if isinstance(membership, HttpResponse):
        return membership
    messages.success(request, _("%(event)s is now part of %(league)s.") % {"event": membership.event.name,
                                                                         "league": membership.league.name})
    return redirect("leagues:invitations")


@require_POST
@login_required
def membership_decline(request: HttpRequest, pk: int) -> HttpResponse:
    membership = _answer(request, pk, service.decline)
    if isinstance(membership, HttpResponse):
        return membership
    names = {"event": membership.event.name, "league": membership.league.name}
    if membership.state == LeagueEvent.State.ACCEPTED:
        messages.error(request, _("%(event)s is already part of %(league)s.") % names)
    else:
        messages.success(request, _("%(event)s will not join %(league)s.") % names)
    if request.POST.get("back") == "manage" and service.is_league_organizer(request.user, membership.league):
        return redirect("leagues:manage", slug=membership.league.slug)  # the league's events, where it was pressed
    return redirect("leagues:invitations")


@require_POST
@login_required
def membership_premier(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    league = _league(request, slug, organizer=True)
    if not league.memberships.filter(pk=pk).exists():
        raise Http404
    service.set_premier(request.user, league, pk, request.POST.get("premier") == "on")
    return redirect("leagues:manage", slug=league.slug)


@require_POST
@login_required
def membership_leave(request: HttpRequest, pk: int) -> HttpResponse:
    """Take a member event out of its league (`service.leave`): a league organizer from the league's events, the
    event's organizer from the event's edit page (before its results are confirmed). Someone else's membership is as
    if it did not exist; one already taken out (a double click) is said to be so, to those who may know."""
    membership = LeagueEvent.objects.select_related("league", "event").filter(pk=pk).first()
    if membership is None:
        return _already_left(request, pk)
    names = {"event": membership.event.name, "league": membership.league.name}
    try:
        membership = service.leave(request.user, pk)
    except PermissionDenied as exc:
        raise Http404 from exc
    except LeagueEvent.DoesNotExist:  # taken out meanwhile, after the check above
        return _already_left(request, pk)
    except service.LeaveRefused:
        messages.error(request, _("%(event)s has confirmed results, which %(league)s counts, so only an organizer of "
                                  "the league can take it out now: ask them.") % names)
    else:
        if membership.state == LeagueEvent.State.ACCEPTED:
            messages.success(request, _("%(event)s is no longer in %(league)s: its games no longer count in the "
                                        "league's table.") % names)
        else:
            messages.error(request, _("%(event)s is not in %(league)s yet: decline or withdraw the invitation or "
                                      "request under “Invitations and requests”.") % names)
    return _after_leave(request, membership.event, membership.league)


def _already_left(request: HttpRequest, pk: int) -> HttpResponse:
    gone = service.left(request.user, pk)
    if gone is None:
        raise Http404
    event, league = gone
    messages.info(request, _("%(event)s is no longer in %(league)s: it was already taken out.")
                  % {"event": event.name, "league": league.name})
    return _after_leave(request, event, league)


def _after_leave(request: HttpRequest, event: Event, league: League) -> HttpResponse:
    """Back where the button was: the league's events, or the event's edit page."""
    if request.POST.get("back") == "manage" and service.is_league_organizer(request.user, league):
        return redirect("leagues:manage", slug=league.slug)
    if service.organizes_event(request.user, event):
        return redirect(reverse("tournament:event_edit", args=[event.slug]) + "#leagues")
    return redirect("leagues:manage", slug=league.slug)
