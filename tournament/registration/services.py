"""Registration services: players, entries, armies, check-in, drops and late entries.

Every write that touches several rows runs in one transaction and leaves an audit entry.

Ownership (see tournament/models/people.py): an entry's name, club and contact live on the Registration
and change only through this event. A new person record is made only by `entrant_add`; an organizer
may enter again only a person without an account who is already entered in an event they organize
(`reusable_players`), never any Player by id; an account is linked only by its owner registering.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db import connection, transaction
from django.db.models import Max, Q

from tournament.armies.catalogue import canonical_ref
from tournament.armies.service import ArmyInput, army_name, army_problems
from tournament.events.audit import audit
from tournament.models import Club, Event, EventRole, Game, Player, Registration, Round
from tournament.registration.names import name_key, similar_names


class ArmyLocked(Exception):
    """The organizer has locked armies for this event."""


@dataclass(frozen=True)
class SimilarPerson:
    """A near-duplicate name shown on the add form; `pk` (a reusable player) is None when already entered here."""

    pk: int | None
    name: str
    club: str


def reusable_players(event: Event, user):
    """People without an account whom `user` has entered in another event they organize (not in this one)."""
    if not getattr(user, "is_authenticated", False):
        return Player.objects.none()
    organized = EventRole.objects.filter(user=user, role=EventRole.Role.ORGANIZER).values("event_id")
    return (Player.objects.filter(user__isnull=True, registrations__event_id__in=organized)
            .exclude(registrations__event=event).distinct())


def similar_in_event(event: Event, name: str, user=None) -> list[SimilarPerson]:
    """Entries of this event, and people `user` may enter again, whose names are identical or nearly so."""
    key = name_key(name)
    if not key:
        return []
    entries = event.registrations.filter(name_key__startswith=key[:1]).select_related("club")
    found = [SimilarPerson(None, r.name, r.club.name if r.club_id else "")
             for r in entries if similar_names(name, [(r.pk, r.name)])]
    if user is not None:
        people = reusable_players(event, user).filter(name_key__startswith=key[:1]).select_related("club")[:500]
        found += [SimilarPerson(p.pk, p.name, p.club.name if p.club_id else "")
                  for p in people if similar_names(name, [(p.pk, p.name)])]
    return found
SIMILAR_NEIGHBOURS = 300  # without trigrams: this many names on each side of the new one, in name order
SIMILAR_TRIGRAM_CANDIDATES = 20


def similar_players(name: str, exclude: int | None = None, *, candidates=None) -> list[Player]:
    """Players whose names are identical or nearly so (typos, accents, spacing), among `candidates`
    (a Player queryset: the people the caller may see; all players when None).

    The work is bounded whatever the number of players: on PostgreSQL the trigram index (pg_trgm) picks
    the 20 closest names; elsewhere the names next to this one in name order, with the same initial, are
    compared. Either way difflib has the last word, so both databases agree on what is "similar"."""
    key = name_key(name)
    if not key:
        return []
    players = Player.objects.all() if candidates is None else candidates
    if exclude is not None:
        players = players.exclude(pk=exclude)
    if connection.vendor == "postgresql":
        pool = _trigram_candidates(players, key)
    else:
        pool = _neighbour_candidates(players, key)
    ids = [pk for pk, _ in similar_names(name, pool)]
    return list(Player.objects.filter(pk__in=ids).select_related("club"))


def _trigram_candidates(players, key: str) -> list[tuple[int, str]]:
    """The closest names by trigram distance: a nearest-neighbour scan of the GiST index (migration 0006)."""
    from django.contrib.postgres.search import TrigramDistance

    close = players.annotate(distance=TrigramDistance("name_key", key)).order_by("distance")
    return list(close.values_list("pk", "name_key")[:SIMILAR_TRIGRAM_CANDIDATES])


def _neighbour_candidates(players, key: str) -> list[tuple[int, str]]:
    """Names sorting next to `key` with its initial: index range scans, at most 2 x SIMILAR_NEIGHBOURS rows."""
    first = key[0]
    after_initial = chr(min(ord(first) + 1, 0x10FFFF))
    before = players.filter(name_key__gte=first, name_key__lt=key).order_by("-name_key")
    after = players.filter(name_key__gte=key, name_key__lt=after_initial).order_by("name_key")
    return [*before.values_list("pk", "name_key")[:SIMILAR_NEIGHBOURS],
            *after.values_list("pk", "name_key")[:SIMILAR_NEIGHBOURS]]


def club_get_or_create(name: str) -> Club | None:
    name = " ".join((name or "").split())
    if not name:
        return None
    existing = Club.objects.filter(name__iexact=name).first()
    return existing or Club.objects.create(name=name)


def army_snapshot(reg: Registration) -> dict:
    return {"army_ref": reg.army_ref, "elements": reg.elements, "general": reg.general, "camp": reg.camp, "allies": reg.allies}


def last_round_under_way(event: Event) -> int:
    """The last round the players have seen: published (or completed), or holding a result; 0 before any.

    A player dropped now still plays that round, and no round after it. A draft after it does not count: it is
    still the organizer's to pair again (or delete), and paired again it leaves the dropped player out."""
    under_way = (~Q(status=Round.Status.DRAFT) | Q(games__reports__isnull=False)
                 | (Q(games__is_bye=False) & ~Q(games__status=Game.Status.PENDING)))
    return event.rounds.filter(under_way).aggregate(n=Max("number"))["n"] or 0


