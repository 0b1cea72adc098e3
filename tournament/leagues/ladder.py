"""Ladder games: two players of a league report a game played outside any event, as at an event.

One side reports (that is their confirmation), the other side confirms or rejects it. The two sides are
two different accounts, each the account of the player on that side: one person alone never confirms a
game. A confirmed game counts toward ratings, and toward points when the league says so
(League.ladder_points; read by tournament/leagues/table.py). Every step is audited.
"""

from __future__ import annotations

import datetime

from django.db import models, transaction
from django.utils import timezone

from tournament.events.audit import audit
from tournament.models import LadderGame, League, LeagueEvent, LeagueMerge, Player


class LadderRefused(ValueError):
    """Why a ladder report or confirmation is refused (a code the view turns into a sentence)."""


def ladder_players(league: League):
    """People with an account who played in one of the league's member events: they may report games."""
    return Player.objects.filter(
        user__isnull=False, registrations__event__league_memberships__league=league,
        registrations__event__league_memberships__state=LeagueEvent.State.ACCEPTED,
    ).distinct().order_by("name", "pk")


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
    """A person's confirmed ladder games in the league, counting entries merged into them."""
    merged = LeagueMerge.objects.filter(league=league, into_id=player_id, state=LeagueMerge.State.CONFIRMED) \
        .values("player_id")
    mine = models.Q(player_a_id=player_id) | models.Q(player_b_id=player_id)
    mine |= models.Q(player_a_id__in=merged) | models.Q(player_b_id__in=merged)
    return LadderGame.objects.filter(league=league, state=LadderGame.State.CONFIRMED).filter(mine) \
        .select_related("player_a", "player_b").order_by("played_on", "pk")
