"""Standings, tie-breaks and the ties settled after them (pure Python): a small registry of metrics, applied in the
event's order, then the event's own decisions on the ties left.

Players are ranked by points (or by wins, then points, when the scoring says so), then by each tie-break in turn, each one only separating the players
still tied on everything before it (so head-to-head looks at the games among exactly those players).
Players tied on every metric share a rank (1, =2, =2, 4).

Conventions (stated on the standings page by tournament/results/explain.py):
- A bye counts as a win everywhere: the preset's bye points in Points, one in Wins. A bye is not an
  opponent, so it adds nothing to countback or strength of schedule (SoS = the sum of the opponents' Wins).
- Elements destroyed and lost (and the margin) count Scythed Chariots lost where the edition counts them toward
  victory (DBA 3.0, not 2.2: `sch_counts`), as the victory conditions do.
- Head-to-head applies to a tied group only when every pair in it has played (`h2h_all_met`, the default);
  otherwise it does not separate them and shows no value (None).
- The drawn lot (`seeded_random`) is not a criterion of rank: it is always applied last, only orders the
  players who share a rank (for prizes), and is shown with its seed so anyone can repeat it.

Ties left after every tie-break may be settled the way the event settles them (`settle`): by a playoff game, an
umpire's decision, a recorded die roll or lot, or left sharing the place. A settlement names the tied players in
their decided order. It applies to a tie of exactly those players (a correction that changes the tie leaves it
unapplied, and the page says so); then they take successive ranks, except for a shared place, which keeps them level.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import groupby
from operator import attrgetter
from typing import NamedTuple

from tournament.results.shorthand import GameResult, SideResult


class PlayedGame(NamedTuple):
    """A game as the ranking reads it (a plain tuple: a 1,000-player event makes thousands)."""

    round: int
    a: int
    b: int | None  # None: a bye
    result: GameResult | None
    points_a: int
    points_b: int


class Row(NamedTuple):
    rank: int
    player: int
    values: dict[str, float | None]  # each metric's value, in the metrics' order; None: it does not apply (head-to-head)
    shared: bool
    settled: str = ""  # how a tie after every tie-break was settled (`settle` below), if it was


@dataclass
class Context:
    """The games' tallies per player: points and opponents at once (every ranking reads them), each other tally
    when a metric first asks for it (a ranking reads only its own tie-breaks')."""

    games: Sequence[PlayedGame]
    seed: int = 0
    keys: Mapping[int, str] = field(default_factory=dict)
    h2h_all_met: bool = True
    sch_counts: bool = False  # Scythed Chariots lost count as elements (the edition counts them toward victory)
    points: dict[int, float] = field(default_factory=lambda: defaultdict(float))
    opponents: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    decided: list[tuple[int, int, GameResult]] = field(default_factory=list, init=False)  # (a, b, result) per result

    def __post_init__(self) -> None:
        points, opponents, decided = self.points, self.opponents, self.decided
        for _round, a, b, result, points_a, points_b in self.games:
            points[a] += points_a
            if b is None:
                continue
            points[b] += points_b
            opponents[a].append(b)
            opponents[b].append(a)
            if result is not None:
                decided.append((a, b, result))

    @cached_property
    def wins(self) -> dict[int, int]:
        wins: dict[int, int] = defaultdict(int)
        for g in self.games:
            if g.b is None:
                wins[g.a] += 1  # a bye counts as a win (as its points do)
        for a, b, result in self.decided:
            wins[a] += result.outcome == "a"
            wins[b] += result.outcome == "b"
        return wins

    def _summed(self, value: Callable[[SideResult], int], own: bool) -> dict[int, int]:
        """Per player, `value` of their own side (`own`) or of their opponent's, summed over the decided games."""
        total: dict[int, int] = defaultdict(int)
        if own:
            for a, b, result in self.decided:
                total[a] += value(result.a)
                total[b] += value(result.b)
        else:
            for a, b, result in self.decided:
                total[a] += value(result.b)
                total[b] += value(result.a)
        return total

    def elements(self, side: SideResult) -> int:
        """The elements a side lost, as the element tie-breaks count them."""
        return side.elements_lost + side.sch_lost if self.sch_counts else side.elements_lost

    @cached_property
    def destroyed(self) -> dict[int, int]:
        return self._summed(self.elements, own=False)

    @cached_property
    def lost(self) -> dict[int, int]:
        return self._summed(self.elements, own=True)

    @cached_property
    def generals(self) -> dict[int, int]:
        return self._summed(attrgetter("general_lost"), own=False)

    @cached_property
    def camps(self) -> dict[int, int]:
        return self._summed(attrgetter("camp_lost"), own=False)

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
        others = len(members) - 1
        opponents = ctx.opponents
        if ctx.h2h_all_met and any(len(opponents.get(p, ())) < others for p in members):
            return False  # a player with fewer games than the group has other players did not meet them all
        # the pairs of the group that met, from the members' own games (not from every pair of the group: a
        # tie of 500 players after round one is 125,000 pairs; nor from every game of the event, once a group)
        met = {frozenset((p, o)) for p in members for o in opponents.get(p, ()) if o in members}
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
        points, opponents = ctx.points.__getitem__, ctx.opponents
        return {p: sum(map(points, opponents[p])) for p in group}


class StrengthOfSchedule(Metric):
    """Strength of schedule: the sum of your opponents' Wins (their byes count; a bye is not an opponent)."""

    key, name = "sos", "Strength of schedule"

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, float]:
        wins, opponents = ctx.wins.__getitem__, ctx.opponents
        return {p: sum(map(wins, opponents[p])) for p in group}


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
    return int.from_bytes(hashlib.sha256(f"{seed}:{key}".encode()).digest()[:3])  # 3 bytes: 6 hex digits


