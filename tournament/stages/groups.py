"""Groups (pools) and who goes on from them (pure Python, no Django).

- `sizes`: the sizes of `count` groups for `players` players, as equal as they can be (sizes 3-8).
- `draw`: the groups from a seeding order: "seeded" deals the players out in a snake (1st to A, 2nd to B,
  ... and back: the strongest are spread over the groups), "random" shuffles them with the recorded seed
  first and deals them out in turn.
- `check_assignment`: the organizer's own groups (period groups), checked.
- `winners_and_runners_up`: the group winners and the best runners-up (then the best thirds...) up to K,
  compared across groups by the event's own ranking keys and tie-breaks, in the order its standings apply
  them (points, or wins then points; then each tie-break), each per game played (groups may differ in size);
  a key that cannot compare players of different groups (head-to-head) is left out; then the group's order.
- `placement_seeds`: play-offs between groups, place by place: 1st v 1st, 2nd v 2nd...
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tournament.stages.schedule import MAX_GROUP, MIN_GROUP


class GroupError(ValueError):
    """A group layout that cannot be played; `code` names what is wrong (for the message)."""

    def __init__(self, code: str, **params):
        super().__init__(code)
        self.code = code
        self.params = params


def sizes(players: int, count: int) -> list[int]:
    if count < 1:
        raise GroupError("no_groups")
    base, extra = divmod(players, count)
    result = [base + 1] * extra + [base] * (count - extra)
    if min(result) < MIN_GROUP or max(result) > MAX_GROUP:
        raise GroupError("group_size", players=players, groups=count, low=MIN_GROUP, high=MAX_GROUP)
    return result


def draw(order: Sequence[int], count: int, method: str, seed: int = 0) -> list[list[int]]:
    """Groups of the players in `order` (the seeding order, best first), each in seeding order."""
    sizes(len(order), count)
    players = list(order)
    if method == "random":
        random.Random(seed).shuffle(players)
        return [players[g::count] for g in range(count)]
    if method != "seeded":
        raise GroupError("method", method=method)
    groups: list[list[int]] = [[] for _ in range(count)]
    for i, player in enumerate(players):
        lap, place = divmod(i, count)
        groups[place if lap % 2 == 0 else count - 1 - place].append(player)
    return groups


def check_assignment(players: Sequence[int], chosen: Mapping[int, int], count: int) -> list[list[int]]:
    """The organizer's groups: every player in exactly one of groups 1..count, sizes 3-8."""
    missing = [p for p in players if p not in chosen]
    if missing:
        raise GroupError("unassigned", players=missing)
    groups: list[list[int]] = [[] for _ in range(count)]
    for p in players:
        g = chosen[p]
        if not 1 <= g <= count:
            raise GroupError("group_number", player=p, group=g)
        groups[g - 1].append(p)
    for number, members in enumerate(groups, 1):
        if not MIN_GROUP <= len(members) <= MAX_GROUP:
            raise GroupError("one_group_size", group=number, size=len(members), low=MIN_GROUP, high=MAX_GROUP)
    return groups


@dataclass(frozen=True)
class Key:
    """One of the event's ranking keys or tie-breaks, as a player's value in their group table."""

    value: float | None  # None: does not compare players of different groups (head-to-head)
    ascending: bool = False  # True: fewer is better
    per_game: bool = True  # False: not a total over the games (a drawn lot)


@dataclass(frozen=True)
class Placed:
    """A player's line in a group table: the games they played and their values of the event's keys, in order."""

    player: int
    games: int
    keys: tuple[Key, ...] = ()


def _strength(p: Placed, order: int) -> tuple:
    """Higher values first (fewer, for an ascending key), per game played; the group's order last."""
    result: list[float] = []
    for key in p.keys:
        if key.value is None:
            continue
        value = key.value
        if key.per_game:
            value = value / p.games if p.games else 0.0
        result.append(value if key.ascending else -value)
    return (*result, order)


def top(table: Sequence[int], k: int) -> list[int]:
    if not 2 <= k <= len(table):
        raise GroupError("cut_size", k=k, players=len(table))
    return list(table[:k])


def winners_and_runners_up(tables: Sequence[Sequence[Placed]], k: int) -> list[int]:
    """The qualifiers in seeding order: the winners (best first), then the best runners-up, and so on."""
    if not len(tables) <= k <= sum(len(t) for t in tables):
        raise GroupError("cut_size", k=k, players=sum(len(t) for t in tables))
    result: list[int] = []
    place = 0
    while len(result) < k:
        line = [(t[place], g) for g, t in enumerate(tables) if place < len(t)]
        line.sort(key=lambda pg: _strength(pg[0], pg[1]))
        result += [p.player for p, _g in line][: k - len(result)]
        place += 1
    return result


def placement_seeds(tables: Sequence[Sequence[Placed]]) -> list[int | None]:
    """Seeds for play-offs between groups (brackets.placement): place by place, the group winners first, then the
    runners-up ...; within a place the better first, compared as `winners_and_runners_up` does; None where a
    group has no player of that place."""
    seeds: list[int | None] = []
    for place in range(max((len(t) for t in tables), default=0)):
        line = sorted(((t[place], g) for g, t in enumerate(tables) if place < len(t)), key=lambda pg: _strength(*pg))
        seeds += [p.player for p, _g in line] + [None] * (len(tables) - len(line))
    return seeds
