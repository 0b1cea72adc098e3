"""Armies the organizer provides (Django): set and remove pairs, and the armies of every game, read
from the event's rounds and worked out by the pure tournament/armies/provided.py."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.armies.provided import Assigned, ProvidedPair, assign_event
from tournament.armies.service import catalogue_for
from tournament.events.audit import audit
from tournament.models import Event, ProvidedArmy, Seat

MAX_PAIRS = 200


class HandoutError(ValueError):
    """A provided army pair that cannot be saved; the message names the field."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


def army_label(edition: str, ref: str) -> str:
    """"II/56a Later Carthaginian": the reference and the catalogue's name when it has one."""
    catalogue = catalogue_for(edition)
    entry = catalogue.get(ref) if catalogue else None
    return f"{ref} {entry.name}" if entry else ref


def historical_enemies(edition: str, a: str, b: str) -> bool | None:
    """Whether the catalogue lists the two armies as each other's enemies (None: no catalogue for the edition)."""
    catalogue = catalogue_for(edition)
    if catalogue is None:
        return None
    first, second = catalogue.get(a), catalogue.get(b)
    return bool(first and second and (b in first.enemies or a in second.enemies))


def _check_army(event: Event, field: str, ref: str) -> str:
    ref = " ".join(ref.split())
    if not ref:
        raise HandoutError(field, _("Choose an army."))
    catalogue = catalogue_for(event.edition)
    if catalogue is not None and catalogue.get(ref) is None:
        raise HandoutError(field, _("“%(ref)s” is not an army list of DBA %(edition)s.") % {
            "ref": ref, "edition": event.edition})
    return ref


@transaction.atomic
def pair_set(event: Event, user, *, round_number: int | None, table: int | None, army_a: str, army_b: str) -> ProvidedArmy:
    """Set the pair for a round and table (either may be None: every round, every table), replacing one set before."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    army_a, army_b = _check_army(event, "army_a", army_a), _check_army(event, "army_b", army_b)
    existing = ProvidedArmy.objects.filter(event=event, round_number=round_number, table=table).first()
    if existing is None and ProvidedArmy.objects.filter(event=event).count() >= MAX_PAIRS:
        raise HandoutError("table", _("An event holds at most %(n)s provided army pairs.") % {"n": MAX_PAIRS})
    before = {"army_a": existing.army_a, "army_b": existing.army_b} if existing else None
    row = existing or ProvidedArmy(event=event, round_number=round_number, table=table)
    row.army_a, row.army_b = army_a, army_b
    row.save()
    audit(event=event, user=user, action="event.provided_army", target=f"round {round_number or '*'} table {table or '*'}",
          before=before, after={"round": round_number, "table": table, "army_a": army_a, "army_b": army_b},
          round_number=round_number)
    return row


@transaction.atomic
def pair_delete(event: Event, user, pk: int) -> None:
    event = Event.objects.select_for_update().get(pk=event.pk)
    row = ProvidedArmy.objects.filter(event=event, pk=pk).first()
    if row is None:
        return
    row.delete()
    audit(event=event, user=user, action="event.provided_army_delete",
          target=f"round {row.round_number or '*'} table {row.table or '*'}",
          before={"army_a": row.army_a, "army_b": row.army_b}, round_number=row.round_number)


def pairs_of(event: Event) -> list[ProvidedPair]:
    return [ProvidedPair(p.round_number, p.table, p.army_a, p.army_b) for p in event.provided_armies.all()]


@dataclass(frozen=True)
class GameArmies:
    round: int
    table: int | None
    a: int
    b: int
    armies: Assigned


def event_armies(event: Event) -> list[GameArmies]:
    """The provided armies of every game of the event's rounds, in round and table order (none without pairs)."""
    pairs = pairs_of(event)
    if not pairs:
        return []
    games: dict[int, dict[int, list]] = {}
    for number, game_id, table, reg, bye in Seat.objects.filter(round__event=event).order_by(
            "round__number", "game__table", "side").values_list(
            "round__number", "game_id", "game__table", "registration_id", "game__is_bye"):
        if not bye:
            games.setdefault(number, {}).setdefault(game_id, [table]).append(reg)
    rounds = [(number, [(g[0], g[1], g[2] if len(g) > 2 else None) for g in by_game.values()])
              for number, by_game in games.items()]
    assigned = assign_event(pairs, rounds)
    return [GameArmies(number, table, a, b, assigned[(number, table)])
            for number, items in rounds for table, a, b in items if (number, table) in assigned]


def player_armies(event: Event, registration_id: int,
                  games: list[GameArmies] | None = None) -> list[tuple[int, int | None, str, str]]:
    """(round, table, the player's army, the opponent's) for each game of theirs with provided armies
    (`games`: the event's `event_armies`, when already read)."""
    lines = []
    for g in event_armies(event) if games is None else games:
        if registration_id == g.a:
            lines.append((g.round, g.table, g.armies.a, g.armies.b))
        elif registration_id == g.b:
            lines.append((g.round, g.table, g.armies.b, g.armies.a))
    return lines
