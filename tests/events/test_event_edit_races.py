"""The event form leaves the scoring, the edition and the camp reading free while no game between two players has a
confirmed result. A result confirmed by an umpire between the form's page and its save (two requests at once on the
event day) is seen under the event's lock: the change is refused (409, the fields named), never a server error, and
nothing confirmed is left counted or decided under a setting that changed unseen."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.events.test_event_form import form_values
from tests.factories import make_player, make_registration
from tests.pairing.test_rounds import games, pair, publish
from tournament.events import services as event_services
from tournament.results.entry import result_enter
from tournament.results.shorthand import parse_shorthand

pytestmark = pytest.mark.django_db


def test_a_result_confirmed_while_the_edit_is_saved_is_refused_not_a_server_error(organizer, umpire, event,
                                                                                   monkeypatch):
    organizer_client = Client(raise_request_exception=False)
    organizer_client.force_login(organizer)
    for name in ("Ana", "Bruno", "Carla"):
        make_registration(event, make_player(name))
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)  # round 1: a bye (confirmed at once) and one game to play
    game = games(rnd)[0]
    url = reverse("tournament:event_edit", args=[event.slug])
    values = {**form_values(organizer_client.get(url).text, "event-form"), "scoring_preset": "wdl",
              "wdl_points": "3/1/0"}
    real_update = event_services.event_update

    def umpire_confirms_meanwhile(**kwargs):  # the other request, between the form's check and the save
        result_enter(game, parse_shorthand("4-1", event.edition), umpire)
        return real_update(**kwargs)

    monkeypatch.setattr(event_services, "event_update", umpire_confirms_meanwhile)
    answer = organizer_client.post(url, values)

    assert answer.status_code == 409
    assert "A result was confirmed while you edited" in answer.content.decode()
    event.refresh_from_db()
    assert event.scoring_preset == "nasamw-3.0"  # the played result was counted under it: not changed unseen


def test_a_result_confirmed_while_the_edit_is_saved_keeps_the_camp_reading_it_was_decided_under(organizer, umpire,
                                                                                               event, monkeypatch):
    """The same window without a scoring change: nothing fails, and the camp reading (or the edition) changes under
    a confirmed result the form would have locked, which nothing decides again."""
    organizer_client = Client()
    organizer_client.force_login(organizer)
    for name in ("Ana", "Bruno", "Carla"):
        make_registration(event, make_player(name))
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    game = games(rnd)[0]
    url = reverse("tournament:event_edit", args=[event.slug])
    values = {**form_values(organizer_client.get(url).text, "event-form"), "victory_camp_reading": "comparison"}
    real_update = event_services.event_update

    def umpire_confirms_meanwhile(**kwargs):
        result_enter(game, parse_shorthand("4-1", event.edition), umpire)
        return real_update(**kwargs)

    monkeypatch.setattr(event_services, "event_update", umpire_confirms_meanwhile)
    organizer_client.post(url, values)

    event.refresh_from_db()
    assert event.victory_camp_reading == "counts"  # the reading the confirmed result was decided under
