"""Load test: the app under gunicorn on PostgreSQL, driven over loopback from the same machine.

    .venv/bin/python bench/load.py            (also run by `make bench`; LOAD_SECONDS=45 by default)

A 300-player event with round 1 published and 30 games still open. For LOAD_SECONDS:
- 300 players refresh the pairings and standings pages (each about every 10 s);
- both players of a game report its result through their private links, 50 results a minute,
  with one report in five sent twice (a double click);
- when the open games are done, the organizer pairs and publishes round 2.
Prints requests per second and p50/p95/p99 latency per kind of request, the error count, and then
checks that every submitted result is stored exactly once.
"""

from __future__ import annotations

import os
import random
import secrets
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# A PostgreSQL server (no database name): the bench creates a database of its own there, with a fresh
# name, and drops only that one when it ends.
SERVER = os.environ.get("BENCH_PG_SERVER", "postgres://postgres@127.0.0.1:5432").rstrip("/")
DB_NAME = f"dba_load_bench_{secrets.token_hex(4)}"
DATABASE = f"{SERVER}/{DB_NAME}"
PORT = int(os.environ.get("LOAD_PORT", "8765"))
SECONDS = float(os.environ.get("LOAD_SECONDS", "45"))
PLAYERS, OPEN_GAMES, RESULTS_PER_MINUTE = 300, 30, 50
BASE = f"http://127.0.0.1:{PORT}"
ENV = {**os.environ, "DATABASE_URL": DATABASE, "DEBUG": "0", "SECURE_SSL_REDIRECT": "0",
       "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "127.0.0.1,localhost"}
os.environ.update(ENV)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def create_database() -> None:
    """Create this run's database; CREATE fails (and the bench stops) if the name is somehow taken."""
    import psycopg

    with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{DB_NAME}"')


def drop_database() -> None:
    """Drop the database this run created, and nothing else."""
    import psycopg

    with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)')


def manage(*args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=ENV, check=True, stdout=subprocess.DEVNULL)


def seed() -> tuple[list[tuple[int, str, str]], str]:
    """The event; returns the open games as (game id, token A, token B) and the organizer password."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from tournament.models import Club, Event, EventRole, Game, Player, Registration, Seat
    from tournament.pairing.manager import round_pair, round_publish
    from tournament.results.entry import result_enter
    from tournament.results.shorthand import parse_shorthand

    password = secrets.token_urlsafe(12)
    organizer = get_user_model().objects.create_user("load-organizer", password=password)
    event = Event.objects.create(slug="load", name="Load test", date="2026-12-01", edition="3.0",
                                 scoring_preset="nasamw-3.0", seed=1)
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    clubs = [Club.objects.create(name=f"Club {i}") for i in range(50)]
    for i in range(PLAYERS):
        player = Player.objects.create(name=f"Jugador {i:03d} Peña", club=clubs[i % 50])
        Registration.objects.create(event=event, player=player, army_ref="II/33")
    rnd = round_pair(event, organizer)
    round_publish(rnd, organizer)
    games = list(rnd.games.filter(is_bye=False).order_by("table"))
    for game in games[OPEN_GAMES:]:
        result_enter(game, parse_shorthand("4-1", "3.0"), organizer)
    open_games = []
    for game in games[:OPEN_GAMES]:
        a, b = Seat.objects.filter(game=game).order_by("side")
        open_games.append((game.pk, a.report_token, b.report_token))
    assert Game.objects.filter(round=rnd, status="pending").count() == OPEN_GAMES
    return open_games, password


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Keep 302 responses: their Set-Cookie headers (session, rotated CSRF token) matter."""

    def redirect_request(self, *args, **kwargs):
        return None


OPENER = urllib.request.build_opener(_NoRedirect)


