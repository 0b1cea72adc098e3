"""The round clock: started, paused, extended and ended by the organizer, apart from publishing.

Publishing puts the pairings up while people set up their tables; the clock starts when the organizer
starts it. Its length is the event's round length at that moment, plus any extra minutes; pauses push
the end back. When it runs out, or the organizer ends the round early, time is called: the clock shows
when (`Round.clock_state` reads it from the round's fields). Every change runs with the event locked and
leaves an audit entry.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.events.audit import audit
from tournament.models import Event, Round
from tournament.models.rounds import ClockState

MAX_EXTRA_MINUTES = 120


class ClockError(Exception):
    """A clock change that is not possible now; the message says why."""


def _locked(rnd: Round) -> Round:
    Event.objects.select_for_update().get(pk=rnd.event_id)
    return Round.objects.select_related("event").get(pk=rnd.pk)


def _log(rnd: Round, user, action: str, **after) -> None:
    audit(event=rnd.event, user=user, action=f"round.clock_{action}", target=f"round {rnd.number}",
          round_number=rnd.number, after=after or None)


@transaction.atomic
def clock_start(rnd: Round, user) -> Round:
    rnd = _locked(rnd)
    if rnd.status == Round.Status.DRAFT:
        raise ClockError(_("Publish the round before starting its clock."))
    if rnd.clock_started_at is not None:
        return rnd  # a double click changes nothing
    rnd.clock_started_at, rnd.clock_minutes = timezone.now(), rnd.event.round_minutes
    rnd.save(update_fields=["clock_started_at", "clock_minutes"])
    _log(rnd, user, "start", minutes=rnd.clock_minutes)
    return rnd


def _running(rnd: Round) -> ClockState:
    state = rnd.clock_state()
    if state.state == "waiting":
        raise ClockError(_("The clock has not started yet."))
    if state.state == "called":
        raise ClockError(_("Time has already been called in this round."))
    return state


@transaction.atomic
def clock_pause(rnd: Round, user) -> Round:
    rnd = _locked(rnd)
    if _running(rnd).state == "paused":
        return rnd
    rnd.clock_paused_at = timezone.now()
    rnd.save(update_fields=["clock_paused_at"])
    _log(rnd, user, "pause", remaining=rnd.clock_state().remaining)
    return rnd


@transaction.atomic
def clock_resume(rnd: Round, user) -> Round:
    rnd = _locked(rnd)
    if _running(rnd).state != "paused":
        return rnd
    rnd.clock_paused_seconds += max(0, int((timezone.now() - rnd.clock_paused_at).total_seconds()))
    rnd.clock_paused_at = None
    rnd.save(update_fields=["clock_paused_seconds", "clock_paused_at"])
    _log(rnd, user, "resume", remaining=rnd.clock_state().remaining)
    return rnd


@transaction.atomic
def clock_extend(rnd: Round, minutes: int, user) -> Round:
    rnd = _locked(rnd)
    _running(rnd)
    if not 1 <= minutes <= MAX_EXTRA_MINUTES or rnd.clock_extra_minutes + minutes > MAX_EXTRA_MINUTES:
        raise ClockError(_("A round can be extended by 1 to %(most)s minutes in all.") % {"most": MAX_EXTRA_MINUTES})
    rnd.clock_extra_minutes += minutes
    rnd.save(update_fields=["clock_extra_minutes"])
    _log(rnd, user, "extend", minutes=minutes)
    return rnd


@transaction.atomic
def clock_end(rnd: Round, user) -> Round:
    """Call time now (also from a pause)."""
    rnd = _locked(rnd)
    state = _running(rnd)
    now = timezone.now()
    if state.state == "paused":
        rnd.clock_paused_seconds += max(0, int((now - rnd.clock_paused_at).total_seconds()))
        rnd.clock_paused_at = None
    rnd.clock_ended_at = now
    rnd.save(update_fields=["clock_ended_at", "clock_paused_seconds", "clock_paused_at"])
    _log(rnd, user, "end", remaining=state.remaining)
    return rnd
