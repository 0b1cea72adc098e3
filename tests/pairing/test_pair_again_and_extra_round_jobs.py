"""Review (repeatable heavy work): issue 29.4 put pairing on the task worker so that no web worker waits for a
round to pair ("Pair the next round" answers at once with the job's page; one job per event at a time). Two other
buttons still pair the whole round inside the web request, with no job and no limit:

- "Pair again" on a draft (tournament/web/views/rounds.py, `round_regenerate_view` -> pairing/manager.py
  `round_regenerate` -> `round_pair`), which any organizer may press again and again on their own draft;
- "Play an extra round" (tournament/web/views/final.py, `round_extra` -> pairing/finish.py `round_pair_extra` ->
  `round_pair`).

For a 1,000-player event each press holds a web worker for the whole pairing (0.4-5.4 s in README's
bench/pairing_task.py), and on SQLite the database's one write lock with it: the very stall issue 29.4 removed.
With the real task backend (`queue`: nothing runs until the worker does), the page answered must be the job's
and the request must not have paired the round itself."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import make_player, make_registration
from tournament.models import PairingJob, Round
from tournament.pairing.manager import round_pair

NAMES = ("Ana", "Bea", "Carla", "Dora", "Elena", "Fina")


@pytest.fixture
def players(event):
    for name in NAMES:
        make_registration(event, make_player(name))


def test_pair_again_is_a_job_on_the_worker_not_a_pairing_in_the_request(organizer_client, event, organizer, players,
                                                                         queue):
    draft = round_pair(event, organizer)
    response = organizer_client.post(reverse("tournament:round_regenerate", args=[event.slug, draft.number]))
    jobs = list(PairingJob.objects.filter(event=event))
    paired_here = Round.objects.filter(event=event).exclude(pk=draft.pk).exists()
    assert jobs and not paired_here, (
        f"'Pair again' paired the round in the web request (answer {response.status_code} -> "
        f"{response.get('Location')}), with no pairing job")
    assert response["Location"] == reverse("tournament:pairing_job", args=[event.slug, jobs[0].pk])


def test_an_extra_round_is_a_job_on_the_worker_not_a_pairing_in_the_request(organizer_client, event, organizer,
                                                                            players, queue):
    event.rounds_planned = 1
    event.save(update_fields=["rounds_planned"])
    first = round_pair(event, organizer)
    first.status, first.published_at = Round.Status.COMPLETED, timezone.now()
    first.save(update_fields=["status", "published_at"])
    first.games.update(status="confirmed")
    response = organizer_client.post(reverse("tournament:round_extra", args=[event.slug]), {"confirm": "extra"})
    jobs = list(PairingJob.objects.filter(event=event))
    assert jobs and not Round.objects.filter(event=event, number=2).exists(), (
        f"the extra round was paired in the web request (answer {response.status_code} -> "
        f"{response.get('Location')}), with no pairing job")