@transaction.atomic
def player_register(*, event: Event, player: Player, user, army: ArmyInput | None = None) -> Registration:
    """Enter a player (the entry starts from their record); after round 1 is out, a late entry at the round after
    the last one under way (a draft after it, paired again, takes them in)."""
    late = last_round_under_way(event) + 1
    reg, created = Registration.objects.get_or_create(
        event=event, player=player, defaults={"late_entry_round": late if late > 1 else None}
    )
    if created:
        audit(event=event, user=user, action="registration.create", target=reg.name, after={"player": reg.name})
    if army is not None:
        apply_army(reg, army, user)
    return reg


@transaction.atomic
def entrant_add(*, event: Event, user, name: str, club: str = "", region: str = "", email: str = "",
                account=None, army: ArmyInput | None = None) -> Registration:
    """A new person record and their entry, together. `account` only when the person registers themselves."""
    player = Player.objects.create(name=name, club=club_get_or_create(club), region=region, email=email, user=account)
    return player_register(event=event, player=player, user=user, army=army)


def _entry_facts(reg: Registration) -> dict:
    return {"name": reg.name, "club": reg.club.name if reg.club_id else "", "status": reg.status,
            "dropped_after_round": reg.dropped_after_round, "fixed_table": reg.fixed_table, "notes": reg.notes}


@transaction.atomic
def registration_edit(*, reg: Registration, user, name: str, club: str, status: str, fixed_table: int | None,
                      notes: str) -> Registration:
    """Correct an entry as this event knows it; the person's record and their other events are untouched. A drop or
    a reinstatement here is recorded as the Drop and Reinstate buttons record it."""
    reg = Registration.objects.select_for_update(of=("self",)).select_related("event", "club").get(pk=reg.pk)
    before = _entry_facts(reg)
    reg.name, reg.club = name, club_get_or_create(club)
    _apply_status(reg, status)
    reg.fixed_table, reg.notes = fixed_table, notes
    reg.save()
    audit(event=reg.event, user=user, action="registration.edit", target=reg.name, before=before, after=_entry_facts(reg))
    return reg


@transaction.atomic
def army_save(*, reg: Registration, army: ArmyInput, user, allowed: Callable[[Registration, str], bool]) -> list[str]:
    """Validate and store an army. Returns the problems; nothing is saved when there are any.

    `allowed(reg, army_ref)` is the caller's permission rule (the web's `permissions.army_change_allowed`), asked
    again here on the locked row, so an army lock set meanwhile still refuses (ArmyLocked)."""
    reg = Registration.objects.select_for_update().select_related("event").get(pk=reg.pk)
    if not allowed(reg, army.ref):
        raise ArmyLocked
    problems = army_problems(reg.event, army)
    if problems:
        return problems
    apply_army(reg, army, user)
    return []


def apply_army(reg: Registration, army: ArmyInput, user) -> None:
    before = army_snapshot(reg)
    reg.army_ref = canonical_ref(army.ref.strip())  # "II/ 56a" stored as II/56a: the same army as II/56a
    reg.army_name = army_name(reg.event.edition, army.ref) or reg.army_name
    reg.elements = list(army.elements)
    reg.general = army.general
    reg.camp = army.camp
    reg.allies = [canonical_ref(ally) for ally in army.allies]  # as the army's ref: "II/ 9" is II/9
    reg.save()
    audit(event=reg.event, user=user, action="registration.army", target=reg.name, before=before, after=army_snapshot(reg))


def _apply_status(reg: Registration, status: str) -> None:
    """The one rule for the Drop and Reinstate buttons and the row edit: a drop counts after the last round under
    way when it is made (kept as it was when the player is dropped already); any other status clears it."""
    if status == Registration.Status.DROPPED:
        if reg.status != Registration.Status.DROPPED or reg.dropped_after_round is None:
            reg.dropped_after_round = last_round_under_way(reg.event)
    else:
        reg.dropped_after_round = None
    reg.status = status


@transaction.atomic
def registration_set_status(*, reg: Registration, status: str, user) -> Registration:
    """Check in, drop (after the last round published or with results: a draft is paired again without them) or
    reinstate a player."""
    reg = Registration.objects.select_for_update().get(pk=reg.pk)
    before = {"status": reg.status, "dropped_after_round": reg.dropped_after_round}
    _apply_status(reg, status)
    reg.save(update_fields=["status", "dropped_after_round", "updated_at"])
    audit(event=reg.event, user=user, action=f"registration.{status}", target=reg.name, before=before,
          after={"status": reg.status, "dropped_after_round": reg.dropped_after_round})
    return reg


@transaction.atomic
def registrations_check_in(*, event: Event, ids, user) -> list[Registration]:
    """Check in several registered players of this event at once (ids of other events are ignored)."""
    regs = Registration.objects.select_for_update().select_related("player").filter(
        event=event, pk__in=list(ids), status=Registration.Status.REGISTERED).order_by("player__name_key", "pk")
    return [registration_set_status(reg=reg, status=Registration.Status.CHECKED_IN, user=user) for reg in regs]
