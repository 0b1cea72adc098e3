"""Knockout brackets: single elimination, double elimination and placement play-offs (pure Python).

A bracket is generated whole from the number of entrants: every match names where its two players come
from (a seed, or the winner or loser of an earlier match), so the bracket never needs storing; only the
seeds and the winners do. `resolve` walks the matches in order and says who plays in each, who won,
and which matches are ready to be played. Seeds beyond the entrants are empty places (BYE): a player
facing one goes through without a game (a walkover), and the loser of a walkover is nobody.

- single(n, third_place): the standard seeded bracket (1 v 8, 4 v 5, 2 v 7, 3 v 6 ...), the top seeds
  taking the byes when n is not a power of two; a third-place game between the semi-final losers.
- double(n): a winners' bracket and a losers' bracket (the losers of each winners' round drop into it),
  then a grand final between the two brackets' winners; if the losers' bracket player wins it, both have
  lost once and a reset game (`GF2`) decides the title: a player's second loss ends their event. The
  reset is needed only then; otherwise it is decided without a game (`MatchState.needed` is False).
- placement(n, groups): play-offs between groups, the seeds dealt place by place (the group winners first,
  then the runners-up ...). Between two groups, independent games 1 v 2, 3 v 4 ... (1st A v 1st B, 2nd A v
  2nd B ...): the winner takes the better place of the two. Between more groups, a single-elimination
  bracket per place (the group winners play for places 1 to G, the runners-up for G+1 to 2G ...), with a
  third-place game if asked for; its match codes are the place's number and the bracket's own code
  (`P1-W1-1`, `P2-3P`).

Places (`placings`) come from the bracket's `places`: who finishes where, best first; the losers of one
round of a bracket share a place (5th = the four quarter-final losers).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

BYE = -1

MAIN, LOSERS, GRAND, THIRD, PLACEMENT, RESET = "main", "losers", "grand", "third", "placement", "reset"


@dataclass(frozen=True)
class Source:
    kind: str  # "seed" | "winner" | "loser" | "bye" (an empty place that no seed fills)
    ref: int | str  # a seed number (1 the best) or a match code


@dataclass(frozen=True)
class Match:
    code: str
    column: int  # the bracket's round, for the page (1 the first)
    side: str  # MAIN, LOSERS, GRAND, RESET, THIRD or PLACEMENT
    a: Source
    b: Source


@dataclass(frozen=True)
class Bracket:
    kind: str
    entrants: int
    matches: tuple[Match, ...]  # every source comes earlier in this order
    places: tuple[tuple[str, tuple[str, ...]], ...]  # ("winner" | "loser", match codes), best first
    groups: int = 0  # placement play-offs: between how many groups (the size of each place's bracket)

    @property
    def columns(self) -> int:
        return max((m.column for m in self.matches if m.side == MAIN), default=0)


@dataclass(frozen=True)
class MatchState:
    match: Match
    a: int | None  # None: not known yet; BYE: nobody
    b: int | None
    winner: int | None
    loser: int | None
    conflict: bool = False  # the recorded winner did not play this match (an earlier result was corrected)
    needed: bool = True  # False: a grand final's reset game that is not (or not yet) to be played
    forfeit: bool = False  # won without a game: the loser dropped out before it was played

    @property
    def playable(self) -> bool:
        """Both players known and real, and no winner yet: a game to pair (again, after a conflict)."""
        return self.needed and self.winner is None and _real(self.a) and _real(self.b)

    @property
    def walkover(self) -> bool:
        return (self.a == BYE) != (self.b == BYE)


def _real(player: int | None) -> bool:
    return player is not None and player != BYE


def seed_order(size: int) -> list[int]:
    """Seeds in bracket order for a power of two: [1, 8, 4, 5, 2, 7, 3, 6] for 8."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def first_round(n: int) -> list[tuple[int, int]]:
    """The seeds that meet in the first round of a single- or double-elimination bracket of `n` entrants, in
    bracket order ([(1, 8), (4, 5), (2, 7), (3, 6)] for 8); a seed beyond `n` is an empty place (a bye)."""
    _rounds, size = _size(n, 2)
    order = seed_order(size)
    return [(order[i], order[i + 1]) for i in range(0, size, 2)]


def _size(n: int, least: int) -> tuple[int, int]:
    if n < least:
        raise ValueError(f"a bracket needs at least {least} entrants")
    rounds = max(1, math.ceil(math.log2(n)))
    return rounds, 2 ** rounds


def _seed(s: int) -> Source:
    return Source("seed", s)


def _w(code: str) -> Source:
    return Source("winner", code)


def _l(code: str) -> Source:
    return Source("loser", code)


