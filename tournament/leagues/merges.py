"""Two people counted as one inside one league (and its undoing), audited.

- Two account-less people: a league organizer merges them, after a preview of what will merge.
- An account-less person and an account holder: a league organizer only suggests it; it counts once
  the account holder confirms it on their own page (or they decline it). Never two account holders:
  a person with an account is already one person in every league.
Never two entries of the same event (one person plays an event once), counting every entry already
merged into either side; an event holding both cannot join the league while the merge stands (`event_clash`,
asked by service.py on every way in), and an entry added to a member event later counts once (table.py).
An entry withdrawn before it played a game is no entry here (`counts`): it has no place, no game and no rating in
the league (table.py reads only played games), so it neither takes a second place nor plays its own person.
Whoever was merged into a person follows them when that person is merged on (or confirmed), and undoing that
merge takes them back (LeagueMerge.via). The events are not touched, and a preview shows only what the league
shows anyway (name and club as entered, event, date).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Exists, OuterRef, Q

from tournament.events.audit import audit
from tournament.leagues.roles import is_league_organizer
from tournament.models import League, LeagueEvent, LeagueMerge, Player, Registration, Round, Seat


class MergeRefused(ValueError):
    """Why two people cannot be merged (a sentence code for the view; `event`, the event both would hold)."""

    def __init__(self, code: str, event: str = "") -> None:
        super().__init__(code)
        self.event = event


class MergeClash(MergeRefused):
    """An event cannot join the league: it holds entries of two records a confirmed merge counts as one person
    (`player` merged into `into`; `other`, the second record with an entry there; names as entered there)."""

    def __init__(self, event: str, player: str, other: str, into: str) -> None:
        super().__init__("event_clash", event=event)
        self.player, self.other, self.into = player, other, into


@dataclass(frozen=True)
class Entry:
    event_id: int
    event: str
    date: str
    name: str
    club: str
    player_id: int  # whose entry it is: the person's own, or one merged into them


def counts() -> Q:
    """The entries that are one person's place at their event: any not withdrawn (it plays, or may still play), and a
    withdrawn one that sat at a game of a round under way before it dropped (a bye too: the event places it). A
    withdrawn entry that never played one is left out: nothing of it reaches the league's table."""
    sat = Seat.objects.filter(registration=OuterRef("pk")).exclude(round__status=Round.Status.DRAFT)
    return ~Q(status=Registration.Status.DROPPED) | Exists(sat)


def merged(league: League):
    """The league's confirmed merges: each row's `player` counts as its `into`. One step only: whoever was
    merged into a person follows them when that person is merged on (merge, answer), so no chain is left.
    This is what "a person's entries" means in the league (tournament/leagues/table.py reads the same rows)."""
    return LeagueMerge.objects.filter(league=league, state=LeagueMerge.State.CONFIRMED)


def players_of(league: League, person_ids: list[int]) -> dict[int, list[int]]:
    """Each person's Player rows in the league: their own and every person merged into them."""
    out = {pk: [pk] for pk in person_ids}
    for player_id, into_id in merged(league).filter(into_id__in=person_ids).values_list("player_id", "into_id"):
        out[into_id].append(player_id)
    return out


def league_entries(league: League, player_ids: list[int]) -> dict[int, list[Entry]]:
    """Each Player row's own entries in the league's member events (name and club as entered; nothing private), those
    that count (`counts`): an entry withdrawn before playing does not make two people of one at its event."""
    rows = Registration.objects.filter(
        counts(), player_id__in=player_ids, event__league_memberships__league=league,
        event__league_memberships__state=LeagueEvent.State.ACCEPTED,
    ).order_by("event__date", "pk").values_list("player_id", "event_id", "event__name", "event__date", "name", "club__name")
    out: dict[int, list[Entry]] = {pk: [] for pk in player_ids}
    for player_id, event_id, event, date, name, club in rows:
        out[player_id].append(Entry(event_id, event, date.isoformat(), name, club or "", player_id))
    return out


def person_entries(league: League, person_ids: list[int]) -> dict[int, list[Entry]]:
    """Each person's entries in the league, counting every entry already merged into them (by date)."""
    players = players_of(league, person_ids)
    own = league_entries(league, [pk for pks in players.values() for pk in pks])
    return {person: sorted((e for pk in pks for e in own[pk]), key=lambda e: (e.date, e.event_id))
            for person, pks in players.items()}


