"""The cost of the personal home's polling on a 300-player event: a full rendering of /me/ against the 304
answer a phone gets every 30 s while nothing it shows has changed.

    .venv/bin/python bench/home_poll.py        (an in-memory SQLite database of its own; HOME_POLL_RUNS, 30)

One player (with an account) in a 300-player event whose round 1 is published; each answer is timed through
the test client (every middleware), median and p95 of HOME_POLL_RUNS requests, and the database queries of
each kind of answer.
"""

from __future__ import annotations

import datetime
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["DATABASE_URL"] = "sqlite://:memory:"

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402

RUNS = int(os.environ.get("HOME_POLL_RUNS", "30"))
PLAYERS = 300


def timed(client: Client, headers: dict) -> tuple[list[float], int, int]:
    samples, status = [], 0
    for _ in range(RUNS):
        start = time.perf_counter()
        status = client.get("/me/", headers=headers).status_code
        samples.append((time.perf_counter() - start) * 1000)
    with CaptureQueriesContext(connection) as queries:
        client.get("/me/", headers=headers)
    return samples, status, len(queries)


def main() -> None:
    from django.core.management import call_command

    setup_test_environment()
    call_command("migrate", verbosity=0)
    from tests.factories import make_event, make_player, make_registration, make_user
    from tournament.models import EventRole
    from tournament.pairing.manager import round_pair, round_publish

    organizer = make_user("bench-org")
    event = make_event(slug="poll", name="Poll", date=datetime.date(2026, 12, 12))
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    player = make_user("bench-player")
    make_registration(event, make_player("Bench Player", user=player), army_ref="II/56")
    for n in range(PLAYERS - 1):
        make_registration(event, make_player(f"Player {n:03d}", club=f"Club {n % 40}"), army_ref="I/24a")
    round_publish(round_pair(event, organizer), organizer)

    client = Client()
    client.force_login(player)
    etag = client.get("/me/")["ETag"]
    full, full_status, full_queries = timed(client, {"HX-Request": "true"})
    poll, poll_status, poll_queries = timed(client, {"HX-Request": "true", "If-None-Match": etag})
    print(f"/me/ of a player in a {PLAYERS}-player event, {RUNS} requests each (ms)")
    print(f"{'answer':<22}{'status':>7}{'median':>9}{'p95':>9}{'queries':>9}")
    for name, samples, status, queries in (("full rendering", full, full_status, full_queries),
                                           ("304 (unchanged)", poll, poll_status, poll_queries)):
        p95 = sorted(samples)[max(0, round(0.95 * (len(samples) - 1)))]
        print(f"{name:<22}{status:>7}{statistics.median(samples):>9.1f}{p95:>9.1f}{queries:>9}")


if __name__ == "__main__":
    main()
