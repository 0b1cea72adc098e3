"""The guards of result entry that mutation runs found untested (issue 30): a disputed game takes no more player
reports until an umpire rules; an identical re-entry is not a correction; a form opened before someone else's save
is refused; the round completes with its last game; a draft round does not move a player's game link; a game not yet
confirmed opens an empty form; the backup says who entered a result and when; the event's edition and camp reading
decide the score and what is plausible; a confirmed game or a draft round's takes no report; the same-address window
ends at its last second; the audit log words a corrected timed result."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_event, make_player, make_registration
from tournament.models import Game, ResultReport, Round
from tournament.pairing.manager import round_pair, round_publish
from tournament.results.entry import ResultRejected, StaleResult, result_enter, result_report
from tournament.results.shorthand import CAMP_COMPARISON_ONLY, CAMP_COUNTS, GameResult, SideResult, parse_shorthand
from tournament.transfer.backup import export_event


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


def test_a_form_opened_before_anothers_save_is_refused_after_several_saves(game, organizer, umpire):
    """Each save moves the game on: the organizer's form, opened after the first save, is refused once the umpire
    has saved again, and the umpire's result stays."""
    result_enter(game, parse_shorthand("4-1", "3.0"), organizer, version=game.version)
    opened = Game.objects.get(pk=game.pk).version
    result_enter(game, parse_shorthand("4-2", "3.0"), umpire, version=opened)
    with pytest.raises(StaleResult):
        result_enter(game, parse_shorthand("1-4", "3.0"), organizer, version=opened)
    assert Game.objects.get(pk=game.pk).outcome == "a"


def test_the_round_completes_with_its_last_confirmed_game_and_not_before(game, organizer):
    rnd = game.round
    first, second = rnd.games.filter(is_bye=False).order_by("table")
    result_enter(first, parse_shorthand("4-1", "3.0"), organizer)
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.PUBLISHED
    a, b = second.seats.order_by("side")
    result_report(a, parse_shorthand("4-2", "3.0"), reporter="carla")
    result_report(b, parse_shorthand("4-2", "3.0"), reporter="dora")  # both read side A first
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.COMPLETED


def test_a_draft_round_does_not_move_the_players_game_link(game, organizer):
    rnd = game.round
    for each in rnd.games.filter(is_bye=False):
        result_enter(each, parse_shorthand("4-1", "3.0"), organizer)
    round_pair(rnd.event, organizer)  # round 2, not published
    ana = game.seats.get(side="a").registration
    page = Client().get(reverse("tournament:my_game", args=[ana.game_token]))
    assert "Round 1" in page.text and "Round 2" not in page.text


def test_a_game_not_yet_confirmed_opens_an_empty_result_form(game, organizer, umpire_client):
    """One side's report is not a result: the umpire's form is not filled with a 0-0 nobody entered."""
    a, _ = game.seats.order_by("side")
    result_report(a, parse_shorthand("4-1", "3.0"), reporter="ana")  # one side only: not a result yet
    url = reverse("tournament:game_result", args=[game.round.event.slug, game.pk])
    assert '<input type="number" name="a_elements_lost" min="0"' in umpire_client.get(url).text
    result_enter(game, parse_shorthand("4-1", "3.0"), organizer)
    assert '<input type="number" name="a_elements_lost" value="1" min="0"' in umpire_client.get(url).text


def test_the_backup_says_who_entered_a_result_and_when(game, organizer):
    result_enter(game, parse_shorthand("4-1", "3.0"), organizer)
    games = [g for r in export_event(game.round.event)["rounds"] for g in r["games"] if g["table"] == game.table]
    assert games[0]["entered_by"] == organizer.username and games[0]["entered_at"]


def test_a_result_is_scored_with_the_events_edition(organizer):
    """An own scoring may count Scythed Chariots in 2.2 only: a 2.2 event's result gets their points."""
    own = {"name": "Chariots in 2.2", "win": {"points": 20, "per_destroyed": 1}, "loss": {"per_destroyed": 1},
           "time": {"per_destroyed": 1}, "counts": {"element": 1, "sch": 0, "2.2": {"sch": 1}}}
    event = make_event(edition="2.2", scoring_definition=own)
    for name in ("Ana", "Bea"):
        make_registration(event, make_player(name))
    played = round_publish(round_pair(event, organizer), organizer).games.get(is_bye=False)
    result_enter(played, parse_shorthand("4+1S-1", "2.2"), organizer)
    assert [s.score for s in played.seats.order_by("side")] == [20 + 5, 1]


