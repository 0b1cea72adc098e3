"""Issue #26, medium 3: one stranger stalled every event's printing (26 requests for 2,000 army sheets
held the shared worker for about 6 minutes; each PDF was kept for 2 days).

Now: one active job per user, event and kind (asking again returns it); a cap per user per hour; small
jobs first, so another event's small job does not wait behind the big ones; a cap on pages per job
(more army sheets print in parts); finished PDFs dropped after download or after a few hours, by the
worker's loop."""

from __future__ import annotations

import datetime
import html
import io

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from tests.factories import make_event, make_player, make_registration, make_user
from tournament.models import EventRole, PrintJob
from tournament.pairing.manager import round_pair, round_publish
from tournament.pdfs import jobs, tasks
from tournament.web.views import pdf

NAMES = ("Ana Peña", "Bruno Costa", "Chloé Dubois", "Dario Fo", "Elena Ruiz")


def login(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def entrants(event, names=NAMES, prefix=""):
    for name in names:
        make_registration(event, make_player(prefix + name), army_ref="II/33")


def sheets_url(event) -> str:
    return reverse("tournament:army_sheets_pdf", args=[event.slug])


def text(body: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)


@pytest.fixture
def background(monkeypatch):
    monkeypatch.setattr(pdf, "BACKGROUND_SHEETS", 0)
    monkeypatch.setattr(pdf, "BACKGROUND_GAMES", 0)


@pytest.fixture
def queued(settings, monkeypatch):
    """The real queue: jobs wait for `run_worker()`."""
    from django_tasks_db.management.commands import db_worker

    monkeypatch.setattr(db_worker, "close_old_connections", lambda: None)
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def run_worker():
    from django.core.management import call_command

    call_command("db_worker", batch=True, reload=False, startup_delay=False, verbosity=0)


def test_asking_again_returns_the_job_already_running(organizer_client, event, background, queued):
    entrants(event)
    locations = {organizer_client.get(sheets_url(event))["Location"] for _ in range(26)}
    job = PrintJob.objects.get()  # 26 requests, one job
    assert locations == {reverse("tournament:print_job", args=[event.slug, job.pk])}
    assert job.status == "queued"
    run_worker()
    job.refresh_from_db()
    assert job.status == "ready"
    organizer_client.get(sheets_url(event))  # the finished one is not "running": a new job
    assert PrintJob.objects.count() == 2


@pytest.mark.parametrize(("language", "words"), [
    ("en", "print jobs in the last hour, the most one account may"),
    ("es", "trabajos de impresión en la última hora, el máximo por cuenta"),
    ("it", "stampe nell'ultima ora, il massimo per un account"),
])
def test_a_user_asks_for_a_limited_number_of_jobs_an_hour(organizer_client, organizer, event, background, settings,
                                                          language, words):
    settings.PRINT_JOBS_PER_HOUR = 3
    entrants(event)
    for _ in range(3):  # each one finishes at once here, so each is a new job
        assert organizer_client.get(sheets_url(event)).status_code == 302
    refused = organizer_client.get(sheets_url(event), headers={"Accept-Language": language})
    assert refused.status_code == 429 and words in html.unescape(refused.text)
    assert PrintJob.objects.count() == 3
    PrintJob.objects.update(created_at=timezone.now() - datetime.timedelta(minutes=61))
    assert organizer_client.get(sheets_url(event)).status_code == 302  # an hour later


def test_another_events_small_job_goes_before_a_strangers_big_ones(organizer_client, event, background, queued,
                                                                    settings, monkeypatch):
    settings.PRINT_JOB_MAX_PAGES = 40
    stranger = make_user("stranger")
    big_events = []
    for k in range(3):
        big = make_event(slug=f"spam-{k}")
        EventRole.objects.create(event=big, user=stranger, role=EventRole.Role.ORGANIZER)
        entrants(big, [f"Player {n}" for n in range(36)], prefix=f"{k}-")
        big_events.append(big)
    spammer = login(stranger)
    for big in big_events:
        spammer.get(sheets_url(big))
    entrants(event)  # the other event's small job, asked for last
    organizer_client.get(sheets_url(event))
    order = []
    real_build = tasks.build
    monkeypatch.setattr(tasks, "build", lambda job, progress: order.append(job.event.slug) or real_build(job, progress))
    run_worker()
    assert order[0] == event.slug and sorted(order[1:]) == ["spam-0", "spam-1", "spam-2"]


@pytest.mark.parametrize(("language", "words"), [
    ("en", ["Print them in parts", "Army sheets 1–3", "Army sheets 4–5"]),
    ("es", ["Imprímelas por partes", "Hojas de ejército 1–3", "Hojas de ejército 4–5"]),
    ("it", ["Stampale in parti", "Schede d'esercito 1–3", "Schede d'esercito 4–5"]),
])
def test_more_army_sheets_than_a_job_may_lay_out_print_in_parts(organizer_client, event, background, settings,
                                                                  language, words):
    settings.PRINT_JOB_MAX_PAGES = 3
    entrants(event)
    page = organizer_client.get(sheets_url(event), headers={"Accept-Language": language})
    assert page.status_code == 200 and PrintJob.objects.count() == 0
    assert all(word in html.unescape(page.text) for word in words), page.text
    second = organizer_client.get(sheets_url(event) + "?part=2")
    job = PrintJob.objects.get()
    assert job.pages == 2 and job.filename.endswith("-part-2.pdf")
    content = text(organizer_client.get(second["Location"] + "?download=1").content)
    assert "Dario Fo" in content and "Elena Ruiz" in content and "Ana Peña" not in content
    assert organizer_client.get(sheets_url(event) + "?part=3").status_code == 400


def test_the_worker_never_lays_out_more_than_the_cap(organizer, event, settings):
    entrants(event)
    settings.PRINT_JOB_MAX_PAGES = 2  # the event grew after the job was asked for
    job = PrintJob.objects.create(event=event, requested_by=organizer, kind=PrintJob.Kind.ARMY_SHEETS, pages=2,
                                  options={"lang": "en", "size": "A4", "base_url": "http://testserver/"},
                                  filename="sheets.pdf", status=PrintJob.Status.QUEUED, attempts=1)
    tasks.make_pdf.call(job.pk, 1)
    job.refresh_from_db()
    assert len(PdfReader(io.BytesIO(bytes(job.pdf))).pages) == 2


def test_a_round_too_long_for_one_job_is_refused(organizer_client, organizer, event, background, settings):
    entrants(event, [f"Player {n}" for n in range(12)])
    round_publish(round_pair(event, organizer), organizer)
    settings.PRINT_JOB_MAX_PAGES = 2  # six games: three pages of slips
    refused = organizer_client.get(reverse("tournament:round_pdf", args=[event.slug, 1, "slips"]))
    assert refused.status_code == 400 and "about 3 pages, more than the 2 one print job may lay out" in refused.text
    assert PrintJob.objects.count() == 0


def ready_job(organizer_client, event) -> tuple[PrintJob, str]:
    entrants(event)
    url = organizer_client.get(sheets_url(event))["Location"]
    return PrintJob.objects.get(), url


@pytest.mark.parametrize(("language", "words"), [
    ("en", "This PDF was deleted"), ("es", "Este PDF se borró"), ("it", "Questo PDF è stato cancellato")])
def test_a_downloaded_pdf_is_dropped_a_while_later(organizer_client, event, background, language, words):
    job, url = ready_job(organizer_client, event)
    assert organizer_client.get(url + "?download=1")["Content-Type"] == "application/pdf"
    assert organizer_client.get(url + "?download=1")["Content-Type"] == "application/pdf"  # opened again at once
    assert jobs.prune_print_jobs(timezone.now() + datetime.timedelta(minutes=9)) == 0
    assert jobs.prune_print_jobs(timezone.now() + datetime.timedelta(minutes=11)) == 1
    job.refresh_from_db()
    assert job.pdf is None and job.status == "expired"
    again = organizer_client.get(url + "?download=1", headers={"Accept-Language": language})
    assert again["Content-Type"] != "application/pdf" and words in again.text
    assert "print-download" not in again.text


def test_a_pdf_never_downloaded_is_dropped_after_a_few_hours(organizer_client, event, background):
    job, _url = ready_job(organizer_client, event)
    assert jobs.prune_print_jobs(timezone.now() + datetime.timedelta(hours=2)) == 0
    assert jobs.prune_print_jobs(timezone.now() + datetime.timedelta(hours=3, minutes=1)) == 1
    assert PrintJob.objects.get().pdf is None


def test_the_worker_drops_old_pdfs_when_it_starts_and_in_its_loop(organizer_client, event, background, monkeypatch):
    from tournament.management.commands import worker

    job, _url = ready_job(organizer_client, event)
    PrintJob.objects.update(finished_at=timezone.now() - datetime.timedelta(hours=4))
    started = []
    monkeypatch.setattr(worker, "call_command", lambda *args, **kwargs: None)
    monkeypatch.setattr(worker.threading, "Thread", lambda target, args, **kw: started.append((target, args)) or
                        type("T", (), {"start": lambda self: None})())
    worker.Command().handle(reload=False, interval=1.0, verbosity=0)
    job.refresh_from_db()
    assert job.pdf is None and job.status == "expired"
    assert started and started[0][0] is worker.watch_lost_jobs


def test_the_workers_loop_drops_old_pdfs_every_round(monkeypatch):
    import threading

    from tournament.management.commands import worker

    stop, rounds, pruned = threading.Event(), [], []

    def recover():
        rounds.append(1)
        if len(rounds) == 3:
            stop.set()
        return 0

    monkeypatch.setattr(worker, "recover_lost_jobs", recover)
    monkeypatch.setattr(worker, "recover_lost_pairing_jobs", lambda: 0)
    monkeypatch.setattr(worker, "prune_print_jobs", lambda: pruned.append(1))
    monkeypatch.setattr(worker, "close_old_connections", lambda: None)
    monkeypatch.setattr(worker, "connection", type("C", (), {"close": lambda self: None})())
    worker.watch_lost_jobs(stop, 0.01)
    assert len(pruned) == len(rounds) == 3


@pytest.mark.parametrize(("language", "words"), [
    ("en", "is still being prepared"),
    ("es", "todavía se está preparando"),
    ("it", "è ancora in preparazione"),
])
def test_another_document_of_the_same_kind_is_not_answered_with_the_running_one(organizer_client, event, background,
                                                                              queued, language, words):
    """Asking for A5 sheets (or another part, or another round's slips) while the A4 ones are being prepared
    must not hand back the A4 job: the organizer would print the wrong document. It waits its turn (409),
    and the one running is linked; nothing new is queued."""
    entrants(event)
    first = organizer_client.get(sheets_url(event))
    running = PrintJob.objects.get()
    other = organizer_client.get(sheets_url(event) + "?size=A5", headers={"Accept-Language": language})
    assert other.status_code == 409
    assert words in html.unescape(other.text)
    assert reverse("tournament:print_job", args=[event.slug, running.pk]) in other.text
    assert PrintJob.objects.count() == 1
    assert organizer_client.get(sheets_url(event))["Location"] == first["Location"]  # the same document: that job


def test_try_again_past_the_hourly_limit_says_so(organizer_client, event, background, settings):
    """"Try again" on a failed job once the hour's jobs are spent: the limit's page (429), not a server error."""
    settings.PRINT_JOBS_PER_HOUR = 1
    entrants(event)
    organizer_client.get(sheets_url(event))
    job = PrintJob.objects.get()
    PrintJob.objects.filter(pk=job.pk).update(status=PrintJob.Status.FAILED, error="worker-lost")
    organizer_client.raise_request_exception = False
    again = organizer_client.post(reverse("tournament:print_job_retry", args=[event.slug, job.pk]))
    assert again.status_code == 429
    assert "print jobs in the last hour" in html.unescape(again.text)
    assert PrintJob.objects.count() == 1
