"""Standings and tie-breaks (pure Python): a small registry of metrics, applied in the event's order.

Players are ranked by points (or by wins, then points, when the scoring says so), then by each tie-break in turn, each one only separating the players
still tied on everything before it (so head-to-head looks at the games among exactly those players).
Players tied on every metric share a rank (1, =2, =2, 4).

Conventions (stated on the standings page by tournament/results/explain.py):
- A bye counts as a win everywhere: the preset's bye points in Points, one in Wins. A bye is not an
  opponent, so it adds nothing to countback or strength of schedule (SoS = the sum of the opponents' Wins).
- Head-to-head applies to a tied group only when every pair in it has played (`h2h_all_met`, the default);
  otherwise it does not separate them and shows no value (None).
- The drawn lot (`seeded_random`) is not a criterion of rank: it is always applied last, only orders the
  players who share a rank (for prizes), and is shown with its seed so anyone can repeat it.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from tournament.results.shorthand import GameResult


@dataclass(frozen=True)
class PlayedGame:
    round: int
    a: int
    b: int | None  # None: a bye
    result: GameResult | None
    points_a: int
    points_b: int


@dataclass(frozen=True)
class Row:
    rank: int
    player: int
    values: tuple[tuple[str, float | None], ...]  # None: the metric does not apply (head-to-head)
    shared: bool
    settled: str = ""  # how a tie after every tie-break was settled (results/settlements.py), if it was


@dataclass
class Context:
    games: Sequence[PlayedGame]
    seed: int = 0
    keys: Mapping[int, str] = field(default_factory=dict)
    h2h_all_met: bool = True
    points: dict[int, float] = field(default_factory=lambda: defaultdict(float))
    wins: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    opponents: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    destroyed: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    lost: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    generals: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    camps: dict[int, int] = field(default_factory=lambda: defaultdict(int))

    def __post_init__(self) -> None:
        for g in self.games:
            self.points[g.a] += g.points_a
            if g.b is None:
                self.wins[g.a] += 1  # a bye counts as a win (as its points do)
                continue
            self.points[g.b] += g.points_b
            self.opponents[g.a].append(g.b)
            self.opponents[g.b].append(g.a)
            if g.result is None:
                continue
            for me, mine, theirs, side in ((g.a, g.result.a, g.result.b, "a"), (g.b, g.result.b, g.result.a, "b")):
                self.wins[me] += g.result.outcome == side
                self.destroyed[me] += theirs.elements_lost
                self.lost[me] += mine.elements_lost
                self.generals[me] += theirs.general_lost
                self.camps[me] += theirs.camp_lost

    @cached_property
    def met(self) -> dict[int, list[tuple[int, int, int]]]:
        """Each player's games against an opponent, in game order: (opponent, own points, opponent's points)."""
        met: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
        for g in self.games:
            if g.b is not None:
                met[g.a].append((g.b, g.points_a, g.points_b))
                met[g.b].append((g.a, g.points_b, g.points_a))
        return met


class Metric:
    key = ""
    name = ""
    ascending = False  # True: fewer is better
    lot = False  # True: orders players who share a rank, without being a criterion of rank
    # True: a player's value depends on the group being split (else it is read once for everyone); such a
    # metric also says whether it applies to a group (`applies`): when it does not, it shows no value (None)
    by_group = False

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, float]:
        raise NotImplementedError


def _simple(key: str, name: str, attribute: str, ascending: bool = False) -> type[Metric]:
    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, float]:
        table = getattr(ctx, attribute)
        return {p: table[p] for p in group}

    return type(f"{attribute.title()}Metric", (Metric,), {"key": key, "name": name, "ascending": ascending,
                                                          "values": values})


class HeadToHead(Metric):
    """Points scored in the games among the tied players; with `h2h_all_met`, only if every pair of them met."""

    key, name, by_group = "head_to_head", "Head-to-head", True

    def applies(self, ctx: Context, group: Sequence[int]) -> bool:
        members = set(group)
        if len(members) < 2:
            return False
        # the pairs of the group that met, from the members' own games (not from every pair of the group: a
        # tie of 500 players after round one is 125,000 pairs; nor from every game of the event, once a group)
        met = {frozenset((p, o)) for p in members for o, _mine, _theirs in ctx.met.get(p, ()) if o in members}
        if not ctx.h2h_all_met:
            return bool(met)
        return len(met) == len(members) * (len(members) - 1) // 2 and len(members) == len(group)

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, float]:
        members = set(group)
        scores = dict.fromkeys(group, 0.0)
        for p in members:  # each player's own points in their games among the group, in game order
            for o, mine, _theirs in ctx.met.get(p, ()):
                if o in members:
                    scores[p] += mine
        return scores


class Countback(Metric):
    """NASAMW countback: the sum of all your opponents' final totals (byes excluded)."""

    key, name = "countback", "Countback"

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, float]:
        return {p: sum(ctx.points[o] for o in ctx.opponents[p]) for p in group}


class StrengthOfSchedule(Metric):
    """Strength of schedule: the sum of your opponents' Wins (their byes count; a bye is not an opponent)."""

    key, name = "sos", "Strength of schedule"

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, float]:
        return {p: sum(ctx.wins[o] for o in ctx.opponents[p]) for p in group}


