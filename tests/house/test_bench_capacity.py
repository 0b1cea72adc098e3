"""bench/locustfile.py (through bench/eventday_paths.py) asks for real pages of the app: each path of its event day resolves to the view
it means, and the public ones answer for a built event (no timing here: bench/capacity.py measures)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from django.urls import resolve

from tests.factories import make_event, make_registration, make_user

PATHS = Path(__file__).resolve().parents[2] / "bench" / "eventday_paths.py"


@pytest.fixture
def scenario():
    """The paths bench/locustfile.py asks for (a plain module: no Locust needed here)."""
    spec = importlib.util.spec_from_file_location("bench_eventday_paths", PATHS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def event(db):
    from tournament.pairing.manager import round_pair, round_publish

    organizer = make_user()
    event = make_event(slug="bench-day")
    for _ in range(8):
        make_registration(event, army_ref="II/33")
    round_publish(round_pair(event, organizer), organizer)
    return event


def test_readers_ask_for_the_event_home_pairings_and_standings(scenario, event, client):
    paths = scenario.reader_paths(event.slug)
    assert {k: resolve(p).url_name for k, p in paths.items()} == {
        "event home": "event", "pairings": "pairings", "standings": "standings"}
    for path in paths.values():
        assert client.get(path).status_code == 200, path


def test_reporters_use_the_players_slip_links(scenario, event, client):
    from tournament.models import Seat

    token = Seat.objects.filter(game__round__event=event, game__is_bye=False).first().report_token
    path = scenario.report_path(token)
    assert resolve(path).url_name == "report"
    assert b"csrfmiddlewaretoken" in client.get(path).content


def test_the_organizer_signs_in_pairs_publishes_and_prints(scenario, event):
    paths = scenario.organizer_paths(event.slug, 2)
    names = {k: resolve(p).url_name for k, p in paths.items()}
    assert names == {"login": "login", "rounds": "rounds", "pair": "round_pair", "publish": "round_publish",
                     "pack": "round_pdf"}
    assert resolve(paths["pack"]).kwargs == {"slug": event.slug, "number": 2, "kind": "pack"}
