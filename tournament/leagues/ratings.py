"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013), pure Python.

The arithmetic of one rating period is the maintained `glicko2` library's (with one correction, see
`_Player`); this module groups games into periods and keeps history. `rate(games)` takes games in order,
grouped into rating periods (one period per round of an event), and returns each player's rating and their history.

Players who sit a period out keep their rating and volatility; their deviation grows as Glicko-2's step 6 for
a player who did not compete says, once per period missed: phi' = sqrt(phi^2 + sigma^2), so after k periods
sqrt(phi^2 + k sigma^2). It is capped at the deviation of an unrated player (350), as Glicko (Glickman 1995)
caps it: a long absence makes a player as uncertain as a newcomer, never more. A rating shown anywhere is
`RatingState.now()`: as of the last period rated, grown for the periods the player has missed since.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field

import glicko2

SCALE = 173.7178
DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
DEFAULT_TAU = 0.5


@dataclass(frozen=True)
class Rating:
    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY


@dataclass(frozen=True)
class RatedGame:
    """One game: `score_a` is 1 (a won), 0.5 (a draw) or 0 (b won). `period` orders and groups games."""

    period: tuple
    a: Hashable
    b: Hashable
    score_a: float


@dataclass(frozen=True)
class HistoryPoint:
    period: tuple
    rating: float
    deviation: float


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The chance that `player` beats `opponent` (draws counting half), as Glicko-2 sees it."""
    mu, mu_j = (player.rating - DEFAULT_RATING) / SCALE, (opponent.rating - DEFAULT_RATING) / SCALE
    phi = math.sqrt(player.deviation ** 2 + opponent.deviation ** 2) / SCALE
    return _expected(mu, mu_j, phi)


class _Player(glicko2.Player):
    """The `glicko2` library's player, with f(x) of step 5 as Glickman writes it: the library squares the
    rating (mu) where the paper has the deviation (phi). Glickman's own example starts at mu = 0, so it cannot
    tell the two apart; a player rated 1900 can (tests/leagues/unit/test_ratings.py)."""

    def _f(self, x: float, delta: float, v: float, a: float) -> float:
        ex = math.exp(x)
        phi2 = (self.rd / SCALE) ** 2
        return ex * (delta * delta - phi2 - v - ex) / (2 * (phi2 + v + ex) ** 2) - (x - a) / (self._tau * self._tau)


def update(player: Rating, results: Sequence[tuple[Rating, float]], tau: float = DEFAULT_TAU) -> Rating:
    """The player's rating after one rating period against `results` = [(opponent's rating, score)]; the
    arithmetic is the `glicko2` library's."""
    one = _Player(player.rating, player.deviation, player.volatility)
    one._tau = tau
    if not results:
        one.did_not_compete()
    else:
        one.update_player([o.rating for o, _ in results], [o.deviation for o, _ in results],
                          [score for _, score in results])
    return Rating(one.rating, one.rd, one.vol)


def _idle(rating: Rating, periods: int) -> Rating:
    """Deviation growth for `periods` periods without games (volatility unchanged), capped at the start value."""
    if periods <= 0:
        return rating
    phi = rating.deviation / SCALE
    grown = math.sqrt(phi * phi + periods * rating.volatility * rating.volatility) * SCALE
    return Rating(rating.rating, min(grown, DEFAULT_DEVIATION), rating.volatility)


@dataclass
class RatingState:
    """Stored ratings: every player's rating, the index of the last period they played and how many
    periods have been rated. `apply_round` moves it on by one period, so a new round costs one round's
    work, not the league's; a correction in a past round needs `rate` again from the start."""

    ratings: dict[Hashable, Rating] = field(default_factory=dict)
    last_played: dict[Hashable, int] = field(default_factory=dict)
    periods: int = 0
    last_period: tuple | None = None
    history: dict[Hashable, list[HistoryPoint]] = field(default_factory=lambda: defaultdict(list))

    def missed(self, player: Hashable) -> int:
        """Periods rated since the player last played (0 for one who played the last period or never did)."""
        return self.periods - self.last_played.get(player, self.periods - 1) - 1

    def before(self, player: Hashable) -> Rating:
        """The player's rating going into the next period (deviation grown for the periods missed)."""
        return _idle(self.ratings.get(player, Rating()), self.missed(player))

    def now(self) -> dict[Hashable, Rating]:
        """Every rated player's rating as it stands after the last period: what a page shows."""
        return {player: self.before(player) for player in self.ratings}


def apply_round(state: RatingState, period: tuple, games: Sequence[RatedGame], tau: float = DEFAULT_TAU) -> RatingState:
    """Rate one period's games (one round) on top of `state`, in place; returns `state`.

    Periods must come in order: a period not after the last one rated is refused (rate from scratch)."""
    if state.last_period is not None and period <= state.last_period:
        raise ValueError("a round before or equal to the last rated round needs a recompute from scratch")
    results: dict[Hashable, list[tuple[Hashable, float]]] = defaultdict(list)
    for game in games:
        results[game.a].append((game.b, game.score_a))
        results[game.b].append((game.a, 1 - game.score_a))
    before = {p: state.before(p) for p in results}
    index = state.periods
    for player, played in results.items():
        state.ratings[player] = update(before[player], [(before[o], s) for o, s in played], tau)
        state.last_played[player] = index
        state.history[player].append(HistoryPoint(period, state.ratings[player].rating, state.ratings[player].deviation))
    state.periods += 1
    state.last_period = period
    return state


def by_period(games: Iterable[RatedGame]) -> list[tuple[tuple, list[RatedGame]]]:
    """Games grouped by period, periods in order."""
    grouped: dict[tuple, list[RatedGame]] = defaultdict(list)
    for game in games:
        grouped[game.period].append(game)
    return sorted(grouped.items(), key=lambda item: item[0])


def rate_state(games: Iterable[RatedGame], tau: float = DEFAULT_TAU) -> RatingState:
    """Every game from scratch, one `apply_round` per period."""
    state = RatingState()
    for period, played in by_period(games):
        apply_round(state, period, played, tau)
    return state


def rate(games: Iterable[RatedGame], tau: float = DEFAULT_TAU) -> tuple[dict, dict[Hashable, list[HistoryPoint]]]:
    """Every player's rating after all `games` (as shown: grown for the periods missed since they last played),
    and their rating after each period they played in."""
    state = rate_state(games, tau)
    return state.now(), dict(state.history)
