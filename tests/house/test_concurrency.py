"""Concurrent writers on PostgreSQL with real connections (threads): nothing is corrupted or doubled.

Two umpires saving the same result, both players reporting at once, a double-clicked "pair", and an
organizer pairing while the last result arrives. SQLite serialises writers differently (and the test
database is in memory), so these run on PostgreSQL only: `.ci/run` runs the suite there.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from tests.factories import make_player, make_registration
from tournament.models import AuditEntry, Game, ResultReport, Round
from tournament.pairing.manager import RoundError, round_pair, round_publish
from tournament.results.entry import StaleResult, result_enter, result_report
from tournament.results.shorthand import parse_shorthand

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL (run by .ci/run)"),
]


def race(*calls):
    """Run the calls in threads released together; return their results or exceptions."""
    barrier = threading.Barrier(len(calls))
    outcomes: list = [None] * len(calls)

    def run(k, call):
        try:
            barrier.wait()
            outcomes[k] = call()
        except Exception as exc:  # noqa: BLE001 - the test inspects what each writer got
            outcomes[k] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(k, call)) for k, call in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return outcomes


@pytest.fixture
def game(event, organizer):
    for name in ("Ana", "Bea", "Carla", "Dora"):
        make_registration(event, make_player(name))
    rnd = round_pair(event, organizer)
    round_publish(rnd, organizer)
    return rnd.games.filter(is_bye=False).order_by("table").first()


def test_two_umpires_saving_the_same_game(game, organizer, umpire):
    first, second = parse_shorthand("4-1", "3.0"), parse_shorthand("1-4", "3.0")
    outcomes = race(lambda: result_enter(game, first, organizer, version=0),
                    lambda: result_enter(game, second, umpire, version=0))
    assert sum(isinstance(o, StaleResult) for o in outcomes) == 1
    game.refresh_from_db()
    assert game.version == 1 and game.status == Game.Status.CONFIRMED
    assert AuditEntry.objects.filter(action="result.enter").count() == 1


def test_both_players_reporting_at_once(game):
    a, b = game.seats.order_by("side")
    result = parse_shorthand("4-1", "3.0")
    outcomes = race(lambda: result_report(a, result), lambda: result_report(b, result))
    assert not any(isinstance(o, Exception) for o in outcomes), outcomes
    game.refresh_from_db()
    assert game.status == Game.Status.CONFIRMED and game.version == 1
    assert ResultReport.objects.filter(game=game).count() == 2


def test_double_clicked_pair_makes_one_round(event, organizer, game):
    rnd = game.round
    for g in rnd.games.filter(is_bye=False):
        result_enter(g, parse_shorthand("4-1", "3.0"), organizer)
    outcomes = race(lambda: round_pair(event, organizer), lambda: round_pair(event, organizer))
    assert all(isinstance(o, Round) for o in outcomes), outcomes
    assert outcomes[0].pk == outcomes[1].pk and event.rounds.count() == 2


def test_pairing_while_the_last_result_arrives(event, organizer, game):
    others = list(game.round.games.filter(is_bye=False).exclude(pk=game.pk))
    for g in others:
        result_enter(g, parse_shorthand("4-1", "3.0"), organizer)
    outcomes = race(lambda: result_enter(game, parse_shorthand("4-1", "3.0"), organizer),
                    lambda: round_pair(event, organizer))
    assert not isinstance(outcomes[0], Exception), outcomes
    paired = outcomes[1]
    assert isinstance(paired, (Round, RoundError)), outcomes
    if isinstance(paired, Round):  # paired after the result: it must have seen it
        assert not Game.objects.filter(round__number=1, round__event=event).exclude(status="confirmed").exists()
    assert event.rounds.count() in (1, 2)


def test_a_result_confirmed_while_an_edit_commits_is_scored_by_the_scoring_it_commits(event, organizer, umpire, game,
                                                                                      client):
    """The organizer saves a new scoring while no game is confirmed; an umpire confirms a game in the same moment.
    The edit has checked that nothing is confirmed and holds the event's lock; confirming the game waits for it (the
    game is locked with its round and event), then scores the game by the scoring the edit committed. Without that
    wait, the game would be confirmed under the old scoring and the event would show the new one: a table
    computed under two scorings, which nothing rescores."""
    from tests.events.test_event_form import form_values
    from tournament.events.services import event_update
    from tournament.results.rescoring import has_played_results, rescore_byes
    from tournament.results.scoring import event_scoring, score_game
    from tournament.web.forms.events import EventForm

    client.force_login(organizer)
    values = form_values(client.get(f"/e/{event.slug}/edit/").text, "event-form")
    form = EventForm({**values, "scoring_preset": "wdl", "wdl_points": "3/1/0"}, instance=event)
    assert form.is_valid(), form.errors
    checked, go = threading.Event(), threading.Event()

    def checked_then_paused(evt):  # the edit's check has run; it holds the event's lock until `go`
        answer = has_played_results(evt)
        checked.set()
        go.wait(timeout=20)
        return answer

    result = parse_shorthand("4-1", "3.0")
    outcomes = {}

    def edit():
        try:
            outcomes["edit"] = event_update(form=form, user=organizer, rescore_byes=rescore_byes,
                                            has_played_results=checked_then_paused)
        finally:
            connections.close_all()

    def confirm():
        try:
            outcomes["confirm"] = result_enter(game, result, umpire)
        except Exception as exc:  # noqa: BLE001 - asserted below
            outcomes["confirm"] = exc
        finally:
            connections.close_all()

    editor, umpire_thread = threading.Thread(target=edit), threading.Thread(target=confirm)
    editor.start()
    assert checked.wait(timeout=20)
    umpire_thread.start()
    umpire_thread.join(timeout=2)  # without the wait it would be done by now, under the old scoring
    go.set()
    editor.join(timeout=60)
    umpire_thread.join(timeout=60)

    assert not isinstance(outcomes.get("confirm"), Exception), outcomes
    event.refresh_from_db()
    assert event.scoring_preset == "wdl"
    game.refresh_from_db()
    assert game.status == Game.Status.CONFIRMED
    expected = score_game(result, event_scoring(event), event.edition)
    assert tuple(s.score for s in game.seats.order_by("side")) == expected
