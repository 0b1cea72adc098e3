"""A 2,000-row player import (every row with a club, one in two with an army), posted by the organizer
through the import view, which queues an import job: the time the upload's request takes to answer, and the
time until the job has stored every player (the request, then the task worker's run of the job, here in this
process with django-tasks-db's worker; the real worker also waits up to its `--interval` before taking a
job). Medians of several runs after a first one that warms the process up, the queries of each part, and
the CPU time this process spent (on SQLite the database's work too): on a loaded machine the wall-clock
figures grow with the load, the CPU time much less.

    .venv/bin/python bench/player_import.py                                   # SQLite (a throwaway test database)
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/<name> .venv/bin/python bench/player_import.py   # PostgreSQL

Builds a test database (never the development one); each run imports the file into a fresh event.
Goal (issue 29): the answer in under 1 s, the import finished in under 5 s.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DJANGO_TESTING", "1")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_databases, setup_test_environment, teardown_databases  # noqa: E402

ROWS = int(os.environ.get("IMPORT_ROWS", "2000"))
RUNS = int(os.environ.get("BENCH_RUNS", "3"))


def csv_bytes(rows: int) -> bytes:
    import pandas as pd

    from tournament.armies.catalogue import load_catalogue
    from tournament.armies.validation import default_army

    choice = default_army(load_catalogue().get("II/33"))
    elements, general = " ".join(choice.elements), str(choice.general + 1)
    records = [{"name": f"Jugador {i:05d} Peña", "club": f"Club {i % 60}", "region": "Catalunya",
                "email": f"p{i}@example.org", "army_ref": "II/33" if i % 2 else "",
                "elements": elements if i % 2 else "", "general": general if i % 2 else ""} for i in range(rows)]
    return pd.DataFrame.from_records(records).to_csv(index=False).encode("utf-8")


def main() -> None:
    from django.contrib.auth import get_user_model
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.core.management import call_command
    from django.test import Client, override_settings
    from django_tasks_db.management.commands import db_worker

    from tournament.models import Event, EventRole, PlayerImportJob, Registration

    setup_test_environment()
    old = setup_databases(verbosity=0, interactive=False)
    db_worker.close_old_connections = lambda: None  # one process: keep the test database's connection
    try:
        user = get_user_model().objects.create_user("bench-importer", password="x" * 12, is_superuser=True)
        data = csv_bytes(ROWS)
        print(f"Player import: {ROWS} rows ({len(data) // 1024} KB), {connection.vendor}, median of {RUNS} runs; "
              f"load average {os.getloadavg()[0]:.1f}")
        answers, finishes, queries, cpu = [], [], [], []
        with override_settings(TASKS={"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}):
            for run in range(RUNS + 1):  # run 0 warms the process up (imports, templates): not counted
                event = Event.objects.create(slug=f"import-{run}", name=f"Import {run}", date="2026-12-01",
                                             edition="3.0", scoring_preset="nasamw-3.0")
                EventRole.objects.create(event=event, user=user, role=EventRole.Role.ORGANIZER)
                client = Client()
                client.force_login(user)
                upload = SimpleUploadedFile("players.csv", data, content_type="text/csv")
                with CaptureQueriesContext(connection) as asked:
                    start, start_cpu = time.perf_counter(), time.process_time()
                    response = client.post(f"/e/{event.slug}/players/import/", {"file": upload})
                    answers.append(time.perf_counter() - start)
                    answer_cpu = time.process_time() - start_cpu
                assert response.status_code == 302, response.status_code
                assert not Registration.objects.filter(event=event).exists(), "the request stored the players"
                with CaptureQueriesContext(connection) as worked:
                    call_command("db_worker", batch=True, reload=False, startup_delay=False, verbosity=0)
                    finishes.append(time.perf_counter() - start)
                queries.append((len(asked), len(worked)))
                cpu.append((answer_cpu, time.process_time() - start_cpu))
                job = PlayerImportJob.objects.get(event=event)
                assert (job.status, job.added) == ("done", ROWS), (job.status, job.error, job.problems[:3])
                assert Registration.objects.filter(event=event).count() == ROWS, "the job did not store every row"
        print(f"  first run (a cold process): answered in {answers[0]:.2f} s, finished in {finishes[0]:.2f} s")
        answers, finishes, queries, cpu = answers[1:], finishes[1:], queries[1:], cpu[1:]
        print(f"  answered in {statistics.median(answers):.2f} s (runs: {', '.join(f'{t:.2f}' for t in answers)}), "
              f"{statistics.median(q[0] for q in queries):.0f} queries, {statistics.median(c[0] for c in cpu):.2f} s "
              "of this process's CPU; goal: under 1 s")
        print(f"  finished in {statistics.median(finishes):.2f} s (runs: {', '.join(f'{t:.2f}' for t in finishes)}), "
              f"{statistics.median(q[1] for q in queries):.0f} queries on the worker, "
              f"{statistics.median(c[1] for c in cpu):.2f} s of this process's CPU; goal: under 5 s")
        print(f"  load average after: {os.getloadavg()[0]:.1f}")
    finally:
        teardown_databases(old, verbosity=0)


if __name__ == "__main__":
    main()
