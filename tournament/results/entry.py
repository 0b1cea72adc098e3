"""Entering, reporting, confirming and correcting game results (the Django side of shorthand and scoring).

An organizer or umpire enters a result and it is confirmed at once. Players may report their own
game: two matching reports from two people confirm it. The game waits for an umpire instead (status
disputed, with `review_reason`) when the reports differ, when one player sends a second, different report
(reports are never overwritten), when both sides were reported from one browser session or one account, or from
one client address seconds apart.
Correcting a result of an earlier round recomputes the scores; `tournament.pairing.manager.correction_for`
then says which later pairings it would have changed.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from tournament.events.audit import audit
from tournament.models import Game, ResultReport, Round, Seat
from tournament.results.scoring import event_scoring, score_game
from tournament.results.shorthand import GameResult, Problem, SideResult, camp_reading_flags, check_result, seats_result


class ResultRejected(Exception):
    """The result is not plausible; `problems` say why."""

    def __init__(self, problems: list[Problem]):
        super().__init__(problems)
        self.problems = problems


class StaleResult(Exception):
    """Someone changed this game's result since the form was opened."""


def result_payload(result: GameResult) -> dict:
    return {
        "outcome": result.outcome,
        "a": [result.a.elements_lost, result.a.general_lost, result.a.camp_lost, result.a.sch_lost],
        "b": [result.b.elements_lost, result.b.general_lost, result.b.camp_lost, result.b.sch_lost],
    }


def result_from_payload(data: dict) -> GameResult:
    return GameResult(a=SideResult(*data["a"]), b=SideResult(*data["b"]), outcome=data["outcome"])


def stored_result(game: Game) -> GameResult | None:
    """The stored result of a confirmed game, None otherwise."""
    if game.is_bye or game.status != Game.Status.CONFIRMED:
        return None
    seats = {s.side: s for s in game.seats.all()}
    return seats_result(seats["a"], seats["b"], game.outcome)


def result_flags(event, result: GameResult) -> list[Problem]:
    """What the sources leave open about this result (not errors): a win or loss that depends on the event's
    reading of the lost camp (guia22 L1577 vs L1583)."""
    return camp_reading_flags(result, event.edition)


def _validated(game: Game, result: GameResult) -> None:
    event = game.round.event
    problems = check_result(result, event.edition, event.victory_camp_reading)
    if problems:
        raise ResultRejected(problems)


def _store(game: Game, result: GameResult, user) -> None:
    event = game.round.event
    points_a, points_b = score_game(result, event_scoring(event), event.edition)
    for seat in game.seats.all():
        side, points = (result.a, points_a) if seat.side == Seat.Side.A else (result.b, points_b)
        seat.elements_lost, seat.general_lost, seat.camp_lost, seat.sch_lost, seat.score = (
            side.elements_lost, side.general_lost, side.camp_lost, side.sch_lost, points
        )
        seat.save(update_fields=["elements_lost", "general_lost", "camp_lost", "sch_lost", "score"])
    game.outcome = result.outcome
    game.status = Game.Status.CONFIRMED
    game.review_reason = Game.Review.NONE
    game.entered_by = user if getattr(user, "is_authenticated", False) else None
    game.entered_at = timezone.now()
    game.version += 1
    game.save(update_fields=["outcome", "status", "review_reason", "entered_by", "entered_at", "version"])


def _locked_game(game: Game) -> Game:
    """The game, locked with its round and its event (no `of=`: on PostgreSQL every joined row is locked), so that
    an event edit holding the event's lock is waited for and the game is scored by the scoring it commits."""
    return Game.objects.select_for_update().select_related("round", "round__event").get(pk=game.pk)


@transaction.atomic
def result_enter(game: Game, result: GameResult, user, *, version: int | None = None) -> bool:
    """An organizer's or umpire's result: stored and confirmed. True when it corrected a confirmed result
    (then `tournament.pairing.manager.correction_for` says which later pairings it would have changed)."""
    game = _locked_game(game)
    if game.is_bye:
        raise ResultRejected([Problem("bye")])
    if game.round.status == Round.Status.DRAFT:
        raise ResultRejected([Problem("draft_round")])
    if version is not None and version != game.version:
        raise StaleResult
    _validated(game, result)
    before = result_payload(stored_result(game)) if game.status == Game.Status.CONFIRMED else None
    _store(game, result, user)
    players = [s.registration_id for s in game.seats.order_by("side")]
    audit(event=game.round.event, user=user, action="result.enter", target=f"round {game.round.number} table {game.table}",
          before=before, after={**result_payload(result), "players": players}, round_number=game.round.number,
          people=players)
    _complete(game.round)
    return before is not None and before != result_payload(result)


