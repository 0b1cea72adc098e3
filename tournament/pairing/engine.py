"""Swiss pairing as a maximum-weight matching (pure Python, no Django).

Every possible game gets a vector of penalties, strictest first (LEVELS):

    0 rematch        1 if the two have met. Rematch edges enter the graph only when no pairing avoids
                     them all (then the fewest are used, and each one is warned about).
    1 bye            for the bye: how many bye-eligible players rank below this one, so the bye goes
                     to the lowest-ranked player without one. Players who have had a bye get no bye
                     edge at all while someone has none ("second_bye" only when everyone has had one).
    2 outside group  how many score groups apart the two are (0 in the same group): few players
                     float, and only as far as needed (a float through two groups costs two)
    3 score gap      squared score difference (scores divided by their common divisor first); when the
                     event ranks by wins first, the squared difference in wins before it (`_Field.gap`)
    4 same club      1 if both are of one club (when the event avoids it)
    5 civil war      1 if both play the same army list (when the event avoids it)
    6 not enemies    1 unless the armies are historical enemies (round 1 "enemies" only)
    7 rank           (position a - position b) squared: neighbours in the pairing order meet (1v2,
                     3v4...), and when they cannot, the nearest possible; makes results reproducible.
                     Round 1 by rating: the distance from the fold partner (`fold_distance`), so a
                     club clash swaps 1 v N/2+1 for 1 v N/2+2 and 2 v N/2+1, never 1 v 2

A score group is the players level on what the standings rank by first: their score, or, when the
event ranks by wins first (`Entrant.wins` given), their wins and then their score (`types.standing`), so
the players on most wins meet each other whatever their points.

In round 1 everyone is on 0, so levels 2-3 vanish and the same-club level decides first. The pairing
order is the standings (score group, then rank); in round 1 it is a shuffle by the recorded seed ("random",
"enemies") or the armies' dates ("date", ties shuffled), or by rating (`by_rating`): "rating_folded"
pairs 1st v N/2+1st, 2nd v N/2+2nd…; "rating_accelerated" splits the field into a top and a bottom half
and folds each (1st v N/4+1st…), so the strongest meet each other in round 1. Unrated players come
last, in the seeded shuffle; with an odd field the lowest-rated player takes the bye. The order is
interleaved so that the fold partners are neighbours (the sparse graph of big fields holds them).

When a game bends a rule the event asks to avoid (club mates, a civil war), the engine pairs the round
once more without that game and notes what the alternative would have cost instead (`_traded`): "club
mates, because avoiding them pairs 24 points with 0 points". Only for fields up to DENSE_UP_TO and
TRADE_CHECKS such games.

The vector is folded into one integer weight so that a maximum-weight, maximum-cardinality matching
minimises the penalty totals lexicographically (anchor-pairing.md section 2): level k is worth more
than the most that all later levels can add up to over a whole round. Each level is bounded by its
largest value in the graph at hand, so unused levels cost no bits and the weights stay within the
i128 that rustworkx takes (above 2**120 the solver falls back to networkx with Python integers).

Fields larger than DENSE_UP_TO use a sparse candidate graph: each player and the next `window`
players in pairing order, plus the `window` lowest bye-eligible players for the bye (and, in a round 1
by enemies, every pair of enemies). A sparse optimum
is kept only when a window four times as wide finds nothing cheaper; otherwise the window grows, up
to the complete graph. That check is not a proof; the tests and bench/pairing.py compare the result
with exact matchings over the complete graph.
"""

from __future__ import annotations

import math
import operator
import random
from collections.abc import Iterable, Sequence

import rustworkx as rx

from tournament.pairing.notes import explain, hand_made
from tournament.pairing.tables import assign_tables
from tournament.pairing.types import (  # noqa: F401  (the engine's public names)
    BYE,
    DEFAULT_OPTIONS,
    LEVELS,
    Entrant,
    Note,
    Pairing,
    PairingOptions,
    PairingResult,
    enemies,
    standing,
)

DENSE_UP_TO = 128
TRADE_CHECKS = 8
WINDOW = 12
MAX_BITS = 120


RATING_METHODS = ("rating_folded", "rating_accelerated")


def _fold(players: list[Entrant]) -> list[Entrant]:
    half = len(players) // 2
    return [p for pair in zip(players[:half], players[half:], strict=True) for p in pair]


def rating_order(entrants: Sequence[Entrant]) -> list[Entrant]:
    """Highest rating first; the unrated last; equal ratings keep the order given (the seeded shuffle)."""
    return sorted(entrants, key=lambda e: (e.rating is None, -(e.rating or 0.0)))


def _top(paired: int, accelerated: bool) -> int:
    """How many players the top group holds: everyone, or an even top half (10 players -> 6 and 4)."""
    return 2 * math.ceil(paired / 4) if accelerated else paired


