"""Issue 29.4: a player import runs on the task worker. The upload's request reads the file and checks its
shape (a bad file is refused at once, naming it), then answers with the import job's progress page (htmx
polls it; a meta refresh without JavaScript); the worker checks every row and stores the players in one
transaction; the page then shows the players added, or every problem with its line, in the organizer's
language. A double click, or a second organizer, gets the job under way; an account's jobs are limited per
hour; a job whose worker died is imported again, once.

Tasks run at once (the immediate backend) unless a test takes the `queue` fixture: then the database backend
keeps the task until the test runs the worker (`db_worker --batch`) in this process. tests/house/test_processes.py
kills a real worker process in the middle of an import."""

from __future__ import annotations

import datetime
import html

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from tests.factories import make_event, make_player, make_registration, make_user
from tests.registration.test_player_import import csv_upload, good_rows, many_rows
from tournament.models import AuditEntry, EventRole, Player, PlayerImportJob, Registration
from tournament.registration import import_jobs as jobs


def upload(client, event, rows, **headers):
    return client.post(reverse("tournament:player_import", args=[event.slug]), {"file": csv_upload(rows)},
                       headers=headers)


def text(response) -> str:
    return response.text.replace("&#x27;", "'").replace("&quot;", '"')


def test_the_upload_answers_at_once_and_the_worker_imports_the_file(organizer_client, event, queue):
    response = upload(organizer_client, event, good_rows())
    job = PlayerImportJob.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("tournament:player_import_job", args=[event.slug, job.pk])
    assert not Registration.objects.exists() and not Player.objects.exists()  # the request stored nobody
    page = organizer_client.get(response.url)
    assert "Waiting for the task worker" in page.text and "players.csv (3 rows)" in page.text
    assert 'hx-trigger="every 1s"' in page.text and 'http-equiv="refresh"' in page.text
    partial = organizer_client.get(response.url, headers={"HX-Request": "true"})
    assert "<html" not in partial.text and "Waiting for the task worker" in partial.text
    assert "HX-Request" in partial["Vary"]
    restore = organizer_client.get(response.url, headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})
    assert "<html" in restore.text  # a history restore gets the whole page
    again = organizer_client.get(reverse("tournament:player_import", args=[event.slug]))
    assert 'id="import-under-way"' in again.text and response.url in again.text
    queue()
    regs = Registration.objects.filter(event=event)
    assert sorted(regs.values_list("name", flat=True)) == ["Niccolò Bianchi", "Sin Ejército", "Íñigo Larrañaga"]
    assert regs.get(name="Niccolò Bianchi").army_ref == "II/33"
    done = organizer_client.get(response.url, headers={"HX-Request": "true"})
    assert "Imported 3 players." in done.text and "hx-trigger" not in done.text  # the polling stops
    assert reverse("tournament:players", args=[event.slug]) in done.text
    assert 'http-equiv="refresh"' not in organizer_client.get(response.url).text
    job.refresh_from_db()
    assert (job.status, job.added, job.table) == ("done", 3, {})  # the file is not kept
    assert 'id="import-under-way"' not in organizer_client.get(reverse("tournament:player_import",
                                                                       args=[event.slug])).text


@pytest.mark.parametrize(("language", "words"), [
    ("en", ["Line 3: The name is empty.", "Line 6: “not-an-email” is not an email address.", "Nothing was imported."]),
    ("es", ["Línea 3:", "Línea 6: «not-an-email» no es una dirección de correo.", "No se ha importado nada."]),
    ("it", ["Riga 3:", "Riga 6: «not-an-email» non è un indirizzo email.", "Non è stato importato nulla."]),
])
def test_every_problem_shows_with_its_line_in_the_organizers_language(organizer_client, event, queue,
                                                                        language, words):
    rows = good_rows()
    rows.insert(1, {"name": "", "club": "X"})
    rows.append({"name": "Mala Lista", "email": "not-an-email"})
    url = upload(organizer_client, event, rows, **{"Accept-Language": language}).url
    translation.activate("it" if language == "en" else "en")  # the worker's own language is another one
    queue()
    page = text(organizer_client.get(url, headers={"Accept-Language": language}))
    assert all(word in page for word in words), page
    assert 'id="import-errors"' in page and 'http-equiv="refresh"' not in page
    assert reverse("tournament:player_import", args=[event.slug]) in page  # a way to send the corrected file
    assert not Registration.objects.exists() and not Player.objects.exists()


