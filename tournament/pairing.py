"""Swiss pairing as a maximum-weight matching (pure Python, no Django).

Every possible game gets a vector of penalties, strictest first:

    0 rematch          1 if the two have met (such edges are only added when no pairing avoids them)
    1 second bye       1 for a bye to a player who has had one
    2 outside group    how many score groups apart the two are (0 in the same group; for a bye, how
                       far the player is above the lowest group): few players float, and only as far
                       as needed (a float through two groups costs two)
    3 score gap        squared score difference (for a bye: to the lowest score)
    4 same club        1 if both are of one club (when the event avoids it)
    5 civil war        1 if both play the same army list (when the event avoids it)
    6 not enemies      1 unless the armies are historical enemies (round 1 "enemies" only)
    7 rank distance    |rank a − rank b|: neighbours in the standings meet (1v2, 3v4...); a bye goes
                       to the lowest-ranked player

The vector is folded into one integer weight so that a maximum-weight, maximum-cardinality matching
minimises the penalties lexicographically (anchor-pairing.md section 2): with h the number of games,
level k is worth more than everything the later levels can add up to. rustworkx solves it.

Large fields use a sparse candidate graph (each player and the next `window` players in ranking
order, plus the lowest-ranked players for the bye). A solution is kept only when a window four times
as wide finds nothing cheaper; otherwise the window grows. This is a check, not a proof: the tests
and bench/pairing.py compare it with exact matchings over the complete graph.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import rustworkx as rx

from tournament.pairing_tables import assign_tables

BYE = -1
LEVELS = ("rematch", "second_bye", "outside_group", "score_gap", "same_club", "civil_war", "not_enemies", "rank")
DENSE_UP_TO = 48
WINDOW = 12


@dataclass(frozen=True)
class Entrant:
    id: int
    score: int
    rank: int
    club: str | None = None
    army_ref: str | None = None
    army_year: int | None = None
    opponents: frozenset[int] = frozenset()
    had_bye: bool = False
    tables: frozenset[int] = frozenset()
    fixed_table: int | None = None
    enemies: frozenset[str] = frozenset()


@dataclass(frozen=True)
class PairingOptions:
    avoid_same_club: bool = True
    avoid_civil_war: bool = False
    round1: str = "random"  # random | date | enemies
    seed: int = 0
    tables: int | None = None


@dataclass(frozen=True)
class Note:
    code: str
    params: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True)
class Pairing:
    a: int
    b: int | None
    table: int | None
    notes: tuple[Note, ...] = ()


@dataclass(frozen=True)
class PairingResult:
    pairings: tuple[Pairing, ...]
    cost: tuple[int, ...]
    warnings: tuple[Note, ...]


class _Field:
    """The players in pairing order, with the option-dependent penalty function."""

    def __init__(self, entrants: Sequence[Entrant], round_number: int, options: PairingOptions):
        self.options = options
        self.first_round = round_number == 1
        self.players = self._ordered(list(entrants))
        self.index = {e.id: i for i, e in enumerate(self.players)}
        self.low = min((e.score for e in self.players), default=0)
        scores = sorted({e.score for e in self.players}, reverse=True)
        self.group = {score: k for k, score in enumerate(scores)}
        self._cache: dict[tuple[int, int], tuple[int, ...]] = {}

    def _ordered(self, entrants: list[Entrant]) -> list[Entrant]:
        entrants.sort(key=lambda e: (e.rank, e.id))
        if not self.first_round:
            return sorted(entrants, key=lambda e: (-e.score, e.rank, e.id))
        random.Random(self.options.seed).shuffle(entrants)
        if self.options.round1 == "date":
            entrants.sort(key=lambda e: (e.army_year is None, e.army_year or 0))
        return entrants

    def cached(self, edge: tuple[int, int]) -> tuple[int, ...]:
        if edge not in self._cache:
            self._cache[edge] = self.penalties(*edge)
        return self._cache[edge]

    def penalties(self, i: int, j: int) -> tuple[int, ...]:
        a = self.players[i]
        if j == BYE:
            return (0, int(a.had_bye), self.group[self.low] - self.group[a.score], (a.score - self.low) ** 2, 0, 0, 0,
                    len(self.players) - 1 - i)
        b = self.players[j]
        o = self.options
        return (
            int(b.id in a.opponents or a.id in b.opponents),
            0,
            abs(self.group[a.score] - self.group[b.score]),
            (a.score - b.score) ** 2,
            int(o.avoid_same_club and bool(a.club) and a.club == b.club),
            int(o.avoid_civil_war and bool(a.army_ref) and a.army_ref == b.army_ref),
            int(self.first_round and o.round1 == "enemies" and not _enemies(a, b)),
            abs(i - j),
        )


def _enemies(a: Entrant, b: Entrant) -> bool:
    return bool(a.army_ref and b.army_ref and (b.army_ref in a.enemies or a.army_ref in b.enemies))


def _weights(rows: dict[tuple[int, int], tuple[int, ...]], games: int) -> dict[tuple[int, int], int]:
    """Fold penalty vectors into integer weights: maximising the sum minimises them lexicographically."""
    bounds = [max((p[k] for p in rows.values()), default=0) for k in range(len(LEVELS))]
    scale = [1] * len(LEVELS)
    for k in range(len(LEVELS) - 2, -1, -1):
        scale[k] = scale[k + 1] * (bounds[k + 1] * games + 1)
    base = 1 + sum(b * m for b, m in zip(bounds, scale, strict=True))
    return {edge: base - sum(map(operator.mul, p, scale)) for edge, p in rows.items()}


def _candidates(f: _Field, window: int | None, rematches: bool) -> list[tuple[int, int]]:
    n = len(f.players)
    edges = []
    for i in range(n):
        stop = n if window is None else min(n, i + window + 1)
        for j in range(i + 1, stop):
            a, b = f.players[i], f.players[j]
            if rematches or not (b.id in a.opponents or a.id in b.opponents):
                edges.append((i, j))
    if n % 2:
        fresh = [i for i in range(n) if not f.players[i].had_bye] or list(range(n))
        tail = fresh if window is None else fresh[-window:]
        edges += [(i, BYE) for i in tail]
    return edges


def _solve(f: _Field, edges: list[tuple[int, int]]) -> list[tuple[int, int]] | None:
    n = len(f.players)
    nodes = n + (n % 2)
    games = nodes // 2
    rows = {edge: f.cached(edge) for edge in edges}
    weights = _weights(rows, games)
    graph = rx.PyGraph()
    graph.add_nodes_from(range(nodes))
    graph.add_edges_from([(i, n if j == BYE else j, weights[(i, j)]) for i, j in edges])
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    if len(matching) < games:
        return None
    pairs = [(min(u, v), max(u, v)) for u, v in matching]
    return sorted((i, BYE if j == n else j) for i, j in pairs)


def _match(f: _Field) -> list[tuple[int, int]]:
    n = len(f.players)
    for rematches in (False, True):
        window = None if n <= DENSE_UP_TO else WINDOW
        while True:
            found = _solve(f, _candidates(f, window, rematches))
            if found is not None and (window is None or _stable(f, found, window, rematches)):
                return found
            if window is None:
                break
            window = None if window * 4 >= n else window * 4
    raise ValueError("no pairing exists")


def _stable(f: _Field, found: list[tuple[int, int]], window: int, rematches: bool) -> bool:
    """A sparse optimum is kept only if a window four times as wide finds no cheaper pairing."""
    if window * 4 >= len(f.players):
        wider = _solve(f, _candidates(f, None, rematches))
    else:
        wider = _solve(f, _candidates(f, window * 4, rematches))
    return wider is not None and _total(f, wider) >= _total(f, found)


def _total(f: _Field, pairs: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    totals = [0] * len(LEVELS)
    for i, j in pairs:
        for k, value in enumerate(f.penalties(i, j)):
            totals[k] += value
    return tuple(totals)


def pair_round(entrants: Sequence[Entrant], round_number: int, options: PairingOptions = PairingOptions()) -> PairingResult:
    f = _Field(entrants, round_number, options)
    if len(f.players) < 2:
        raise ValueError("at least two players are needed")
    pairs = _match(f)
    games = [(f.players[i], None if j == BYE else f.players[j]) for i, j in pairs]
    tables = assign_tables(games, options.tables)
    from tournament.pairing_notes import explain  # notes read the field; kept apart for size

    pairings, warnings = explain(f, pairs, tables)
    return PairingResult(tuple(pairings), _total(f, pairs), tuple(warnings))


def pairing_cost(entrants: Sequence[Entrant], pairs: Iterable[tuple[int, int | None]], round_number: int = 2,
                 options: PairingOptions = PairingOptions()) -> tuple[int, ...]:
    """The engine's penalty totals for any pairing of these entrants (ids; None for the bye)."""
    f = _Field(entrants, round_number, options)
    return _total(f, [(f.index[a], BYE if b is None else f.index[b]) for a, b in pairs])


def swap_warnings(entrants: Sequence[Entrant], a: int, b: int | None, table: int | None) -> tuple[Note, ...]:
    """What a hand-made game breaks: rematch, same club, same army list, a table already played on."""
    people = {e.id: e for e in entrants}
    first, second = people.get(a), people.get(b) if b is not None else None
    notes: list[Note] = []
    if first is None:
        return ()
    if second is not None:
        if second.id in first.opponents:
            notes.append(Note("rematch", (("a", first.id), ("b", second.id))))
        if first.club and first.club == second.club:
            notes.append(Note("same_club", (("club", first.club),)))
        if first.army_ref and first.army_ref == second.army_ref:
            notes.append(Note("civil_war", (("army", first.army_ref),)))
    elif first.had_bye:
        notes.append(Note("second_bye", (("player", first.id),)))
    for person in (first, second):
        if person is not None and table is not None and table in person.tables:
            notes.append(Note("repeat_table", (("player", person.id), ("table", table))))
    return tuple(notes)