# A player's lot never changes: each table of their event, after every result, draws it again. Kept per process
# (a few thousand players' events at once; `draw_lot` itself stays a plain function, as the tests mutate it).
_drawn = lru_cache(maxsize=8192)(draw_lot)


class SeededRandom(Metric):
    """A drawn lot that the event's recorded seed makes repeatable (see `draw_lot`)."""

    key, name, lot = "seeded_random", "Lot", True

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, float]:
        return {p: _drawn(ctx.seed, str(ctx.keys.get(p, p))) for p in group}


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
    metric = metrics[0]
    if metric.key in everyone:  # it and the metrics after it up to one that depends on the group: one sort
        upto = 1
        while upto < len(metrics) and metrics[upto].key in everyone:
            upto += 1
        return _split(group, [(everyone[m.key], m.ascending) for m in metrics[:upto]], metrics[upto:], ctx, shown,
                      everyone)
    if not metric.applies(ctx, group):
        for p in group:
            shown[p][metric.key] = None
        return _order(group, metrics[1:], ctx, shown, everyone)
    values = metric.values(ctx, group)
    for p, value in values.items():
        shown[p][metric.key] = value
    return _split(group, [(values, metric.ascending)], metrics[1:], ctx, shown, everyone)


def _split(group: list[int], columns: list[tuple[Mapping[int, float], bool]], rest: list[Metric], ctx: Context,
           shown: dict, everyone: dict) -> list[list[int]]:
    """The tie classes of `group` by `columns` (each metric's values, and whether fewer is better) at once, best
    first and, within a class, in the group's order; each class split further by `rest`."""
    # each player's key: their values, negated where more is better (the columns are the group's, so equal lengths)
    keys = list(zip(*([values[p] if ascending else -values[p] for p in group] for values, ascending in columns)))  # noqa: B905
    by_key = keys.__getitem__
    classes = [[group[index] for index in indices]  # the sort is stable: players level keep the group's order
               for _key, indices in groupby(sorted(range(len(group)), key=by_key), key=by_key)]
    if not rest:
        return classes
    return [split for players in classes for split in _order(players, rest, ctx, shown, everyone)]


def metric_keys(tiebreaks: Sequence[str], ranking: Sequence[str] = ("points",)) -> list[str]:
    """The scoring's ranking keys (points; or wins, then points), then the known tie-breaks in the event's order,
    the drawn lot (if any) last."""
    primary = list(dict.fromkeys(ranking)) or ["points"]
    known = [k for k in dict.fromkeys(tiebreaks) if k in REGISTRY and k not in primary]
    return primary + [k for k in known if not REGISTRY[k].lot] + [k for k in known if REGISTRY[k].lot]


