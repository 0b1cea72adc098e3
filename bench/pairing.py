"""Pairing engine benchmark: median time to pair round 4 of a Swiss event at 64 to 4,000 players, and
exact baselines over the complete graph with the same penalties and weights (networkx up to 256
players, rustworkx at 1,000) to show the engine reaches the same total cost.

    .venv/bin/python bench/pairing.py            (also run by `make bench`)

The history: three rounds with NASAMW-like margin scores, clubs of six, one late entry (so the first
three rounds had an odd field and byes); the odd sizes also pair a bye in round 4.
"""

from __future__ import annotations

import itertools
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import networkx as nx  # noqa: E402
import rustworkx as rx  # noqa: E402

from tournament.pairing import engine as pairing  # noqa: E402
from tournament.pairing.engine import Entrant, PairingOptions  # noqa: E402

ROUND = 4
SIZES = (64, 255, 256, 1000, 3999, 4000)
NETWORKX_UP_TO = 256
RUSTWORKX_UP_TO = 1000


def mid_event(n: int, seed: int = 2026) -> list[Entrant]:
    """n players before round 4: n - 1 played three Swiss-like rounds, the last one entered late."""
    rng = random.Random(seed)
    score = [0] * n
    met: list[set[int]] = [set() for _ in range(n)]
    tables: list[set[int]] = [set() for _ in range(n)]
    byes: set[int] = set()
    for _ in range(ROUND - 1):
        order = sorted(range(n - 1), key=lambda i: (-score[i], rng.random()))
        if len(order) % 2:
            bye = next(i for i in reversed(order) if i not in byes)
            byes.add(bye)
            order.remove(bye)
            score[bye] += 10
        for table in itertools.count(1):
            if not order:
                break
            a = order.pop(0)
            b = next((x for x in order if x not in met[a]), order[0])
            order.remove(b)
            met[a].add(b)
            met[b].add(a)
            tables[a].add(table)
            tables[b].add(table)
            winner, loser = (a, b) if rng.random() < 0.5 else (b, a)
            if rng.random() < 0.2:  # time called
                score[a] += rng.randint(0, 3)
                score[b] += rng.randint(0, 3)
            else:
                losses = rng.randint(0, 3)
                score[winner] += 20 + rng.randint(4, 6) - losses
                score[loser] += losses
    ranked = sorted(range(n), key=lambda i: (-score[i], i))
    rank = {p: r for r, p in enumerate(ranked)}
    return [Entrant(id=i, score=score[i], rank=rank[i], club=f"club-{i // 6}", opponents=frozenset(met[i]),
                    had_bye=i in byes, tables=frozenset(tables[i])) for i in range(n)]


def complete_graph(entrants: list[Entrant]):
    """Every edge of the complete graph (rematches included, at their level) with the engine's weights."""
    field = pairing._Field(entrants, ROUND, PairingOptions())
    n = len(field.players)
    edges = list(itertools.combinations(range(n), 2)) + ([(i, pairing.BYE) for i in field.eligible] if n % 2 else [])
    weights = pairing._weights({e: field.penalties(*e) for e in edges}, (n + 1) // 2)
    return field, [(i, n if j == pairing.BYE else j, weights[(i, j)]) for i, j in edges]


def exact_cost(entrants: list[Entrant], solver: str) -> tuple[int, ...]:
    field, triples = complete_graph(entrants)
    n = len(field.players)
    if solver == "networkx":
        graph = nx.Graph()
        graph.add_weighted_edges_from(triples)
        matching = nx.max_weight_matching(graph, maxcardinality=True)
    else:
        graph = rx.PyGraph()
        graph.add_nodes_from(range(n + n % 2))
        graph.add_edges_from(triples)
        matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
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
    print(f"Swiss pairing of round {ROUND} (margin scores, clubs of 6, byes in the history); median of runs")
    header = f"{'players':>7}  {'graph':<6} {'engine s':>9}  {'exact baseline':<18} {'baseline s':>10} {'ratio':>7}  same cost"
    print(header)
    print("-" * len(header))
    for n in SIZES:
        entrants = mid_event(n)
        graph = "dense" if n <= pairing.DENSE_UP_TO else "sparse"
        engine, result = timed(lambda e=entrants: pairing.pair_round(e, ROUND), 5 if n <= 1000 else 3)
        solver = "networkx" if n <= NETWORKX_UP_TO else "rustworkx" if n <= RUSTWORKX_UP_TO else None
        if solver is None:
            print(f"{n:>7}  {graph:<6} {engine:>9.3f}  {'-':<18} {'-':>10} {'-':>7}  -")
            continue
        base, cost = timed(lambda e=entrants, s=solver: exact_cost(e, s), 1)
        same = "yes" if cost == result.cost else f"NO {cost} vs {result.cost}"
        print(f"{n:>7}  {graph:<6} {engine:>9.3f}  {solver + ' complete':<18} {base:>10.3f} {base / engine:>6.0f}x  {same}")
    print(f"cost of the 4,000 field (levels {', '.join(pairing.LEVELS)}): {result.cost}")
    print("targets: 1,000 players < 1 s, 4,000 players < 5 s (2-core machine)")


if __name__ == "__main__":
    main()
