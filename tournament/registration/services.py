"""Registration services: players, entries, armies, check-in, drops and late entries.

Every write that touches several rows runs in one transaction and leaves an audit entry.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max

from tournament.armies.service import ArmyInput, army_name, army_problems
from tournament.events.audit import audit
from tournament.models import Club, Event, Player, Registration
from tournament.registration.names import name_key, similar_names


class ArmyLocked(Exception):
    """The organizer has locked armies for this event."""


def similar_players(name: str, exclude: int | None = None) -> list[Player]:
    """Players whose names are identical or nearly so (typos, accents, spacing)."""
    key = name_key(name)
    if not key:
        return []
    first = key[:1]
    candidates = Player.objects.filter(name_key__startswith=first).exclude(pk=exclude).values_list("pk", "name")
    ids = [pk for pk, _ in similar_names(name, candidates)]
    return list(Player.objects.filter(pk__in=ids).select_related("club"))


def club_get_or_create(name: str) -> Club | None:
    name = " ".join((name or "").split())
    if not name:
        return None
    existing = Club.objects.filter(name__iexact=name).first()
    return existing or Club.objects.create(name=name)


def army_snapshot(reg: Registration) -> dict:
    return {"army_ref": reg.army_ref, "elements": reg.elements, "general": reg.general, "camp": reg.camp, "allies": reg.allies}


def next_round_number(event: Event) -> int:
    return (event.rounds.aggregate(n=Max("number"))["n"] or 0) + 1


@transaction.atomic
def player_register(*, event: Event, player: Player, user, army: ArmyInput | None = None) -> Registration:
    """Enter a player; after round 1 has been paired this is a late entry joining at the next round."""
    late = next_round_number(event)
    reg, created = Registration.objects.get_or_create(
        event=event, player=player, defaults={"late_entry_round": late if late > 1 else None}
    )
    if created:
        audit(event=event, user=user, action="registration.create", target=str(player), after={"player": player.name})
    if army is not None:
        apply_army(reg, army, user)
    return reg


def army_change_allowed(reg: Registration, army: ArmyInput, *, by_organizer: bool) -> bool:
    """Organizers may always change; players only until armies are locked, or just the options if the event allows."""
    event = reg.event
    if by_organizer or not event.armies_locked:
        return True
    return event.allow_option_changes and army.ref == reg.army_ref


@transaction.atomic
def army_save(*, reg: Registration, army: ArmyInput, user, by_organizer: bool) -> list[str]:
    """Validate and store an army. Returns the problems; nothing is saved when there are any."""
    reg = Registration.objects.select_for_update().select_related("event").get(pk=reg.pk)
    if not army_change_allowed(reg, army, by_organizer=by_organizer):
        raise ArmyLocked
    problems = army_problems(reg.event, army)
    if problems:
        return problems
    apply_army(reg, army, user)
    return []


def apply_army(reg: Registration, army: ArmyInput, user) -> None:
    before = army_snapshot(reg)
    reg.army_ref = army.ref
    reg.army_name = army_name(reg.event.edition, army.ref) or reg.army_name
    reg.elements = list(army.elements)
    reg.general = army.general
    reg.camp = army.camp
    reg.allies = list(army.allies)
    reg.save()
    audit(event=reg.event, user=user, action="registration.army", target=str(reg.player), before=before, after=army_snapshot(reg))


@transaction.atomic
def registration_set_status(*, reg: Registration, status: str, user) -> Registration:
    """Check in, drop (after the last round paired) or reinstate a player."""
    reg = Registration.objects.select_for_update().get(pk=reg.pk)
    before = {"status": reg.status, "dropped_after_round": reg.dropped_after_round}
    reg.status = status
    if status == Registration.Status.DROPPED:
        reg.dropped_after_round = next_round_number(reg.event) - 1
    else:
        reg.dropped_after_round = None
    reg.save(update_fields=["status", "dropped_after_round", "updated_at"])
    audit(event=reg.event, user=user, action=f"registration.{status}", target=str(reg.player), before=before,
          after={"status": reg.status, "dropped_after_round": reg.dropped_after_round})
    return reg


@transaction.atomic
def registrations_check_in(*, event: Event, ids, user) -> list[Registration]:
    """Check in several registered players of this event at once (ids of other events are ignored)."""
    regs = Registration.objects.select_for_update().select_related("player").filter(
        event=event, pk__in=list(ids), status=Registration.Status.REGISTERED).order_by("player__name_key", "pk")
    return [registration_set_status(reg=reg, status=Registration.Status.CHECKED_IN, user=user) for reg in regs]