def test_an_implausible_result_is_refused_naming_why_and_nothing_is_stored(game, organizer):
    """A 3.0 win with two elements and a camp lost is short of four: refused, the game stays unplayed."""
    camp_short = GameResult(SideResult(1), SideResult(2, camp_lost=True), "a")
    with pytest.raises(ResultRejected) as refused:
        result_enter(game, camp_short, organizer)
    assert [p.code for p in refused.value.problems] == ["win_below_threshold"]
    assert Game.objects.get(pk=game.pk).status != Game.Status.CONFIRMED


def test_plausibility_follows_the_events_edition_and_camp_reading(organizer):
    """The same win is plausible in a 2.2 event (the camp counts two), and refused once the event reads the camp
    in the comparison only (guia22 L1577)."""
    event = make_event(edition="2.2", scoring_preset="nasamw-v4")
    for name in ("Ana", "Bea"):
        make_registration(event, make_player(name))
    played = round_publish(round_pair(event, organizer), organizer).games.get(is_bye=False)
    camp_win = GameResult(SideResult(0), SideResult(2, camp_lost=True), "a")
    type(event).objects.filter(pk=event.pk).update(victory_camp_reading=CAMP_COMPARISON_ONLY)
    with pytest.raises(ResultRejected) as refused:
        result_enter(played, camp_win, organizer)
    assert [p.code for p in refused.value.problems] == ["win_below_threshold"]
    type(event).objects.filter(pk=event.pk).update(victory_camp_reading=CAMP_COUNTS)
    result_enter(played, camp_win, organizer)
    assert Game.objects.get(pk=played.pk).outcome == "a"


def test_a_player_cannot_report_a_confirmed_game_or_a_draft_rounds(game, organizer):
    result_enter(game, parse_shorthand("4-1", "3.0"), organizer)
    with pytest.raises(ResultRejected) as refused:  # the page shows the confirmed result, not the form
        result_report(game.seats.get(side="a"), parse_shorthand("1-4", "3.0"), reporter="ana")
    assert [p.code for p in refused.value.problems] == ["already_confirmed"]
    assert Game.objects.get(pk=game.pk).outcome == "a"
    for each in game.round.games.filter(status=Game.Status.PENDING):
        result_enter(each, parse_shorthand("4-1", "3.0"), organizer)
    draft = round_pair(game.round.event, organizer).games.filter(is_bye=False).first()
    with pytest.raises(ResultRejected) as refused:
        result_report(draft.seats.get(side="a"), parse_shorthand("4-1", "3.0"), reporter="ana")
    assert [p.code for p in refused.value.problems] == ["round_not_open"]
    assert not ResultReport.objects.filter(game=draft).exists()


def test_the_address_window_ends_at_its_last_second(game, settings, monkeypatch):
    """Both sides from one address: within REPORT_SAME_ADDRESS_SECONDS the game waits for an umpire; a report made
    exactly that long after the other's is outside the window and confirms (the clock is set, not waited for)."""
    import datetime

    from django.utils import timezone

    settings.REPORT_SAME_ADDRESS_SECONDS = 30
    start = datetime.datetime(2026, 5, 9, 10, 0, tzinfo=datetime.UTC)
    monkeypatch.setattr(timezone, "now", lambda: start)
    a, b = game.seats.order_by("side")
    result_report(a, parse_shorthand("4-1", "3.0"), reporter="ana", address="10.0.0.7")
    monkeypatch.setattr(timezone, "now", lambda: start + datetime.timedelta(seconds=30))
    result_report(b, parse_shorthand("4-1", "3.0"), reporter="bea", address="10.0.0.7")
    assert Game.objects.get(pk=game.pk).status == Game.Status.CONFIRMED


def test_the_audit_log_words_a_corrected_timed_result(game, organizer, organizer_client):
    result_enter(game, parse_shorthand("2-1 T", "3.0"), organizer)
    result_enter(game, parse_shorthand("4-1", "3.0"), organizer)
    log = organizer_client.get(reverse("tournament:audit", args=[game.round.event.slug])).text
    assert "result corrected from 2-1 T to 4-1" in log