class Browser:
    """A tiny HTTP client with cookies and CSRF, timing every request."""

    def __init__(self, stats):
        self.cookies: dict[str, str] = {}
        self.stats = stats

    def request(self, kind: str, path: str, data: dict | None = None) -> tuple[int, str]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if data is not None:
            data = {**data, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")}
            body = urllib.parse.urlencode(data).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Referer"] = BASE + path
        request = urllib.request.Request(BASE + path, data=body, headers=headers)
        start = time.perf_counter()
        try:
            with OPENER.open(request, timeout=30) as response:
                status, text, cookies = response.status, response.read().decode(), response.headers.get_all("Set-Cookie")
        except urllib.error.HTTPError as error:
            status, text, cookies = error.code, error.read().decode(errors="replace"), error.headers.get_all("Set-Cookie")
        except OSError:
            status, text, cookies = 0, "", None
        self.stats[kind].append((time.perf_counter() - start, status))
        for cookie in cookies or []:
            name, _, value = cookie.split(";", 1)[0].partition("=")
            self.cookies[name.strip()] = value.strip()
        return status, text


def readers(stats, stop: threading.Event, threads: int = 16) -> list[threading.Thread]:
    rate = PLAYERS * 2 / 10  # two pages per player every 10 s
    pause = threads / rate

    def loop():
        browser = Browser(stats)
        while not stop.is_set():
            kind = random.choice(["pairings", "standings"])
            browser.request(kind, f"/e/load/{kind}/")
            time.sleep(random.uniform(0.5, 1.5) * pause)

    return [threading.Thread(target=loop, daemon=True) for _ in range(threads)]


def reporter(stats, open_games, done: list, stop: threading.Event) -> threading.Thread:
    def loop():
        for game_id, token_a, token_b in open_games:
            if stop.is_set():
                return
            started = time.perf_counter()
            for token in (token_a, token_b):
                browser = Browser(stats)
                browser.request("report form", f"/report/{token}/")
                copies = 2 if random.random() < 0.2 else 1
                for _ in range(copies):
                    browser.request("report submit", f"/report/{token}/", {"shorthand": "4G-1C"})
            done.append(game_id)
            time.sleep(max(0.0, 60 / RESULTS_PER_MINUTE - (time.perf_counter() - started)))

    return threading.Thread(target=loop, daemon=True)


def organizer(stats, password: str, open_games, done: list, stop: threading.Event, log: list) -> threading.Thread:
    def loop():
        browser = Browser(stats)
        browser.request("login", "/accounts/login/")
        browser.request("login", "/accounts/login/", {"username": "load-organizer", "password": password})
        while len(done) < len(open_games) and not stop.is_set():
            time.sleep(0.5)
        if stop.is_set():
            log.append("time ran out before every open game was reported")
            return
        status, _ = browser.request("pair round", "/e/load/rounds/pair/", {})
        status2, _ = browser.request("publish round", "/e/load/rounds/2/publish/", {})
        log.append(f"organizer paired round 2 (HTTP {status}) and published it (HTTP {status2})")

    return threading.Thread(target=loop, daemon=True)


def report(stats, elapsed: float) -> int:
    print(f"{'request':<16} {'count':>6} {'req/s':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'errors':>7}")
    errors = 0
    everything = []
    for kind, samples in sorted(stats.items()):
        times = sorted(t for t, _ in samples)
        bad = sum(1 for _, s in samples if s == 0 or s >= 500 or (s >= 400 and s != 429))
        errors += bad
        everything += times
        q = statistics.quantiles(times, n=100) if len(times) > 1 else [times[0]] * 99
        print(f"{kind:<16} {len(times):>6} {len(times) / elapsed:>7.1f} {q[49] * 1000:>8.1f} {q[94] * 1000:>8.1f} "
              f"{q[98] * 1000:>8.1f} {bad:>7}")
    q = statistics.quantiles(sorted(everything), n=100)
    print(f"{'all':<16} {len(everything):>6} {len(everything) / elapsed:>7.1f} {q[49] * 1000:>8.1f} "
          f"{q[94] * 1000:>8.1f} {q[98] * 1000:>8.1f} {errors:>7}")
    return errors


def check(open_games, done) -> list[str]:
    from tournament.models import Event, Game, ResultReport, Round

    problems = []
    event = Event.objects.get(slug="load")
    for game_id in done:
        game = Game.objects.get(pk=game_id)
        reports = ResultReport.objects.filter(game=game).count()
        if game.status != "confirmed" or game.version != 1 or reports != 2:
            problems.append(f"game {game_id}: status {game.status}, version {game.version}, {reports} reports")
    if len(done) == len(open_games) and Round.objects.filter(event=event, number=2).count() != 1:
        problems.append("round 2 was not paired exactly once")
    return problems


def main() -> None:
    print(f"Load test: gunicorn on PostgreSQL, {PLAYERS} players, {SECONDS:.0f} s")
    create_database()
    try:
        run()
    finally:
        from django.db import connections

        connections.close_all()
        drop_database()


def run() -> None:
    manage("migrate", "--noinput")
    manage("collectstatic", "--noinput")
    open_games, password = seed()
    workers = str(max(2, (os.cpu_count() or 2) * 2))
    server = subprocess.Popen([str(Path(sys.executable).parent / "gunicorn"), "config.wsgi", "-w", workers,
                               "-b", f"127.0.0.1:{PORT}", "--log-level", "warning"], cwd=ROOT, env=ENV)
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{BASE}/e/load/pairings/", timeout=2)  # noqa: S310
                break
            except OSError:
                time.sleep(0.2)
        stats: dict[str, list] = defaultdict(list)
        stop, done, log = threading.Event(), [], []
        threads = [*readers(stats, stop), reporter(stats, open_games, done, stop),
                   organizer(stats, password, open_games, done, stop, log)]
        start = time.perf_counter()
        for t in threads:
            t.start()
        time.sleep(SECONDS)
        stop.set()
        for t in threads:
            t.join(timeout=30)
        elapsed = time.perf_counter() - start
        errors = report(stats, elapsed)
        print(*log, sep="\n")
        problems = check(open_games, done)
        print(f"results submitted: {len(done)} games (both players each, 20% double-clicked); "
              f"stored exactly once: {'yes' if not problems else 'NO'}; errors: {errors}")
        for problem in problems:
            print("  ", problem)
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