@pytest.mark.parametrize(("language", "words"), [
    ("en", ["Importing players", "Waiting for the task worker", "players.csv (3 rows), asked by Organizer Uno"]),
    ("es", ["Importando jugadores", "Esperando al proceso de tareas", "players.csv (3 filas), pedido por Organizer Uno"]),
    ("it", ["Importazione dei giocatori", "In attesa del processo delle attività",
            "players.csv (3 righe), richiesto da Organizer Uno"]),
])
def test_the_progress_page_speaks_the_organizers_language(organizer_client, event, queue, language, words):
    url = upload(organizer_client, event, good_rows()).url
    page = organizer_client.get(url, headers={"Accept-Language": language})
    assert all(word in page.text for word in words), page.text


@pytest.mark.parametrize(("language", "words"), [
    ("en", "Imported 3 players."), ("es", "Importados 3 jugadores."), ("it", "Importati 3 giocatori."),
])
def test_the_players_added_are_told_in_the_organizers_language(organizer_client, event, queue, language, words):
    url = upload(organizer_client, event, good_rows()).url
    queue()
    assert words in organizer_client.get(url, headers={"Accept-Language": language}).text


@pytest.mark.parametrize(("language", "words"), [
    ("en", ["Choose a CSV or XLSX file.", "The file has no “name” column.", "Too many rows: the limit is 2000.",
            "Nothing was imported."]),
    ("es", ["Elige un archivo CSV o XLSX.", "El archivo no tiene columna «name».",
            "Demasiadas filas: el límite es 2000.", "No se ha importado nada."]),
    ("it", ["Scegli un file CSV o XLSX.", "Il file non ha la colonna «name».", "Troppe righe: il limite è 2000.",
            "Non è stato importato nulla."]),
])
def test_a_bad_file_is_refused_in_the_request_naming_it(organizer_client, event, queue, language, words):
    url = reverse("tournament:player_import", args=[event.slug])
    cases = [{}, {"file": csv_upload([{"club": "X"}])}, {"file": csv_upload(many_rows(2001))}]
    for data, expected in zip(cases, words, strict=False):
        response = organizer_client.post(url, data, headers={"Accept-Language": language})
        page = text(response)
        assert response.status_code == 400 and expected in page and words[-1] in page, page
    assert not PlayerImportJob.objects.exists()  # nothing queued for the worker


def test_a_double_click_or_a_second_organizer_queues_one_job(organizer_client, event, queue):
    from django_tasks_db.models import DBTaskResult

    other = make_user("org2", "Organizer Due")
    EventRole.objects.create(event=event, user=other, role=EventRole.Role.ORGANIZER)
    second = Client()
    second.force_login(other)
    urls = {upload(organizer_client, event, good_rows()).url, upload(organizer_client, event, good_rows()).url,
            upload(second, event, good_rows()).url}
    assert len(urls) == 1
    assert PlayerImportJob.objects.count() == 1 and DBTaskResult.objects.count() == 1
    queue()
    assert Registration.objects.filter(event=event).count() == 3 and Player.objects.count() == 3
    assert AuditEntry.objects.filter(event=event, action="registration.import").count() == 1


def test_the_database_allows_one_active_job_per_event(event, organizer):
    PlayerImportJob.objects.create(event=event, requested_by=organizer)
    with pytest.raises(IntegrityError), transaction.atomic():
        PlayerImportJob.objects.create(event=event, requested_by=organizer, status=PlayerImportJob.Status.RUNNING)
    PlayerImportJob.objects.create(event=event, requested_by=organizer, status=PlayerImportJob.Status.DONE)


