"""Ratings: one round at a time equals a recompute from scratch; honest predictions (pure code)."""

from __future__ import annotations

import math
import random

import pytest

from tournament.leagues.predictions import measure
from tournament.leagues.ratings import RatedGame, RatingState, apply_round, by_period, rate, rate_state


def _season(rounds: int = 12, players: int = 16, seed: int = 3) -> list[RatedGame]:
    rng = random.Random(seed)
    games = []
    for number in range(rounds):
        field = rng.sample(range(players), 10)  # some sit rounds out: their deviation grows
        for a, b in zip(field[::2], field[1::2], strict=True):
            games.append(RatedGame((number // 4, number % 4), a, b, rng.choice([0.0, 0.5, 1.0, 1.0])))
    return games


def test_adding_one_round_incrementally_equals_a_recompute_from_scratch():
    games = _season()
    periods = by_period(games)
    state = RatingState()
    for period, played in periods:  # round by round, as results come in
        apply_round(state, period, played)
    scratch = rate_state(games)
    assert state.ratings.keys() == scratch.ratings.keys()
    for player, rating in scratch.ratings.items():
        assert state.ratings[player] == pytest.approx(rating)
    assert dict(state.history) == dict(scratch.history)
    ratings, _history = rate(games)
    assert ratings == scratch.now()


def test_a_round_out_of_order_is_refused_so_a_past_correction_recomputes():
    games = _season(rounds=4)
    state = rate_state(games)
    with pytest.raises(ValueError):
        apply_round(state, (0, 1), [RatedGame((0, 1), 1, 2, 1.0)])


def test_predictions_beat_a_coin_when_the_stronger_player_usually_wins():
    rng = random.Random(7)
    skill = [rng.gauss(0, 1.5) for _ in range(30)]
    games = []
    for number in range(40):
        field = rng.sample(range(30), 30)
        for a, b in zip(field[::2], field[1::2], strict=True):
            win = rng.random() < 1 / (1 + math.exp(-(skill[a] - skill[b])))
            games.append(RatedGame((number,), a, b, 1.0 if win else 0.0))
    result = measure(games)
    assert result.games == len(games)
    assert result.accuracy > 0.6 and result.log_loss < result.coin_log_loss
    assert 0.5 <= result.baseline_accuracy <= 1 and result.baseline_called < result.games


def test_predictions_use_only_what_was_known_before_the_game():
    # Ann beats Bob in round 1 (two new players: an even chance, half a hit), then Bob beats Ann:
    # the rating (and the points) favoured Ann, so the second prediction misses.
    games = [RatedGame((1,), "ann", "bob", 1.0), RatedGame((2,), "ann", "bob", 0.0), RatedGame((2,), "cat", "dan", 0.5)]
    result = measure(games)
    assert result.games == 2  # the draw is left out
    assert result.accuracy == pytest.approx(0.25) and result.baseline_accuracy == pytest.approx(0.25)
    assert result.log_loss > result.coin_log_loss
    assert measure([]).accuracy is None


def _pairs(result) -> set[frozenset]:
    return {frozenset(x for x in (p.a, p.b) if x is not None) for p in result.pairings}


def _rated(n: int, unrated: tuple[int, ...] = ()) -> list:
    from tournament.pairing.engine import Entrant

    # ids 1..n, rated 2000 down: id 1 is the strongest; listed in a jumbled order
    return [Entrant(id=i, score=0, rank=k, rating=None if i in unrated else 2000.0 - 10 * i)
            for k, i in enumerate(sorted(range(1, n + 1), key=lambda i: (i * 7) % n))]


def test_round_one_by_rating_folded_pairs_first_with_the_middle():
    from tournament.pairing.engine import PairingOptions, pair_round

    result = pair_round(_rated(8), 1, PairingOptions(round1="rating_folded", seed=5))
    assert _pairs(result) == {frozenset(p) for p in ((1, 5), (2, 6), (3, 7), (4, 8))}
    odd = pair_round(_rated(7), 1, PairingOptions(round1="rating_folded", seed=5))
    assert _pairs(odd) == {frozenset(p) for p in ((1, 4), (2, 5), (3, 6), (7,))}  # the lowest-rated takes the bye


def test_round_one_by_rating_folds_a_big_field_through_the_sparse_graph():
    from tournament.pairing.engine import DENSE_UP_TO, PairingOptions, pair_round

    n = DENSE_UP_TO + 52  # 180 players
    result = pair_round(_rated(n), 1, PairingOptions(round1="rating_folded", seed=5))
    assert _pairs(result) == {frozenset((i, i + n // 2)) for i in range(1, n // 2 + 1)}


def test_round_one_by_rating_accelerated_folds_each_half():
    from tournament.pairing.engine import PairingOptions, pair_round

    result = pair_round(_rated(8), 1, PairingOptions(round1="rating_accelerated", seed=5))
    assert _pairs(result) == {frozenset(p) for p in ((1, 3), (2, 4), (5, 7), (6, 8))}
    ten = pair_round(_rated(10), 1, PairingOptions(round1="rating_accelerated", seed=5))  # top 6, bottom 4
    assert _pairs(ten) == {frozenset(p) for p in ((1, 4), (2, 5), (3, 6), (7, 9), (8, 10))}


def test_round_one_by_rating_puts_unrated_players_last_and_still_avoids_club_mates():
    from dataclasses import replace

    from tournament.pairing.engine import PairingOptions, pair_round

    field = _rated(8, unrated=(2, 3))  # order: 1 4 5 6 | 7 8 and the two unrated
    pairs = _pairs(pair_round(field, 1, PairingOptions(round1="rating_folded", seed=5)))
    assert {frozenset((1, 7)), frozenset((4, 8))} <= pairs and frozenset((2, 3)) not in pairs
    assert {frozenset((5, 2)), frozenset((6, 3))} == pairs - {frozenset((1, 7)), frozenset((4, 8))} or \
        {frozenset((5, 3)), frozenset((6, 2))} == pairs - {frozenset((1, 7)), frozenset((4, 8))}
    clubs = [replace(e, club="Bath") if e.id in (1, 5) else e for e in _rated(8)]
    avoided = pair_round(clubs, 1, PairingOptions(round1="rating_folded", seed=5))
    # the club clash 1 v 5 is swapped within the fold (1 v 6, 2 v 5), not into 1 v 2 or 1 v 4
    assert _pairs(avoided) == {frozenset(p) for p in ((1, 6), (2, 5), (3, 7), (4, 8))}


def test_calibration_groups_games_by_the_favourites_chance():
    rng = random.Random(11)
    skill = [rng.gauss(0, 2) for _ in range(20)]
    games = []
    for number in range(60):
        field = rng.sample(range(20), 20)
        for a, b in zip(field[::2], field[1::2], strict=True):
            win = rng.random() < 1 / (1 + math.exp(-(skill[a] - skill[b])))
            games.append(RatedGame((number,), a, b, 1.0 if win else 0.0))
    result = measure(games)
    bins = result.calibration
    assert [(b.low, b.high) for b in bins] == sorted((b.low, b.high) for b in bins)
    # round 1 (new players: an even chance) and later even matches have no favourite
    assert result.games - 40 < sum(b.games for b in bins) <= result.games - 10
    assert all(b.low <= b.expected <= b.high and 0 <= b.observed <= 1 for b in bins)
    assert bins[-1].observed > bins[0].observed  # surer favourites won more often


# Hand-computed Glicko-2 (Glickman, "Example of the Glicko-2 system"): a player who does not compete keeps
# rating and volatility, and phi grows to sqrt(phi^2 + sigma^2) per period missed (step 6), on the Glicko-2
# scale (173.7178). For 1500/200/0.06: 200 / 173.7178 = 1.151293, squared 1.325475;
#   one period missed:  sqrt(1.325475 + 0.0036) * 173.7178 = 200.2714
#   two periods missed: sqrt(1.325475 + 0.0072) * 173.7178 = 200.5425
# At the cap: 349 / 173.7178 = 2.009004, squared 4.036098; ten periods: sqrt(4.036098 + 0.036) * 173.7178
# = 350.553, above an unrated player's 350, so 350.
# Glickman's worked example (1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300) gives 1464.06 / 151.52;
# the same games after one and two missed periods (steps 1-8 worked with the grown phi above) give
# 1463.995 / 151.634 and 1463.939 / 151.751.
GLICKMAN_OPPONENTS = {"o1": (1400.0, 30.0, 1.0), "o2": (1550.0, 100.0, 0.0), "o3": (1700.0, 300.0, 0.0)}


def _returning(missed: int, deviation: float = 200.0) -> RatingState:
    """`x` played period 0 and has missed `missed` periods since; its opponents played the last one."""
    from tournament.leagues.ratings import Rating

    ratings = {"x": Rating(1500.0, deviation, 0.06)}
    ratings.update({o: Rating(r, rd, 0.06) for o, (r, rd, _s) in GLICKMAN_OPPONENTS.items()})
    last = {"x": 0, **dict.fromkeys(GLICKMAN_OPPONENTS, missed)}
    return RatingState(ratings=ratings, last_played=last, periods=missed + 1, last_period=(missed,))


@pytest.mark.parametrize(("missed", "deviation"), [(0, 200.0), (1, 200.2714), (2, 200.5425)])
def test_a_returning_players_deviation_grows_once_per_period_missed(missed, deviation):
    state = _returning(missed)
    assert state.missed("x") == missed
    assert state.before("x").deviation == pytest.approx(deviation, abs=1e-3)
    assert state.before("x").rating == 1500.0 and state.before("x").volatility == 0.06
    assert state.now()["x"].deviation == pytest.approx(deviation, abs=1e-3)  # what a page shows


@pytest.mark.parametrize(("missed", "rating", "deviation"),
                         [(0, 1464.051, 151.517), (1, 1463.995, 151.634), (2, 1463.939, 151.751)])
def test_glickmans_example_played_after_missed_periods(missed, rating, deviation):
    state = _returning(missed)
    period = (missed + 1,)
    apply_round(state, period, [RatedGame(period, "x", o, s) for o, (_r, _rd, s) in GLICKMAN_OPPONENTS.items()])
    assert state.ratings["x"].rating == pytest.approx(rating, abs=1e-3)
    assert state.ratings["x"].deviation == pytest.approx(deviation, abs=1e-3)


def test_idle_growth_stops_at_an_unrated_players_deviation():
    state = _returning(10, deviation=349.0)
    assert state.before("x").deviation == 350.0  # not 350.553
    assert _returning(0, deviation=349.0).before("x").deviation == 349.0


def test_ratings_shown_after_a_season_include_the_periods_missed_since_the_last_game():
    games = [RatedGame((1,), "a", "b", 1.0), RatedGame((1,), "c", "d", 0.5), RatedGame((2,), "a", "c", 0.0),
             RatedGame((3,), "a", "c", 1.0)]
    shown, history = rate(games)
    last = history["b"][-1]  # b played period 1 only and missed 2 and 3
    grown = math.sqrt((last.deviation / 173.7178) ** 2 + 2 * shown["b"].volatility ** 2) * 173.7178
    assert shown["b"].deviation == pytest.approx(grown) and shown["b"].deviation > last.deviation
    assert shown["b"].rating == last.rating
    assert shown["a"].deviation == history["a"][-1].deviation  # played the last period


# An independent Glicko-2: Glickman's steps 1-8 written out from the paper ("Example of the Glicko-2 system",
# 2013; step 5 by the Illinois algorithm, epsilon 0.000001), sharing no code with the module or the library.
def _paper_update(r: float, rd: float, sigma: float, games: list[tuple[float, float, float]], tau: float = 0.5):
    scale = 173.7178
    mu, phi = (r - 1500) / scale, rd / scale

    def g(p):
        return 1 / math.sqrt(1 + 3 * p * p / math.pi ** 2)

    def e(mu_j, phi_j):
        return 1 / (1 + math.exp(-g(phi_j) * (mu - mu_j)))

    opponents = [((rj - 1500) / scale, rdj / scale, s) for rj, rdj, s in games]
    v = 1 / sum(g(pj) ** 2 * e(mj, pj) * (1 - e(mj, pj)) for mj, pj, _s in opponents)
    delta = v * sum(g(pj) * (s - e(mj, pj)) for mj, pj, s in opponents)
    a = math.log(sigma ** 2)

    def f(x):
        ex = math.exp(x)
        return ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2) - (x - a) / tau ** 2

    big_a = a
    if delta ** 2 > phi ** 2 + v:
        big_b = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > 0.000001:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    new_sigma = math.exp(big_a / 2)
    phi_star = math.sqrt(phi ** 2 + new_sigma ** 2)
    new_phi = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)
    new_mu = mu + new_phi ** 2 * sum(g(pj) * (s - e(mj, pj)) for mj, pj, s in opponents)
    return 1500 + scale * new_mu, scale * new_phi, new_sigma


GLICKMAN_GAMES = [(1400.0, 30.0, 1.0), (1550.0, 100.0, 0.0), (1700.0, 300.0, 0.0)]


@pytest.mark.parametrize(("player", "games"), [
    ((1500.0, 200.0, 0.06), GLICKMAN_GAMES),  # Glickman's own example
    ((1900.0, 200.0, 0.06), GLICKMAN_GAMES),  # away from 1500: the library's step 5 would differ
    ((1500.0, 200.0, 0.09), GLICKMAN_GAMES),  # a volatile player moves more
    ((1500.0, 50.0, 0.2), [(2100.0, 50.0, 1.0)] * 3),  # a settled, volatile player's big surprise
    ((1650.0, 80.0, 0.05), [(1500.0, 60.0, 0.5), (1800.0, 250.0, 1.0)]),
])
def test_one_period_matches_glickmans_steps_written_out(player, games):
    from tournament.leagues.ratings import Rating, update

    after = update(Rating(*player), [(Rating(r, rd), s) for r, rd, s in games])
    rating, deviation, volatility = _paper_update(*player, games)
    assert after.rating == pytest.approx(rating, abs=1e-3)
    assert after.deviation == pytest.approx(deviation, abs=1e-3)
    # the same iteration from the same start: equal to the last digits, so a change in step 5's f(x) smaller
    # than the iteration's own epsilon still shows
    assert after.volatility == pytest.approx(volatility, abs=1e-8)


@pytest.mark.parametrize(("player", "opponent"), [((1700.0, 50.0), (1500.0, 120.0)), ((1450.0, 300.0), (1600.0, 30.0))])
def test_the_predicted_chance_is_glicko2s_expectation_over_both_deviations(player, opponent):
    from tournament.leagues.ratings import Rating, expected_score

    scale = 173.7178
    phi = math.sqrt(player[1] ** 2 + opponent[1] ** 2) / scale
    g = 1 / math.sqrt(1 + 3 * phi * phi / math.pi ** 2)
    chance = 1 / (1 + math.exp(-g * (player[0] - opponent[0]) / scale))
    assert expected_score(Rating(*player), Rating(*opponent)) == pytest.approx(chance, abs=1e-9)


def test_a_returning_player_keeps_their_own_volatility():
    from tournament.leagues.ratings import Rating

    # 200 / 173.7178 = 1.151293, squared 1.325475; two periods at sigma 0.09: + 2 * 0.0081 = 1.341675;
    # sqrt 1.158307 * 173.7178 = 201.2186
    state = RatingState(ratings={"x": Rating(1500.0, 200.0, 0.09)}, last_played={"x": 0}, periods=3, last_period=(2,))
    assert state.before("x").deviation == pytest.approx(201.2186, abs=1e-3)
    assert state.before("x").volatility == 0.09


def test_the_same_round_rated_twice_is_refused():
    state = rate_state([RatedGame((0, 1), 1, 2, 1.0)])
    with pytest.raises(ValueError):
        apply_round(state, (0, 1), [RatedGame((0, 1), 3, 4, 1.0)])


def test_a_leagues_own_tau_reaches_every_period():
    from tournament.leagues.ratings import Rating, update

    games = [RatedGame((1,), "a", "b", 1.0), RatedGame((2,), "a", "b", 0.0)]
    first = update(Rating(), [(Rating(), 1.0)], tau=1.2)
    second = update(first, [(update(Rating(), [(Rating(), 0.0)], tau=1.2), 0.0)], tau=1.2)
    shown, _history = rate(games, tau=1.2)
    assert shown["a"] == second
    assert rate(games)[0]["a"] != second  # the default tau (0.5) gives another volatility
