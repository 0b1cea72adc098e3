"""Ladder games: two players of a league report a game played outside any event, as at an event.

One side reports (that is their confirmation), the other side confirms or rejects it. The two sides are
two different accounts, each the account of the player on that side: one person alone never confirms a
game. A confirmed game counts toward ratings, and toward points when the league says so
(League.ladder_points; read by tournament/leagues/table.py). Every step is audited.

Against farming (issue #26): only players with an account who played a game of one of the league's
events take part (with their own entry, or one merged into them: merges.merged, as the league table
counts); a pair of players that never met in such a game is new, and its games count only once a league
organizer approves the pair (LadderPair); and a pair reports at most
settings.LADDER_GAMES_PER_PAIR_PER_MONTH games played in one calendar month (pending ones included).
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import models, transaction
from django.db.models.functions import Greatest, Least
from django.utils import timezone

from tournament.events.audit import audit
from tournament.leagues.merges import merged
from tournament.leagues.roles import is_league_organizer
from tournament.models import Game, LadderGame, LadderPair, League, LeagueEvent, Player, Seat


class LadderRefused(ValueError):
    """Why a ladder report or confirmation is refused (a code the view turns into a sentence)."""


def _played_seats(league: League):
    """Seats of played (confirmed, not bye) games of the league's accepted events."""
    return Seat.objects.filter(
        round__event__league_memberships__league=league,
        round__event__league_memberships__state=LeagueEvent.State.ACCEPTED,
        game__status=Game.Status.CONFIRMED, game__is_bye=False)


def _mine(league: League, player_id: int, *fields: str) -> models.Q:
    """Rows of this person in the league, as the league table counts them: their own, and those of the
    people merged into them (tournament/leagues/merges.py `merged`; `fields`, the player columns)."""
    theirs = merged(league).filter(into_id=player_id).values("player_id")
    q = models.Q()
    for name in fields:
        q |= models.Q(**{name: player_id}) | models.Q(**{f"{name}__in": theirs})
    return q


def ladder_players(league: League):
    """People with an account who played a game in one of the league's member events, counting the entries
    merged into them: they may report games (an entry alone is not enough)."""
    played = _played_seats(league).values("registration__player_id")
    theirs = merged(league).filter(player_id__in=played).values("into_id")
    return Player.objects.filter(models.Q(pk__in=played) | models.Q(pk__in=theirs), user__isnull=False) \
        .order_by("name", "pk")


def met_in_an_event(league: League, one: Player, other: Player) -> bool:
    """The two played each other in a played game of one of the league's events (merged entries count)."""
    games = _played_seats(league).filter(_mine(league, one.pk, "registration__player_id")).values("game_id")
    return _played_seats(league).filter(_mine(league, other.pk, "registration__player_id"), game_id__in=games).exists()


def pair_of(league: League, one: Player, other: Player, user) -> LadderPair:
    """The pair's row (locked): made on its first game, approved at once when they met in an event."""
    low, high = sorted((one.pk, other.pk))
    pair = LadderPair.objects.select_for_update().filter(league=league, player_low_id=low, player_high_id=high).first()
    if pair is None:
        state = LadderPair.State.APPROVED if met_in_an_event(league, one, other) else LadderPair.State.PENDING
        pair = LadderPair.objects.create(league=league, player_low_id=low, player_high_id=high, state=state)
        audit(event=None, user=user, action="league.ladder_pair", target=league.slug,
              after={"pair": pair.pk, "players": [low, high], "state": state})
    return pair


def counted_pairs(league: League):
    """A filter for ladder games whose pair is approved (the games that count)."""
    approved = LadderPair.objects.filter(
        league=league, state=LadderPair.State.APPROVED,
        player_low=Least(models.OuterRef("player_a"), models.OuterRef("player_b")),
        player_high=Greatest(models.OuterRef("player_a"), models.OuterRef("player_b")))
    return models.Exists(approved)


def pair_waiting(game: LadderGame) -> bool:
    """The game's pair still waits for the league organizer."""
    low, high = sorted((game.player_a_id, game.player_b_id))
    return LadderPair.objects.filter(league_id=game.league_id, player_low_id=low, player_high_id=high,
                                     state=LadderPair.State.PENDING).exists()


def pairs_of(league: League):
    """The league's ladder pairs for its organizer: waiting ones first."""
    waiting_first = models.Case(models.When(state=LadderPair.State.PENDING, then=0), default=1)
    return LadderPair.objects.filter(league=league).select_related("player_low", "player_high") \
        .order_by(waiting_first, "-created_at", "-pk")[:200]


