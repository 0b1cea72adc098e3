"""A finished event reopened to play stage games again (Django): the organizer's explicit choice.

A result corrected after the event finished can leave a bracket with games to play again (the final and the
third-place game after a semi-final's winner changed: `service.next_games`). `service.stage_pair` refuses a
finished event, whose standings are final; `stage_pair_reopening` is the choice offered instead, as
`pairing.finish.round_pair_extra` is for one more Swiss round: it reopens the event (audited as
`event.stage_reopen`) and pairs those games as one draft round. Once they are played, the organizer finishes the
event again as usual."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.events.audit import audit
from tournament.models import AuditEntry, Event, Round, Stage
from tournament.stages.service import StageError, next_games, stage_pair


def stages_to_replay(event: Event) -> list[Stage]:
    """The drawn stages of a finished event that have games to play (none while the event is not finished)."""
    if event.finished_at is None:
        return []
    return [stage for stage in event.stages.filter(drawn_at__isnull=False).order_by("number") if next_games(stage)]


@transaction.atomic
def stage_pair_reopening(event: Event, user) -> Round:
    """Reopen a finished event whose stages have games to play again and pair them, as one draft round (a second
    call, once reopened, returns that draft; an ordinary draft is not the reopening's, and is refused). Refused, changing nothing, when no stage has a game to play or when
    the pairing is (the whole transaction is rolled back)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.finished_at is None:
        last = event.rounds.order_by("-number").first()
        if last is not None and last.status == Round.Status.DRAFT and AuditEntry.objects.filter(
                event=event, action="event.stage_reopen", round_number=last.number).exists():
            return last  # a second click: the draft the reopening paired
        raise StageError(_("The event is not finished: pair the next stage round as usual."))
    stages = stages_to_replay(event)
    if not stages:
        raise StageError(_("No stage has a game to play again: the event stays finished."))
    before = {"finished_at": event.finished_at.isoformat()}
    event.finished_at = None
    event.save(update_fields=["finished_at"])
    last = event.rounds.order_by("-number").first()
    number = (last.number if last else 0) + 1
    audit(event=event, user=user, action="event.stage_reopen", target=event.slug, round_number=number,
          before=before, after={"finished_at": None, "stages": [s.name for s in stages]})
    return stage_pair(event, user)