def league_people(league: League, *, with_account: bool = False) -> list[tuple[int, str]]:
    """People of the league's events without (or with) an account, as (player id, "name · club · event"), by the
    entries that count (`counts`)."""
    rows = Registration.objects.filter(
        counts(), player__user__isnull=not with_account, event__league_memberships__league=league,
        event__league_memberships__state=LeagueEvent.State.ACCEPTED,
    ).order_by("name_key", "event__date").values_list("player_id", "name", "club__name", "event__name")
    people: dict[int, str] = {}
    for player_id, name, club, event in rows:
        people.setdefault(player_id, " · ".join(part for part in (name, club or "", event) if part))
    return list(people.items())


def check_merge(league: League, player_id: int, into_id: int, *, into_has_account: bool = False) -> dict[int, list[Entry]]:
    """The entries that would merge, or MergeRefused. `into_has_account`: `into` must be an account
    holder (a suggestion for them to confirm), else neither may have an account."""
    if player_id == into_id:
        raise MergeRefused("same")
    people = {p.pk: p for p in Player.objects.filter(pk__in=[player_id, into_id])}
    if len(people) != 2 or people[player_id].user_id or bool(people[into_id].user_id) != into_has_account:
        raise MergeRefused("account")
    # Each side with every entry already merged into it: after the merge one person holds them all, and one
    # person plays an event once.
    entries = person_entries(league, [player_id, into_id])
    if not entries[player_id] or not entries[into_id]:
        raise MergeRefused("not_in_league")
    clashes = [(a, b) for a in entries[player_id] for b in entries[into_id] if a.event_id == b.event_id]
    if any(a.player_id == player_id and b.player_id == into_id for a, b in clashes):
        raise MergeRefused("same_event")  # the two played the same event themselves
    if clashes:  # through an entry merged into one of them: name the event, the two never met there
        raise MergeRefused("same_event_merged", event=clashes[0][0].event)
    return entries


def event_clash(league: League, event) -> MergeClash | None:
    """The clash an event would bring into the league: two of its entries that the league's confirmed merges count
    as one person (one person plays an event once), named by the merge to undo; None when there is none. Only entries
    that count (`counts`): one withdrawn before it played a game gives its person no second place and no game against
    themselves, while one that played before dropping does (the league places it and rates its games)."""
    names = dict(Registration.objects.filter(counts(), event=event).order_by("pk").values_list("player_id", "name"))
    same = dict(merged(league).filter(player_id__in=names).values_list("player_id", "into_id"))
    by_person: dict[int, list[int]] = {}
    for player_id in names:
        by_person.setdefault(same.get(player_id, player_id), []).append(player_id)
    for person, players in by_person.items():
        if len(players) > 1:
            player = next(pk for pk in players if pk != person)  # merged into `person`: its merge is the one to undo
            other = next(pk for pk in players if pk != player)
            into = names.get(person) or Player.objects.filter(pk=person).values_list("name", flat=True).first()
            return MergeClash(event.name, names[player], names[other], into or "")
    return None


def person_of(league: League, player_id: int) -> int:
    """The person the league counts this Player row as (the one it was merged into, or itself)."""
    return merged(league).filter(player_id=player_id).values_list("into_id", flat=True).first() or player_id


def _followers_move(league: League, player_id: int, into_id: int) -> None:
    """Whoever was merged into `player_id` follows them to `into_id` (no chain is left for the table to
    read), remembering whom they came with: undoing that merge gives them back (_given_back)."""
    followers = merged(league).filter(into_id=player_id)
    followers.filter(via__isnull=True).update(via_id=player_id)  # came with player_id; an older `via` stays
    followers.update(into_id=into_id)


def _given_back(league: League, player_id: int) -> list[int]:
    """Undoing `player_id`'s merge: the people that came with it (directly, or with someone that did), who
    go back to `player_id`."""
    via = dict(LeagueMerge.objects.filter(league=league, via__isnull=False).values_list("player_id", "via_id"))

    def came_with(pk: int) -> bool:
        seen = set()
        while pk in via and pk not in seen:
            seen.add(pk)
            pk = via[pk]
            if pk == player_id:
                return True
        return False

    back = [pk for pk in via if came_with(pk)]
    LeagueMerge.objects.filter(league=league, player_id__in=back).update(into_id=player_id)
    LeagueMerge.objects.filter(league=league, player_id__in=back, via_id=player_id).update(via=None)
    return back


