"""A single-elimination bracket rebuilt from its played games (pure Python): for a finished event imported
from a table of its games, whose rows say who played whom but not the seeds or the bracket's matches.

The games make a tree: each game's two players come from their previous game in the bracket (its winner)
or enter there; a game's loser plays no more (except in the third-place game), and exactly one game, the
final, has a winner who plays no more. `fit` places that tree in `brackets.single(n)` (the top seeds take
the byes), trying the winner's side as the upper half first, so the champion is seed 1 where the shape
allows; given `rank`, the order the app would have seeded them in, the better-ranked side first, which gives
back the app's own seeds when the games are the ones it paired), and keeps the first placing where `brackets.resolve` gives every game's recorded winner: a game
ended on time on level points goes through to whoever played on, so that player must hold the better seed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from tournament.stages import brackets

MAX_PLAYERS = 64
MAX_TRIES = 5_000  # placings checked against the app's bracket
MAX_STEPS = 200_000  # matches tried: a file's bracket cannot make the search run long


@dataclass(frozen=True)
class Played:
    key: int  # the game's row, for messages
    round: int
    a: str
    b: str
    winner: str | None  # None: ended on time, level on points


@dataclass(frozen=True)
class Fitted:
    seeds: list[str]  # seed 1 first
    slots: dict[int, str]  # game key -> match code
    final: int  # the key of the final
    semis: tuple[int, ...]  # the keys of the games whose winners played the final


class Unfit(ValueError):
    """`code`: "lost" (a player plays on after losing), "shape" (not one bracket) or "third"; `key`: the row."""

    def __init__(self, code: str, key: int, **params):
        super().__init__(code)
        self.code = code
        self.key = key
        self.params = params


def _other(game: Played, player: str) -> str:
    return game.b if player == game.a else game.a


def fit(games: Sequence[Played], third: Sequence[Played] = (), rank: Sequence[str] = ()) -> Fitted:
    if not games:
        raise Unfit("shape", third[0].key if third else 0, players=0)
    games = sorted(games, key=lambda g: (g.round, g.key))
    history: dict[str, list[Played]] = {}
    for game in games:
        for p in (game.a, game.b):
            history.setdefault(p, []).append(game)

    def step(game: Played, player: str, by: int) -> Played | None:
        mine = history[player]
        i = mine.index(game) + by
        return mine[i] if 0 <= i < len(mine) else None

    winner: dict[int, str | None] = {}
    roots = []
    for game in games:
        on = [p for p in (game.a, game.b) if step(game, p, 1) is not None]
        w = game.winner
        if w is None and len(on) == 2:
            raise Unfit("shape", games[-1].key, players=len(history))
        if w is None and on:
            w = on[0]
        if w is not None and step(game, _other(game, w), 1) is not None:
            raise Unfit("lost", step(game, _other(game, w), 1).key, player=_other(game, w), row=game.key)
        winner[game.key] = w
        if w is None or step(game, w, 1) is None:
            roots.append(game)
    n = len(history)
    if len(roots) != 1 or n > MAX_PLAYERS:
        raise Unfit("shape", games[-1].key, players=n)
    root = roots[0]

    def tree(game: Played) -> tuple:
        """(the game, where side A came from, where side B came from): an earlier game's tree, or the player."""
        children = []
        for p in (game.a, game.b):
            previous = step(game, p, -1)
            children.append(tree(previous) if previous is not None else p)
        return (game, *children)

    bracket = brackets.single(n, third_place=bool(third))
    by_code = {m.code: m for m in bracket.matches}

    steps = [0]

    def match(code: str, node, seeds: dict, slots: dict) -> Iterator[tuple[dict, dict]]:
        steps[0] += 1
        if steps[0] > MAX_STEPS:
            raise Unfit("shape", games[-1].key, players=n)
        m = by_code[code]
        if isinstance(node, str):  # entering here: this match is a walkover against an empty place
            for src, other in ((m.a, m.b), (m.b, m.a)):
                if other.kind == "seed" and int(other.ref) > n:
                    yield from source(src, node, seeds, slots)
            return
        game, ca, cb = node
        w = winner[game.key]
        orders = [(cb, ca), (ca, cb)] if w is not None and w == game.b else [(ca, cb), (cb, ca)]
        if rank and best(ca) != best(cb):
            orders.sort(key=lambda pair: best(pair[0]))
        for x, y in orders:
            for s1, l1 in source(m.a, x, seeds, {**slots, game.key: code}):
                yield from source(m.b, y, s1, l1)

    place = {p: i for i, p in enumerate(rank)}

    def best(node) -> int:
        if isinstance(node, str):
            return place.get(node, len(place))
        return min(best(node[1]), best(node[2]))

    def source(src: brackets.Source, node, seeds: dict, slots: dict) -> Iterator[tuple[dict, dict]]:
        if src.kind == "seed":
            if isinstance(node, str) and int(src.ref) <= n:
                yield {**seeds, int(src.ref): node}, slots
        elif src.kind == "winner":
            yield from match(str(src.ref), node, seeds, slots)

    semis = tuple(g.key for g in (step(root, root.a, -1), step(root, root.b, -1)) if g is not None)
    lost = {_other(g, winner[g.key]) for g in games if g.key in semis}
    if third and (len(third) > 1 or len(semis) < 2 or {third[0].a, third[0].b} != lost):
        raise Unfit("third", third[-1].key)
    final_code = f"W{bracket.columns}-1"
    for tries, (seeds, slots) in enumerate(match(final_code, tree(root), {}, {})):
        if tries >= MAX_TRIES:
            break
        order = [seeds[s] for s in range(1, n + 1)]
        if third:
            slots = {**slots, third[0].key: "3P"}
        if _agrees(bracket, order, slots, [*games, *third], winner):
            return Fitted(order, slots, root.key, semis)
    raise Unfit("shape", games[-1].key, players=n)


def _agrees(bracket: brackets.Bracket, order: list[str], slots: dict[int, str], games: Sequence[Played],
            winner: dict[int, str | None]) -> bool:
    """The app's own bracket, from these seeds and results, has exactly these games and winners."""
    seed = {p: i for i, p in enumerate(order, 1)}
    won: dict[str, str] = {}
    for game in games:
        w = game.winner or winner.get(game.key)
        if w is None:  # level on time with nobody playing on: the better seed goes through, as in the app
            w = game.a if seed[game.a] < seed[game.b] else game.b
        elif game.winner is None and seed[w] > seed[_other(game, w)]:
            return False
        won[slots[game.key]] = w
    states = brackets.resolve(bracket, order, won)
    by_slot = {slots[g.key]: g for g in games}
    for code, state in states.items():
        game = by_slot.get(code)
        if game is None:
            if not state.walkover:
                return False
        elif {state.a, state.b} != {game.a, game.b} or state.winner != won[code]:
            return False
    return True