def standings(players: Sequence[int], games: Sequence[PlayedGame], tiebreaks: Sequence[str],
              *, seed: int = 0, keys: Mapping[int, str] | None = None,
              h2h_all_met: bool = True, ranking: Sequence[str] = ("points",), sch_counts: bool = False) -> list[Row]:
    """Rank `players` (a dropped player is ranked like anyone: the caller marks them). `sch_counts`: Scythed Chariots
    lost count in the element tie-breaks, as the edition counts them toward victory (3.0, not 2.2).

    Players equal on every criterion share a rank; a drawn lot, if among the tie-breaks, only orders them."""
    ctx = Context(games, seed, keys or {}, h2h_all_met, sch_counts)
    metrics = [REGISTRY[k]() for k in metric_keys(tiebreaks, ranking)]
    criteria, lots = [m for m in metrics if not m.lot], [m for m in metrics if m.lot]
    everyone = {m.key: m.values(ctx, players) for m in metrics if not m.by_group}  # a drawn lot's too: one draw each
    shown: dict[int, dict[str, float | None]] = {p: {} for p in players}
    classes = []  # (rank, the players sharing it in their order, whether they are more than one)
    placed = 0
    for tie_class in _order(sorted(players, key=lambda p: (str(ctx.keys.get(p, p)), p)), criteria, ctx, shown,
                            everyone):
        shared = len(tie_class) > 1
        if shared:
            for lot in lots:
                tie_class = sorted(tie_class, key=lambda p, drawn=everyone[lot.key]: -drawn[p])
        classes.append((placed + 1, tie_class, shared))
        placed += len(tie_class)
    values = _columns(metrics, players, everyone, shown)
    return [Row(rank, p, values[p], shared) for rank, tie_class, shared in classes for p in tie_class]


def _columns(metrics, players, everyone, shown) -> dict[int, dict[str, float | None]]:
    """Each metric's value per player: everyone's where computed for everyone, else as far as the ordering needed it."""
    values: dict[int, dict[str, float | None]] = {p: {} for p in players}
    for metric in metrics:
        column = everyone.get(metric.key)
        for p in players:
            value = column[p] if column is not None else shown[p].get(metric.key)
            values[p][metric.key] = None if value is None else float(value)
    return values


# The ties left after every tie-break, settled by the event.

KINDS = ("playoff", "umpire", "lot", "shared")


@dataclass(frozen=True)
class Settlement:
    kind: str  # one of KINDS
    players: tuple[int, ...]  # in the decided order


def tied_groups(rows: Sequence[Row]) -> list[tuple[int, ...]]:
    """The players sharing each shared rank, in table order."""
    groups: dict[int, list[int]] = {}
    for row in rows:
        if row.shared:
            groups.setdefault(row.rank, []).append(row.player)
    return [tuple(players) for players in groups.values()]


def settle(rows: Sequence[Row], settlements: Sequence[Settlement]) -> tuple[list[Row], list[Settlement]]:
    """The rows with every matching settlement applied, and the settlements that applied. `rows` as
    `tiebreaks.standings` ranks them: the rows sharing a rank are next to each other."""
    if not settlements:  # nothing to apply: the rows as they are
        return list(rows), []
    by_set = {frozenset(s.players): s for s in settlements}
    out: list[Row] = []
    applied: list[Settlement] = []
    index = 0
    while index < len(rows):
        row = rows[index]
        end = index + 1
        while row.shared and end < len(rows) and rows[end].rank == row.rank:  # the rows sharing its rank
            end += 1
        group = rows[index:end]
        found = by_set.get(frozenset(r.player for r in group)) if row.shared else None
        if found is None:
            out += group
        else:
            applied.append(found)
            ordered = sorted(group, key=lambda r: found.players.index(r.player))
            shared = found.kind == "shared"
            out += [r._replace(rank=row.rank if shared else row.rank + k, shared=shared, settled=found.kind)
                    for k, r in enumerate(ordered)]
        index += len(group)
    return out, applied


def settlements_of(decisions: Sequence[dict]) -> list[Settlement]:
    """The settlements of an event's recorded decisions (`Event.tie_decisions`, checked when recorded)."""
    return [Settlement(d["kind"], tuple(d["players"])) for d in decisions or ()
            if d.get("kind") in KINDS and len(d.get("players") or ()) >= 2]
