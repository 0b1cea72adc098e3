"""`simulate_event`: a whole event through the real engine and manager, byte-identical on replay."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from tests.factories import make_event, make_player, make_registration

ARGS = ["--players", "13", "--rounds", "3", "--clubs", "3", "--seed", "11", "--preset", "nasamw-v4"]


@pytest.mark.django_db
def test_same_arguments_give_the_same_file_whatever_the_database_holds(tmp_path):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    call_command("simulate_event", *ARGS, "--json", str(first))
    other = make_event(slug="noise")  # unrelated data in between
    for i in range(5):
        make_registration(other, make_player(f"Noise {i}"))
    call_command("simulate_event", "--players", "5", "--rounds", "1", "--seed", "2", "--json", str(tmp_path / "c.json"))
    call_command("simulate_event", *ARGS, "--json", str(second))
    assert first.read_bytes() == second.read_bytes()

    data = json.loads(first.read_text())
    assert data["preset"] == "nasamw-v4" and len(data["rounds"]) == 3
    met, byes = set(), []
    for rnd in data["rounds"]:
        ids = {p["id"] for p in rnd["players"]}
        assert ids == set(range(1, 14))
        seated = [x for g in rnd["pairings"] for x in (g["a"], g["b"])] + [rnd["bye"]]
        assert sorted(seated) == sorted(ids)
        for g in rnd["pairings"]:
            assert frozenset((g["a"], g["b"])) not in met  # no rematch in 3 rounds of 13
            met.add(frozenset((g["a"], g["b"])))
        byes.append(rnd["bye"])
    assert len(set(byes)) == 3  # never a second bye while someone has none
    assert [row["rank"] for row in data["standings"]][0] == 1 and len(data["standings"]) == 13


@pytest.mark.django_db
@pytest.mark.parametrize("preset", ["5-2-1-0", "spanish"])
def test_the_simulation_ranks_by_the_presets_own_tiebreak_order(tmp_path, preset):
    from tournament.models import Event
    from tournament.results.scoring import presets

    out = tmp_path / "s.json"
    call_command("simulate_event", "--players", "6", "--rounds", "2", "--seed", "3", "--preset", preset, "--json", str(out))
    event = Event.objects.get(slug__startswith="sim-6p-2r", scoring_preset=preset)
    assert event.tiebreaks == list(presets()[preset].tiebreaks)
    columns = set(json.loads(out.read_text())["standings"][0])
    assert set(presets()[preset].tiebreaks) <= columns  # e.g. margin and camps + generals for the Spanish preset
