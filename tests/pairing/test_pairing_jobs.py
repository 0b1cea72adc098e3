"""Issue 29.4: "Pair the next round" runs on the task worker. The view queues a pairing job and answers at
once with its progress page (htmx polls it; a meta refresh without JavaScript); the draft round opens when
it is ready; a double click, or a second organizer, gets the job under way; a refusal is told in the
organizer's language; a job whose worker died is queued again and pairs the round once.

Tasks run at once here (the immediate backend) unless a test sets the database backend, whose queue then
waits until the test runs the worker (`db_worker --batch`) in this process. tests/house/test_processes.py kills a
real worker process mid-job."""

from __future__ import annotations

import datetime

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone, translation

from tests.factories import make_event, make_player, make_registration, make_user
from tournament import pairing_jobs as jobs
from tournament.models import EventRole, PairingJob, Round

NAMES = ("Íñigo Larrañaga", "Niccolò Bianchi", "Ana Peña", "Zoë Müller", "Chloé Dubois", "Åsa Lind")


@pytest.fixture
def players(event):
    for name in NAMES:
        make_registration(event, make_player(name))



def pair(client, event, **headers):
    return client.post(reverse("tournament:round_pair", args=[event.slug]), headers=headers)


def test_without_a_worker_in_between_the_draft_opens_at_once(organizer_client, event, players):
    response = pair(organizer_client, event)
    assert response.url == reverse("tournament:round", args=[event.slug, 1])
    job = PairingJob.objects.get()
    assert (job.status, job.round.number, job.round.games.count()) == ("done", 1, 3)


def test_the_page_answers_at_once_and_shows_the_draft_when_the_worker_has_paired_it(organizer_client, event,
                                                                                     players, queue):
    response = pair(organizer_client, event)
    job = PairingJob.objects.get()
    assert response.url == reverse("tournament:pairing_job", args=[event.slug, job.pk])
    assert not Round.objects.exists()  # the request paired nothing
    page = organizer_client.get(response.url)
    assert "Waiting for the task worker" in page.text
    rounds = organizer_client.get(reverse("tournament:rounds", args=[event.slug]), headers={"Accept-Language": "es"})
    assert "Se está emparejando una ronda" in rounds.text and response.url in rounds.text  # back on the rounds page
    assert 'hx-trigger="every 2s"' in page.text and 'http-equiv="refresh"' in page.text
    partial = organizer_client.get(response.url, headers={"HX-Request": "true"})
    assert "<html" not in partial.text and "Waiting for the task worker" in partial.text
    assert "HX-Request" in partial["Vary"]
    queue()
    rnd = Round.objects.get()
    assert (rnd.number, rnd.status, rnd.games.count()) == (1, "draft", 3)
    done = organizer_client.get(response.url)
    assert done.status_code == 302 and done.url == reverse("tournament:round", args=[event.slug, 1])
    polled = organizer_client.get(response.url, headers={"HX-Request": "true"})
    assert polled["HX-Redirect"] == reverse("tournament:round", args=[event.slug, 1])
    assert "Íñigo Larrañaga" in organizer_client.get(done.url).text
    assert "pairing-under-way" not in organizer_client.get(reverse("tournament:rounds", args=[event.slug])).text


def test_a_double_click_or_a_second_organizer_queues_one_job(organizer_client, event, players, queue):
    other = make_user("org2", "Organizer Due")
    EventRole.objects.create(event=event, user=other, role=EventRole.Role.ORGANIZER)
    from django.test import Client
    from django_tasks_db.models import DBTaskResult

    second = Client()
    second.force_login(other)
    urls = {pair(organizer_client, event).url, pair(organizer_client, event).url, pair(second, event).url}
    assert len(urls) == 1
    assert PairingJob.objects.count() == 1 and DBTaskResult.objects.count() == 1
    queue()
    assert Round.objects.count() == 1
    late = pair(second, event).url  # after the first job ended: a new job, which finds the draft
    queue()
    assert organizer_client.get(late).url == reverse("tournament:round", args=[event.slug, 1])
    assert Round.objects.count() == 1


