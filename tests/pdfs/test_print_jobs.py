"""Print jobs on Django's Tasks framework: recorded with their event and who asked, visible and
fetchable only by that event's organizers and umpires, kept in the database (nothing under /tmp), and
never stuck at "Preparing…" when the worker dies: queued again once, then failed with "try again".

Tasks run at once here (the immediate backend); one test runs the database backend's worker in this
process. tests/house/test_processes.py kills a real worker process mid-job."""

from __future__ import annotations

import datetime
import io

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from tests.factories import make_event, make_player, make_registration, make_user
from tournament.armies.catalogue import load_catalogue
from tournament.armies.validation import default_army
from tournament.models import EventRole, PrintJob
from tournament.pairing.manager import round_pair, round_publish
from tournament.pdfs import jobs, tasks
from tournament.web.views import pdf

NAMES = ("Íñigo Larrañaga", "Niccolò Bianchi", "Ana Peña", "Zoë Müller", "Chloé Dubois")


def text(body: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)


def login(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def players(event):
    army = default_army(load_catalogue().get("II/33"))
    users = [make_user(f"player{k}") for k in range(len(NAMES))]
    for name, user in zip(NAMES, users, strict=True):
        make_registration(event, make_player(name, user=user), army_ref="II/33", elements=list(army.elements),
                          general=army.general)
    return users


@pytest.fixture
def background(monkeypatch):
    """Every pack goes to the background, however small."""
    monkeypatch.setattr(pdf, "BACKGROUND_SHEETS", 0)
    monkeypatch.setattr(pdf, "BACKGROUND_GAMES", 0)


def ask_sheets(client, event):
    response = client.get(reverse("tournament:army_sheets_pdf", args=[event.slug]))
    assert response.status_code == 302, response.status_code
    return response["Location"]


def test_a_pack_is_a_job_of_its_event_fetched_by_any_of_its_staff(organizer_client, umpire_client, organizer, event,
                                                                  players, background):
    url = ask_sheets(organizer_client, event)
    job = PrintJob.objects.get()
    assert (job.event, job.requested_by, job.kind, job.status) == (event, organizer, "army_sheets", "ready")
    assert job.task_id and url == reverse("tournament:print_job", args=[event.slug, job.pk])
    page = umpire_client.get(url)  # an umpire follows the organizer's job
    assert page.status_code == 200 and "print-download" in page.text and "Organizer Uno" in page.text
    download = umpire_client.get(url + "?download=1")
    assert download["Content-Type"] == "application/pdf"
    assert all(name in text(download.content) for name in NAMES)


def test_nobody_else_sees_or_fetches_a_job(organizer_client, client, event, players, background):
    url = ask_sheets(organizer_client, event)
    player = login(players[0])  # registered at the event, but not its staff
    other_event = make_event(slug="other-event")
    stranger = make_user("other-organizer")
    EventRole.objects.create(event=other_event, user=stranger, role=EventRole.Role.ORGANIZER)
    job = PrintJob.objects.get()
    for who, expected in ((player, 403), (login(stranger), 403)):
        for suffix in ("", "?download=1"):
            response = who.get(url + suffix)
            assert response.status_code == expected and response["Content-Type"] != "application/pdf"
    anonymous = client.get(url + "?download=1")
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    # The other event's organizer, through their own event's address: no such job there.
    assert login(stranger).get(reverse("tournament:print_job", args=[other_event.slug, job.pk])).status_code == 404
    retry = reverse("tournament:print_job_retry", args=[event.slug, job.pk])
    assert player.post(retry).status_code == 403 and PrintJob.objects.count() == 1


def test_round_pack_job_has_the_games(organizer_client, umpire_client, organizer, event, players, background):
    round_publish(round_pair(event, organizer), organizer)
    response = umpire_client.get(reverse("tournament:round_pdf", args=[event.slug, 1, "pack"]))
    assert response.status_code == 302
    job = PrintJob.objects.get()
    assert job.kind == "pack" and job.options["round"] == 1 and job.status == "ready"
    content = text(organizer_client.get(response["Location"] + "?download=1").content)
    assert all(name in content for name in NAMES) and "Signature" in content


def test_a_failing_job_says_why_and_offers_to_try_again(organizer_client, event, players, background, monkeypatch):
    def broken(job, progress):
        progress(1, 5)
        raise ValueError("the army catalogue is unreadable")

    monkeypatch.setattr(tasks, "build", broken)
    url = ask_sheets(organizer_client, event)
    page = organizer_client.get(url)
    assert "the army catalogue is unreadable" in page.text and 'id="print-retry"' in page.text
    monkeypatch.undo()
    first = PrintJob.objects.get()
    again = organizer_client.post(reverse("tournament:print_job_retry", args=[event.slug, first.pk]))
    assert again.status_code == 302 and again["Location"] != url
    assert "print-download" in organizer_client.get(again["Location"]).text


def dead_job(event, user, *, attempts: int, minutes: int = 10) -> PrintJob:
    """A job whose worker was killed mid-layout `minutes` ago (its heartbeat stopped then)."""
    return PrintJob.objects.create(event=event, requested_by=user, kind=PrintJob.Kind.ARMY_SHEETS,
                                   options={"lang": "en", "size": "A4", "base_url": "http://testserver/"},
                                   filename="sheets.pdf", status=PrintJob.Status.RUNNING, attempts=attempts,
                                   done=2, total=5, heartbeat_at=timezone.now() - datetime.timedelta(minutes=minutes))


def job_url(job) -> str:
    return reverse("tournament:print_job", args=[job.event.slug, job.pk])


def test_a_job_whose_worker_died_is_run_again_when_the_page_is_polled(organizer_client, organizer, event, players):
    job = dead_job(event, organizer, attempts=1)
    page = organizer_client.get(job_url(job), headers={"HX-Request": "true"})
    assert "print-download" in page.text  # queued again, and run (at once, here)
    job.refresh_from_db()
    assert job.status == "ready" and job.attempts == 2
    assert all(name in text(organizer_client.get(job_url(job) + "?download=1").content) for name in NAMES)


def test_a_job_that_loses_its_worker_twice_fails_with_try_again(organizer_client, organizer, event, players):
    job = dead_job(event, organizer, attempts=jobs.MAX_ATTEMPTS)
    page = organizer_client.get(job_url(job))
    assert "Preparing" not in page.text and "<progress" not in page.text
    assert "The print worker stopped while preparing this PDF" in page.text and 'id="print-retry"' in page.text
    again = organizer_client.post(reverse("tournament:print_job_retry", args=[event.slug, job.pk]))
    assert "print-download" in organizer_client.get(again["Location"]).text


def test_a_job_still_beating_is_left_alone(organizer_client, organizer, event, players):
    job = dead_job(event, organizer, attempts=1, minutes=0)
    page = organizer_client.get(job_url(job))
    assert "Preparing the PDF" in page.text and "40%" in page.text
    job.refresh_from_db()
    assert job.status == "running" and job.attempts == 1


def test_the_worker_recovers_lost_jobs_without_anyone_polling(organizer, event, players):
    lost, alive = dead_job(event, organizer, attempts=1), dead_job(event, organizer, attempts=1, minutes=0)
    assert jobs.recover_lost_jobs() == 1
    lost.refresh_from_db(), alive.refresh_from_db()
    assert (lost.status, lost.attempts, alive.status) == ("ready", 2, "running")


def test_database_backend_queue_then_worker(organizer_client, event, players, background, settings, monkeypatch):
    """With the real backend: the job waits in the queue (not mistaken for a lost one, however long),
    then the worker command runs it (here, in the test's transaction: it keeps its connection)."""
    from django_tasks_db.management.commands import db_worker

    monkeypatch.setattr(db_worker, "close_old_connections", lambda: None)
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    url = ask_sheets(organizer_client, event)
    PrintJob.objects.update(heartbeat_at=timezone.now() - datetime.timedelta(hours=1))
    page = organizer_client.get(url)
    assert "Waiting for the print worker" in page.text
    assert PrintJob.objects.get().attempts == 1
    call_command("db_worker", batch=True, reload=False, startup_delay=False, verbosity=0)
    assert "print-download" in organizer_client.get(url).text
    assert all(name in text(organizer_client.get(url + "?download=1").content) for name in NAMES)


def test_the_join_poster_has_the_code_the_name_and_the_address(organizer_client, client, event, settings,
                                                              monkeypatch):
    from tournament.pdfs import poster

    drawn = []

    class Spy(poster.QR):
        def __init__(self, data, size):
            drawn.append(data)
            super().__init__(data, size)

    monkeypatch.setattr(poster, "QR", Spy)
    settings.SITE_URL = "http://192.168.1.20:8000"
    url = reverse("tournament:join_poster", args=[event.slug])
    response = organizer_client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    content = reader.pages[0].extract_text()
    assert len(reader.pages) == 1
    assert event.name in content and f"http://192.168.1.20:8000/e/{event.slug}/" in content
    assert drawn == [f"http://192.168.1.20:8000/e/{event.slug}/"]
    assert client.get(url).status_code == 302
    assert 'id="join-poster"' in organizer_client.get(event.get_absolute_url()).text


@pytest.mark.parametrize(("language", "words"), [
    ("es", ["El proceso de impresión se detuvo", "Intentar de nuevo", "pedido por Organizer Uno"]),
    ("it", ["Il processo di stampa si è fermato", "Riprova", "richiesto da Organizer Uno"]),
])
def test_the_job_page_speaks_the_staffs_language(organizer_client, organizer, event, language, words):
    job = dead_job(event, organizer, attempts=jobs.MAX_ATTEMPTS)
    page = organizer_client.get(job_url(job), headers={"Accept-Language": language})
    assert all(word in page.text for word in words), page.text


def test_the_poster_speaks_the_organizers_language(organizer_client, event):
    url = reverse("tournament:join_poster", args=[event.slug])
    body = organizer_client.get(url, headers={"Accept-Language": "it"}).content
    assert "Oppure digita questo indirizzo" in text(body)
