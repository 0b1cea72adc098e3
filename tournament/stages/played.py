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


class _Games:
    """The played games as a tree: each player's games in round order, each game's winner, and the final."""

    def __init__(self, games: Sequence[Played]):
        self.games = sorted(games, key=lambda g: (g.round, g.key))
        self.history: dict[str, list[Played]] = {}
        for game in self.games:
            for p in (game.a, game.b):
                self.history.setdefault(p, []).append(game)
        self.players = len(self.history)
        self.winner: dict[int, str | None] = {}
        roots = []
        for game in self.games:
            w = self._winner_of(game)
            self.winner[game.key] = w
            if w is None or self.step(game, w, 1) is None:
                roots.append(game)
        if len(roots) != 1 or self.players > MAX_PLAYERS:
            raise self.unfit()
        self.root = roots[0]

    def unfit(self) -> Unfit:
        """Not one bracket (named at the last game)."""
        return Unfit("shape", self.games[-1].key, players=self.players)

    def step(self, game: Played, player: str, by: int) -> Played | None:
        """The player's game `by` games after (or before) this one; None past their first or last."""
        mine = self.history[player]
        i = mine.index(game) + by
        return mine[i] if 0 <= i < len(mine) else None

    def _winner_of(self, game: Played) -> str | None:
        """The recorded winner, or, for a game ended on time on level points, whoever played on (None: nobody)."""
        on = [p for p in (game.a, game.b) if self.step(game, p, 1) is not None]
        w = game.winner
        if w is None and len(on) == 2:
            raise self.unfit()
        if w is None and on:
            w = on[0]
        if w is not None:
            loser_next = self.step(game, _other(game, w), 1)
            if loser_next is not None:
                raise Unfit("lost", loser_next.key, player=_other(game, w), row=game.key)
        return w

    def tree(self, game: Played) -> tuple:
        """(the game, where side A came from, where side B came from): an earlier game's tree, or the player."""
        children = []
        for p in (game.a, game.b):
            previous = self.step(game, p, -1)
            children.append(self.tree(previous) if previous is not None else p)
        return (game, *children)

    def semis(self) -> tuple[int, ...]:
        """The keys of the games whose winners played the final."""
        root = self.root
        return tuple(g.key for g in (self.step(root, root.a, -1), self.step(root, root.b, -1)) if g is not None)


class _Placings:
    """Every way of placing the games' tree in the bracket, as (seeds, slots): the seed each entering player
    takes, and the match code of each game; the winner's side first, or the better-ranked side given `rank`."""

    def __init__(self, played: _Games, bracket: brackets.Bracket, rank: Sequence[str]):
        self.played = played
        self.n = played.players
        self.by_code = {m.code: m for m in bracket.matches}
        self.ranked = bool(rank)
        self.place = {p: i for i, p in enumerate(rank)}
        self.steps = 0

    def of(self, code: str) -> Iterator[tuple[dict, dict]]:
        """The placings of the final's tree with the final at match `code`."""
        return self._match(code, self.played.tree(self.played.root), {}, {})

    def _best(self, node) -> int:
        """The best rank of a player in this tree (unranked players last)."""
        if isinstance(node, str):
            return self.place.get(node, len(self.place))
        return min(self._best(node[1]), self._best(node[2]))

    def _orders(self, node) -> list[tuple]:
        """The two ways to put a game's sides in a match's places, in the order they are tried."""
        game, ca, cb = node
        w = self.played.winner[game.key]
        orders = [(cb, ca), (ca, cb)] if w is not None and w == game.b else [(ca, cb), (cb, ca)]
        if self.ranked and self._best(ca) != self._best(cb):
            orders.sort(key=lambda pair: self._best(pair[0]))
        return orders

    def _match(self, code: str, node, seeds: dict, slots: dict) -> Iterator[tuple[dict, dict]]:
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise self.played.unfit()
        m = self.by_code[code]
        if isinstance(node, str):  # entering here: this match is a walkover against an empty place
            for src, other in ((m.a, m.b), (m.b, m.a)):
                if other.kind == "seed" and int(other.ref) > self.n:
                    yield from self._source(src, node, seeds, slots)
            return
        game = node[0]
        for x, y in self._orders(node):
            for s1, l1 in self._source(m.a, x, seeds, {**slots, game.key: code}):
                yield from self._source(m.b, y, s1, l1)

    def _source(self, src: brackets.Source, node, seeds: dict, slots: dict) -> Iterator[tuple[dict, dict]]:
        if src.kind == "seed":
            if isinstance(node, str) and int(src.ref) <= self.n:
                yield {**seeds, int(src.ref): node}, slots
        elif src.kind == "winner":
            yield from self._match(str(src.ref), node, seeds, slots)


def _check_third(played: _Games, semis: tuple[int, ...], third: Sequence[Played]) -> None:
    """The third-place game, if any, is one game between the semi-finals' losers."""
    if not third:
        return
    lost = {_other(g, played.winner[g.key]) for g in played.games if g.key in semis}
    if len(third) > 1 or len(semis) < 2 or {third[0].a, third[0].b} != lost:
        raise Unfit("third", third[-1].key)


def fit(games: Sequence[Played], third: Sequence[Played] = (), rank: Sequence[str] = ()) -> Fitted:
    if not games:
        raise Unfit("shape", third[0].key if third else 0, players=0)
    played = _Games(games)
    n = played.players
    bracket = brackets.single(n, third_place=bool(third))
    semis = played.semis()
    _check_third(played, semis, third)
    placings = _Placings(played, bracket, rank).of(f"W{bracket.columns}-1")
    for tries, (seeds, slots) in enumerate(placings):
        if tries >= MAX_TRIES:
            break
        order = [seeds[s] for s in range(1, n + 1)]
        if third:
            slots = {**slots, third[0].key: "3P"}
        if _agrees(bracket, order, slots, [*played.games, *third], played.winner):
            return Fitted(order, slots, played.root.key, semis)
    raise played.unfit()


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
