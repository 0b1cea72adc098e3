"""Shared by the load benchmarks (bench/load.py, bench/capacity.py): a throwaway PostgreSQL database
with a fresh name (dropped at the end, and only that one), a big event seeded in it, gunicorn and the
task worker serving it, and the check that every submitted result was stored exactly once.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# A PostgreSQL server (no database name): the bench creates a database of its own there, with a fresh
# name, and drops only that one when it ends.
SERVER = os.environ.get("BENCH_PG_SERVER", "postgres://postgres@127.0.0.1:5432").rstrip("/")
DB_NAME = f"dba_load_bench_{secrets.token_hex(4)}"
DATABASE = f"{SERVER}/{DB_NAME}"
ENV = {**os.environ, "DATABASE_URL": DATABASE, "DEBUG": "0", "SECURE_SSL_REDIRECT": "0", "SECURE_COOKIES": "0",
       "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "127.0.0.1,localhost",
       # Every simulated player reports from this one machine: the same-address hold (an identity rule, not a
       # speed setting) would send every game to the umpire, so the run turns it off; nothing else is tuned.
       "REPORT_SAME_ADDRESS_SECONDS": "0"}
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
    from django.db import connections

    connections.close_all()
    with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)')


@contextmanager
def scratch_database():
    """This run's database, migrated, with static files collected; dropped when the block ends."""
    create_database()
    try:
        manage("migrate", "--noinput")
        manage("collectstatic", "--noinput")
        yield DATABASE
    finally:
        drop_database()


def manage(*args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=ENV, check=True, stdout=subprocess.DEVNULL)


def organizer_account(username: str) -> str:
    """An organizer account; returns its password."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    password = secrets.token_urlsafe(12)
    get_user_model().objects.create_user(username, password=password)
    return password


def seed_event(slug: str, players: int, open_games: int, organizer: str) -> list[tuple[int, str, str]]:
    """An event of `players` with round 1 published and `open_games` games still to report (the rest
    confirmed 4-1); returns the open games as (game id, token A, token B)."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from tournament.models import Club, Event, EventRole, Game, Player, Registration, Seat
    from tournament.pairing.manager import round_pair, round_publish
    from tournament.results.entry import result_enter
    from tournament.results.shorthand import parse_shorthand

    user = get_user_model().objects.get(username=organizer)
    event = Event.objects.create(slug=slug, name=f"Load test {slug}", date="2026-12-01", edition="3.0",
                                 scoring_preset="nasamw-3.0", seed=1)
    EventRole.objects.create(event=event, user=user, role=EventRole.Role.ORGANIZER)
    clubs = [Club.objects.create(name=f"Club {slug} {i}") for i in range(50)]
    for i in range(players):
        player = Player.objects.create(name=f"Jugador {slug} {i:04d} Peña", club=clubs[i % 50])
        Registration.objects.create(event=event, player=player, army_ref="II/33")
    rnd = round_pair(event, user)
    round_publish(rnd, user)
    games = list(rnd.games.filter(is_bye=False).order_by("table"))
    for game in games[open_games:]:
        result_enter(game, parse_shorthand("4-1", "3.0"), user)
    found = []
    for game in games[:open_games]:
        a, b = Seat.objects.filter(game=game).order_by("side")
        found.append((game.pk, a.report_token, b.report_token))
    assert Game.objects.filter(round=rnd, status="pending").count() == open_games
    return found


@contextmanager
def serving(port: int, workers: int, app: str = "config.wsgi", chdir: Path = ROOT, task_worker: bool = False,
            env: dict | None = None, threads: int = 0, extra_args: list[str] | None = None):
    """gunicorn on 127.0.0.1:port (sync workers; with `threads`, gthread workers of that many threads, as
    `make venue` runs; `extra_args`: more of gunicorn's options), and the task worker if asked; stopped when the
    block ends."""
    kind = ["-k", "gthread", "--threads", str(threads)] if threads else ["-k", "sync"]
    procs = [subprocess.Popen([str(Path(sys.executable).parent / "gunicorn"), app, "-w", str(workers), *kind,
                               "-b", f"127.0.0.1:{port}", "--log-level", "warning", *(extra_args or [])], cwd=chdir, env={**ENV, **(env or {})})]
    if task_worker:
        procs.append(subprocess.Popen([sys.executable, "manage.py", "worker"], cwd=ROOT, env=ENV,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)  # noqa: S310
                break
            except urllib.error.HTTPError:
                break
            except OSError:
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=30)


def check_exactly_once(slug: str, done, all_done: bool) -> list[str]:
    """Every reported game confirmed once (two player reports, version 1); round 2 paired once if
    every open game was reported."""
    from tournament.models import Event, Game, ResultReport, Round

    problems = []
    event = Event.objects.get(slug=slug)
    for game_id in done:
        game = Game.objects.get(pk=game_id)
        reports = ResultReport.objects.filter(game=game).count()
        if game.status != "confirmed" or game.version != 1 or reports != 2:
            problems.append(f"game {game_id}: status {game.status}, version {game.version}, {reports} reports")
    if all_done and Round.objects.filter(event=event, number=2).count() != 1:
        problems.append("round 2 was not paired exactly once")
    return problems