def _same_person(report: ResultReport, account, reporter: str) -> bool:
    return bool((reporter and report.reporter == reporter) or (account is not None and report.submitted_by_id == account.pk))


def _by_owner(report: ResultReport | None, seat: Seat, account) -> bool:
    """The report was sent by the account that owns the seat's entry (signed in: who it is, not where from)."""
    sender = getattr(account, "pk", None) if report is None else report.submitted_by_id
    return sender is not None and sender == seat.registration.player.user_id


def _quick_from_same_address(report: ResultReport, address: str | None) -> bool:
    """The other side's report came from this client address (IPv6: its /64) only seconds ago."""
    seconds = settings.REPORT_SAME_ADDRESS_SECONDS
    return bool(address and report.address == address and timezone.now() - report.created_at < timedelta(seconds=seconds))


def _hold(game: Game, reason: str) -> None:
    game.status, game.review_reason = Game.Status.DISPUTED, reason
    game.save(update_fields=["status", "review_reason"])


def _open_for_reports(game: Game) -> None:
    """Players report a game of a published round that is neither confirmed nor waiting for an umpire."""
    if game.status == Game.Status.CONFIRMED:
        raise ResultRejected([Problem("already_confirmed")])
    if game.round.status != Round.Status.PUBLISHED:
        raise ResultRejected([Problem("round_not_open")])
    if game.status == Game.Status.DISPUTED:
        raise ResultRejected([Problem("awaiting_umpire")])


def _review(seat: Seat, own: list[ResultReport], other: ResultReport | None, payload: dict, account, reporter: str,
            address: str | None) -> str:
    """Why a new report waits for an umpire ("" when it does not: the first side, or two matching reports)."""
    if own:
        return Game.Review.CHANGED
    if other is None:
        return ""
    if _same_person(other, account, reporter):
        return Game.Review.SAME_REPORTER
    if (_quick_from_same_address(other, address)
            and not (_by_owner(None, seat, account) and _by_owner(other, other.seat, None))):
        return Game.Review.SAME_ADDRESS
    return "" if other.payload == payload else Game.Review.DIFFERENT


@transaction.atomic
def result_report(seat: Seat, result: GameResult, user=None, *, reporter: str = "", address: str | None = None) -> Game:
    """A player's report of their own game; `reporter` is a marker of the reporting browser session, `address`
    the client address as the limits count it (tournament/limits/addresses.py).

    Matching reports for both sides from two people confirm it. Otherwise the game waits for an umpire: the
    reports differ, a side reported twice differently, one session/account reported both sides, or the second
    side came from the first one's address within REPORT_SAME_ADDRESS_SECONDS (unless each side was reported by
    its own entry's signed-in account: two players on one hall's network, each from their own home page).
    """
    game = _locked_game(seat.game)
    _open_for_reports(game)
    _validated(game, result)
    payload = result_payload(result)
    account = user if getattr(user, "is_authenticated", False) else None
    reports = list(game.reports.filter(seat__isnull=False, source=ResultReport.Source.PLAYER).order_by("created_at", "pk"))
    own = [r for r in reports if r.seat_id == seat.pk]
    other = [r for r in reports if r.seat_id != seat.pk]
    if own and own[-1].payload == payload:
        return game  # the same report again (a double click, a reload)
    ResultReport.objects.create(game=game, seat=seat, source=ResultReport.Source.PLAYER, submitted_by=account,
                                reporter=reporter[:64], payload=payload, address=address)
    review = _review(seat, own, other[0] if other else None, payload, account, reporter, address)
    if review:
        _hold(game, review)
    elif other:  # the two sides agree
        _store(game, result, user)
        _complete(game.round)
    else:
        game.status = Game.Status.REPORTED
        game.save(update_fields=["status"])
    players = [s.registration_id for s in game.seats.order_by("side")]
    audit(event=game.round.event, user=user, action="result.report",
          target=f"round {game.round.number} table {game.table} ({seat.registration.name})",
          after={**payload, "players": players, "reporter": seat.registration_id,
                 **({"review": game.review_reason} if game.review_reason else {})},
          round_number=game.round.number, people=players)
    return game


def current_seat(registration) -> Seat | None:
    """The player's seat in the latest round that is published or completed (None before the first one)."""
    return (Seat.objects.filter(registration=registration)
            .exclude(round__status=Round.Status.DRAFT).select_related("game__round__event", "registration__player")
            .order_by("-round__number").first())


def _complete(rnd: Round) -> None:
    if rnd.status == Round.Status.PUBLISHED and not rnd.games.exclude(status=Game.Status.CONFIRMED).exists():
        rnd.status = Round.Status.COMPLETED
        rnd.save(update_fields=["status"])