def decide_pair(user, league: League, pair_pk: int, approve: bool) -> LadderPair:
    """A league organizer approves a new pair (its games count) or refuses it (they never do)."""
    if not is_league_organizer(user, league):
        raise PermissionDenied
    with transaction.atomic():
        pair = LadderPair.objects.select_for_update().filter(league=league, pk=pair_pk).first()
        if pair is None:
            raise LadderRefused("missing")
        state = LadderPair.State.APPROVED if approve else LadderPair.State.REFUSED
        if pair.state != state:
            before = pair.state
            pair.state, pair.decided_by = state, user
            pair.save(update_fields=["state", "decided_by"])
            audit(event=None, user=user, action="league.ladder_pair", target=league.slug,
                  before={"pair": pair.pk, "state": before}, after={"pair": pair.pk, "state": state})
    return pair


def _month(day: datetime.date) -> tuple[datetime.date, datetime.date]:
    first = day.replace(day=1)
    return first, (first + datetime.timedelta(days=32)).replace(day=1)


def _games_in_month(league: League, one: Player, other: Player, day: datetime.date) -> int:
    start, end = _month(day)
    pair = models.Q(player_a=one, player_b=other) | models.Q(player_a=other, player_b=one)
    return LadderGame.objects.filter(pair, league=league, played_on__gte=start, played_on__lt=end) \
        .exclude(state=LadderGame.State.REJECTED).count()


def own_player(user, league: League) -> Player | None:
    if not getattr(user, "is_authenticated", False):
        return None
    return ladder_players(league).filter(user=user).first()


def report(user, league: League, opponent_id: int, played_on: datetime.date, outcome: str,
           points_a: int = 0, points_b: int = 0) -> LadderGame:
    """The reporter (side A) reports a game against `opponent_id`; it waits for the opponent."""
    if outcome not in LadderGame.Outcome.values:
        raise LadderRefused("outcome")
    if not (league.season_start <= played_on <= league.season_end) or played_on > timezone.localdate():
        raise LadderRefused("season")
    with transaction.atomic():
        League.objects.select_for_update().get(pk=league.pk)
        me = own_player(user, league)
        if me is None:
            raise LadderRefused("not_a_player")
        opponent = ladder_players(league).filter(pk=opponent_id).first()
        if opponent is None or opponent.pk == me.pk or opponent.user_id == user.pk:
            raise LadderRefused("opponent")
        pair = pair_of(league, me, opponent, user)
        if pair.state == LadderPair.State.REFUSED:
            raise LadderRefused("pair_refused")
        if _games_in_month(league, me, opponent, played_on) >= settings.LADDER_GAMES_PER_PAIR_PER_MONTH:
            raise LadderRefused("pair_month")
        game = LadderGame.objects.create(league=league, played_on=played_on, player_a=me, player_b=opponent,
                                         outcome=outcome, points_a=points_a, points_b=points_b, reported_by=user)
        audit(event=None, user=user, action="league.ladder_report", target=league.slug,
              after={"game": game.pk, "a": me.pk, "b": opponent.pk, "outcome": outcome,
                     "points": [points_a, points_b], "played_on": played_on.isoformat()})
    return game


def _answer(user, league: League, game_pk: int, state: str) -> LadderGame:
    with transaction.atomic():
        game = LadderGame.objects.select_for_update().select_related("player_b").filter(league=league, pk=game_pk).first()
        if game is None:
            raise LadderRefused("missing")
        if game.state != LadderGame.State.PENDING:
            raise LadderRefused("answered")
        # The opponent's own account, and never the account that reported: two people, two accounts.
        if not getattr(user, "is_authenticated", False) or game.player_b.user_id != user.pk or game.reported_by_id == user.pk:
            raise LadderRefused("not_opponent")
        game.state, game.confirmed_by = state, user
        game.save(update_fields=["state", "confirmed_by"])
        audit(event=None, user=user, action=f"league.ladder_{state}", target=league.slug,
              before={"game": game.pk, "state": LadderGame.State.PENDING}, after={"game": game.pk, "state": state})
    return game


def confirm(user, league: League, game_pk: int) -> LadderGame:
    return _answer(user, league, game_pk, LadderGame.State.CONFIRMED)


def reject(user, league: League, game_pk: int) -> LadderGame:
    return _answer(user, league, game_pk, LadderGame.State.REJECTED)


def waiting_for(user, league: League):
    """Games reported against this user's player, waiting for their answer."""
    return LadderGame.objects.filter(league=league, state=LadderGame.State.PENDING, player_b__user=user) \
        .exclude(reported_by=user).select_related("player_a").order_by("played_on", "pk")


def games_of(league: League, player_id: int):
    """A person's counted ladder games in the league (confirmed, of an approved pair), counting entries
    merged into them."""
    mine = _mine(league, player_id, "player_a_id", "player_b_id")
    return LadderGame.objects.filter(counted_pairs(league), league=league, state=LadderGame.State.CONFIRMED).filter(mine) \
        .select_related("player_a", "player_b").order_by("played_on", "pk")
