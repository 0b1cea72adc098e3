"""Ratings: one round at a time equals a recompute from scratch; honest predictions (pure code)."""

from __future__ import annotations

import math
import random

import pytest

from tournament.leagues.predictions import measure
from tournament.leagues.ratings import RatedGame, RatingState, apply_round, by_period, rate, rate_state


def _season(rounds: int = 12, players: int = 16, seed: int = 3) -> list[RatedGame]:
    rng = random.Random(seed)
    games = []
    for number in range(rounds):
        field = rng.sample(range(players), 10)  # some sit rounds out: their deviation grows
        for a, b in zip(field[::2], field[1::2], strict=True):
            games.append(RatedGame((number // 4, number % 4), a, b, rng.choice([0.0, 0.5, 1.0, 1.0])))
    return games


def test_adding_one_round_incrementally_equals_a_recompute_from_scratch():
    games = _season()
    periods = by_period(games)
    state = RatingState()
    for period, played in periods:  # round by round, as results come in
        apply_round(state, period, played)
    scratch = rate_state(games)
    assert state.ratings.keys() == scratch.ratings.keys()
    for player, rating in scratch.ratings.items():
        assert state.ratings[player] == pytest.approx(rating)
    assert dict(state.history) == dict(scratch.history)
    ratings, _history = rate(games)
    assert ratings == scratch.ratings


def test_a_round_out_of_order_is_refused_so_a_past_correction_recomputes():
    games = _season(rounds=4)
    state = rate_state(games)
    with pytest.raises(ValueError):
        apply_round(state, (0, 1), [RatedGame((0, 1), 1, 2, 1.0)])


def test_predictions_beat_a_coin_when_the_stronger_player_usually_wins():
    rng = random.Random(7)
    skill = [rng.gauss(0, 1.5) for _ in range(30)]
    games = []
    for number in range(40):
        field = rng.sample(range(30), 30)
        for a, b in zip(field[::2], field[1::2], strict=True):
            win = rng.random() < 1 / (1 + math.exp(-(skill[a] - skill[b])))
            games.append(RatedGame((number,), a, b, 1.0 if win else 0.0))
    result = measure(games)
    assert result.games == len(games)
    assert result.accuracy > 0.6 and result.log_loss < result.coin_log_loss
    assert 0.5 <= result.baseline_accuracy <= 1 and result.baseline_called < result.games


def test_predictions_use_only_what_was_known_before_the_game():
    # Ann beats Bob in round 1 (two new players: an even chance, half a hit), then Bob beats Ann:
    # the rating (and the points) favoured Ann, so the second prediction misses.
    games = [RatedGame((1,), "ann", "bob", 1.0), RatedGame((2,), "ann", "bob", 0.0), RatedGame((2,), "cat", "dan", 0.5)]
    result = measure(games)
    assert result.games == 2  # the draw is left out
    assert result.accuracy == pytest.approx(0.25) and result.baseline_accuracy == pytest.approx(0.25)
    assert result.log_loss > result.coin_log_loss
    assert measure([]).accuracy is None
