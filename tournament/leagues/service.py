"""Writing leagues: create one, invite an event or ask to join, accept, decline, leave. Each inside one transaction,
checked against the acting user's roles here (views only call these)."""

from __future__ import annotations

import datetime
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from tournament.accounts.emails import require_confirmed_email
from tournament.events.audit import audit
from tournament.events.services import EventQuotaExceeded, check_daily_quota
from tournament.leagues import merges
from tournament.leagues.roles import is_league_organizer, organizes_event
from tournament.limits import counter
from tournament.models import AuditEntry, Event, EventRole, League, LeagueEvent, LeagueRole
from tournament.results.rescoring import has_played_results


class LeagueQuotaExceeded(EventQuotaExceeded):
    """The account has created settings.LEAGUES_PER_DAY leagues in the last 24 hours."""


def leagues_created_since(user, since: datetime.datetime) -> int:
    return LeagueRole.objects.filter(user=user, role=LeagueRole.Role.ORGANIZER, league__created_at__gte=since).count()


def listed_leagues():
    """The leagues page: public leagues with at least one accepted event (a new league is reachable by its
    link only until an event has joined it), newest season first."""
    return (League.objects.filter(public=True, memberships__state=LeagueEvent.State.ACCEPTED).distinct()
            .order_by("-season_start", "name", "pk"))


def create_league(user, league: League) -> League:
    """Any signed-in user may open a league (with a confirmed email when the site asks for one), within the daily
    quota (settings.LEAGUES_PER_DAY, like events'); they become its organizer."""
    require_confirmed_email(user)
    with transaction.atomic():
        check_daily_quota(user, leagues_created_since, settings.LEAGUES_PER_DAY, LeagueQuotaExceeded)
        league.save()
        LeagueRole.objects.create(league=league, user=user, role=LeagueRole.Role.ORGANIZER)
        audit(event=None, user=user, action="league.create", target=league.slug, after={"name": league.name})
    return league


class TooManyInvitations(Exception):
    """The account sent settings.LEAGUE_INVITES_PER_DAY invitations in the last 24 hours."""


class MembershipRefused(ValueError):
    """The event does not fit the league as both stand now: "season" (played outside it) or "edition" (under
    another); `league` and `event` as read under the lock, for the sentence that names the mismatch."""

    def __init__(self, code: str, league: League, event: Event) -> None:
        super().__init__(code)
        self.league, self.event = league, event


def _fitting(league: League, event: Event) -> tuple[League, Event]:
    """The league and the event locked and read again (League, then Event: the order every membership write takes),
    or MembershipRefused / merges.MergeClash: every way into a league (invited, asked, accepted, an organizer's own
    event) passes here, so an event moved out of the season, switched to another edition, or holding both people of
    a confirmed merge never joins, whatever the forms saw."""
    league = League.objects.select_for_update().get(pk=league.pk)  # a merge (merges.py) waits too
    event = Event.objects.select_for_update().get(pk=event.pk)  # its date and edition as they are now
    if not league.season_start <= event.date <= league.season_end:
        raise MembershipRefused("season", league, event)
    if event.edition != league.edition:
        raise MembershipRefused("edition", league, event)
    clash = merges.event_clash(league, event)
    if clash is not None:
        raise clash
    return league, event


def invite_event(user, league: League, event: Event, premier: bool = False) -> LeagueEvent:
    """The league organizer invites an event (or accepts its standing request). Inviting an event already
    invited or a member changes nothing and writes nothing; new invitations are limited per account and day. An
    event they organize themselves has nobody else to accept it: it joins at once, and the audit says so. An event
    that does not fit (`_fitting`) is refused before anything is written."""
    if not is_league_organizer(user, league):
        raise PermissionDenied
    with transaction.atomic():
        League.objects.select_for_update().filter(pk=league.pk).first()  # one invitation of this league at a time
        membership = LeagueEvent.objects.select_for_update().filter(league=league, event=event).first()
        own = organizes_event(user, event)
        if membership is not None and not (membership.state == LeagueEvent.State.REQUESTED
                                           or (own and membership.state == LeagueEvent.State.INVITED)):
            return membership  # already invited or a member: nothing changes, nothing is logged
        _fitting(league, event)  # it will be written: invited, or joining now
        if membership is None:
            # Counted as they are made (tournament.limits.counter), so withdrawing one gives nothing back.
            if not user.is_superuser and not counter.allow("league-invite", str(user.pk),
                                                           limit=settings.LEAGUE_INVITES_PER_DAY,
                                                           window=timedelta(days=1)):
                raise TooManyInvitations
            membership = LeagueEvent.objects.create(league=league, event=event, state=LeagueEvent.State.INVITED,
                                                    premier=premier, created_by=user)
        if own or membership.state == LeagueEvent.State.REQUESTED:
            membership.state, membership.accepted_at, membership.premier = LeagueEvent.State.ACCEPTED, timezone.now(), premier
            membership.save(update_fields=["state", "accepted_at", "premier"])
        audit(event=event, user=user, action="league.invite", target=league.slug,
              after={"state": membership.state, "premier": membership.premier, "own_event": own})
        if own and membership.state == LeagueEvent.State.ACCEPTED:
            audit(event=event, user=user, action="league.accept", target=league.slug,
                  after={"state": membership.state, "own_event": True})
    return membership