def by_rating(entrants: Sequence[Entrant], accelerated: bool = False) -> list[Entrant]:
    """Round 1 by rating as a pairing order whose neighbours are the fold partners (see the docstring)."""
    ordered = rating_order(entrants)
    bye = [ordered.pop()] if len(ordered) % 2 else []
    top = _top(len(ordered), accelerated)
    return _fold(ordered[:top]) + _fold(ordered[top:]) + bye


def fold_distance(a: int, b: int, players: int, accelerated: bool = False) -> int:
    """The rank penalty of a round-1 game between rating places a and b (0 the highest): 0 for the fold
    partner (1 v N/2+1), growing with the distance from it; a game inside one half of a group (1 v 2)
    costs more than any game across the halves, and a game across the accelerated groups more still."""
    paired = players - players % 2  # with an odd field the last place takes the bye
    top = _top(paired, accelerated)
    if a >= paired or b >= paired or (a < top) != (b < top):
        return 4 * players * players + (a - b) ** 2
    start, size = (0, top) if a < top else (top, paired - top)
    half = size // 2
    same_half = (a - start < half) == (b - start < half)
    return (abs(a - b) - half) ** 2 + (size * size if same_half else 0)


class _Field:
    """The players in pairing order, with the option-dependent penalty function."""

    def __init__(self, entrants: Sequence[Entrant], round_number: int, options: PairingOptions):
        if len({e.id for e in entrants}) != len(entrants):
            raise ValueError("entrant ids must be unique")
        self.options = options
        self.first_round = round_number == 1
        self.enemies_level = self.first_round and options.round1 == "enemies"
        self.rating_place: dict[int, int] | None = None  # round 1 by rating: each id's place by rating
        self.players = self._ordered(list(entrants))
        self.index = {e.id: i for i, e in enumerate(self.players)}
        n = len(self.players)
        self.group = {key: k for k, key in enumerate(sorted({standing(e) for e in self.players}, reverse=True))}
        scores = {e.score for e in self.players}
        self.unit = math.gcd(*scores) or 1
        # wins first: a win apart costs more than every score gap of a round can add up to
        span = (max(scores) - min(scores)) // self.unit if scores else 0
        self.win_gap = 1 + (n // 2) * span * span if any(e.wins is not None for e in self.players) else 0
        fresh = [i for i, e in enumerate(self.players) if not e.had_bye]
        self.eligible = fresh or list(range(n))  # a second bye only when everyone has had one
        self.bye_rank = dict.fromkeys(range(n), n)
        for below, i in enumerate(reversed(self.eligible)):
            self.bye_rank[i] = below
        self._cache: dict[tuple[int, int], tuple[int, ...]] = {}

    def _ordered(self, entrants: list[Entrant]) -> list[Entrant]:
        entrants.sort(key=lambda e: (e.rank, e.id))
        if not self.first_round:
            return sorted(entrants, key=lambda e: (tuple(-x for x in standing(e)), e.rank, e.id))
        random.Random(self.options.seed).shuffle(entrants)
        if self.options.round1 == "date":
            entrants.sort(key=lambda e: (e.army_year is None, e.army_year or 0))
        if self.options.round1 in RATING_METHODS:
            self.rating_place = {e.id: k for k, e in enumerate(rating_order(entrants))}
            return by_rating(entrants, accelerated=self.options.round1 == "rating_accelerated")
        return entrants

    def cached(self, edge: tuple[int, int]) -> tuple[int, ...]:
        row = self._cache.get(edge)
        if row is None:
            row = self._cache[edge] = self.penalties(*edge)
        return row

    def penalties(self, i: int, j: int) -> tuple[int, ...]:
        """The penalty vector of positions i < j meeting (j == BYE: i takes the bye)."""
        if j == BYE:
            return (0, self.bye_rank[i], 0, 0, 0, 0, 0, 0)
        a, b, o = self.players[i], self.players[j], self.options
        return (
            int(b.id in a.opponents or a.id in b.opponents),
            0,
            abs(self.group[standing(a)] - self.group[standing(b)]),
            self.gap(a, b),
            int(o.avoid_same_club and bool(a.club) and a.club == b.club),
            int(o.avoid_civil_war and bool(a.army_ref) and a.army_ref == b.army_ref),
            int(self.enemies_level and not enemies(a, b)),
            self._rank(i, j),
        )

    def gap(self, a: Entrant, b: Entrant) -> int:
        """The score gap level: the squared score difference in units, after the squared difference in wins when
        the event ranks by wins first (scaled above every score gap a round can add up to)."""
        wins = ((a.wins or 0) - (b.wins or 0)) ** 2 * self.win_gap
        return wins + ((a.score - b.score) // self.unit) ** 2

    def _rank(self, i: int, j: int) -> int:
        if self.rating_place is None:
            return (i - j) ** 2
        a, b = self.rating_place[self.players[i].id], self.rating_place[self.players[j].id]
        return fold_distance(a, b, len(self.players), self.options.round1 == "rating_accelerated")

    def enemy_edges(self) -> list[tuple[int, int]]:
        """Position pairs (i < j) whose armies are historical enemies."""
        by_army: dict[str, list[int]] = {}
        for i, e in enumerate(self.players):
            if e.army_ref:
                by_army.setdefault(e.army_ref, []).append(i)
        return [(min(i, j), max(i, j)) for i, e in enumerate(self.players) for ref in e.enemies
                for j in by_army.get(ref, ()) if j != i]

    def met(self, i: int, j: int) -> bool:
        a, b = self.players[i], self.players[j]
        return b.id in a.opponents or a.id in b.opponents


def _weights(rows: dict[tuple[int, int], tuple[int, ...]], games: int) -> dict[tuple[int, int], int]:
    """Fold penalty vectors into integer weights: maximising the sum minimises them lexicographically.

    A level's total over a round is at most its largest value times the number of games (the bye
    level: one bye). Level k is scaled by one more than the most all later levels can sum to.
    """
    bounds = [max((p[k] for p in rows.values()), default=0) for k in range(len(LEVELS))]
    totals = [b * (1 if name == "bye" else games) for b, name in zip(bounds, LEVELS, strict=True)]
    scale = [1] * len(LEVELS)
    for k in range(len(LEVELS) - 2, -1, -1):
        scale[k] = scale[k + 1] * (totals[k + 1] + 1)
    base = 1 + sum(map(operator.mul, bounds, scale))
    return {edge: base - sum(map(operator.mul, p, scale)) for edge, p in rows.items()}


def _candidates(f: _Field, window: int | None, rematches: bool) -> list[tuple[int, int]]:
    """Edges (i < j) between each player and the next `window` players (None: all), and bye edges."""
    n = len(f.players)
    edges = []
    for i in range(n):
        stop = n if window is None else min(n, i + window + 1)
        edges += [(i, j) for j in range(i + 1, stop) if rematches or not f.met(i, j)]
    if f.enemies_level and window is not None:  # enemies attract across the whole field
        edges += sorted({e for e in f.enemy_edges() if e[1] - e[0] > window and (rematches or not f.met(*e))})
    if n % 2:
        tail = f.eligible if window is None else f.eligible[-window:]
        edges += [(i, BYE) for i in tail]
    return edges


def _solve(f: _Field, edges: list[tuple[int, int]]) -> list[tuple[int, int]] | None:
    """The optimal pairing within these edges as sorted (i, j) positions, or None if none is complete."""
    n = len(f.players)
    games = (n + 1) // 2
    weights = _weights({edge: f.cached(edge) for edge in edges}, games)
    triples = [(i, n if j == BYE else j, weights[(i, j)]) for i, j in edges]
    if max(weights.values(), default=0).bit_length() <= MAX_BITS:
        graph = rx.PyGraph()
        graph.add_nodes_from(range(n + n % 2))
        graph.add_edges_from(triples)
        matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    else:  # Python integers have no ceiling; slower, but exact
        import networkx as nx

        graph = nx.Graph()
        graph.add_weighted_edges_from(triples)
        matching = nx.max_weight_matching(graph, maxcardinality=True)
    if len(matching) < games:
        return None
    pairs = (sorted(pair) for pair in matching)
    return sorted((i, BYE if j == n else j) for i, j in pairs)


def _match(f: _Field) -> list[tuple[int, int]]:
    n = len(f.players)
    for rematches in (False, True):
        window = None if n <= DENSE_UP_TO else WINDOW
        found = _solve(f, _candidates(f, window, rematches))
        while window is not None:
            wider = None if window * 4 >= n else window * 4
            check = _solve(f, _candidates(f, wider, rematches))
            if found is not None and _total(f, check) == _total(f, found):
                break  # four times the window finds nothing cheaper
            found, window = check, wider
        if found is not None:
            return found
    raise ValueError("no pairing exists")


def _total(f: _Field, pairs: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    totals = [0] * len(LEVELS)
    for i, j in pairs:
        totals = list(map(operator.add, totals, f.cached((i, j))))
    return tuple(totals)


def pair_round(entrants: Sequence[Entrant], round_number: int, options: PairingOptions = DEFAULT_OPTIONS) -> PairingResult:
    """Pair a round: the games (tables from 1, bye last) with their notes, the cost vector and warnings."""
    f = _Field(entrants, round_number, options)
    if len(f.players) < 2:
        raise ValueError("at least two players are needed")
    pairs = _match(f)
    games = [(f.players[i], None if j == BYE else f.players[j]) for i, j in pairs]
    tables, table_notes = assign_tables(games, options.tables)
    pairings, warnings = explain(f, pairs, tables)
    pairings, warnings = _traded(f, pairs, pairings, warnings)
    return PairingResult(tuple(pairings), _total(f, pairs), tuple(warnings) + tuple(table_notes))


TRADED_LEVEL = {"same_club": LEVELS.index("same_club"), "civil_war": LEVELS.index("civil_war")}


def _traded(f: _Field, pairs: list[tuple[int, int]], pairings: list[Pairing], warnings: list[Note]):
    """Add to each avoided-but-paired note what avoiding that game would have cost (see the docstring)."""
    if len(f.players) > DENSE_UP_TO:
        return pairings, warnings
    total, checks, changed = _total(f, pairs), 0, {}
    rematches = total[0] > 0
    for k, game in enumerate(pairings):
        for note in game.notes:
            params = dict(note.params)
            if note.code not in TRADED_LEVEL or not params.get("avoided") or checks >= TRADE_CHECKS:
                continue
            checks += 1
            i, j = sorted((f.index[game.a], f.index[game.b]))
            alternative = _solve(f, [e for e in _candidates(f, None, rematches) if e != (i, j)])
            trade = _trade(f, pairs, alternative, total, TRADED_LEVEL[note.code])
            changed[note] = Note(note.code, note.params + trade)
            pairings[k] = Pairing(game.a, game.b, game.table, tuple(changed.get(n, n) for n in game.notes))
    return pairings, [changed.get(w, w) for w in warnings]


def _trade(f: _Field, pairs, alternative, total: tuple[int, ...], own: int) -> tuple:
    """What the best pairing without the game costs more, as note parameters ("traded": kind, players)."""
    if alternative is None:
        return (("traded", "impossible"),)
    other = _total(f, alternative)
    level = next((k for k in range(len(LEVELS)) if other[k] != total[k]), len(LEVELS))
    if level > own:  # just as many of these games either way: name the one it would have been instead
        level = own
    new = [p for p in alternative if p not in set(pairs)]
    name = LEVELS[level] if level < len(LEVELS) else "rank"
    if name == "bye":
        return (("traded", "bye"), ("x", f.players[next(i for i, j in new if j == BYE)].id))
    games = [(i, j) for i, j in new if j != BYE]
    if name in ("outside_group", "score_gap"):
        i, j = max(games, key=lambda e: f.gap(f.players[e[0]], f.players[e[1]]))
        x, y = sorted((f.players[i], f.players[j]), key=standing, reverse=True)
        return (("traded", "score"), ("x", x.id), ("x_score", x.score), ("y", y.id), ("y_score", y.score))
    kind = {"rematch": "rematch", "same_club": "club", "civil_war": "civil_war"}.get(name)
    index = {"rematch": 0, "club": LEVELS.index("same_club"), "civil_war": LEVELS.index("civil_war")}
    match = [e for e in games if kind and f.cached(e)[index[kind]]]
    if not match:
        return (("traded", "order"),)
    i, j = match[0]
    return (("traded", kind), ("x", f.players[i].id), ("y", f.players[j].id))


def pairing_cost(entrants: Sequence[Entrant], pairs: Iterable[tuple[int, int | None]],
                 options: PairingOptions = DEFAULT_OPTIONS, round_number: int = 2) -> tuple[int, ...]:
    """The engine's penalty totals (LEVELS) for any complete pairing of these entrants (ids; None: bye)."""
    f = _Field(entrants, round_number, options)
    positions = []
    for a, b in pairs:
        i, j = f.index[a], BYE if b is None else f.index[b]
        positions.append((i, j) if j == BYE or i < j else (j, i))
    seen = [x for pair in positions for x in pair if x != BYE]
    if sorted(seen) != list(range(len(f.players))):
        raise ValueError("every entrant must appear exactly once")
    return _total(f, positions)


BROKEN = ("rematch", "same_club", "civil_war", "second_bye", "repeat_table")


def swap_warnings(entrants: Sequence[Entrant], a: int, b: int | None, table: int | None,
                  options: PairingOptions = DEFAULT_OPTIONS) -> tuple[Note, ...]:
    """What a hand-made game breaks: rematch, same club, same army list, second bye, a table played on.

    The notes carry by_hand=True: the engine did not choose them, so the organizer is not told that no
    better pairing was possible (tournament/pairing/notes.py `hand_made` gives all of a game's notes).
    """
    notes = hand_made({e.id: e for e in entrants}, a, b, table, options)
    return tuple(n for n in notes if n.code in BROKEN)
