"""League recompute benchmark and an honest look at the ratings' predictions (pure modules only).

    .venv/bin/python bench/leagues.py                 (10,000 games, 1,000 players, 100 events)
    .venv/bin/python bench/leagues.py --games 2000 --players 200 --runs 3

A simulated season: players with a hidden strength; each event draws 40 of them, plays 5 rounds of
random pairings; the stronger side wins with a logistic chance (a draw 10% of the time). Reports the
median time to rate every game (Glicko-2, one period per round) and to score the SoA best-5 table,
the median time to add one more round to stored ratings (`ratings.apply_round`), then how well the
rating before each game predicted it (tournament/leagues/predictions.py, the same code as the league's
about page): accuracy and log-loss beside the "higher points so far wins" baseline, over decisive games.
Measures the pure computation only: the three queries that feed it are not timed here.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournament.leagues.predictions import measure  # noqa: E402
from tournament.leagues.presets import league_rule  # noqa: E402
from tournament.leagues.ratings import RatedGame, apply_round, by_period, rate, rate_state  # noqa: E402
from tournament.leagues.scoring import GamePoints, Placing, league_table  # noqa: E402


def season(games: int, players: int, seed: int = 1):
    rng = random.Random(seed)
    skill = [rng.gauss(0, 1) for _ in range(players)]
    rated, placings, points = [], [], []
    per_event, rounds = 40, 5
    events = max(1, games // (per_event // 2 * rounds))
    for event in range(events):
        field = rng.sample(range(players), min(per_event, players))
        wins = dict.fromkeys(field, 0.0)
        for rnd in range(rounds):
            rng.shuffle(field)
            for a, b in zip(field[::2], field[1::2], strict=False):
                if rng.random() < 0.1:
                    score = 0.5
                else:
                    score = 1.0 if rng.random() < 1 / (1 + math.exp(-(skill[a] - skill[b]))) else 0.0
                rated.append(RatedGame((event, rnd), a, b, score))
                wins[a] += score
                wins[b] += 1 - score
                points += [GamePoints(event, a, score), GamePoints(event, b, 1 - score)]
        order = sorted(field, key=lambda p: -wins[p])
        placings += [Placing(event, (event,), p, place, len(field)) for place, p in enumerate(order, start=1)]
    return rated, placings, points


def season_arguments() -> argparse.Namespace:
    """The size of the simulated season and the runs to take the median of (bench/league_db.py too)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=1_000)
    parser.add_argument("--runs", type=int, default=5)
    return parser.parse_args()


def main() -> None:
    args = season_arguments()
    rated, placings, points = season(args.games, args.players)
    rule = league_rule("soa-best5")
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        rate(rated)
        league_table(rule, placings, points)
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    print(f"{len(rated)} games, {args.players} players: recompute from scratch (rate + table), median of "
          f"{args.runs}: {median:.3f} s ({'under' if median < 2 else 'OVER'} the 2 s budget)")
    periods = by_period(rated)
    *earlier, (last_period, last_games) = periods
    incremental = []
    for _ in range(args.runs):
        state = rate_state(g for _, games in earlier for g in games)
        start = time.perf_counter()
        apply_round(state, last_period, last_games)
        incremental.append(time.perf_counter() - start)
    print(f"adding one round ({len(last_games)} games) to stored ratings: median {statistics.median(incremental) * 1000:.2f} ms")
    result = measure(rated)
    print(f"rating before the game: accuracy {result.accuracy:.3f}, log-loss {result.log_loss:.3f} "
          f"(a coin: {result.coin_log_loss:.3f}) over {result.games} decisive games")
    print(f"'higher points so far wins': accuracy {result.baseline_accuracy:.3f} over the same games "
          f"(points differed in {result.baseline_called}; level players count as a coin)")
    for row in result.calibration:
        print(f"  favourite given {row.low:.0%}-{row.high:.0%}: {row.games} games, expected {row.expected:.1%}, "
              f"won {row.observed:.1%}")

if __name__ == "__main__":
    main()