def request_join(user, league: League, event: Event) -> LeagueEvent:
    """The event's organizer asks to join (or accepts the league's standing invitation); refused (`_fitting`) when
    the event does not fit the league, before anything is written."""
    if not organizes_event(user, event):
        raise PermissionDenied
    with transaction.atomic():
        League.objects.select_for_update().filter(pk=league.pk).first()  # as invite_event: League, then LeagueEvent
        membership = LeagueEvent.objects.select_for_update().filter(league=league, event=event).first()
        if membership is None or membership.state == LeagueEvent.State.INVITED:
            _fitting(league, event)  # it will be written: asked, or joining now
        if membership is None:
            membership = LeagueEvent.objects.create(league=league, event=event, state=LeagueEvent.State.REQUESTED,
                                                    created_by=user)
        elif membership.state == LeagueEvent.State.INVITED:
            membership.state, membership.accepted_at = LeagueEvent.State.ACCEPTED, timezone.now()
            membership.save(update_fields=["state", "accepted_at"])
        audit(event=event, user=user, action="league.join", target=league.slug, after={"state": membership.state})
    return membership


def accept(user, membership_pk: int) -> LeagueEvent:
    """Accept a pending membership: the side that did not start it must accept. Anyone else is refused
    (PermissionDenied) before anything about the membership is told, whatever its state. The event must still fit
    the league (`_fitting`: season, edition, merges), as invited or asked it may have changed since."""
    with transaction.atomic():
        league_id = LeagueEvent.objects.filter(pk=membership_pk).values_list("league_id", flat=True).first()
        League.objects.select_for_update().filter(pk=league_id).first()  # League before LeagueEvent, as invite_event
        membership = LeagueEvent.objects.select_for_update().select_related("league", "event").get(pk=membership_pk)
        if membership.state == LeagueEvent.State.INVITED:
            allowed = organizes_event(user, membership.event)
        elif membership.state == LeagueEvent.State.REQUESTED:
            allowed = is_league_organizer(user, membership.league)
        else:
            allowed = organizes_event(user, membership.event) or is_league_organizer(user, membership.league)
        if not allowed:
            raise PermissionDenied
        if membership.state == LeagueEvent.State.ACCEPTED:
            return membership
        membership.league, membership.event = _fitting(membership.league, membership.event)
        membership.state, membership.accepted_at = LeagueEvent.State.ACCEPTED, timezone.now()
        membership.save(update_fields=["state", "accepted_at"])
        audit(event=membership.event, user=user, action="league.accept", target=membership.league.slug,
              after={"state": membership.state})
    return membership


def decline(user, membership_pk: int) -> LeagueEvent:
    """Decline a waiting membership (the side asked to answer) or withdraw it (the side that started it): the row is
    deleted, with an audit entry on the event. Anyone else is refused (PermissionDenied), as by `accept`; a membership
    already accepted is not declined here: it is returned as it is."""
    with transaction.atomic():
        league_id = LeagueEvent.objects.filter(pk=membership_pk).values_list("league_id", flat=True).first()
        League.objects.select_for_update().filter(pk=league_id).first()  # League before LeagueEvent, as accept
        membership = LeagueEvent.objects.select_for_update().select_related("league", "event").get(pk=membership_pk)
        if not (organizes_event(user, membership.event) or is_league_organizer(user, membership.league)):
            raise PermissionDenied
        if membership.state == LeagueEvent.State.ACCEPTED:  # a member: it stays (a double click after accepting)
            return membership
        before = membership.state
        membership.delete()
        audit(event=membership.event, user=user, action="league.decline", target=membership.league.slug,
              before={"state": before})
    return membership


