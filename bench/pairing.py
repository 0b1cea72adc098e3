"""Pairing engine benchmark: median time to pair round 4 of a Swiss event at 64 to 4,000 players,
against an exact baseline at every size: a maximum-weight matching (rustworkx) over the complete
graph, to show that the engine reaches the same total cost.

    .venv/bin/python bench/pairing.py                      (also run by `make bench`)
    .venv/bin/python bench/pairing.py --sizes 64,256 --runs 3

The baseline shares only the penalty vectors with the engine (`_Field.penalties`, the definition of
what a game costs). It folds them into integer weights by itself, as the tests' oracle does: each
level is a digit whose radix is one more than the most that level can add up to over a round (one
bye at most; otherwise as many games as the round has), so maximising the weight minimises the
penalties lexicographically. Above 2**120 per edge (rustworkx takes 128-bit weights) it falls back to
networkx with Python integers and says so. Both columns are medians of --runs runs. The complete
graph at 4,000 players has 8 million edges: that baseline takes minutes and gigabytes.

The history: three rounds with NASAMW-like margin scores, clubs of six, one late entry (so the first
three rounds had an odd field and byes); the odd sizes also pair a bye in round 4.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import networkx as nx  # noqa: E402
import rustworkx as rx  # noqa: E402

from tournament.pairing import engine as pairing  # noqa: E402
from tournament.pairing.engine import Entrant, PairingOptions, pairing_cost  # noqa: E402

ROUND = 4
SIZES = (64, 255, 256, 1000, 3999, 4000)
RUNS = 3
RUSTWORKX_MAX = 2**120  # per edge; rustworkx converts weights to 128-bit integers


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


def complete_graph(entrants: list[Entrant]) -> tuple[pairing._Field, int, Iterator[tuple[int, int, int]]]:
    """Every edge of the complete graph (rematches included, at their level) with its own folded weight:
    the field, the largest weight, and the edges (node n is the bye), made as they are consumed.

    The bye edges go to the players without a bye (to all when everyone has had one).
    """
    field = pairing._Field(entrants, ROUND, PairingOptions())
    n = len(field.players)
    eligible = [i for i in range(n) if not field.players[i].had_bye] or list(range(n))

    def edges() -> Iterator[tuple[int, int]]:
        yield from itertools.combinations(range(n), 2)
        if n % 2:
            yield from ((i, pairing.BYE) for i in eligible)

    highest = [0] * len(pairing.LEVELS)
    for i, j in edges():  # a first pass for each level's largest penalty
        highest = [max(a, b) for a, b in zip(highest, field.penalties(i, j), strict=True)]
    games = (n + 1) // 2
    bye_level = pairing.LEVELS.index("bye")
    # Level k is a digit whose radix is one more than its largest round total: one bye at most, else games.
    radix = [h * (1 if k == bye_level else games) + 1 for k, h in enumerate(highest)]
    place = [1] * len(radix)  # the value of one unit of level k
    for k in reversed(range(len(radix) - 1)):
        place[k] = place[k + 1] * radix[k + 1]
    top = 1 + sum(h * v for h, v in zip(highest, place, strict=True))  # above every folded penalty

    def weighted() -> Iterator[tuple[int, int, int]]:
        for i, j in edges():  # top - folded > 0; a constant per edge changes no perfect matching's rank
            folded = sum(p * v for p, v in zip(field.penalties(i, j), place, strict=True))
            yield i, n if j == pairing.BYE else j, top - folded

    return field, top, weighted()


def exact_cost(entrants: list[Entrant]) -> tuple[tuple[int, ...], str]:
    """The lexicographically least penalty totals over all pairings, and the solver used."""
    field, top, triples = complete_graph(entrants)
    n = len(field.players)
    if top < RUSTWORKX_MAX:
        solver = "rustworkx"
        graph = rx.PyGraph()
        graph.add_nodes_from(range(n + n % 2))
        while chunk := list(itertools.islice(triples, 100_000)):
            graph.add_edges_from(chunk)
        matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    else:
        solver = "networkx"
        graph = nx.Graph()
        graph.add_weighted_edges_from(triples)
        matching = nx.max_weight_matching(graph, maxcardinality=True)
    assert 2 * len(matching) == n + n % 2
    ids = [field.players[i].id for i in range(n)] + [None]
    pairs = [(ids[min(u, v)], ids[max(u, v)]) for u, v in matching]
    return pairing_cost(entrants, pairs, PairingOptions(), ROUND), solver


def timed(fn, repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="comma-separated field sizes")
    parser.add_argument("--runs", type=int, default=RUNS, help="runs per column; the median is shown")
    args = parser.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    print(f"Swiss pairing of round {ROUND} (margin scores, clubs of 6, byes in the history); "
          f"median of {args.runs} runs for both columns")
    header = f"{'players':>7}  {'graph':<6} {'engine s':>9}  {'exact baseline':<18} {'baseline s':>10} {'ratio':>7}  same cost"
    print(header)
    print("-" * len(header))
    result = None
    for n in sizes:
        entrants = mid_event(n)
        graph = "dense" if n <= pairing.DENSE_UP_TO else "sparse"
        engine, result = timed(lambda e=entrants: pairing.pair_round(e, ROUND), args.runs)
        base, (cost, solver) = timed(lambda e=entrants: exact_cost(e), args.runs)
        same = "yes" if cost == result.cost else f"NO {cost} vs {result.cost}"
        print(f"{n:>7}  {graph:<6} {engine:>9.3f}  {solver + ' complete':<18} {base:>10.3f} {base / engine:>6.0f}x  {same}",
              flush=True)
    if result is not None:
        print(f"cost of the {sizes[-1]:,} field (levels {', '.join(pairing.LEVELS)}): {result.cost}")
    print("targets: 1,000 players < 1 s, 4,000 players < 5 s (2-core machine)")


if __name__ == "__main__":
    main()