def test_two_requests_at_once_share_one_job(organizer, event, queue, monkeypatch):
    """The second request looked before the first committed its job: the constraint stops its own."""
    import pandas as pd
    from django.db.models.query import QuerySet

    theirs = PlayerImportJob.objects.create(event=event, requested_by=organizer)  # committed just after our look
    real, looks = QuerySet.first, []

    def first(queryset):
        looks.append(queryset.model)
        return None if len(looks) == 1 else real(queryset)

    monkeypatch.setattr(QuerySet, "first", first)
    frame = pd.DataFrame([["Ana"]], columns=["name"], dtype=str)
    assert jobs.import_job_request(event=event, user=organizer, frame=frame, filename="p.csv").pk == theirs.pk
    assert PlayerImportJob.objects.count() == 1


@pytest.mark.parametrize(("language", "words"), [
    ("en", "You have asked for 2 player imports in the last hour, the limit"),
    ("es", "Has pedido 2 importaciones de jugadores en la última hora, el límite"),
    ("it", "Hai chiesto 2 importazioni di giocatori nell'ultima ora, il limite"),
])
def test_an_accounts_import_jobs_are_limited_per_hour(organizer_client, organizer, settings, language, words):
    """Files with bad rows count too (each costs the worker), in any of the account's events."""
    settings.PLAYER_IMPORT_JOBS_PER_HOUR = 2
    events = [make_event(slug=f"cup-{k}", name=f"Cup {k}") for k in range(3)]
    for event in events:
        EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    assert upload(organizer_client, events[0], [{"name": "Ana", "email": "@"}]).status_code == 200  # a bad row: counted
    assert upload(organizer_client, events[1], good_rows()).status_code == 302
    refused = upload(organizer_client, events[2], good_rows(), **{"Accept-Language": language})
    assert refused.status_code == 429 and words in text(refused)
    assert PlayerImportJob.objects.count() == 2 and not Registration.objects.filter(event=events[2]).exists()


def test_the_events_limits_are_checked_again_by_the_worker(organizer_client, organizer, event, queue, settings):
    """The event filled up while the file waited for the worker: refused, nothing stored."""
    settings.MAX_EVENT_ENTRIES = 4
    url = upload(organizer_client, event, good_rows(), **{"Accept-Language": "es"}).url
    for name in ("Ana Peña", "Bruno Díaz"):
        make_registration(event, make_player(name))
    queue()
    page = organizer_client.get(url, headers={"Accept-Language": "es"})
    assert "como máximo 4 jugadores" in text(page) and 'id="import-errors"' in page.text
    assert Registration.objects.filter(event=event).count() == 2


def test_only_the_events_organizers_follow_its_import(organizer_client, umpire_client, client, event, queue):
    url = upload(organizer_client, event, good_rows()).url
    assert upload(umpire_client, event, good_rows()).status_code == 403
    assert umpire_client.get(url).status_code == 403
    assert client.get(url).status_code == 302  # to the login page
    other = make_event(slug="other-event", name="Other")
    stranger = make_user("stranger")
    EventRole.objects.create(event=other, user=stranger, role=EventRole.Role.ORGANIZER)
    own = Client()
    own.force_login(stranger)
    job = PlayerImportJob.objects.get()
    assert own.get(reverse("tournament:player_import_job", args=["other-event", job.pk])).status_code == 404
    assert PlayerImportJob.objects.count() == 1


def stale(job: PlayerImportJob, status: str = "running") -> None:
    PlayerImportJob.objects.filter(pk=job.pk).update(status=status,
                                                     heartbeat_at=timezone.now() - datetime.timedelta(hours=1))


