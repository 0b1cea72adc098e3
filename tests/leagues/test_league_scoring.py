"""League scoring's best-N property (hypothesis) and rule in words, and Glicko-2 ratings; the league table's
examples are in tests/leagues/unit/test_league_table.py."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.leagues import scoring
from tournament.leagues.presets import league_rule
from tournament.leagues.ratings import RatedGame, Rating, rate, update
from tournament.leagues.scoring import Placing, league_table


def test_the_soa_rule_in_words_has_no_extrapolation_note_and_a_point_for_every_finisher(db):
    from tournament.leagues.rules import rule_in_words
    from tournament.models import League

    lines = rule_in_words(League(scoring_preset="soa-best5"))
    assert not any("extrapolation" in line for line in lines)
    assert "Places further down score 1." in lines
    assert any("8/7/6/5/4/3/2" in line for line in lines) and any("13/12/11/10" in line for line in lines)


def test_glicko2_matches_glickmans_published_example():
    """Glickman (2013), "Example of the Glicko-2 system": 1500/200/0.06 against 1400/30 (win), 1550/100 (loss),
    1700/300 (loss), tau 0.5 -> mu' -0.2069, phi' 0.8722, sigma' 0.05999 (r' 1464.06, RD' 151.52)."""
    after = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)], tau=0.5)
    assert round((after.rating - 1500) / 173.7178, 4) == -0.2069
    assert round(after.deviation / 173.7178, 4) == 0.8722
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_volatility_follows_the_paper_for_a_player_away_from_1500():
    """Step 5's f(x) has phi^2 (the deviation) where the `glicko2` library has mu^2 (the rating): equal at
    mu = 0 (Glickman's example), apart for a player rated 1900. The value is the paper's formula worked by
    hand-written Illinois iteration (the module's arithmetic before it used the library)."""
    import glicko2

    games = [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)]
    after = update(Rating(1900, 200, 0.06), games, tau=0.5)
    assert after.volatility == pytest.approx(0.0600096, abs=0.0000005)
    raw = glicko2.Player(1900, 200, 0.06)
    raw.update_player([o.rating for o, _ in games], [o.deviation for o, _ in games], [s for _, s in games])
    assert abs(raw.vol - after.volatility) > 0.000005  # the uncorrected library would be wrong here


def test_rate_orders_periods_and_keeps_history():
    games = [RatedGame((2, 1), "ann", "bob", 1.0), RatedGame((1, 1), "ann", "bob", 0.0), RatedGame((1, 1), "cat", "dan", 0.5)]
    ratings, history = rate(games)
    assert [p.period for p in history["ann"]] == [(1, 1), (2, 1)]
    assert history["ann"][0].rating < 1500 < history["bob"][0].rating
    assert ratings["cat"].rating == pytest.approx(1500)
    assert ratings["cat"].deviation < 350


_placings = st.lists(
    st.tuples(st.integers(1, 6), st.sampled_from(["ann", "bob", "cat"]), st.integers(1, 20), st.integers(2, 30), st.booleans()),
    max_size=30, unique_by=lambda t: (t[0], t[1]),
)


@given(_placings, st.integers(1, 4))
def test_best_n_is_the_sum_of_the_n_best_placing_points(raw, best_n):
    rule = league_rule("soa-best5", best_n=best_n)
    placings = [Placing(e, (e,), p, min(place, size), size, premier) for e, p, place, size, premier in raw]
    table = league_table(rule, placings, [])
    for row in table:
        mine = sorted((scoring.placing_points(rule, pl.place, pl.size, pl.premier)[1] for pl in placings if pl.player == row.player),
                      reverse=True)
        assert row.points == sum(mine[:best_n])
        assert row.counted == min(best_n, len(mine)) and row.dropped == len(mine) - row.counted
    assert [row.points for row in table] == sorted((row.points for row in table), reverse=True)
    assert all(a.rank <= b.rank for a, b in zip(table, table[1:], strict=False))


def test_rating_chart_is_plain_svg_with_a_band_and_escaped_labels():
    from xml.etree import ElementTree

    from tournament.leagues.chart import ChartPoint, rating_svg

    svg = rating_svg([ChartPoint(1500, 350, "<Madrid & co>"), ChartPoint(1560, 200), ChartPoint(1530, 150, "Roma")], "Ann")
    root = ElementTree.fromstring(svg)
    tags = {element.tag.split("}")[1] for element in root.iter()}
    assert {"polygon", "polyline", "circle", "line"} <= tags and "script" not in tags
    assert "&lt;Madrid &amp; co&gt;" in svg
    assert rating_svg([], "Ann") == ""


def test_expected_score_favours_the_higher_rating_and_shrinks_with_uncertainty():
    from tournament.leagues.ratings import expected_score

    assert expected_score(Rating(1500, 100), Rating(1500, 100)) == pytest.approx(0.5)
    sure = expected_score(Rating(1700, 50), Rating(1500, 50))
    unsure = expected_score(Rating(1700, 350), Rating(1500, 350))
    assert 0.5 < unsure < sure < 1
