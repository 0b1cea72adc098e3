"""The task worker: django-tasks-db's `db_worker`, plus a watch for print, pairing and player import jobs
whose worker died.

    python manage.py worker            # what `make run`, `make venue` and production start

Every few seconds (a third of the shortest lease) it queues again, or fails, each print, pairing or import job
whose worker stopped mid-job (killed, machine restarted), so no job is left at "Preparing…" or
"Pairing…" or "Importing…"; and it drops the finished PDFs whose time is up (tournament.pdfs.jobs.prune_print_jobs)."""

from __future__ import annotations

import os
import threading

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import close_old_connections, connection
from django.utils.autoreload import DJANGO_AUTORELOAD_ENV

from tournament.pairing_jobs import recover_lost_pairing_jobs
from tournament.pdfs.jobs import prune_print_jobs, recover_lost_jobs
from tournament.registration.import_jobs import recover_lost_import_jobs


def watch_lost_jobs(stop: threading.Event, every: float) -> None:
    while not stop.wait(every):
        close_old_connections()
        for step in (recover_lost_jobs, recover_lost_pairing_jobs, recover_lost_import_jobs, prune_print_jobs):
            try:
                step()
            except Exception:  # noqa: BLE001 - a missed round is retried; the worker must keep running
                import logging

                logging.getLogger("tournament.worker").exception("Could not check for lost jobs (%s)", step.__name__)
    connection.close()


class Command(BaseCommand):
    help = "Run the background task worker (print packs, pairing, player imports), recovering jobs whose worker died."

    def add_arguments(self, parser):
        parser.add_argument("--reload", action="store_true", help="restart on code changes (development)")
        parser.add_argument("--interval", type=float, default=1.0, help="seconds between looks at an empty queue")

    def handle(self, *args, **options):
        stop = threading.Event()
        runs_tasks = not options["reload"] or os.environ.get(DJANGO_AUTORELOAD_ENV) == "true"
        if runs_tasks:
            recover_lost_jobs()
            recover_lost_pairing_jobs()
            recover_lost_import_jobs()
            prune_print_jobs()
            every = max(0.5, min(settings.PRINT_JOB_LEASE_SECONDS, settings.PAIRING_JOB_LEASE_SECONDS,
                                 settings.PLAYER_IMPORT_JOB_LEASE_SECONDS) / 3)
            threading.Thread(target=watch_lost_jobs, args=(stop, every), daemon=True, name="lost-jobs").start()
        try:
            call_command("db_worker", reload=options["reload"], interval=options["interval"], queue_name="*",
                         verbosity=options["verbosity"])
        finally:
            stop.set()