def test_a_job_whose_worker_died_is_imported_again_once(organizer_client, event, queue):
    url = upload(organizer_client, event, good_rows()).url
    job = PlayerImportJob.objects.get()
    stale(job)  # taken by a worker that was killed: the import's transaction never committed
    assert jobs.recover_lost_import_jobs() == 1
    queue()
    job.refresh_from_db()
    assert (job.status, job.attempts, job.added) == ("done", 2, 3)
    assert Registration.objects.filter(event=event).count() == 3 and Player.objects.count() == 3
    assert "Imported 3 players." in organizer_client.get(url).text


def test_an_attempt_overtaken_by_a_later_one_stores_nothing(organizer_client, event, queue, monkeypatch):
    """The first attempt's worker was only slow: meanwhile the job went to a second attempt. When the first
    one comes to mark the job done, it finds the job no longer its own and rolls its players back."""
    from tournament.registration import import_task

    upload(organizer_client, event, good_rows())
    job = PlayerImportJob.objects.get()
    real = import_task.import_rows

    def overtaken(*args):
        added = real(*args)
        PlayerImportJob.objects.filter(pk=job.pk).update(attempts=2)  # the job was queued again meanwhile
        return added

    monkeypatch.setattr(import_task, "import_rows", overtaken)
    assert import_task.import_players.call(job.pk, 1) == 0
    assert not Registration.objects.exists() and not Player.objects.exists()
    assert not AuditEntry.objects.filter(action="registration.import").exists()


@pytest.mark.parametrize(("language", "words"), [
    ("en", "The task worker stopped while importing this file."),
    ("es", "El proceso de tareas se detuvo mientras importaba este archivo."),
    ("it", "Il processo delle attività si è fermato mentre importava questo file."),
])
def test_a_job_lost_twice_fails_with_a_way_back(organizer_client, event, queue, language, words):
    url = upload(organizer_client, event, good_rows()).url
    job = PlayerImportJob.objects.get()
    stale(job)
    jobs.recover_lost_import_jobs()
    stale(job)
    page = organizer_client.get(url, headers={"Accept-Language": language})  # the page's poll sees it too
    job.refresh_from_db()
    assert (job.status, job.error) == ("failed", jobs.WORKER_LOST)
    assert words in page.text and reverse("tournament:player_import", args=[event.slug]) in page.text
    assert not Registration.objects.exists()
    assert upload(organizer_client, event, good_rows()).url != url  # asking again queues a new job


@pytest.mark.parametrize("language, words", [
    ("en", "An import is already under way for this event, so “players.csv” was not read"),
    ("es", "Ya hay una importación en curso para este evento, así que «players.csv» no se ha leído"),
    ("it", "C'è già un'importazione in corso per questo evento, quindi «players.csv» non è stato letto"),
])
def test_a_second_file_while_an_import_runs_is_not_read_and_the_organizer_is_told(organizer_client, event, queue,
                                                                                   language, words):
    upload(organizer_client, event, good_rows())
    second = organizer_client.post(reverse("tournament:player_import", args=[event.slug]),
                                   {"file": csv_upload(good_rows())}, headers={"Accept-Language": language},
                                   follow=True)
    assert words in html.unescape(second.content.decode())
    assert PlayerImportJob.objects.count() == 1


def test_an_import_job_failed_for_a_lost_worker_drops_the_file(organizer_client, event, queue):
    """The file's table is kept only until the job ends, however it ends: a job failed because its worker died on
    every attempt keeps none of the organizer's file (names, e-mails) either."""
    organizer_client.post(reverse("tournament:player_import", args=[event.slug]), {"file": csv_upload(good_rows())})
    job = PlayerImportJob.objects.get()
    assert job.table["rows"]
    for _ in range(jobs.MAX_ATTEMPTS):  # each attempt's worker dies: queued again once, then failed
        PlayerImportJob.objects.filter(pk=job.pk).update(status="running",
                                                         heartbeat_at=timezone.now() - datetime.timedelta(hours=1))
        jobs.recover_lost_import_jobs()
    job = PlayerImportJob.objects.get()
    assert (job.status, job.error) == ("failed", jobs.WORKER_LOST)
    assert job.table == {}, f"the failed job still holds the file: {len(job.table.get('rows', []))} rows"
