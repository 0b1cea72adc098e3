"""Results where the sources leave the count open: a lost camp and the four-element threshold (guia22
L1577 vs L1583, nasamw22 L769), and Scythed Chariots that do not count toward victory (guia22 L1582)
while NASAMW v4 scoring counts them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import make_player, make_registration
from tournament.models import Event
from tournament.pairing.manager import round_pair, round_publish
from tournament.results.entry import stored_result
from tournament.results.scoring import score_game
from tournament.results.shorthand import (
    CAMP_COMPARISON_ONLY,
    GameResult,
    SideResult,
    camp_reading_flags,
    check_result,
    parse_shorthand,
    to_shorthand,
)


def test_lost_camp_reaches_the_four_elements_by_default_and_is_flagged__guide_L1583():
    result = parse_shorthand("2C-0", "2.2")
    assert result.outcome == "a"  # 2 elements + the camp "as two elements destroyed" = 4
    assert [(p.code, dict(p.params)["side"]) for p in camp_reading_flags(result, "2.2")] == [("camp_reading", "b")]


def test_event_may_count_the_lost_camp_only_in_the_comparison__guide_L1577():
    result = parse_shorthand("2C-0", "2.2", camp_reading=CAMP_COMPARISON_ONLY)
    assert result.outcome == "time"  # only 2 "elementos de tropas" destroyed
    win = GameResult(a=SideResult(0), b=SideResult(2, camp_lost=True), outcome="a")
    assert [p.code for p in check_result(win, "2.2", CAMP_COMPARISON_ONLY)] == ["win_below_threshold"]
    assert check_result(win, "2.2") == []
    # the camp still counts in "more elements lost than the enemy" (L1578): 4 + camp against 4 is a win
    assert parse_shorthand("4C-4", "2.2", camp_reading=CAMP_COMPARISON_ONLY).outcome == "a"


@pytest.mark.parametrize("text", ["4C-0", "2-0", "4-1", "1G-0", "2C-2C"])
def test_no_flag_when_both_readings_agree__guide_L1577(text):
    assert camp_reading_flags(parse_shorthand(text, "2.2"), "2.2") == []


def test_scythed_chariots_lost_do_not_count_toward_victory__guide_L1582():
    result = parse_shorthand("3+1S-0", "2.2")
    assert result.b == SideResult(3, sch_lost=1)
    assert result.outcome == "time"  # 3 elements count; the SCh does not
    assert parse_shorthand("4+1S-0", "2.2").outcome == "a"
    assert to_shorthand(result) == "3+1S-0 T"
    assert parse_shorthand(to_shorthand(result), "2.2") == result
    assert parse_shorthand("1+2SCHG-0", "2.2").b == SideResult(1, general_lost=True, sch_lost=2)


def test_nasamw_v4_scores_the_scythed_chariots_that_victory_leaves_out__guide_L1582():
    result = parse_shorthand("4+1SG-1", "2.2")
    assert result.outcome == "a"
    assert score_game(result, "nasamw-v4") == (20 + 5 + 2 - 1, 1)  # 4 elements + 1 SCh + general bonus
    assert score_game(result, "nasamw-3.0") == (20 + 4 + 1 - 1, 1)  # the 3.0 adaptation excludes SCh


@pytest.fixture
def game22(event, organizer):
    Event.objects.filter(pk=event.pk).update(edition="2.2", scoring_preset="nasamw-v4")
    event.refresh_from_db()
    for name in ("Ana", "Bea"):
        make_registration(event, make_player(name))
    rnd = round_pair(event, organizer)
    round_publish(rnd, organizer)
    return rnd.games.get(is_bye=False)


def _post(client, game, data):
    url = reverse("tournament:game_result", args=[game.round.event.slug, game.pk])
    return client.post(url, data, follow=True)


def test_result_page_shows_the_camp_doubt_and_the_event_choice__guide_L1583(organizer_client, game22):
    page = _post(organizer_client, game22, {"shorthand": "2C-0", "version": game22.version})
    assert "Doubt: whether side B has lost depends on whether its lost camp counts" in page.text
    game22.refresh_from_db()
    assert stored_result(game22).outcome == "a"
    form = organizer_client.get(reverse("tournament:game_result", args=[game22.round.event.slug, game22.pk]))
    assert 'id="result-flags"' in form.text
    assert "A lost camp counts toward the four elements and the comparison" in form.text  # the help names the choice


def test_event_reading_the_camp_in_the_comparison_only_stores_time__guide_L1577(organizer_client, game22):
    Event.objects.filter(pk=game22.round.event_id).update(victory_camp_reading=CAMP_COMPARISON_ONLY)
    _post(organizer_client, game22, {"shorthand": "2C-0", "version": game22.version})
    game22.refresh_from_db()
    assert game22.outcome == "time"


def test_result_fields_record_scythed_chariots_apart__guide_L1582(organizer_client, game22):
    page = _post(organizer_client, game22, {"outcome": "a", "b_elements_lost": 4, "b_sch_lost": 1, "a_elements_lost": 1,
                                             "version": game22.version})
    assert page.status_code == 200
    seat_b = game22.seats.get(side="b")
    assert (seat_b.elements_lost, seat_b.sch_lost) == (4, 1)
    assert game22.seats.get(side="a").score == 20 + 5 - 1  # NASAMW v4 counts the SCh destroyed
    assert 'name="b_sch_lost" value="1"' in organizer_client.get(
        reverse("tournament:game_result", args=[game22.round.event.slug, game22.pk])).text


@pytest.mark.parametrize(("language", "words"), [
    ("es", ["Cómo cuenta el resultado", "Carros Falcados perdidos por A", "Los Carros Falcados destruidos van aparte",
            "Duda: que el lado B haya perdido depende"]),
    ("it", ["Come conta il risultato", "Scythed Chariots persi da A", "Gli Scythed Chariots distrutti vanno a parte",
            "Dubbio: se il lato B abbia perso dipende"]),
])
def test_result_help_and_flag_in_spanish_and_italian(organizer_client, game22, language, words):
    url = reverse("tournament:game_result", args=[game22.round.event.slug, game22.pk])
    page = organizer_client.post(url, {"shorthand": "2C-0", "version": game22.version}, follow=True,
                                 headers={"Accept-Language": language}).text
    form = organizer_client.get(url, headers={"Accept-Language": language}).text
    for word in words:
        assert word in page + form, word
