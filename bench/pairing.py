"""Pairing engine benchmark: median time at 64/256/1,000/4,000 players mid-event (after 3 rounds),
and at 64 and 256 the dense exact baseline (networkx over the complete graph, same weights).

    .venv/bin/python bench/pairing.py            (also run by `make bench`)
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import networkx as nx  # noqa: E402

from tournament import pairing  # noqa: E402
from tournament.pairing import Entrant, PairingOptions  # noqa: E402

ROUNDS_PLAYED = 3
SIZES = (64, 256, 1000, 4000)
BASELINE_UP_TO = 256


def mid_event(n: int, seed: int = 2026) -> list[Entrant]:
    """n players in clubs of about 6 after three Swiss-like rounds with NASAMW-like margin scores."""
    rng = random.Random(seed)
    score = [0] * n
    met: list[set[int]] = [set() for _ in range(n)]
    tables: list[set[int]] = [set() for _ in range(n)]
    byes: set[int] = set()
    for _ in range(ROUNDS_PLAYED):
        order = sorted(range(n), key=lambda i: (-score[i], rng.random()))
        if n % 2:
            bye = next(i for i in reversed(order) if i not in byes)
            byes.add(bye)
            order.remove(bye)
            score[bye] += 10
        table = 0
        while order:
            a = order.pop(0)
            b = next((x for x in order if x not in met[a]), order[0])
            order.remove(b)
            table += 1
            met[a].add(b)
            met[b].add(a)
            tables[a].add(table)
            tables[b].add(table)
            winner, loser = (a, b) if rng.random() < 0.5 else (b, a)
            kills, losses = rng.randint(4, 6), rng.randint(0, 3)
            if rng.random() < 0.2:  # time called
                score[a] += rng.randint(0, 3)
                score[b] += rng.randint(0, 3)
            else:
                score[winner] += 20 + kills - losses
                score[loser] += losses
    ranked = sorted(range(n), key=lambda i: (-score[i], i))
    rank = {p: r for r, p in enumerate(ranked)}
    return [Entrant(id=i, score=score[i], rank=rank[i], club=f"club-{i // 6}", opponents=frozenset(met[i]),
                    had_bye=i in byes, tables=frozenset(tables[i])) for i in range(n)]


def dense_baseline(entrants: list[Entrant]) -> tuple[int, ...]:
    """Exact maximum-weight matching over the complete graph with networkx, same penalties and weights."""
    field = pairing._Field(entrants, ROUNDS_PLAYED + 1, PairingOptions())
    edges = pairing._candidates(field, None, rematches=False)
    n = len(field.players)
    rows = {e: field.penalties(*e) for e in edges}
    weights = pairing._weights(rows, (n + n % 2) // 2)
    graph = nx.Graph()
    graph.add_weighted_edges_from((i, n if j == pairing.BYE else j, weights[(i, j)]) for i, j in edges)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = [(min(u, v), max(u, v)) for u, v in matching]
    return pairing._total(field, [(i, pairing.BYE if j == n else j) for i, j in pairs])


def timed(fn, repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    print(f"Swiss pairing, mid-event (after {ROUNDS_PLAYED} rounds), median of runs")
    print(f"{'players':>8} {'engine s':>9} {'dense exact s':>14} {'ratio':>7}  same cost")
    for n in SIZES:
        entrants = mid_event(n)
        repeat = 5 if n <= 1000 else 3
        engine_time, result = timed(lambda e=entrants: pairing.pair_round(e, ROUNDS_PLAYED + 1), repeat)
        if n <= BASELINE_UP_TO:
            base_time, base_cost = timed(lambda e=entrants: dense_baseline(e), 1 if n > 64 else 3)
            same = "yes" if base_cost == result.cost else f"NO {base_cost} vs {result.cost}"
            print(f"{n:>8} {engine_time:>9.3f} {base_time:>14.3f} {base_time / engine_time:>6.0f}x  {same}")
        else:
            print(f"{n:>8} {engine_time:>9.3f} {'—':>14} {'—':>7}  (no dense baseline at this size)")
    print("targets: 1,000 players < 1 s, 4,000 players < 5 s (2-core machine)")


if __name__ == "__main__":
    main()
