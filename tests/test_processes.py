"""The app as it runs on an event day, in separate processes on one SQLite file: two app servers that
share the database cache, and a task worker killed with SIGKILL in the middle of a print job.

These start real processes (gunicorn, `manage.py worker`) on a database of their own in the test's
temporary directory: the suite's in-memory database is invisible to another process."""

from __future__ import annotations

import io
import signal
import sqlite3
import time

import pytest
from pypdf import PdfReader

from tests import processes

DEADLINE = 180  # seconds: every wait below gives up (and fails) after this


@pytest.fixture
def deployment(tmp_path):
    """A fresh deployment: its own SQLite file, migrated (the cache table comes with `migrate`)."""
    path = tmp_path / "deployment.sqlite3"
    env = processes.app_env(f"sqlite:///{path}", PRINT_JOB_LEASE_SECONDS="3")
    processes.migrate(env)
    return {"env": env, "db": path, "logs": tmp_path}


def rows(path, sql: str, *args) -> list[tuple]:
    with sqlite3.connect(path, timeout=30) as db:
        return db.execute(sql, args).fetchall()


def table(page: str) -> str:
    return page[page.index("<table"):page.index("</table>")]


def wait_for(check, what: str):
    deadline = time.monotonic() + DEADLINE
    while not (value := check()):
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.05)
    return value


def test_a_result_entered_on_one_server_shows_at_once_on_the_other(deployment):
    event = processes.seed(deployment["env"], players=8)
    with processes.servers(2, deployment["env"], deployment["logs"]) as (first, second):
        standings = f"/e/{event['slug']}/standings/"
        before = table(second.text(standings))  # rendered by the second server, and now in the shared cache
        assert table(second.text(standings)) == before
        assert rows(deployment["db"], "select count(*) from dba_cache")[0][0] > 0
        first.login("org", "pw-Tornei-2026!")
        game = event["games"][0]
        status, _url = first.post(f"/e/{event['slug']}/games/{game}/result/", {"shorthand": "4G-1"})
        assert status == 200
        winner, loser = (name for (name,) in rows(
            deployment["db"], "select p.name from tournament_seat s join tournament_registration r on r.id = "
            "s.registration_id join tournament_player p on p.id = r.player_id where s.game_id = ? order by s.side",
            game))
        after = table(second.text(standings))
        assert after != before
        assert after.index(winner) < after.index(loser)
        assert after.index(winner) == min(after.index(f"Player {k:03d}") for k in range(8))  # the winner leads


def test_a_worker_killed_mid_job_loses_no_job(deployment):
    """SIGKILL leaves the job "running" with no one on it; the restarted worker sees its heartbeat stop
    (lease: 3 s here) and runs it again to the end."""
    env, db = deployment["env"], deployment["db"]
    players = 240
    event = processes.seed(env, players=players, publish=False)
    job = int(processes.django(env, f"""
from django.contrib.auth import get_user_model
from tournament.models import Event
from tournament.pdfs.jobs import print_job_request
job = print_job_request(event=Event.objects.get(slug={event['slug']!r}), user=get_user_model().objects.get(),
                        kind="army_sheets", options={{"lang": "it", "size": "A4", "base_url": "http://hall/"}},
                        filename="sheets.pdf")
print(job.pk)
""").split()[-1])
    status = "select status, done, total, attempts, task_id from tournament_printjob where id = ?"
    first = processes.worker(env, deployment["logs"] / "worker-1.log")
    try:
        running = wait_for(lambda: [r for r in rows(db, status, job) if r[0] == "running" and r[1] > 0],
                           "the first worker to start laying out")[0]
        processes.stop(first, signal.SIGKILL)
    finally:
        processes.stop(first)
    killed_at = rows(db, status, job)[0]
    assert killed_at[0] == "running" and 0 < killed_at[1] < players, killed_at  # killed mid-job
    assert running[3] == 1
    second = processes.worker(env, deployment["logs"] / "worker-2.log")
    with processes.running(second):
        final = wait_for(lambda: [r for r in rows(db, status, job) if r[0] in ("ready", "failed")],
                         "the job to finish or fail")[0]
    assert final[0] == "ready" and final[3] == 2, final
    (pdf,) = rows(db, "select pdf from tournament_printjob where id = ?", job)[0]
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) >= players and "Player 000" in reader.pages[0].extract_text()
    # The dead attempt's task is closed as failed, not left "running" in the task list.
    assert rows(db, "select status from django_tasks_database_dbtaskresult where replace(id, '-', '') = ?",
                killed_at[4].replace("-", ""))[0][0] == "FAILED"
