"""Issue 29.4: pairing a 1,000-player round no longer blocks a page. A deployment in separate processes (one
SQLite file in a temporary directory, ONE gunicorn sync worker, the task worker): round 1 paired, published
and every result in, then the organizer presses "Pair the next round" (round 2, the slow Swiss one), and a
reader asks for the public standings page again and again until the draft exists.

    .venv/bin/python bench/pairing_task.py          # PLAYERS=1000 by default

Before issue 29.4 the POST held the only worker for the whole pairing, and every page asked meanwhile
waited behind it. Prints the POST's answer time, how long until the draft round was there, and the page
times seen while the worker paired."""

from __future__ import annotations

import os
import re
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import processes  # noqa: E402

PLAYERS = int(os.environ.get("PLAYERS", "1000"))

RESULTS = """
from django.contrib.auth import get_user_model
from tournament.models import Game
from tournament.results.entry import result_enter
from tournament.results.shorthand import parse_shorthand
user = get_user_model().objects.get(username="org")
for k, game in enumerate(Game.objects.filter(round__number=1, is_bye=False, status="pending").order_by("pk")):
    result_enter(game, parse_shorthand("4G-1" if k % 3 else "1-4", "3.0"), user)
"""


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        db = tmp / "bench.sqlite3"
        env = processes.app_env(f"sqlite:///{db}")  # as tests/house/test_processes.py (DEBUG: no HTTPS redirect)
        processes.migrate(env)
        slug = processes.seed(env, players=PLAYERS)["slug"]
        processes.django(env, RESULTS, timeout=1800)
        worker = processes.worker(env, tmp / "worker.log")
        server = processes.Server(env, tmp / "server.log")
        try:
            server.login("org", "pw-Tornei-2026!")
            standings = f"/e/{slug}/standings/"
            server.text(standings)
            token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', server.text(f"/e/{slug}/rounds/"))[1]
            body = urllib.parse.urlencode({"csrfmiddlewaretoken": token}).encode()
            request = urllib.request.Request(f"{server.base}/e/{slug}/rounds/pair/", data=body,
                                             headers={"Referer": f"{server.base}/e/{slug}/rounds/"})
            reader = processes.Server.__new__(processes.Server)  # a second, anonymous client of the same server
            reader.base, reader.opener = server.base, urllib.request.build_opener()
            reader.text(standings)  # the public page is cached: read meanwhile, it writes nothing (a write would
            # wait, on SQLite, for the pairing's transaction: it holds the database's one write lock)
            drafted = threading.Event()
            times: list[float] = []

            def read() -> None:
                while not drafted.is_set():
                    start = time.perf_counter()
                    reader.text(standings)
                    times.append(time.perf_counter() - start)

            def draft() -> bool:
                with sqlite3.connect(db, timeout=30) as conn:
                    return bool(conn.execute("select count(*) from tournament_round where number = 2").fetchone()[0])

            start = time.perf_counter()
            with server.opener.open(request, timeout=120) as response:
                answered = time.perf_counter() - start
                landed = response.geturl()
            thread = threading.Thread(target=read)
            thread.start()
            while not draft():
                time.sleep(0.02)
            paired = time.perf_counter() - start
            drafted.set()
            thread.join()
            print(f"{PLAYERS} players, round 2, one gunicorn sync worker + the task worker (SQLite)")
            print(f"  POST 'Pair the next round' answered in {answered * 1000:.0f} ms (landed on {landed[len(server.base):]})")
            print(f"  the draft round was there after {paired:.2f} s")
            print(f"  standings pages served meanwhile: {len(times)}, median {statistics.median(times) * 1000:.0f} ms, "
                  f"max {max(times) * 1000:.0f} ms")
        finally:
            server.close()
            processes.stop(worker)


if __name__ == "__main__":
    main()