def merge(user, league: League, player_id: int, into_id: int) -> LeagueMerge:
    if not is_league_organizer(user, league):
        raise PermissionDenied
    with transaction.atomic():
        League.objects.select_for_update().get(pk=league.pk)  # one merge at a time per league
        into_id = person_of(league, into_id)
        entries = check_merge(league, player_id, into_id)
        _followers_move(league, player_id, into_id)
        row, _created = LeagueMerge.objects.update_or_create(
            league=league, player_id=player_id,
            defaults={"into_id": into_id, "created_by": user, "state": LeagueMerge.State.CONFIRMED, "confirmed_by": user,
                      "via": None})
        audit(event=None, user=user, action="league.merge", target=league.slug,
              before={"player": player_id, "entries": [e.__dict__ for e in entries[player_id]]},
              after={"into": into_id, "entries": [e.__dict__ for e in entries[into_id]]})
    return row


def unmerge(user, league: League, player_id: int) -> None:
    """A league organizer, or the account holder the person was merged into, undoes a merge."""
    with transaction.atomic():
        row = LeagueMerge.objects.select_for_update().select_related("into").filter(league=league, player_id=player_id).first()
        if row is None:
            return
        if not (is_league_organizer(user, league) or (row.into.user_id and row.into.user_id == user.pk)):
            raise PermissionDenied
        row.delete()
        back = _given_back(league, player_id)  # every entry the merge (or confirmation) gave goes back with it
        audit(event=None, user=user, action="league.unmerge", target=league.slug,
              before={"player": player_id, "into": row.into_id, "with": back}, after=None)


def suggest(user, league: League, player_id: int, into_id: int) -> LeagueMerge:
    """A league organizer suggests that an account-less person is the account holder `into_id`: nothing
    counts until that account holder confirms."""
    if not is_league_organizer(user, league):
        raise PermissionDenied
    with transaction.atomic():
        League.objects.select_for_update().get(pk=league.pk)
        if LeagueMerge.objects.filter(league=league, player_id=player_id).exists():
            raise MergeRefused("already")
        entries = check_merge(league, player_id, into_id, into_has_account=True)
        row = LeagueMerge.objects.create(league=league, player_id=player_id, into_id=into_id, created_by=user,
                                         state=LeagueMerge.State.SUGGESTED)
        audit(event=None, user=user, action="league.merge_suggest", target=league.slug,
              before={"player": player_id, "entries": [e.__dict__ for e in entries[player_id]]},
              after={"into": into_id})
    return row


def suggestions_for(user):
    """Suggestions waiting for this account holder, in every league."""
    if not getattr(user, "is_authenticated", False):
        return LeagueMerge.objects.none()
    return LeagueMerge.objects.filter(state=LeagueMerge.State.SUGGESTED, into__user=user).select_related("league")


def answer(user, league: League, player_id: int, *, confirm: bool) -> LeagueMerge | None:
    """The account holder confirms that the suggested entries are theirs (they merge), or declines."""
    with transaction.atomic():
        League.objects.select_for_update().get(pk=league.pk)
        row = LeagueMerge.objects.select_for_update().select_related("into").filter(
            league=league, player_id=player_id, state=LeagueMerge.State.SUGGESTED).first()
        if row is None:
            raise MergeRefused("missing")
        if not getattr(user, "is_authenticated", False) or row.into.user_id != user.pk:
            raise PermissionDenied
        entries = check_merge(league, player_id, row.into_id, into_has_account=True)
        if not confirm:
            row.delete()
            audit(event=None, user=user, action="league.merge_decline", target=league.slug,
                  before={"player": player_id, "into": row.into_id}, after=None)
            return None
        # Whoever was merged into this person before now follows them to the account holder (the page listed
        # their entries as part of the suggestion); undoing the confirmation takes them back.
        _followers_move(league, player_id, row.into_id)
        row.state, row.confirmed_by = LeagueMerge.State.CONFIRMED, user
        row.save(update_fields=["state", "confirmed_by"])
        audit(event=None, user=user, action="league.merge_confirm", target=league.slug,
              before={"player": player_id, "entries": [e.__dict__ for e in entries[player_id]]},
              after={"into": row.into_id, "entries": [e.__dict__ for e in entries[row.into_id]]})
    return row
