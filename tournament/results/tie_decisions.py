"""Recording how the event settles a tie left after every tie-break (the Django side of results.tiebreaks.settle).

A staff member (organizer or umpire) records, for players who share a rank in the current standings: a playoff
game between two of them (its result in shorthand: the winner goes first), an umpire's decision with its written
reason, a die roll or lot as it was recorded, or that they share the place. The decision is kept on the event
row (`Event.tie_decisions`), audited, shown under the standings, and carried in backups. Recording another
decision for the same players replaces it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.events.audit import audit
from tournament.models import Event
from tournament.results.shorthand import ResultError, check_result, parse_shorthand
from tournament.results.standings import load, ranked
from tournament.results.tiebreaks import KINDS, tied_groups

MAX_TEXT = 500
MAX_DECISIONS = 50


class TieRejected(Exception):
    """A decision that cannot be recorded: `field` names the form field, `message` says why."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field, self.message = field, message


def current_ties(event: Event) -> list[tuple[int, ...]]:
    """Players sharing a rank after every tie-break, before any decision is applied (latest standings)."""
    return tied_groups(ranked(load(event)))


def _order(kind: str, group: tuple[int, ...], order: list[int], result: str, edition: str,
           camp_reading: str) -> tuple[list[int], str]:
    """The decided order; `group`: the tied players in the caller's order (a playoff's side A first). A playoff's
    result is read as a round's is: with the event's edition and camp reading."""
    if kind == "shared":
        return list(group), ""
    if kind == "playoff":
        if len(group) != 2:
            raise TieRejected("kind", _("A playoff game settles a tie of two players; record a decision for more."))
        try:
            game = parse_shorthand(result, edition, camp_reading=camp_reading)
        except ResultError:
            raise TieRejected("result", _("Write the playoff's result in shorthand, e.g. 4-1.")) from None
        if game.outcome == "time" or check_result(game, edition, camp_reading):
            raise TieRejected("result", _("A playoff game needs a winner."))
        a, b = group
        return ([a, b] if game.outcome == "a" else [b, a]), result.strip()
    if sorted(order) != sorted(group) or len(set(order)) != len(order):
        raise TieRejected("order", _("Give every tied player one place."))
    return list(order), ""


def _check_texts(kind: str, reason: str, record: str, result: str) -> None:
    """Texts within their lengths; an umpire's decision gives its reason, a lot its record."""
    if len(reason) > MAX_TEXT or len(record) > MAX_TEXT or len(result) > 40:
        raise TieRejected("reason" if len(reason) > MAX_TEXT else "record",
                          _("At most %(n)s characters.") % {"n": MAX_TEXT})
    if kind == "umpire" and not reason:
        raise TieRejected("reason", _("An umpire's decision needs its reason, written for the players."))
    if kind == "lot" and not record:
        raise TieRejected("record", _("Write down the roll or the lot as it was made, e.g. “Ana 5, Bruno 2”."))


@transaction.atomic
def record_tie_decision(event: Event, user, *, kind: str, players: list[int], order: list[int] | None = None,
                        reason: str = "", record: str = "", result: str = "",
                        also: Callable[[Event], Iterable[tuple[int, ...]]] | None = None,
                        within: str | None = None) -> dict:
    """Record how the tie of `players` is settled; returns the decision. The players must be level in the
    standings now, or in one of the ties `also(event)` gives (the groups' ties: `stages.tables.group_ties`, read
    by the caller: the results room does not reach into the stages). `within` names the table ("": the
    standings, "group": a group's), for players level in both at once; None: the standings if they are level
    there."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if kind not in KINDS:
        raise TieRejected("kind", _("Choose how the tie is settled."))
    group, within = _the_tie(event, players, also, within)
    reason, record = (reason or "").strip(), (record or "").strip()
    _check_texts(kind, reason, record, result or "")
    decided, shorthand = _order(kind, tuple(players), list(order or []), result or "", event.edition,
                                event.victory_camp_reading)
    decision = {"kind": kind, "players": decided, "reason": reason, "record": record, "result": shorthand,
                "by": getattr(user, "username", ""), "at": timezone.now().isoformat(timespec="seconds"),
                "within": within}
    # A decision replaces the one for the same players in the same table: the standings' own settling of a tie
    # leaves the one a group's table was ordered by (and announced) as it was, and the other way round.
    replaced = [d for d in event.tie_decisions or [] if _same_tie(d, group, within)]
    kept = [d for d in event.tie_decisions or [] if not _same_tie(d, group, within)]
    if len(kept) >= MAX_DECISIONS:
        raise TieRejected("players", _("Too many recorded decisions for one event."))
    before = next(iter(replaced), None)
    event.tie_decisions = [*kept, decision]
    event.save(update_fields=["tie_decisions"])
    audit(event=event, user=user, action="event.tie_settle", target=event.slug, before=before, after=decision,
          people=decided)
    return decision


def _the_tie(event: Event, players: list[int], also, within: str | None) -> tuple[tuple[int, ...], str]:
    """The tie of exactly `players` a decision may settle now, and its table ("": the standings; "group": a group's
    table only), as `record_tie_decision` reads `also` and `within`; TieRejected if they share no place."""
    standing = [] if within == "group" else current_ties(event)
    groups = list(also(event)) if also is not None and within != "" else []
    group = next((g for g in [*standing, *groups] if set(g) == set(players)), None)
    if group is None:
        raise TieRejected("players", _("These players do not share a place in the standings now."))
    return group, "" if any(set(g) == set(players) for g in standing) else "group"


def _same_tie(decision: dict, players, within: str | None) -> bool:
    """Whether `decision` settles the tie of `players` in the table `within` names ("": the standings, "group": a
    group's table; None: either)."""
    return set(decision.get("players", ())) == set(players) and (within is None
                                                                  or (decision.get("within") or "") == within)


@transaction.atomic
def remove_tie_decision(event: Event, user, players: list[int], within: str | None = None) -> bool:
    event = Event.objects.select_for_update().get(pk=event.pk)
    found = next((d for d in event.tie_decisions or [] if _same_tie(d, players, within)), None)
    if found is None:
        return False
    event.tie_decisions = [d for d in event.tie_decisions if d is not found]
    event.save(update_fields=["tie_decisions"])
    audit(event=event, user=user, action="event.tie_remove", target=event.slug, before=found, people=found["players"])
    return True
