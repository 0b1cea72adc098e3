"""Creating an event (the quota per account, the event, its organizer role and the audit entry, in one
transaction) and editing it (never out of the season or edition of a league it is in, or waiting to join)."""

from __future__ import annotations

import datetime
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from tournament.accounts.emails import require_confirmed_email
from tournament.events.audit import audit
from tournament.models import Event, EventRole, League, LeagueEvent


class EventQuotaExceeded(Exception):
    """The account has created settings.EVENTS_PER_DAY events in the last 24 hours."""

    def __init__(self, limit: int):
        self.limit = limit
        super().__init__(limit)


def events_created_since(user, since: datetime.datetime) -> int:
    return EventRole.objects.filter(user=user, role=EventRole.Role.ORGANIZER, event__created_at__gte=since).count()


def check_daily_quota(user, created_since, limit: int, error: type[EventQuotaExceeded] = EventQuotaExceeded) -> None:
    """Raise `error` when `user` created `limit` things (counted by `created_since(user, since)`) in the
    last 24 hours (superusers: no limit).

    Call inside the transaction that creates the thing: the user's row is locked, so parallel requests of
    one account are counted one after the other."""
    if user.is_superuser:
        return
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    if created_since(user, timezone.now() - datetime.timedelta(days=1)) >= limit:
        raise error(limit)


def check_event_quota(user) -> None:
    """Raise EventQuotaExceeded when `user` may not create another event now."""
    check_daily_quota(user, events_created_since, settings.EVENTS_PER_DAY)


@transaction.atomic
def event_create(*, event: Event, user) -> Event:
    """Save a new (validated, unsaved) event; `user` becomes its organizer."""
    require_confirmed_email(user)
    check_event_quota(user)
    event.save()
    EventRole.objects.create(event=event, user=user, role=EventRole.Role.ORGANIZER)
    audit(event=event, user=user, action="event.create", target=event.slug, after={"name": event.name})
    return event


class LeagueMisfit(ValueError):
    """The edit would take the event out of a league it is in or waiting to join (`membership`, its league read under
    the lock): `field` is "date" (outside the league's season) or "edition" (another than the league's). Nothing is
    saved: a league counts only the events of its season and edition (leagues.service._fitting checks them on the
    way in), and a member moved out of them would leave its games in the table, or out of it, without anyone saying."""

    def __init__(self, field: str, membership: LeagueEvent) -> None:
        super().__init__(field)
        self.field, self.membership = field, membership


def keeps_its_leagues(event: Event, changes: dict) -> None:
    """Lock the event's leagues, then the event (League before Event, the order every membership write takes), and
    raise LeagueMisfit when a new date or edition in `changes` ("date", "edition": only what changes) does not fit
    a league it is in or asked to join. Call inside the transaction that saves the change: a membership written meanwhile is seen here, or
    its own check (leagues.service._fitting) waits for this transaction and sees the change."""
    # A league's invitation binds nothing until the event accepts it (and `accept` checks the fit again): any league
    # may invite any event, so an invitation alone never holds the event's date or edition.
    held = LeagueEvent.objects.filter(event=event).exclude(state=LeagueEvent.State.INVITED)
    league_ids = list(held.order_by("league_id").values_list("league_id", flat=True))
    list(League.objects.select_for_update().filter(pk__in=league_ids).order_by("pk"))
    Event.objects.select_for_update().get(pk=event.pk)
    for membership in held.select_related("league").order_by("league__name", "pk"):
        league = membership.league
        if "date" in changes and not league.season_start <= changes["date"] <= league.season_end:
            raise LeagueMisfit("date", membership)
        if "edition" in changes and changes["edition"] != league.edition:
            raise LeagueMisfit("edition", membership)


# What a confirmed result between two players was counted or decided under: the event form locks these then.
COUNTED_UNDER = ("edition", "victory_camp_reading", "scoring_preset", "wdl_points")


class LockedMeanwhile(Exception):
    """A result was confirmed after the form was shown: the fields it now locks (`fields`) are not saved."""

    def __init__(self, fields: list[str]) -> None:
        super().__init__(fields)
        self.fields = fields


def event_update(*, form, user, rescore_byes: Callable[[Event], int] | None = None,
                 has_played_results: Callable[[Event], bool] | None = None) -> Event:
    """Save a validated edit form of an event, with an audit entry of what changed, in one transaction; refused
    (LeagueMisfit, nothing saved) when a changed date or edition no longer fits a league the event is in or asked
    to join. A new scoring saved while only byes are scored (the form leaves the scoring free then) scores them
    again with `rescore_byes`; and a change to what results are counted under (COUNTED_UNDER), shown free because no
    result was confirmed then, is refused (LockedMeanwhile) if `has_played_results` says one is now, under the
    event's lock. The caller passes both from `results.rescoring`: the events room does not reach into the results."""
    with transaction.atomic():
        event = form.instance
        moved = {f: getattr(event, f) for f in ("date", "edition") if f in form.changed_data}
        if moved:
            keeps_its_leagues(event, moved)
        Event.objects.select_for_update().get(pk=event.pk)  # one edit at a time (the rescoring locks it too)
        counted = [f for f in COUNTED_UNDER if f in form.changed_data]
        if counted and has_played_results is not None and has_played_results(event):
            raise LockedMeanwhile(counted)
        before = {f: str(form.initial.get(f)) for f in form.changed_data}
        form.save()
        rescored = {}
        if rescore_byes is not None and {"scoring_preset", "wdl_points"} & set(form.changed_data):
            rescored = {"byes_rescored": rescore_byes(event)}
        audit(event=event, user=user, action="event.edit", target=event.slug, before=before,
              after={**{f: str(form.cleaned_data.get(f)) for f in form.changed_data}, **rescored})
    return event