class LeaveRefused(Exception):
    """The event's organizer may not take the event out of the league: a game of it has a confirmed result, which the
    league's table and ratings have counted; only an organizer of the league may take it out now."""

    def __init__(self, membership: LeagueEvent) -> None:
        super().__init__("results")
        self.membership = membership


def leave(user, membership_pk: int) -> LeagueEvent:
    """End an accepted membership: the row is deleted (as `decline` deletes a waiting one), so the league's table and
    ratings stop counting the event, and its date and edition are free again (events.services.keeps_its_leagues); an
    audit entry "league.leave" on the event says who took it out. A league organizer may always (and a site admin);
    the event's organizer only while none of its games has a confirmed result (`has_played_results`: byes do not
    count), then LeaveRefused: the league has counted them, its organizer decides. Anyone else: PermissionDenied, before
    anything about the membership is told. A membership still waiting is not a member: it is returned as it is
    (`decline` answers or withdraws it); one gone meanwhile (a double click) raises LeagueEvent.DoesNotExist."""
    with transaction.atomic():
        league_id = LeagueEvent.objects.filter(pk=membership_pk).values_list("league_id", flat=True).first()
        League.objects.select_for_update().filter(pk=league_id).first()  # League before LeagueEvent, as accept
        membership = LeagueEvent.objects.select_for_update().select_related("league", "event").get(pk=membership_pk)
        by_league = is_league_organizer(user, membership.league)
        by_event = organizes_event(user, membership.event)
        if not (by_league or by_event):
            raise PermissionDenied
        if membership.state != LeagueEvent.State.ACCEPTED:  # waiting: `decline` is the way out, with its own entry
            return membership
        if not by_league and has_played_results(membership.event):
            raise LeaveRefused(membership)
        membership.delete()
        audit(event=membership.event, user=user, action="league.leave", target=membership.league.slug,
              before={"state": LeagueEvent.State.ACCEPTED, "premier": membership.premier, "membership": membership_pk},
              after={"by": _role(user, membership)})
    return membership


def _role(user, membership: LeagueEvent) -> str:
    """Who took the event out, for the audit's sentence: "league" (one of its organizers), "event" (the event's
    organizer), or "admin" (a site admin who is neither)."""
    if LeagueRole.objects.filter(league=membership.league, user=user).exists():
        return "league"
    if EventRole.objects.filter(event=membership.event, user=user, role=EventRole.Role.ORGANIZER).exists():
        return "event"
    return "admin"


def left(user, membership_pk: int) -> tuple[Event, League] | None:
    """The event and the league of the membership `membership_pk` that `user` took out with `leave` (read from its
    audit entry: the row is gone), when they may still know it (an organizer of the event or of the league);
    otherwise None, as if it never was. A double click's second request is told what the first did. Only the
    user's own entries are read: an imported event's history (a backup's audit, `user` empty) can say anything."""
    if not getattr(user, "is_authenticated", False):
        return None
    entry = (AuditEntry.objects.filter(user=user, action="league.leave", before__membership=membership_pk)
             .select_related("event").order_by("-pk").first())
    if entry is None or entry.event is None:
        return None
    league = League.objects.filter(slug=entry.target).first()
    if league is not None and (organizes_event(user, entry.event) or is_league_organizer(user, league)):
        return entry.event, league
    return None


def event_leagues(user, event: Event) -> list[tuple[LeagueEvent, bool]]:
    """The leagues the event counts in or is waiting to join, each with whether `user` may take the event out of it
    (`leave`; never a waiting one, answered or withdrawn under "Invitations and requests"): for the event's edit
    page, beside the date and edition a league holds."""
    memberships = list(LeagueEvent.objects.filter(event=event).select_related("league")
                       .order_by("state", "league__name", "pk"))  # the members first ("accepted" sorts before the rest)
    played = any(m.state == LeagueEvent.State.ACCEPTED for m in memberships) and has_played_results(event)
    return [(m, m.state == LeagueEvent.State.ACCEPTED and (not played or is_league_organizer(user, m.league)))
            for m in memberships]


def set_premier(user, league: League, membership_pk: int, premier: bool) -> LeagueEvent:
    """The league organizer marks a member event premier (or not): it changes the event's size band."""
    if not is_league_organizer(user, league):
        raise PermissionDenied
    with transaction.atomic():
        membership = LeagueEvent.objects.select_for_update().select_related("event").get(pk=membership_pk, league=league)
        before = membership.premier
        membership.premier = premier
        membership.save(update_fields=["premier"])
        audit(event=membership.event, user=user, action="league.premier", target=league.slug,
              before={"premier": before}, after={"premier": premier})
    return membership