def test_the_database_allows_one_active_job_per_event(event, organizer):
    PairingJob.objects.create(event=event, requested_by=organizer)
    with pytest.raises(IntegrityError), transaction.atomic():
        PairingJob.objects.create(event=event, requested_by=organizer, status=PairingJob.Status.RUNNING)
    PairingJob.objects.create(event=event, requested_by=organizer, status=PairingJob.Status.DONE)


@pytest.mark.parametrize(("language", "words"), [
    ("en", "At least two active players are needed to pair a round."),
    ("es", "Hacen falta al menos dos jugadores activos para emparejar una ronda."),
    ("it", "Servono almeno due giocatori attivi per abbinare un turno."),
])
def test_a_refusal_is_told_when_the_job_ends_in_the_organizers_language(organizer_client, event, queue,
                                                                         language, words):
    make_registration(event, make_player("Solo Player"))
    url = pair(organizer_client, event, **{"Accept-Language": language}).url
    translation.activate("it" if language == "en" else "en")  # the worker's own language is another one
    queue()
    page = organizer_client.get(url, headers={"Accept-Language": language})
    assert words in page.text and 'id="pairing-error"' in page.text
    assert 'http-equiv="refresh"' not in page.text  # it stops polling
    assert not Round.objects.exists()


def test_without_a_worker_in_between_a_refusal_is_shown_on_the_rounds_page(organizer_client, event):
    response = pair(organizer_client, event, **{"Accept-Language": "es"})
    assert response.url == reverse("tournament:rounds", args=[event.slug])
    page = organizer_client.get(response.url, headers={"Accept-Language": "es"})
    assert "Hacen falta al menos dos jugadores activos" in page.text


@pytest.mark.parametrize(("language", "words"), [
    ("en", ["Pairing the next round", "Waiting for the task worker", "asked by Organizer Uno"]),
    ("es", ["Emparejando la siguiente ronda", "Esperando al proceso de tareas", "pedido por Organizer Uno"]),
    ("it", ["Abbinamento del prossimo turno", "In attesa del processo delle attività", "richiesto da Organizer Uno"]),
])
def test_the_progress_page_speaks_the_organizers_language(organizer_client, event, players, queue, language, words):
    url = pair(organizer_client, event).url
    page = organizer_client.get(url, headers={"Accept-Language": language})
    assert all(word in page.text for word in words), page.text


def test_only_the_events_organizers_follow_its_pairing(organizer_client, umpire_client, client, event, players,
                                                       queue):
    url = pair(organizer_client, event).url
    assert umpire_client.post(reverse("tournament:round_pair", args=[event.slug])).status_code == 403
    assert umpire_client.get(url).status_code == 403
    assert client.get(url).status_code == 302  # to the login page
    stranger_event = make_event(slug="other-event", name="Other")
    stranger = make_user("stranger")
    EventRole.objects.create(event=stranger_event, user=stranger, role=EventRole.Role.ORGANIZER)
    from django.test import Client

    own = Client()
    own.force_login(stranger)
    job = PairingJob.objects.get()
    assert own.get(reverse("tournament:pairing_job", args=["other-event", job.pk])).status_code == 404
    assert PairingJob.objects.count() == 1


def stale(job: PairingJob, status: str = "running") -> None:
    PairingJob.objects.filter(pk=job.pk).update(status=status,
                                                heartbeat_at=timezone.now() - datetime.timedelta(hours=1))


def test_a_job_whose_worker_died_is_paired_again_once(organizer_client, organizer, event, players, queue):
    url = pair(organizer_client, event).url
    job = PairingJob.objects.get()
    stale(job)  # taken by a worker that was killed: the round's transaction never committed
    assert jobs.recover_lost_pairing_jobs() == 1
    queue()
    job.refresh_from_db()
    assert (job.status, job.attempts, job.round.number) == ("done", 2, 1)
    assert Round.objects.count() == 1
    assert organizer_client.get(url).url == reverse("tournament:round", args=[event.slug, 1])


