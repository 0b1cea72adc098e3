"""Groups (pools) and who goes on from them (pure Python, no Django).

- `sizes`: the sizes of `count` groups for `players` players, as equal as they can be (sizes 3-8).
- `draw`: the groups from a seeding order: "seeded" deals the players out in a snake (1st to A, 2nd to B,
  ... and back: the strongest are spread over the groups), "random" shuffles them with the recorded seed
  first and deals them out in turn.
- `check_assignment`: the organizer's own groups (period groups), checked.
- `winners_and_runners_up`: the group winners and the best runners-up (then the best thirds...) up to K,
  compared across groups by the event's own ranking keys and tie-breaks, in the order its standings apply
  them (points, or wins then points; then each tie-break), each per game played (groups may differ in size);
  a key that cannot compare players of different groups (head-to-head) is left out; players level on every key
  in the order of a decision the event recorded for them (`decided`: a playoff, a lot, the umpire's), else in the
  group's order, which `level_across` names for the caller to refuse a cut through them.
- `level_across`: the players of one place in different groups level on every key, no decision ordering them;
  `placement_level`: those the play-offs between groups would seed by their groups' order (not two who meet in
  their place's first game), for the caller to refuse the draw through them.
- `placings`: the final places from the groups, place by place, players level on every key sharing a place.
- `placement_seeds`: play-offs between groups, place by place: 1st v 1st, 2nd v 2nd...
- `crossed`: those seeds moved so that no first-round match of the bracket after the groups replays a group
  game (A1 v B2 and B1 v A2, not A1 v A2 and B1 v B2), whenever that can be done: the first seeds (the
  group winners) stay where they are, and the runners-up (then the thirds...) move only as far as needed.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Hashable, Mapping, Sequence
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
    place: int = 0  # the place in the group's table, shared only by players sharing it there (0: its line's)


def _values(p: Placed) -> tuple[float, ...]:
    result: list[float] = []
    for key in p.keys:
        if key.value is None:
            continue
        value = key.value
        if key.per_game:
            value = value / p.games if p.games else 0.0
        result.append(value if key.ascending else -value)
    return tuple(result)


def _ordered(line: Sequence[tuple[Placed, int]], decided: Sequence[Sequence[int]]) -> list[tuple[tuple, Placed, int]]:
    """A place's players of the groups, best first, each with their key: their values, then their place in the
    first decision `decided` recorded for all the players level with them (0 without one), then the group's
    order (which decides nothing: `level_across`)."""
    level: dict[tuple, list[int]] = {}
    for p, _g in line:
        level.setdefault(_values(p), []).append(p.player)
    position: dict[int, int] = {}
    for players in level.values():
        found = next((order for order in decided if len(players) > 1 and set(players) <= set(order)), None)
        if found is not None:
            position.update({p: list(found).index(p) for p in players})
    keyed = [((*_values(p), position.get(p.player, 0)), p, g) for p, g in line]
    return sorted(keyed, key=lambda kpg: (kpg[0], kpg[2]))


def _line(tables: Sequence[Sequence[Placed]], place: int) -> list[tuple[Placed, int]]:
    return [(t[place], g) for g, t in enumerate(tables) if place < len(t)]


def _level_sets(tables: Sequence[Sequence[Placed]], decided: Sequence[Sequence[int]]) -> list[list[tuple[int, int]]]:
    """Each set of players of one place in different groups that nothing orders (`level_across`), as (their seed in
    their place's line, 1 the best, as `placement_seeds` deals it; the player), in the order the groups give them."""
    sets = []
    for place in range(max((len(t) for t in tables), default=0)):
        by_key: dict[tuple, list[tuple[int, int]]] = {}
        for seed, (key, p, _g) in enumerate(_ordered(_line(tables, place), decided), 1):
            by_key.setdefault(key, []).append((seed, p.player))
        sets += [level for level in by_key.values() if len(level) > 1]
    return sets


def level_across(tables: Sequence[Sequence[Placed]], decided: Sequence[Sequence[int]] = ()) -> list[tuple[int, ...]]:
    """The players of the same place in different groups that nothing the event compares them by orders (every key
    level, no decision in `decided` for them): one tuple per such set, in the order the groups give them."""
    return [tuple(p for _seed, p in level) for level in _level_sets(tables, decided)]


def placement_level(tables: Sequence[Sequence[Placed]], first_round: Sequence[tuple[int, int]],
                    decided: Sequence[Sequence[int]] = ()) -> list[tuple[int, ...]]:
    """The sets of `level_across` whose order the play-offs' seeds (`placement_seeds`) would take from the groups'
    letters alone: every set but two players who meet each other in the first round of their place's bracket
    (`first_round`: the seeds of a place, 1 its best, that meet there, `brackets.first_round` for the number of
    groups; between two groups, (1, 2): the game they play decides)."""
    meet = {frozenset(pair) for pair in first_round}
    return [tuple(p for _seed, p in level) for level in _level_sets(tables, decided)
            if len(level) > 2 or frozenset(seed for seed, _p in level) not in meet]


def top(table: Sequence[int], k: int) -> list[int]:
    if not 2 <= k <= len(table):
        raise GroupError("cut_size", k=k, players=len(table))
    return list(table[:k])


def winners_and_runners_up(tables: Sequence[Sequence[Placed]], k: int,
                           decided: Sequence[Sequence[int]] = ()) -> list[int]:
    """The qualifiers in seeding order: the winners (best first), then the best runners-up, and so on."""
    if not len(tables) <= k <= sum(len(t) for t in tables):
        raise GroupError("cut_size", k=k, players=sum(len(t) for t in tables))
    result: list[int] = []
    place = 0
    while len(result) < k:
        result += [p.player for _key, p, _g in _ordered(_line(tables, place), decided)][: k - len(result)]
        place += 1
    return result


def placement_seeds(tables: Sequence[Sequence[Placed]], decided: Sequence[Sequence[int]] = ()) -> list[int | None]:
    """Seeds for play-offs between groups (brackets.placement): place by place, the group winners first, then the
    runners-up ...; within a place the better first, compared as `winners_and_runners_up` does; None where a
    group has no player of that place."""
    seeds: list[int | None] = []
    for place in range(max((len(t) for t in tables), default=0)):
        line = _ordered(_line(tables, place), decided)
        seeds += [p.player for _key, p, _g in line] + [None] * (len(tables) - len(line))
    return seeds


def placings(tables: Sequence[Sequence[Placed]], decided: Sequence[Sequence[int]] = ()) -> list[tuple[int, int]]:
    """(place, player) from the groups alone, best first: the players of each place in their group's table (`Placed.
    place`: players sharing it there are of one place), compared across the groups as `winners_and_runners_up` does;
    players level on every key, or sharing their place in one group, share the final place (2, 2, 4)."""
    lines: dict[int, list[tuple[Placed, int]]] = {}
    for g, table in enumerate(tables):
        for index, p in enumerate(table):
            lines.setdefault(p.place or index + 1, []).append((p, g))
    result: list[tuple[int, int]] = []
    for place in sorted(lines):
        units: list[tuple[tuple, list[int]]] = []  # (key, players): a group's players sharing their place go as one,
        shared: dict[int, list[int]] = {}  # at their best's key (the line's players all hold the same place)
        for key, p, g in _ordered(lines[place], decided):
            if p.place > 0 and g in shared:
                shared[g].append(p.player)
                continue
            units.append((key, [p.player]))
            if p.place > 0:
                shared[g] = units[-1][1]
        before: tuple | None = None
        for key, players in units:
            rank = result[-1][0] if before is not None and key == before else len(result) + 1
            result += [(rank, player) for player in players]
            before = key
    return result


def crossed(order: Sequence[int], group_of: Mapping[int, Hashable], keep: int,
            first_round: Sequence[tuple[int, int]]) -> list[int]:
    """The seeds `order` (best first) rearranged so that no first-round match pairs two players of the same group,
    whenever that is possible. `first_round`: the seed numbers (1 the best) that meet in the bracket's first round,
    a seed beyond the entrants being a bye (`brackets.first_round`); `group_of`: each player's group (a player
    without one meets anybody). The first `keep` seeds (the group winners) stay as they are; every later seed, from
    the best, keeps its player if the seeds after it can still be filled without a same-group match, or else
    takes the best player after it who allows that (a runner-up moves up or down a seed or two; a third moves into
    the runners-up only when no runner-up can take the place). When no arrangement avoids every same-group match,
    the seeds stay as they are."""
    n = len(order)
    keep = min(keep, n)
    opponent: dict[int, int] = {}
    for a, b in first_round:
        opponent[a], opponent[b] = b, a

    def group(player: int) -> Hashable:
        g = group_of.get(player)
        return ("alone", player) if g is None else g

    placed = {seed: order[seed - 1] for seed in range(1, keep + 1)}
    left = list(order[keep:])
    if not _can_fill(placed, left, n, opponent, group):
        return list(order)
    for seed in range(keep + 1, n + 1):
        against = placed.get(opponent.get(seed, 0))
        for player in left:
            if against is not None and group(against) == group(player):
                continue
            rest = [p for p in left if p != player]
            if _can_fill({**placed, seed: player}, rest, n, opponent, group):
                placed[seed] = player
                left = rest
                break
    return [placed[seed] for seed in range(1, n + 1)]


def _can_fill(placed: Mapping[int, int], left: Sequence[int], n: int, opponent: Mapping[int, int], group) -> bool:
    """Whether the players `left` fill the seeds not `placed` (of 1..n) with no first-round match inside a group.

    A free seed facing a bye takes anybody; one facing a placed player, anybody of another group; two free seeds
    facing each other, two players of different groups (P such matches take any 2P players of whom no group has
    more than P). A flow from the groups to those three kinds of places says whether everyone fits."""
    free = [s for s in range(1, n + 1) if s not in placed]
    anybody = 0
    not_of: dict[Hashable, int] = {}  # the group a free seed's placed opponent is of: how many such seeds
    pairs = 0
    for seed in free:
        other = opponent.get(seed, 0)
        if not 1 <= other <= n:
            anybody += 1
        elif other in placed:
            g = group(placed[other])
            not_of[g] = not_of.get(g, 0) + 1
        elif seed < other:
            pairs += 1
    counts: dict[Hashable, int] = {}
    for p in left:
        counts[group(p)] = counts.get(group(p), 0) + 1
    # The flow network: source -> each group -> each kind of place -> sink.
    source, sink, anyone, paired = ("source",), ("sink",), ("anybody",), ("pairs",)
    capacity: dict[Hashable, dict[Hashable, int]] = {source: {}, anyone: {sink: anybody}, paired: {sink: 2 * pairs}}
    for h, seats in not_of.items():
        capacity[("not", h)] = {sink: seats}
    for g, count in counts.items():
        node = ("group", g)
        capacity[source][node] = count
        capacity[node] = {anyone: count, paired: min(count, pairs)}
        capacity[node].update({("not", h): count for h in not_of if h != g})
    return _max_flow(capacity, source, sink) == len(left)


def _max_flow(capacity: dict[Hashable, dict[Hashable, int]], source: Hashable, sink: Hashable) -> int:
    """Edmonds-Karp on a small network (`capacity` is changed into the residual network)."""
    for node, edges in list(capacity.items()):
        for other in edges:
            capacity.setdefault(other, {}).setdefault(node, 0)
    total = 0
    while True:
        parent: dict[Hashable, Hashable] = {source: source}
        queue = deque([source])
        while queue and sink not in parent:
            node = queue.popleft()
            for other, room in capacity[node].items():
                if room > 0 and other not in parent:
                    parent[other] = node
                    queue.append(other)
        if sink not in parent:
            return total
        path = []
        node = sink
        while node != source:
            path.append((parent[node], node))
            node = parent[node]
        push = min(capacity[a][b] for a, b in path)
        for a, b in path:
            capacity[a][b] -= push
            capacity[b][a] += push
        total += push
