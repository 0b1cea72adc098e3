"""The guards of result entry that a mutation run found untested (issue 30): a disputed game takes no more
player reports until an umpire rules, and an organizer's identical re-entry is not a correction."""

from __future__ import annotations

import pytest

from tests.factories import make_player, make_registration
from tournament.models import Game, ResultReport
from tournament.pairing.manager import round_pair, round_publish
from tournament.results.entry import ResultRejected, result_enter, result_report
from tournament.results.shorthand import parse_shorthand


@pytest.fixture
def game(event, organizer):
    for name in ["Ana Ruiz", "Bea Soto", "Carla Vidal", "Dora Pons"]:
        make_registration(event, make_player(name))
    rnd = round_publish(round_pair(event, organizer), organizer)
    return rnd.games.filter(is_bye=False).order_by("table").first()


def test_a_disputed_game_takes_no_further_player_report(game):
    a, b = game.seats.order_by("side")
    result_report(a, parse_shorthand("4-1", "3.0"), reporter="ana")
    result_report(b, parse_shorthand("1-4", "3.0"), reporter="bea")
    game.refresh_from_db()
    assert game.status == Game.Status.DISPUTED and game.review_reason == Game.Review.DIFFERENT
    with pytest.raises(ResultRejected) as refused:
        result_report(b, parse_shorthand("4-2", "3.0"), reporter="bea")
    assert [p.code for p in refused.value.problems] == ["awaiting_umpire"]
    game.refresh_from_db()
    assert game.review_reason == Game.Review.DIFFERENT  # the umpire still sees why it was held
    assert ResultReport.objects.filter(game=game).count() == 2


def test_an_identical_re_entry_is_not_a_correction_but_a_changed_one_is(game, organizer):
    result = parse_shorthand("4G-1", "3.0")
    assert result_enter(game, result, organizer) is False  # the first entry corrects nothing
    assert result_enter(game, parse_shorthand("4G-1", "3.0"), organizer) is False
    assert result_enter(game, parse_shorthand("4-1", "3.0"), organizer) is True
