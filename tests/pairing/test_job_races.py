"""Races between the organizers' own clicks and the pairing job's worker: "Pair again" while another organizer
publishes, and a worker killed between making the round and marking its job done."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from tests.factories import make_player, make_registration
from tournament import pairing_jobs
from tournament.models import PairingJob, Round
from tournament.pairing.manager import RoundError, round_pair, round_publish, round_regenerate

NAMES = ("Ana", "Bea", "Carla", "Dora", "Elena", "Fina")


@pytest.fixture
def players(event):
    for name in NAMES:
        make_registration(event, make_player(name))


def _stale(model, pk: int, status: str = "running") -> None:
    model.objects.filter(pk=pk).update(status=status, heartbeat_at=timezone.now() - datetime.timedelta(hours=1))


def test_pair_again_racing_a_publish_does_not_throw_away_the_published_round(event, organizer, players):
    """Two organizers: one clicks "Publish", the other "Pair again" on the same draft. The second request read
    the round (a draft) before the publish committed; `round_regenerate` checks the status of that stale object,
    and `round_delete` (which re-reads it under the lock) allows deleting a published round without results, so
    the round the players were just shown is deleted and a different draft paired in its place."""
    draft = round_pair(event, organizer)
    seen_by_second_organizer = Round.objects.get(pk=draft.pk)  # the "Pair again" view's read: a draft
    round_publish(Round.objects.get(pk=draft.pk), organizer)  # the first organizer's publish commits
    with pytest.raises(RoundError):
        round_regenerate(seen_by_second_organizer, organizer)
    assert Round.objects.filter(pk=draft.pk, status=Round.Status.PUBLISHED).exists()


class _Killed(BaseException):
    """The worker's process killed (not an error the job could tell the organizer)."""


def test_a_worker_killed_after_pairing_leaves_no_round_and_its_retry_pairs_it_once(event, organizer, players, queue,
                                                                                     monkeypatch):
    """The worker dies after the round is made but before its job is marked done: the round goes with the
    transaction (no draft the organizer could publish while the job waits for its lease to run out, which the
    retry would then not find and pair another round after), and the retry pairs the round once."""
    real = pairing_jobs.round_pair

    def pair_then_die(*args, **kwargs):
        real(*args, **kwargs)
        raise _Killed

    job = pairing_jobs.pairing_job_request(event=event, user=organizer)
    monkeypatch.setattr(pairing_jobs, "round_pair", pair_then_die)
    queue()  # the worker's task dies (the worker records the task failed; the job is left running)
    monkeypatch.setattr(pairing_jobs, "round_pair", real)
    assert not event.rounds.exists(), "half a pairing: a round whose job does not know it"
    _stale(PairingJob, job.pk)
    assert pairing_jobs.recover_lost_pairing_jobs() == 1
    queue()
    job.refresh_from_db()
    made = event.rounds.get()
    assert (job.status, job.round_id, made.number) == (PairingJob.Status.DONE, made.pk, 1), (job.status, job.error)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_pair_again_racing_a_publish_on_real_connections(event, organizer, players):
    """The same race with two real connections (PostgreSQL): the publish holds the event's lock; "Pair again"
    read the draft before it committed, waits for the lock, then deletes the round just published."""
    import threading
    import time

    from django.db import connection, connections, transaction

    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL")
    draft = round_pair(event, organizer)
    published, outcome = threading.Event(), {}

    def publish():
        try:
            with transaction.atomic():
                round_publish(Round.objects.get(pk=draft.pk), organizer)
                published.set()
                time.sleep(0.5)  # the publish's transaction is still open when "Pair again" reads the round
        finally:
            connections.close_all()

    def pair_again():
        try:
            published.wait(10)
            seen = Round.objects.get(pk=draft.pk)  # the view's read: the publish has not committed, a draft
            assert seen.status == Round.Status.DRAFT
            outcome["result"] = round_regenerate(seen, organizer)
        except Exception as exc:  # noqa: BLE001
            outcome["result"] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=publish), threading.Thread(target=pair_again)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert isinstance(outcome["result"], RoundError), outcome
    assert Round.objects.filter(pk=draft.pk, status=Round.Status.PUBLISHED).exists()
