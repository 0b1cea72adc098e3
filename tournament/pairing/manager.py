"""The rounds manager: feeds the pure pairing engine from the database and writes rounds back.

Every write runs in one transaction with the event row locked (`select_for_update`), so two
organizers (or a double click) cannot pair the same round twice, and results arriving while a
round is paired see either the old or the new state, never half of it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.armies.catalogue import load_catalogue
from tournament.events.audit import audit
from tournament.models import Edition, Event, Game, Registration, Round, Seat
from tournament.pairing import engine as pairing
from tournament.pairing.notes import hand_made, warns
from tournament.results import standings
from tournament.results.scoring import bye_score, event_scoring, score_game
from tournament.results.shorthand import GameResult
from tournament.results.standings import StandingRow, event_standings

ROUND_ONE = {"random": "random", "army_date": "date", "enemies": "enemies", "rating_fold": "rating_folded",
             "rating_accel": "rating_accelerated"}
RATED_ROUND_ONE = ("rating_fold", "rating_accel")
DATED_ROUND_ONE = ("army_date", "enemies")  # round 1 by the armies' dates or enemies: the 3.0 catalogue's

# Where round 1 by rating finds its ratings: a function of the event returning None (no ratings) or an
# object whose `.ratings` maps registration ids to ratings with a `.rating` (the caller passes
# `tournament.leagues.event_ratings.event_ratings`; pairing does not reach up into the leagues).
RatingsSource = Callable[[Event], Any]


class RoundError(Exception):
    """A round operation that is not allowed now; the message says why."""


@dataclass(frozen=True)
class History:
    """What the engine needs to know about past rounds, read in one query."""

    opponents: dict[int, set[int]]
    byes: set[int]
    tables: dict[int, set[int]]


def history(event: Event, before: int) -> History:
    opponents: dict[int, set[int]] = {}
    tables: dict[int, set[int]] = {}
    byes: set[int] = set()
    seats = Seat.objects.filter(round__event=event, round__number__lt=before).values_list(
        "game_id", "registration_id", "game__is_bye", "game__table"
    )
    by_game: dict[int, list[int]] = {}
    for game_id, reg_id, is_bye, table in seats:
        by_game.setdefault(game_id, []).append(reg_id)
        if is_bye:
            byes.add(reg_id)
        elif table is not None:
            tables.setdefault(reg_id, set()).add(table)
    for regs in by_game.values():
        for reg in regs:
            opponents.setdefault(reg, set()).update(r for r in regs if r != reg)
    return History(opponents, byes, tables)


def active_registrations(event: Event, number: int) -> list[Registration]:
    """Players in round `number`: not dropped before it, and late entries from their round on."""
    regs = event.registrations.select_related("club")
    return [
        r for r in regs
        if (r.late_entry_round or 1) <= number
        and not (r.status == Registration.Status.DROPPED and (r.dropped_after_round or 0) < number)
    ]


def entrants(event: Event, number: int, ratings: RatingsSource | None = None,
             rows: list[StandingRow] | None = None) -> list[pairing.Entrant]:
    """The players of round `number` for the engine; `ratings` is asked only for round 1 by rating.

    Their score is their points; when the event ranks by wins first, their wins too, so that the score groups
    follow the standings (wins, then points). `rows`: the standings after the round before, when the caller
    ranked them itself (`correction_for`: as they were before a correction); None: as they are."""
    regs = active_registrations(event, number)
    rated, catalogue = _round_one_sources(event, number, ratings)
    past = history(event, number)
    rows = event_standings(event, upto=number - 1) if rows is None else rows
    position = {row.registration_id: row.rank_index for row in rows}
    points = {row.registration_id: row.points for row in rows}
    wins_first = event_scoring(event).ranking[0] == "wins"
    wins = {row.registration_id: int(row.values.get("wins") or 0) for row in rows} if wins_first else {}
    ordered = sorted(regs, key=lambda r: (position.get(r.pk, len(position)), r.name_key, r.pk))
    result = []
    for rank, reg in enumerate(ordered):
        entry = catalogue.get(reg.army_ref) if catalogue and reg.army_ref else None
        rating = rated.ratings.get(reg.pk) if rated else None
        result.append(pairing.Entrant(
            id=reg.pk, score=int(points.get(reg.pk, 0)), rank=rank,
            club=reg.club.name if reg.club_id else None, army_ref=reg.army_ref or None,
            opponents=frozenset(past.opponents.get(reg.pk, ())), had_bye=reg.pk in past.byes,
            tables=frozenset(past.tables.get(reg.pk, ())), fixed_table=reg.fixed_table,
            army_year=entry.year if entry else None, enemies=frozenset(entry.enemies if entry else ()),
            rating=rating.rating if rating is not None else None,
            wins=wins.get(reg.pk, 0) if wins_first else None,
        ))
    return result


def _round_one_sources(event: Event, number: int, ratings: RatingsSource | None):
    """What only round 1 reads: the ratings (round 1 by rating, from `ratings`) and the DBA 3.0 catalogue's dates
    and enemies (round 1 by the armies): (ratings or None, catalogue or None)."""
    if number != 1:
        return None, None
    rated = ratings(event) if ratings and event.round_one_method in RATED_ROUND_ONE else None
    by_armies = event.round_one_method in DATED_ROUND_ONE and event.edition == Edition.DBA30
    return rated, load_catalogue() if by_armies else None


def options_for(event: Event, seed: int) -> pairing.PairingOptions:
    return pairing.PairingOptions(
        avoid_same_club=event.avoid_same_club, avoid_civil_war=event.avoid_civil_war,
        round1=ROUND_ONE.get(event.round_one_method, "random"), seed=seed,
    )


def _lock(event: Event) -> Event:
    return Event.objects.select_for_update().get(pk=event.pk)


def _previous_unfinished(event: Event, number: int) -> bool:
    return Game.objects.filter(round__event=event, round__number__lt=number, is_bye=False).exclude(
        status=Game.Status.CONFIRMED
    ).exists()


@transaction.atomic
def round_pair(event: Event, user, *, seed: int | None = None, ratings: RatingsSource | None = None) -> Round:
    """Pair the next round as a draft. A second call while that draft exists returns it unchanged.

    Round 1 by rating seeds from `ratings` (see RatingsSource); without it every entrant is unrated."""
    event = _lock(event)
    last = event.rounds.order_by("-number").first()
    if last is not None and last.status == Round.Status.DRAFT:
        return last
    number = (last.number if last else 0) + 1
    if event.finished_at is not None:
        raise RoundError(_("The event is finished: its standings are final."))
    if event.stages.filter(drawn_at__isnull=False).exists():
        raise RoundError(_("The event has moved on to its stages: pair their rounds from the stages page."))
    if number > event.rounds_planned:
        raise RoundError(ngettext(
            "The %(n)s planned round has been paired. Finish the event, or choose to add an extra round.",
            "All %(n)s planned rounds have been paired. Finish the event, or choose to add an extra round.",
            event.rounds_planned) % {"n": event.rounds_planned})
    if _previous_unfinished(event, number):
        raise RoundError(_("Every game of the previous rounds needs a confirmed result before pairing the next."))
    people = entrants(event, number, ratings)
    if len(people) < 2:
        raise RoundError(_("At least two active players are needed to pair a round."))
    seed = event.seed * 1000 + number if seed is None else seed
    result = pairing.pair_round(people, number, options_for(event, seed))
    rnd = Round.objects.create(
        event=event, number=number, seed=seed, method=event.round_one_method if number == 1 else "swiss",
        cost=list(result.cost), warnings=[note_data(n) for n in result.warnings],
    )
    _write_games(rnd, result.pairings)
    audit(event=event, user=user, action="round.pair", target=f"round {number}", round_number=number,
          after={"pairings": [[p.table, p.a, p.b] for p in result.pairings], "seed": seed})
    return rnd


def note_data(note: pairing.Note) -> dict:
    return {"code": note.code, **{k: v for k, v in note.params}}


def _write_games(rnd: Round, pairings) -> None:
    preset = event_scoring(rnd.event)
    for p in pairings:
        bye = p.b is None
        game = Game.objects.create(
            round=rnd, table=p.table, is_bye=bye, explanation=[note_data(n) for n in p.notes],
            status=Game.Status.CONFIRMED if bye else Game.Status.PENDING,
        )
        Seat.objects.create(game=game, round=rnd, registration_id=p.a, side=Seat.Side.A,
                            score=bye_score(preset) if bye else None)
        if not bye:
            Seat.objects.create(game=game, round=rnd, registration_id=p.b, side=Seat.Side.B)


def locked_round(rnd: Round) -> Round:
    _lock(rnd.event)
    return Round.objects.select_related("event").get(pk=rnd.pk)


@transaction.atomic
def round_publish(rnd: Round, user) -> Round:
    rnd = locked_round(rnd)
    if rnd.status != Round.Status.DRAFT:
        return rnd  # already published: a double click changes nothing
    rnd.status = Round.Status.PUBLISHED
    rnd.published_at = timezone.now()  # the clock starts later, when the organizer starts it
    rnd.save(update_fields=["status", "published_at"])
    _entries_as_published(rnd)
    audit(event=rnd.event, user=user, action="round.publish", target=f"round {rnd.number}", round_number=rnd.number)
    return rnd


def _entries_as_published(rnd: Round) -> None:
    """A draft published as it is, after a player dropped or entered late while it was a draft (both counted from
    the round before it, for "Pair again"): the dropped player seated in it plays it and drops after it; the late
    entry not in it joins the next round. Stamped as a save would (the kept entrants and the event state read it)."""
    number, now = rnd.number, timezone.now()
    seated = Seat.objects.filter(round=rnd).values("registration_id")
    registrations = rnd.event.registrations
    registrations.filter(status=Registration.Status.DROPPED, dropped_after_round__lt=number, pk__in=seated).update(
        dropped_after_round=number, updated_at=now)
    registrations.filter(late_entry_round=number).exclude(pk__in=seated).update(late_entry_round=number + 1,
                                                                                updated_at=now)


def has_results(rnd: Round) -> bool:
    return rnd.games.filter(is_bye=False).exclude(status=Game.Status.PENDING).exists() or rnd.games.filter(
        reports__isnull=False
    ).exists()


@transaction.atomic
def round_delete(rnd: Round, user) -> int:
    """Delete the last round before any result is in, so it can be paired again (without the players dropped
    meanwhile)."""
    rnd = locked_round(rnd)
    if rnd.event.rounds.filter(number__gt=rnd.number).exists():
        raise RoundError(_("Only the last round can be deleted."))
    if has_results(rnd):
        raise RoundError(_("This round already has results; correct them instead of deleting the round."))
    before = [[g.table, *[s.registration_id for s in g.seats.all()]] for g in rnd.games.prefetch_related("seats")]
    number = rnd.number
    rnd.delete()
    # A player dropped while this round was out played no game of it: they dropped after the round before, and
    # this round paired again leaves them out.
    # (`updated_at` stamped as a save would: the standings' kept entrants and the event state read it)
    rnd.event.registrations.filter(status=Registration.Status.DROPPED, dropped_after_round__gte=number).update(
        dropped_after_round=number - 1, updated_at=timezone.now())
    # A late entry made while this round was out joins it when it is paired again.
    rnd.event.registrations.filter(late_entry_round__gt=number).update(
        late_entry_round=number if number > 1 else None, updated_at=timezone.now())
    audit(event=rnd.event, user=user, action="round.delete", target=f"round {number}", before={"games": before},
          round_number=number)
    return number


@transaction.atomic
@transaction.atomic
def round_regenerate(rnd: Round, user, *, ratings: RatingsSource | None = None) -> Round:
    """Throw away a draft and pair again (round 1 with a new random seed). The round as it is under the event's
    lock: one published meanwhile (another organizer's click) is not a draft any more."""
    rnd = locked_round(rnd)
    event = rnd.event
    seed = rnd.seed + 1
    if rnd.status != Round.Status.DRAFT:
        raise RoundError(_("Only a draft can be paired again; delete a published round first."))
    round_delete(rnd, user)
    return round_pair(event, user, seed=seed, ratings=ratings)


def _swap_refused(rnd: Round) -> None:
    if rnd.status != Round.Status.DRAFT:
        raise RoundError(_("Players can only be swapped while the round is a draft."))
    if rnd.method == "stage":
        raise RoundError(_("Games of groups and brackets follow their tables: change the stage's draw instead."))


def _renote(rnd: Round, games: list[Game]) -> list[dict]:
    """Fresh hand-made notes for the changed games; returns what they break (rematch, club, a fixed table lost)."""
    people = {e.id: e for e in entrants(rnd.event, rnd.number)}
    options = options_for(rnd.event, rnd.seed)
    broken: list[dict] = []
    for game in games:
        regs = list(game.seats.order_by("side").values_list("registration_id", flat=True))
        notes = [note_data(n) for n in hand_made(people, regs[0], regs[1] if len(regs) > 1 else None, game.table, options)]
        game.manual = True
        game.explanation = notes
        game.save(update_fields=["manual", "explanation"])
        broken += [n for n in notes if n["code"] in pairing.BROKEN or (n["code"] == "fixed_table" and n.get("conflict"))]
    return broken


def _round_warnings(rnd: Round, moved: set[int]) -> list[dict]:
    """Every game's warnings again, and the fixed-table warnings of players the swap did not move."""
    from_games = [n for g in rnd.games.order_by("is_bye", "table") for n in g.explanation if warns(n["code"], n)]
    return from_games + [w for w in rnd.warnings if w.get("code") == "fixed_table" and w.get("player") not in moved
                         and w.get("other") not in moved]


@transaction.atomic
def seats_swap(rnd: Round, first: Seat, second: Seat, user) -> list[dict]:
    """Swap two players between games of a draft; returns what the changed games break (rematch, club, table).

    The changed games get fresh notes (`pairing.notes.hand_made`: nothing there claims the engine chose
    them) and the round's warnings are recomputed from every game, so a rematch the swap removed is no
    longer warned about and one it created is."""
    rnd = locked_round(rnd)
    _swap_refused(rnd)
    first, second = (Seat.objects.select_for_update().select_related("game").get(pk=s.pk, round=rnd)
                     for s in (first, second))
    if first.game_id == second.game_id:
        raise RoundError(_("These two players are already at the same table."))
    bye_points = bye_score(event_scoring(rnd.event))
    moves = [(first.game, first.side, second.registration_id), (second.game, second.side, first.registration_id)]
    # Delete and recreate: the unique (round, registration) constraint holds after every statement.
    Seat.objects.filter(pk__in=[first.pk, second.pk]).delete()
    for game, side, registration_id in moves:
        Seat.objects.create(game=game, round=rnd, side=side, registration_id=registration_id,
                            score=bye_points if game.is_bye else None)
    broken = _renote(rnd, [first.game, second.game])
    moved = {first.registration_id, second.registration_id}
    rnd.warnings = _round_warnings(rnd, moved)
    rnd.save(update_fields=["warnings"])
    audit(event=rnd.event, user=user, action="round.swap", target=f"round {rnd.number}", round_number=rnd.number,
          before={"seats": [first.pk, second.pk]}, people=moved,
          after={"players": [first.registration_id, second.registration_id], "warnings": broken})
    return broken


@dataclass(frozen=True)
class Correction:
    """What changed when a past result was corrected."""

    round_number: int
    changed_rounds: tuple[int, ...]  # later rounds whose pairing would now be different


def correction_for(game: Game, before: GameResult | None = None) -> Correction:
    """Which later rounds the correction of `game`'s result would have paired differently.

    Each later Swiss round is paired twice the same way (its players, their history, the event's options, the
    round's seed): from the standings with the corrected result and from the standings with the result `before`
    the correction (the caller read it before entering the new one). Only the two are
    compared, not what was played: a swap by hand, a player dropped or a pairing made under an older correction
    is not this correction's doing. With no result known from before, each fresh pairing is compared with what
    was played."""
    event = game.round.event
    changed = []
    for later in event.rounds.filter(number__gt=game.round.number).exclude(method="stage").order_by("number"):
        options = options_for(event, later.seed)
        now = _games(pairing.pair_round(entrants(event, later.number), later.number, options).pairings)
        if before is None:
            then = {frozenset(g.seats.values_list("registration_id", flat=True)) for g in later.games.all()}
        else:
            rows = _standings_with(event, later.number - 1, game, before)
            then = _games(pairing.pair_round(entrants(event, later.number, rows=rows), later.number, options).pairings)
        if now != then:
            changed.append(later.number)
    return Correction(game.round.number, tuple(changed))


def _games(pairings) -> set[frozenset[int]]:
    return {frozenset(x for x in (p.a, p.b) if x is not None) for p in pairings}


def _standings_with(event: Event, upto: int, game: Game, result: GameResult) -> list[StandingRow]:
    """The standings after round `upto` (`event_standings`' own reading and ranking) with `result` for `game`."""
    data = standings.load(event, upto)
    points_a, points_b = score_game(result, event_scoring(event), event.edition)
    data.played = [one._replace(result=result, points_a=points_a, points_b=points_b) if row[0] == game.pk else one
                   for row, one in zip(data.rows, data.played, strict=True)]
    return standings.rank(data)
