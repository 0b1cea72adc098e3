"""The end of an event: after the last planned round it is finished (final standings), or it gets an
extra round, but only when the organizer explicitly asks for one; both choices are logged."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.events.audit import audit
from tournament.models import Event, Game, Round
from tournament.pairing.manager import RatingsSource, RoundError, round_pair


@dataclass(frozen=True)
class Progress:
    planned: int
    last: int  # the last round paired (0: none)
    last_complete: bool  # every game of the last round has its result
    finished: bool

    @property
    def next_step(self) -> str:
        """What the rounds page offers: "pair", "wait" (results missing), "finish", or "finished"."""
        if self.finished:
            return "finished"
        if self.last and not self.last_complete:
            return "wait"
        return "pair" if self.last < self.planned else "finish"


def progress(event: Event) -> Progress:
    last = event.rounds.order_by("-number").first()
    complete = last is not None and last.status != Round.Status.DRAFT and not last.games.exclude(
        status=Game.Status.CONFIRMED).exists()
    return Progress(event.rounds_planned, last.number if last else 0, complete, event.finished_at is not None)


def _locked(event: Event) -> Event:
    return Event.objects.select_for_update().get(pk=event.pk)


def _check_last_round(event: Event) -> int:
    state = progress(event)
    if not state.last:
        raise RoundError(_("No round has been played yet."))
    if not state.last_complete:
        raise RoundError(_("Every game of round %(n)s needs a confirmed result first.") % {"n": state.last})
    return state.last


@transaction.atomic
def event_finish(event: Event, user) -> Event:
    """Close the event: no more rounds, the standings are final. A second call changes nothing."""
    event = _locked(event)
    if event.finished_at is not None:
        return event
    last = _check_last_round(event)
    event.finished_at = timezone.now()
    event.save(update_fields=["finished_at"])
    audit(event=event, user=user, action="event.finish", target=event.slug, round_number=last,
          after={"rounds": last, "planned": event.rounds_planned})
    return event


@transaction.atomic
def event_finish_after_round(event: Event, user) -> Event:
    """The organizer ends the event early: the round being played (or the last one played) becomes the last
    planned. The event finishes at once if its results are all in, otherwise once they are and the organizer
    finishes it as usual; no edit of the planned rounds is needed. Logged as a settings change."""
    event = _locked(event)
    if event.finished_at is not None:
        return event
    last = event.rounds.order_by("-number").first()
    if last is None:
        raise RoundError(_("No round has been played yet."))
    if last.status == Round.Status.DRAFT:
        raise RoundError(_("Round %(n)s is still a draft: publish it or delete it first.") % {"n": last.number})
    if event.rounds_planned != last.number:
        before = {"rounds_planned": event.rounds_planned}
        event.rounds_planned = last.number
        event.save(update_fields=["rounds_planned"])
        audit(event=event, user=user, action="event.edit", target=event.slug, round_number=last.number,
              before=before, after={"rounds_planned": last.number})
    if progress(event).last_complete:
        return event_finish(event, user)
    return event


@transaction.atomic
def round_pair_extra(event: Event, user, *, ratings: RatingsSource | None = None) -> Round:
    """The organizer's explicit choice of one more round than planned (reopening a finished event); `ratings` as
    for `round_pair` (the pairing task passes the event's)."""
    event = _locked(event)
    last = _check_last_round(event)
    if last < event.rounds_planned and event.finished_at is None:
        raise RoundError(_("Round %(n)s is still to come as planned: pair it normally.") % {"n": last + 1})
    before = {"planned": event.rounds_planned, "finished": event.finished_at is not None}
    event.rounds_planned, event.finished_at = last + 1, None
    event.save(update_fields=["rounds_planned", "finished_at"])
    audit(event=event, user=user, action="event.extra_round", target=event.slug, round_number=last + 1,
          before=before, after={"planned": event.rounds_planned})
    return round_pair(event, user, ratings=ratings)
