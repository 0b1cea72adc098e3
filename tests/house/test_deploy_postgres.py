"""docs/deploy.md, proved on one machine: two app servers and one task worker on the same PostgreSQL
and Redis. A result entered through one server is on the other's standings at the next request, and
a print job asked for on one is run by the worker and fetched from the other.

PostgreSQL only (the deployment gets a database of its own on the suite's PostgreSQL server, dropped
afterwards); Redis on REDIS_URL or 127.0.0.1:6379 (its keys of this deployment are deleted afterwards)."""

from __future__ import annotations

import io
import os
import secrets
import time

import pytest
from django.conf import settings
from django.db import connection
from pypdf import PdfReader

from tests import processes

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL (run by .ci/run)"),
]

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
DEADLINE = 180


@pytest.fixture
def postgres_deployment(tmp_path):
    import psycopg
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError as error:
        # In CI Redis is part of the machine: its absence is a failure there, a skip on a laptop without it.
        (pytest.fail if os.environ.get("CI") else pytest.skip)(f"Redis is not reachable at {REDIS_URL}: {error}")
    db = settings.DATABASES["default"]
    name = f"scale_proof_{secrets.token_hex(4)}"
    server = {"host": db["HOST"] or "127.0.0.1", "port": db["PORT"] or 5432, "user": db["USER"],
              "password": db["PASSWORD"] or None, "dbname": "postgres", "autocommit": True}
    prefix = f"proof-{name}"
    with psycopg.connect(**server) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
        env = processes.app_env(f"postgres://{auth}@{server['host']}:{server['port']}/{name}", REDIS_URL=REDIS_URL,
                                CACHE_KEY_PREFIX=prefix)
        processes.migrate(env)
        yield {"env": env, "logs": tmp_path, "prefix": prefix}
    finally:
        client = redis.Redis.from_url(REDIS_URL)
        for key in client.scan_iter(f"{prefix}:*"):
            client.delete(key)
        with psycopg.connect(**server) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def table(page: str) -> str:
    return page[page.index("<table"):page.index("</table>")]


def test_two_app_servers_and_a_worker_share_postgres_and_redis(postgres_deployment):
    import redis

    env, logs = postgres_deployment["env"], postgres_deployment["logs"]
    event = processes.seed(env, players=48)  # more than one prints at once: the army sheets are a print job
    slug = event["slug"]
    worker = processes.worker(env, logs / "worker.log")
    with processes.running(worker), processes.servers(2, env, logs) as (first, second):
        standings = f"/e/{slug}/standings/"
        before = table(second.text(standings))
        cached = list(redis.Redis.from_url(REDIS_URL).scan_iter(f"{postgres_deployment['prefix']}:*"))
        assert cached, "the standings were not cached in Redis"
        first.login("org", "pw-Tornei-2026!")
        status, _url = first.post(f"/e/{slug}/games/{event['games'][0]}/result/", {"shorthand": "4G-1"})
        assert status == 200
        assert table(second.text(standings)) != before  # at once, on the other server

        status, _body, job_url = first.get(f"/e/{slug}/army-sheets.pdf")
        assert status == 200 and "/print/" in job_url  # redirected to the job's page
        job_path = job_url.removeprefix(first.base)
        second.login("org", "pw-Tornei-2026!")
        deadline = time.monotonic() + DEADLINE
        while "print-download" not in (page := second.text(job_path)):
            assert "print-retry" not in page, page
            assert time.monotonic() < deadline, "the worker did not finish the print job"
            time.sleep(0.3)
        status, pdf, _url = second.get(job_path + "?download=1")
        assert status == 200
        reader = PdfReader(io.BytesIO(pdf))
        assert len(reader.pages) >= 48 and "Player 000" in reader.pages[0].extract_text()
    assert "make_pdf" in (logs / "worker.log").read_text()  # run by the worker, not by a server
