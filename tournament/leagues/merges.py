"""A league organizer's merge of two account-less people inside one league (and its undoing), audited.

Only people without an account: a person with an account is already one person in every league.
Never two entries of the same event (one person plays an event once). The events are not touched.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction

from tournament.events.audit import audit
from tournament.leagues.service import is_league_organizer
from tournament.models import League, LeagueEvent, LeagueMerge, Player, Registration


class MergeRefused(ValueError):
    """Why two people cannot be merged (a sentence code for the view)."""


@dataclass(frozen=True)
class Entry:
    event_id: int
    event: str
    date: str
    name: str
    club: str


def league_entries(league: League, player_ids: list[int]) -> dict[int, list[Entry]]:
    """Each person's entries in the league's member events (name and club as entered; nothing private)."""
    rows = Registration.objects.filter(
        player_id__in=player_ids, event__league_memberships__league=league,
        event__league_memberships__state=LeagueEvent.State.ACCEPTED,
    ).order_by("event__date", "pk").values_list("player_id", "event_id", "event__name", "event__date", "name", "club__name")
    out: dict[int, list[Entry]] = {pk: [] for pk in player_ids}
    for player_id, event_id, event, date, name, club in rows:
        out[player_id].append(Entry(event_id, event, date.isoformat(), name, club or ""))
    return out


def check_merge(league: League, player_id: int, into_id: int) -> dict[int, list[Entry]]:
    """The entries that would merge, or MergeRefused."""
    if player_id == into_id:
        raise MergeRefused("same")
    people = {p.pk: p for p in Player.objects.filter(pk__in=[player_id, into_id])}
    if len(people) != 2 or any(p.user_id for p in people.values()):
        raise MergeRefused("account")
    entries = league_entries(league, [player_id, into_id])
    if not entries[player_id] or not entries[into_id]:
        raise MergeRefused("not_in_league")
    if {e.event_id for e in entries[player_id]} & {e.event_id for e in entries[into_id]}:
        raise MergeRefused("same_event")
    return entries


def merge(user, league: League, player_id: int, into_id: int) -> LeagueMerge:
    if not is_league_organizer(user, league):
        raise PermissionDenied
    with transaction.atomic():
        League.objects.select_for_update().get(pk=league.pk)  # one merge at a time per league
        target = dict(LeagueMerge.objects.filter(league=league).values_list("player_id", "into_id"))
        into_id = target.get(into_id, into_id)
        entries = check_merge(league, player_id, into_id)
        LeagueMerge.objects.filter(league=league, into_id=player_id).update(into_id=into_id)
        row, _created = LeagueMerge.objects.update_or_create(
            league=league, player_id=player_id, defaults={"into_id": into_id, "created_by": user})
        audit(event=None, user=user, action="league.merge", target=league.slug,
              before={"player": player_id, "entries": [e.__dict__ for e in entries[player_id]]},
              after={"into": into_id, "entries": [e.__dict__ for e in entries[into_id]]})
    return row


def unmerge(user, league: League, player_id: int) -> None:
    if not is_league_organizer(user, league):
        raise PermissionDenied
    with transaction.atomic():
        row = LeagueMerge.objects.select_for_update().filter(league=league, player_id=player_id).first()
        if row is None:
            return
        audit(event=None, user=user, action="league.unmerge", target=league.slug,
              before={"player": player_id, "into": row.into_id}, after=None)
        row.delete()
