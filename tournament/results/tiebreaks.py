"""Standings and tie-breaks (pure Python): a small registry of metrics, applied in the event's order.

Players are ranked by points, then by each tie-break in turn, each one only separating the players
still tied on everything before it (so head-to-head looks at the games among exactly those players).
Players tied on every metric share a rank (1, 2, 2, 4).
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

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
    values: tuple[tuple[str, float], ...]
    shared: bool


@dataclass
class Context:
    games: Sequence[PlayedGame]
    seed: int = 0
    keys: Mapping[int, str] = field(default_factory=dict)
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


class Metric:
    key = ""
    name = ""
    ascending = False  # True: fewer is better
    shown = True

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, float]:
        raise NotImplementedError


def _simple(key: str, name: str, attribute: str, ascending: bool = False) -> type[Metric]:
    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, float]:
        table = getattr(ctx, attribute)
        return {p: table[p] for p in group}

    return type(f"{attribute.title()}Metric", (Metric,), {"key": key, "name": name, "ascending": ascending,
                                                          "values": values})


class HeadToHead(Metric):
    key, name = "head_to_head", "Head-to-head"

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, float]:
        members = set(group)
        scores = dict.fromkeys(group, 0.0)
        for g in ctx.games:
            if g.b is not None and g.a in members and g.b in members:
                scores[g.a] += g.points_a
                scores[g.b] += g.points_b
        return scores


class Countback(Metric):
    """NASAMW countback: the sum of all your opponents' final totals (byes excluded)."""

    key, name = "countback", "Countback"

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, float]:
        return {p: sum(ctx.points[o] for o in ctx.opponents[p]) for p in group}


class StrengthOfSchedule(Metric):
    """Strength of schedule: the games your opponents won (byes excluded)."""

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


class SeededRandom(Metric):
    """A random order that the event's recorded seed makes reproducible."""

    key, name, shown = "seeded_random", "Seeded random", False

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, float]:
        def draw(p: int) -> float:
            digest = hashlib.sha256(f"{ctx.seed}:{ctx.keys.get(p, p)}".encode()).digest()
            return int.from_bytes(digest[:8], "big") / 2**64

        return {p: draw(p) for p in group}


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


def _order(group: list[int], metrics: list[Metric], ctx: Context, shown: dict) -> list[list[int]]:
    if not metrics or len(group) < 2:
        for metric in metrics:  # still show the player's value for the remaining metrics
            for p, value in metric.values(ctx, group).items():
                shown[p][metric.key] = value
        return [group]
    metric, rest = metrics[0], metrics[1:]
    values = metric.values(ctx, group)
    for p, value in values.items():
        shown[p][metric.key] = value
    ordered = sorted(set(values.values()), reverse=not metric.ascending)
    classes: list[list[int]] = []
    for value in ordered:
        classes += _order([p for p in group if values[p] == value], rest, ctx, shown)
    return classes


def standings(players: Sequence[int], games: Sequence[PlayedGame], tiebreaks: Sequence[str],
              dropped: Collection[int] = (), *, seed: int = 0, keys: Mapping[int, str] | None = None) -> list[Row]:
    """Rank `players` (dropped ones stay in, ranked normally: the caller marks them)."""
    ctx = Context(games, seed, keys or {})
    metrics = [REGISTRY["points"]()] + [REGISTRY[k]() for k in tiebreaks if k in REGISTRY and k != "points"]
    shown: dict[int, dict[str, float]] = {p: {} for p in players}
    rows: list[Row] = []
    for tie_class in _order(sorted(players, key=lambda p: str(ctx.keys.get(p, p))), metrics, ctx, shown):
        rank = len(rows) + 1
        for p in tie_class:
            values = tuple((m.key, float(shown[p].get(m.key, 0))) for m in metrics if m.shown)
            rows.append(Row(rank, p, values, len(tie_class) > 1))
    return rows
