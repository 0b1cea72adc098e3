"""League recompute benchmark and an honest look at the ratings' predictions (pure modules only).

    .venv/bin/python bench/leagues.py                 (10,000 games, 1,000 players, 100 events)
    .venv/bin/python bench/leagues.py --games 2000 --players 200 --runs 3

A simulated season: players with a hidden strength; each event draws 40 of them, plays 5 rounds of
random pairings; the stronger side wins with a logistic chance (a draw 10% of the time). Reports the
median time to rate every game (Glicko-2, one period per round) and to score the SoA best-5 table,
then how well the rating before each game predicted it: accuracy and log-loss beside the "higher points
so far wins" baseline (ties and draws left out of accuracy; log-loss over decisive games).
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

from tournament.leagues.presets import league_rule  # noqa: E402
from tournament.leagues.ratings import RatedGame, Rating, expected_score, rate, update  # noqa: E402
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


def predictions(rated: list[RatedGame]) -> dict:
    ratings: dict = {}
    so_far: dict = {}
    hits = decided = base_hits = base_decided = 0
    loss = 0.0
    periods: dict = {}
    for game in rated:
        periods.setdefault(game.period, []).append(game)
    for period in sorted(periods):
        results: dict = {}
        for game in periods[period]:
            a, b = ratings.get(game.a, Rating()), ratings.get(game.b, Rating())
            if game.score_a != 0.5:
                p = expected_score(a, b)
                won = game.score_a == 1.0
                loss -= math.log(p if won else 1 - p)
                decided += 1
                hits += (p > 0.5) == won
                pa, pb = so_far.get(game.a, 0.0), so_far.get(game.b, 0.0)
                if pa != pb:
                    base_decided += 1
                    base_hits += (pa > pb) == won
            results.setdefault(game.a, []).append((b, game.score_a))
            results.setdefault(game.b, []).append((a, 1 - game.score_a))
        for game in periods[period]:
            so_far[game.a] = so_far.get(game.a, 0.0) + game.score_a
            so_far[game.b] = so_far.get(game.b, 0.0) + 1 - game.score_a
        for player, played in results.items():
            ratings[player] = update(ratings.get(player, Rating()), played)
    return {"accuracy": hits / decided, "log_loss": loss / decided, "coin_log_loss": math.log(2),
            "baseline_accuracy": base_hits / max(base_decided, 1), "baseline_games": base_decided, "games": decided}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=1_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    rated, placings, points = season(args.games, args.players)
    rule = league_rule("soa-best5")
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        rate(rated)
        league_table(rule, placings, points)
        times.append(time.perf_counter() - start)
    print(f"{len(rated)} games, {args.players} players: rate + table median {statistics.median(times):.3f} s")
    result = predictions(rated)
    print(f"rating before the game: accuracy {result['accuracy']:.3f}, log-loss {result['log_loss']:.3f} "
          f"(a coin: {result['coin_log_loss']:.3f}) over {result['games']} decisive games")
    print(f"'higher points so far wins': accuracy {result['baseline_accuracy']:.3f} "
          f"over the {result['baseline_games']} decisive games where points differed")


if __name__ == "__main__":
    main()