@pytest.mark.parametrize(("language", "words"), [
    ("en", "The task worker stopped while pairing this round."),
    ("es", "El proceso de tareas se detuvo mientras emparejaba esta ronda."),
    ("it", "Il processo delle attività si è fermato mentre abbinava questo turno."),
])
def test_a_job_lost_twice_fails_with_a_way_back(organizer_client, event, players, queue, language, words):
    url = pair(organizer_client, event).url
    job = PairingJob.objects.get()
    stale(job)
    jobs.recover_lost_pairing_jobs()
    stale(job)
    page = organizer_client.get(url, headers={"Accept-Language": language})  # the page's poll sees it too
    job.refresh_from_db()
    assert (job.status, job.error) == ("failed", jobs.WORKER_LOST)
    assert words in page.text and reverse("tournament:rounds", args=[event.slug]) in page.text
    assert pair(organizer_client, event).url != url  # asking again queues a new job


def test_two_requests_at_once_share_one_job(organizer, event, players, queue, monkeypatch):
    """The second request looked before the first committed its job: the constraint stops its own, and it
    returns the first one's (no event lock is taken, so no click waits for a pairing under way)."""
    from django.db.models.query import QuerySet

    theirs = PairingJob.objects.create(event=event, requested_by=organizer)  # committed just after our look
    real, looks = QuerySet.first, []

    def first(queryset):
        looks.append(queryset.model)
        return None if len(looks) == 1 else real(queryset)

    monkeypatch.setattr(QuerySet, "first", first)
    assert jobs.pairing_job_request(event=event, user=organizer).pk == theirs.pk
    assert PairingJob.objects.count() == 1


def test_the_stages_next_round_is_paired_by_the_worker_too(organizer_client, event, queue):
    from tests.stages.test_stage_events import add_stage, draw, field

    field(event, 6)
    draw(organizer_client, event, add_stage(organizer_client, event, name="Knockout", kind="single", third_place=""))
    url = organizer_client.post(reverse("tournament:stage_pair", args=[event.slug])).url
    job = PairingJob.objects.get()
    assert (url, job.kind) == (reverse("tournament:pairing_job", args=[event.slug, job.pk]), "stages")
    assert not Round.objects.exists()
    page = organizer_client.get(url, headers={"Accept-Language": "it"})
    assert "In attesa del processo delle attività" in page.text
    assert reverse("tournament:stage_setup", args=[event.slug]) in page.text  # its way back: the stages page
    queue()
    rnd = Round.objects.get()
    assert organizer_client.get(url).url == reverse("tournament:round", args=[event.slug, rnd.number])
    assert rnd.games.filter(stage__isnull=False).exists()  # the bracket's games, not a Swiss round


def test_a_job_queued_under_the_tasks_old_path_is_paired_after_an_upgrade(organizer_client, event, players, queue):
    """The pairing task moved (`tournament.pairing_jobs.tasks` became `tournament.pairing_jobs`): a job queued by
    the old code while the worker was down for the upgrade is paired once, and its page never fails."""
    import importlib

    from django_tasks_db.models import DBTaskResult

    url = pair(organizer_client, event).url
    job = PairingJob.objects.get()
    DBTaskResult.objects.filter(id=job.task_id).update(task_path="tournament.pairing_jobs.tasks.pair_next_round")
    stale(job, status="queued")
    assert organizer_client.get(url).status_code in (200, 302)  # the lease finds it lost: queued again
    queue()
    job.refresh_from_db()
    assert (job.status, job.round.number) == ("done", 1)
    assert Round.objects.count() == 1
    assert organizer_client.get(url).url == reverse("tournament:round", args=[event.slug, 1])

    # and the data migration points a task still waiting under the old path at the new one
    old = DBTaskResult.objects.create(task_path="tournament.pairing_jobs.tasks.pair_next_round", status="READY",
                                      args_kwargs={"args": [job.pk, 1], "kwargs": {}}, backend_name="default",
                                      queue_name="default", priority=0)
    from django.apps import apps as global_apps
    migration = importlib.import_module("tournament.migrations.0033_pairing_task_path")
    migration.forward(global_apps, None)
    old.refresh_from_db()
    assert old.task_path == "tournament.pairing_jobs.pair_next_round"