class Margin(Metric):
    """Elements destroyed minus elements lost over all games (the Spanish preset's base difference)."""

    key, name = "margin", "Margin"

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, float]:
        return {p: ctx.destroyed[p] - ctx.lost[p] for p in group}


class CampsAndGenerals(Metric):
    """Enemy camps taken plus enemy generals killed, as one number (the Spanish preset)."""

    key, name = "camps_and_generals", "Camps + generals"

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, float]:
        return {p: ctx.camps[p] + ctx.generals[p] for p in group}


def draw_lot(seed: int, key: str) -> int:
    """The lot of a player: the first 6 hex digits of SHA-256("<seed>:<name key>") as a number (higher first)."""
    return int(hashlib.sha256(f"{seed}:{key}".encode()).hexdigest()[:6], 16)


class SeededRandom(Metric):
    """A drawn lot that the event's recorded seed makes repeatable (see `draw_lot`)."""

    key, name, lot = "seeded_random", "Lot", True

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, float]:
        return {p: draw_lot(ctx.seed, str(ctx.keys.get(p, p))) for p in group}


REGISTRY: dict[str, type[Metric]] = {
    metric.key: metric
    for metric in (
        _simple("points", "Points", "points"),
        _simple("wins", "Wins", "wins"),
        HeadToHead,
        Countback,
        StrengthOfSchedule,
        _simple("generals_killed", "Generals killed", "generals"),
        _simple("camps_taken", "Camps taken", "camps"),
        _simple("elements_destroyed", "Elements destroyed", "destroyed"),
        _simple("fewest_lost", "Elements lost", "lost", ascending=True),
        Margin,
        CampsAndGenerals,
        SeededRandom,
    )
}


def _order(group: list[int], metrics: list[Metric], ctx: Context, shown: dict, everyone: dict) -> list[list[int]]:
    """The tie classes of `group`, best first: players in one class are equal on every metric. `everyone`: the
    values of the metrics that do not depend on the group (all but head-to-head), read once for every player;
    `shown` gets the others (head-to-head), as each group met them: a player left alone before such a metric
    gets no value for it (head-to-head does not apply to one player)."""
    if not metrics or len(group) < 2:
        return [group]
    metric, rest = metrics[0], metrics[1:]
    values = everyone.get(metric.key)
    if values is None:
        if not metric.applies(ctx, group):
            for p in group:
                shown[p][metric.key] = None
            return _order(group, rest, ctx, shown, everyone)
        values = metric.values(ctx, group)
        for p, value in values.items():
            shown[p][metric.key] = value
    equal: dict[float, list[int]] = {}  # the players of each value, in the group's order (one pass)
    for p in group:
        equal.setdefault(values[p], []).append(p)
    classes: list[list[int]] = []
    for value in sorted(equal, reverse=not metric.ascending):
        classes += _order(equal[value], rest, ctx, shown, everyone)
    return classes


def metric_keys(tiebreaks: Sequence[str], ranking: Sequence[str] = ("points",)) -> list[str]:
    """The scoring's ranking keys (points; or wins, then points), then the known tie-breaks in the event's order,
    the drawn lot (if any) last."""
    primary = list(dict.fromkeys(ranking)) or ["points"]
    known = [k for k in dict.fromkeys(tiebreaks) if k in REGISTRY and k not in primary]
    return primary + [k for k in known if not REGISTRY[k].lot] + [k for k in known if REGISTRY[k].lot]


def standings(players: Sequence[int], games: Sequence[PlayedGame], tiebreaks: Sequence[str],
              *, seed: int = 0, keys: Mapping[int, str] | None = None,
              h2h_all_met: bool = True, ranking: Sequence[str] = ("points",)) -> list[Row]:
    """Rank `players` (a dropped player is ranked like anyone: the caller marks them).

    Players equal on every criterion share a rank; a drawn lot, if among the tie-breaks, only orders them."""
    ctx = Context(games, seed, keys or {}, h2h_all_met)
    metrics = [REGISTRY[k]() for k in metric_keys(tiebreaks, ranking)]
    criteria, lots = [m for m in metrics if not m.lot], [m for m in metrics if m.lot]
    everyone = {m.key: m.values(ctx, players) for m in criteria if not m.by_group}
    shown: dict[int, dict[str, float | None]] = {p: {} for p in players}
    columns = [(m.key, everyone.get(m.key)) for m in metrics]  # each metric's values for everyone, or None
    rows: list[Row] = []
    for tie_class in _order(sorted(players, key=lambda p: (str(ctx.keys.get(p, p)), p)), criteria, ctx, shown,
                            everyone):
        rank = len(rows) + 1
        for lot in lots:
            drawn = lot.values(ctx, tie_class)
            for p in tie_class:
                shown[p][lot.key] = drawn[p]
            tie_class = sorted(tie_class, key=lambda p, drawn=drawn: -drawn[p])
        for p in tie_class:
            mine = shown[p]
            values = tuple([(key, float(column[p])) if column is not None else
                            (key, None if mine.get(key) is None else float(mine[key])) for key, column in columns])
            rows.append(Row(rank, p, values, len(tie_class) > 1))
    return rows
