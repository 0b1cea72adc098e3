"""How well the ratings predicted the league's own games (pure: no Django).

For every decisive game, in order, the rating each player had *before* that round (Glicko-2, as
`ratings.apply_round` would use it) gives the chance that side A wins. Measured over decisive games
(draws left out):
- accuracy: the favourite won (an even chance, e.g. two new players, counts as half a hit: a coin);
- log-loss: the mean of -ln(chance given to what happened); a coin scores ln 2 ≈ 0.693, lower is better.
The baseline, "higher points so far wins": the player with more points from the league's earlier
games (1 a win, ½ a draw) is the favourite; level players count as half a hit. Both accuracies are
over the same games, so they compare directly.
Calibration: the games grouped by the chance the rating gave its favourite (50–60%, 60–70%… 90–100%),
with how often the favourite really won in each group; a well-calibrated rating wins about as often
as it says.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from tournament.leagues.ratings import RatedGame, RatingState, apply_round, by_period, expected_score

COIN_LOG_LOSS = math.log(2)
FLOOR = 1e-12  # a chance of exactly 0 or 1 would make the log-loss infinite


BIN_EDGES = (0.5, 0.6, 0.7, 0.8, 0.9, 1.0)


@dataclass(frozen=True)
class CalibrationBin:
    low: float
    high: float
    games: int
    expected: float  # the mean chance the rating gave the favourite
    observed: float  # the share of these games the favourite won


@dataclass(frozen=True)
class Predictions:
    games: int  # decisive games measured
    accuracy: float | None
    log_loss: float | None
    baseline_accuracy: float | None
    baseline_called: int  # decisive games in which the two had different points so far
    coin_log_loss: float = COIN_LOG_LOSS
    calibration: tuple[CalibrationBin, ...] = ()


def _bin(chance: float) -> int:
    return min(max(bisect_right(BIN_EDGES, chance) - 1, 0), len(BIN_EDGES) - 2)


def measure(games: Iterable[RatedGame]) -> Predictions:
    state = RatingState()
    points: dict = defaultdict(float)
    decided = called = 0
    hits = base_hits = loss = 0.0
    bins = [[0, 0.0, 0] for _ in BIN_EDGES[:-1]]  # games, sum of the favourite's chance, favourite's wins
    for period, played in by_period(games):
        for game in played:
            if game.score_a == 0.5:
                continue
            won = game.score_a == 1.0
            p = expected_score(state.before(game.a), state.before(game.b))
            decided += 1
            hits += 0.5 if p == 0.5 else float((p > 0.5) == won)
            if p != 0.5:
                row = bins[_bin(max(p, 1 - p))]
                row[0] += 1
                row[1] += max(p, 1 - p)
                row[2] += int((p > 0.5) == won)
            chance = min(max(p if won else 1 - p, FLOOR), 1.0)
            loss -= math.log(chance)
            pa, pb = points[game.a], points[game.b]
            if pa == pb:
                base_hits += 0.5
            else:
                called += 1
                base_hits += float((pa > pb) == won)
        for game in played:
            points[game.a] += game.score_a
            points[game.b] += 1 - game.score_a
        apply_round(state, period, played)
    if not decided:
        return Predictions(0, None, None, None, 0)
    calibration = tuple(CalibrationBin(BIN_EDGES[k], BIN_EDGES[k + 1], n, chance / n, wins / n)
                        for k, (n, chance, wins) in enumerate(bins) if n)
    return Predictions(decided, hits / decided, loss / decided, base_hits / decided, called, calibration=calibration)
