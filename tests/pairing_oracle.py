"""The pairing oracle: the engine's rules written out again, independently of its penalty function, and an
exact matching over the complete graph (networkx) to compare the engine's pairings with.

Used by tests/pairing/unit/test_pairing.py (fixed fields, fast: the mutation room's) and
tests/pairing/unit/test_pairing_optimum.py (hypothesis and brute force).
"""

from __future__ import annotations

import itertools
import math
import random

import networkx as nx

from tournament.pairing.engine import LEVELS, Entrant, PairingOptions, pair_round, pairing_cost


def score_group(e):
    """What a score group is level on: the score, or, when the event ranks by wins first (the entrant carries its
    wins), the wins and then the score."""
    return (0 if e.wins is None else e.wins, e.score)


def written_order(entrants, round_number, options):
    """The pairing order as the engine's docstring states it, written out again here."""
    people = sorted(entrants, key=lambda e: (e.rank, e.id))
    if round_number > 1:
        return sorted(people, key=lambda e: (-score_group(e)[0], -score_group(e)[1], e.rank, e.id))
    random.Random(options.seed).shuffle(people)
    if options.round1 == "date":
        people.sort(key=lambda e: (e.army_year is None, e.army_year or 0))
    return people


def written_penalties(entrants, round_number, options):
    """Each game's penalty vector from the rules as written, not from the engine's penalty function.

    rematch: the two have met; bye: how many bye-eligible players come after this one in the order (a
    player who had a bye is not eligible while anyone has not); outside group: how many distinct score groups
    (`score_group`) lie between the two; score gap: the squared difference in units of the scores' common
    divisor, plus, when the event ranks by wins first, the squared difference in wins times one more than
    the most the score gaps of a round can add up to (a game per two players, each at most the widest gap
    of the field squared), so that a win apart weighs more than any points apart; same
    club: both name one club (a player with no club is nobody's club mate); civil war: the same army
    list; not enemies: round 1 by enemies, unless either army lists the other; rank: squared distance in
    the pairing order.
    """
    order = written_order(entrants, round_number, options)
    place = {e.id: k for k, e in enumerate(order)}
    scores = sorted({e.score for e in order}, reverse=True)
    groups = sorted({score_group(e) for e in order}, reverse=True)
    unit = math.gcd(*scores) or 1
    widest = (scores[0] - scores[-1]) // unit
    per_win = 1 + len(order) // 2 * widest**2 if any(e.wins is not None for e in order) else 0
    eligible = [e.id for e in order if not e.had_bye] or [e.id for e in order]

    def vector(a, b):
        if b is None:
            after = [x for x in eligible if place[x] > place[a.id]]
            return (0, len(after) if a.id in eligible else len(order), 0, 0, 0, 0, 0, 0)
        met = a.id in b.opponents or b.id in a.opponents
        groups_apart = abs(groups.index(score_group(a)) - groups.index(score_group(b)))
        gap = (abs(a.score - b.score) // unit) ** 2 + (score_group(a)[0] - score_group(b)[0]) ** 2 * per_win
        same_club = options.avoid_same_club and a.club not in (None, "") and a.club == b.club
        civil_war = options.avoid_civil_war and a.army_ref not in (None, "") and a.army_ref == b.army_ref
        hostile = bool(a.army_ref and b.army_ref and (b.army_ref in a.enemies or a.army_ref in b.enemies))
        not_enemies = round_number == 1 and options.round1 == "enemies" and not hostile
        return (int(met), 0, groups_apart, gap, int(same_club),
                int(civil_war), int(not_enemies), (place[a.id] - place[b.id]) ** 2)

    by_id = {e.id: e for e in entrants}
    return lambda a, b: vector(by_id[a], None if b is None else by_id[b]), eligible


def written_cost(entrants, pairs, round_number, options):
    vector, _ = written_penalties(entrants, round_number, options)
    return tuple(map(sum, zip(*(vector(a, b) for a, b in pairs), strict=True)))


def dense_cost(entrants, round_number, options):
    """An independent oracle: networkx over the complete graph with the written-out penalties, levels folded
    with 2**64 per level; the bye is an edge to each bye-eligible player (a hard rule)."""
    vector, eligible = written_penalties(entrants, round_number, options)
    ids = [e.id for e in entrants]
    bye = object()
    edges = list(itertools.combinations(ids, 2)) + ([(i, bye) for i in eligible] if len(ids) % 2 else [])
    big = 2**64

    def weight(a, b):
        return -sum(p * big ** (len(LEVELS) - 1 - k) for k, p in enumerate(vector(a, None if b is bye else b)))

    graph = nx.Graph()
    graph.add_weighted_edges_from((a, b, weight(a, b)) for a, b in edges)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    assert 2 * len(matching) == len(ids) + len(ids) % 2
    pairs = [(b, None) if a is bye else (a, None if b is bye else b) for a, b in matching]
    return written_cost(entrants, pairs, round_number, options)


def swiss_field(n, seed, played, avoid_civil_war=False, avoid_same_club=True, round1="random", wins_first=False):
    """A field after `played` Swiss-like rounds (from the seed): scores, opponents, clubs (some players have
    none), army lists and enemies, byes and tables; with the options and the number of the round to pair.
    `wins_first`: the event ranks by wins, then by a margin that can go negative (Southern Battle Gamers)."""
    rng = random.Random(seed)
    scores, met, tables = [0] * n, [set() for _ in range(n)], [set() for _ in range(n)]
    wins = [0] * n
    for _ in range(played):
        order = sorted(range(n), key=lambda i: (-wins[i], -scores[i], rng.random()))
        for t, (a, b) in enumerate(zip(order[::2], order[1::2], strict=False)):
            met[a].add(b)
            met[b].add(a)
            tables[a].add(t + 1)
            tables[b].add(t + 1)
            winner, loser = rng.sample([a, b], 2)
            if wins_first:
                margin = rng.choice([0, 1, 2, 3, 4])
                scores[winner], scores[loser] = scores[winner] + margin, scores[loser] - margin
                wins[winner] += margin > 0 and rng.random() < 0.8  # some games end on time
            else:
                scores[winner] += rng.choice([1, 3, 20, 23])
    ranked = sorted(range(n), key=lambda i: (-wins[i], -scores[i], i))
    options = PairingOptions(avoid_civil_war=avoid_civil_war, avoid_same_club=avoid_same_club, round1=round1,
                             seed=rng.randrange(99))
    clubs = [None, ""] + [f"c{k}" for k in range(max(2, n // 6))]  # some players have no club
    people = [Entrant(i, scores[i], ranked.index(i), club=rng.choice(clubs),
                      army_ref=f"I/{rng.randrange(4)}", army_year=rng.randrange(-3000, 1500),
                      enemies=frozenset({f"I/{rng.randrange(4)}"}), opponents=frozenset(met[i]),
                      had_bye=rng.random() < 0.3, tables=frozenset(tables[i]),
                      wins=wins[i] if wins_first else None) for i in range(n)]
    return people, played + 1, options


def check_against_dense(people, round_number, options):
    result = pair_round(people, round_number, options)
    ids = sorted(x for p in result.pairings for x in (p.a, p.b) if x is not None)
    assert ids == sorted(e.id for e in people)
    assert sum(p.b is None for p in result.pairings) == len(people) % 2
    pairs = [(p.a, p.b) for p in result.pairings]
    # the cost the round records is its penalty totals by the written rules, and the least possible
    assert result.cost == written_cost(people, pairs, round_number, options) == dense_cost(people, round_number, options)
    assert pairing_cost(people, pairs, options, round_number) == result.cost
    tables = [p.table for p in result.pairings if p.b is not None]
    assert len(set(tables)) == len(tables) and min(tables, default=1) >= 1