def _winners_bracket(rounds: int, size: int, prefix: str = "W") -> list[Match]:
    order = seed_order(size)
    matches = [Match(f"{prefix}1-{i + 1}", 1, MAIN, _seed(order[2 * i]), _seed(order[2 * i + 1]))
               for i in range(size // 2)]
    for r in range(2, rounds + 1):
        matches += [Match(f"{prefix}{r}-{i + 1}", r, MAIN, _w(f"{prefix}{r - 1}-{2 * i + 1}"),
                          _w(f"{prefix}{r - 1}-{2 * i + 2}")) for i in range(size // 2 ** r)]
    return matches


def single(n: int, third_place: bool = True) -> Bracket:
    rounds, size = _size(n, 2)
    matches = _winners_bracket(rounds, size)
    final = f"W{rounds}-1"
    places: list[tuple[str, tuple[str, ...]]] = [("winner", (final,)), ("loser", (final,))]
    if rounds >= 2:
        semis = (f"W{rounds - 1}-1", f"W{rounds - 1}-2")
        if third_place:
            matches.append(Match("3P", rounds, THIRD, _l(semis[0]), _l(semis[1])))
            places += [("winner", ("3P",)), ("loser", ("3P",))]
        else:
            places.append(("loser", semis))
    for r in range(rounds - 2, 0, -1):
        places.append(("loser", tuple(m.code for m in matches if m.side == MAIN and m.column == r)))
    return Bracket("single", n, tuple(matches), tuple(places))


def double(n: int, reset: bool = True) -> Bracket:
    """Winners' and losers' brackets and a grand final; with `reset`, a second grand final (GF2) when the losers'
    bracket player wins the first (without it, the first grand final decides the title)."""
    rounds, size = _size(n, 3)
    winners = _winners_bracket(rounds, size)
    losers: list[Match] = [Match(f"L1-{i + 1}", 1, LOSERS, _l(f"W1-{2 * i + 1}"), _l(f"W1-{2 * i + 2}"))
                           for i in range(size // 4)]
    column = 1
    for r in range(2, rounds + 1):
        previous = [m.code for m in losers if m.column == column]
        dropping = [f"W{r}-{i + 1}" for i in range(size // 2 ** r)]
        dropping.reverse()  # the drop-ins meet the other half of the bracket: fewer early rematches
        column += 1
        losers += [Match(f"L{column}-{i + 1}", column, LOSERS, _w(code), _l(dropping[i]))
                   for i, code in enumerate(previous)]
        if len(previous) > 1:
            column += 1
            losers += [Match(f"L{column}-{i + 1}", column, LOSERS, _w(f"L{column - 1}-{2 * i + 1}"),
                             _w(f"L{column - 1}-{2 * i + 2}")) for i in range(len(previous) // 2)]
    grand = Match("GF", rounds + 1, GRAND, _w(f"W{rounds}-1"), _w(f"L{column}-1"))
    final = "GF2" if reset else "GF"
    places: list[tuple[str, tuple[str, ...]]] = [("winner", (final,)), ("loser", (final,))]
    for c in range(column, 0, -1):
        places.append(("loser", tuple(m.code for m in losers if m.column == c)))
    # Order of the matches: every source before the match that reads it (the reset after the grand final).
    ordered = _topological(winners + losers + [grand])
    if reset:
        ordered.append(Match("GF2", rounds + 2, RESET, grand.a, grand.b))  # the same two players, if it is needed
    return Bracket("double", n, tuple(ordered), tuple(places))


def placement(n: int, groups: int = 2, third_place: bool = True) -> Bracket:
    """Play-offs between `groups` groups; `n` seeds, dealt place by place (None-padded to whole places)."""
    if groups < 2:
        raise ValueError("placement play-offs need at least 2 groups")
    if n < 2:
        raise ValueError("placement play-offs need at least 2 entrants")
    if groups == 2:
        games = (n + 1) // 2
        matches = [Match(f"P{i + 1}", 1, PLACEMENT, _seed(2 * i + 1), _seed(2 * i + 2)) for i in range(games)]
        places = tuple(p for m in matches for p in (("winner", (m.code,)), ("loser", (m.code,))))
        return Bracket("placement", n, tuple(matches), places, groups)
    one = single(groups, third_place)
    all_matches: list[Match] = []
    all_places: list[tuple[str, tuple[str, ...]]] = []
    for tier in range(1, math.ceil(n / groups) + 1):
        offset = (tier - 1) * groups

        def moved(source: Source, tier=tier, offset=offset) -> Source:
            if source.kind == "seed":  # a place beyond the groups in this place's bracket: nobody
                return Source("seed", int(source.ref) + offset) if int(source.ref) <= groups else Source("bye", 0)
            return Source(source.kind, f"P{tier}-{source.ref}")

        all_matches += [Match(f"P{tier}-{m.code}", m.column, PLACEMENT, moved(m.a), moved(m.b)) for m in one.matches]
        all_places += [(who, tuple(f"P{tier}-{c}" for c in codes)) for who, codes in one.places]
    return Bracket("placement", n, tuple(all_matches), tuple(all_places), groups)


def placement_place(bracket: Bracket, match: Match) -> tuple[int, int, str]:
    """(first place, last place, the match's code in its place's bracket) of a placement play-off's match."""
    tier, _sep, code = match.code[1:].partition("-")
    if not code:  # between two groups: one game for two places
        first = 2 * int(tier) - 1
        return first, first + 1, match.code
    first = (int(tier) - 1) * bracket.groups + 1
    return first, first + bracket.groups - 1, code


def build(kind: str, n: int, third_place: bool = True, groups: int = 2, reset: bool = True) -> Bracket:
    if kind == "single":
        return single(n, third_place)
    if kind == "double":
        return double(n, reset)
    if kind == "placement":
        return placement(n, groups, third_place)
    raise ValueError(f"unknown bracket kind {kind!r}")


def _topological(matches: list[Match]) -> list[Match]:
    by_code = {m.code: m for m in matches}
    done: set[str] = set()
    result: list[Match] = []

    def visit(m: Match) -> None:
        if m.code in done:
            return
        for source in (m.a, m.b):
            if source.kind in ("winner", "loser"):
                visit(by_code[str(source.ref)])
        done.add(m.code)
        result.append(m)

    for m in matches:
        visit(m)
    return result


def resolve(bracket: Bracket, seeds: Sequence[int | None], winners: Mapping[str, int],
            played: Mapping[str, frozenset[int]] | None = None, absent: frozenset[int] = frozenset()
            ) -> dict[str, MatchState]:
    """Who plays each match, and who won it. `seeds[0]` is seed 1 (None: an empty place); `winners`: the
    winner of each match played so far, by match code, and `played`: the two players of that game. A game
    played by other players than the match's now (the result of an earlier match was corrected after this one
    was played) leaves the match undecided and marked as a conflict: it is to be played again, by the right
    players, even when its recorded winner is still one of them. A match not played yet (or to be played again)
    with a player in `absent` (who dropped out) is a walkover for the other one; between two absent players, for the better placed
    in the bracket's order (side A), who loses their next match the same way."""
    states: dict[str, MatchState] = {}
    played = played or {}

    def player(source: Source) -> int | None:
        if source.kind == "bye":
            return BYE
        if source.kind == "seed":
            s = int(source.ref)
            return seeds[s - 1] if s <= len(seeds) and seeds[s - 1] is not None else BYE
        state = states[str(source.ref)]
        return state.winner if source.kind == "winner" else state.loser

    for m in bracket.matches:
        if m.side == RESET:
            grand = states["GF"]
            if grand.winner is None or grand.walkover or grand.winner == grand.a:
                # Not needed: the winners' bracket player won the grand final (their first loss would be the
                # other's second); or not yet known.
                states[m.code] = MatchState(m, grand.a, grand.b, grand.winner, grand.loser, needed=False)
                continue
        states[m.code] = _decided(m, player(m.a), player(m.b), winners, played, absent)
    return states


def _decided(m: Match, a: int | None, b: int | None, winners: Mapping[str, int], played: Mapping[str, frozenset[int]],
             absent: frozenset[int]) -> MatchState:
    """One match's state from its two players (BYE: an empty place; None: not known yet), as `resolve` says."""
    if a == BYE and b == BYE:
        return MatchState(m, a, b, BYE, BYE)
    if a is None or b is None:
        return MatchState(m, a, b, None, None)
    if a == BYE or b == BYE:
        return MatchState(m, a, b, *((b, BYE) if a == BYE else (a, BYE)))
    if m.code in winners:
        winner = winners[m.code]
        if winner in (a, b) and played.get(m.code, frozenset((a, b))) == frozenset((a, b)):
            return MatchState(m, a, b, winner, b if winner == a else a)
        if a not in absent and b not in absent:
            return MatchState(m, a, b, None, None, conflict=True)
        # to be played again, but a player of it dropped out since: a walkover, as a match not played yet
    if a in absent or b in absent:
        winner, loser = (b, a) if a in absent and b not in absent else (a, b)
        return MatchState(m, a, b, winner, loser, forfeit=True)
    return MatchState(m, a, b, None, None)


def playable(states: Mapping[str, MatchState]) -> list[MatchState]:
    return [s for s in states.values() if s.playable]


def finished(states: Mapping[str, MatchState]) -> bool:
    return all(s.winner is not None for s in states.values())


def placings(bracket: Bracket, states: Mapping[str, MatchState]) -> list[tuple[int, int]]:
    """(place, player) from the best, as far as the bracket is decided; players who lose in the same
    round share a place. Empty places (BYE) take no place."""
    result: list[tuple[int, int]] = []
    place = 1
    for who, codes in bracket.places:
        chosen = [getattr(states[c], who) for c in codes]
        if any(p is None for p in chosen):
            break
        real = [p for p in chosen if p != BYE]
        result += [(place, p) for p in real]
        place += len(real)
    return result


def knockout_winner(outcome: str, points_a: int, points_b: int, seed_a: int, seed_b: int) -> str:
    """Who goes on from a knockout game: the winner; when time is called, the side with more points in
    the game, and on equal points the better seed. Returns "a" or "b"."""
    if outcome in ("a", "b"):
        return outcome
    if points_a != points_b:
        return "a" if points_a > points_b else "b"
    return "a" if seed_a < seed_b else "b"
