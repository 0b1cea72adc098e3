"""The app in separate processes, for the tests that need more than one: app servers and task workers
on a database of their own (a SQLite file in the test's temporary directory, or a PostgreSQL database
the test creates and drops). Every wait has a deadline; every process is stopped when the block ends."""

from __future__ import annotations

import contextlib
import http.cookiejar
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from config.paths import BASE_DIR

PYTHON = sys.executable
GUNICORN = str(Path(sys.executable).parent / "gunicorn")
START_SECONDS = 90


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def app_env(database_url: str, **extra: str) -> dict[str, str]:
    """The environment of a deployment on `database_url` (development settings, real cache and tasks)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_TESTING", "REDIS_URL", "DATABASE_URL")}
    env.update({"DATABASE_URL": database_url, "DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "1",
                "PYTHONUNBUFFERED": "1", **extra})
    return env


def django(env: dict[str, str], code: str, timeout: float = 180) -> str:
    """Run `code` with Django set up in `env`; its stdout."""
    done = subprocess.run([PYTHON, "-c", "import django\ndjango.setup()\n" + code], cwd=BASE_DIR, env=env,
                          capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def migrate(env: dict[str, str]) -> None:
    done = subprocess.run([PYTHON, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=BASE_DIR, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]


def start(argv: list[str], env: dict[str, str], log: Path) -> subprocess.Popen:
    """A process in a group of its own (so that stopping it stops what it started)."""
    handle = open(log, "ab")  # noqa: SIM115 - closed with the process, in stop()
    process = subprocess.Popen(argv, cwd=BASE_DIR, env=env, stdout=handle, stderr=subprocess.STDOUT,
                               start_new_session=True)
    process.log = handle
    return process


def stop(process: subprocess.Popen, sig: int = signal.SIGTERM) -> None:
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=15)
    process.log.close()


def worker(env: dict[str, str], log: Path) -> subprocess.Popen:
    return start([PYTHON, "manage.py", "worker", "--interval", "0.2"], env, log)


@contextlib.contextmanager
def running(*processes: subprocess.Popen):
    try:
        yield processes
    finally:
        for process in processes:
            stop(process)


class Server:
    """An app server (gunicorn, one worker) on a free port, and a browser-like client for it."""

    def __init__(self, env: dict[str, str], log: Path):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = start([GUNICORN, "config.wsgi", "--bind", f"127.0.0.1:{self.port}", "--workers", "1",
                              "--timeout", "120"], env, log)
        self.log_path = log
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        deadline = time.monotonic() + START_SECONDS
        while True:
            assert self.process.poll() is None, log.read_text()[-3000:]
            try:
                self.get("/")
                return
            except (urllib.error.URLError, ConnectionError):
                assert time.monotonic() < deadline, f"the server did not start: {log.read_text()[-3000:]}"
                time.sleep(0.3)

    def get(self, path: str) -> tuple[int, bytes, str]:
        try:
            with self.opener.open(self.base + path, timeout=60) as response:
                return response.status, response.read(), response.geturl()
        except urllib.error.HTTPError as error:
            return error.code, error.read(), path

    def text(self, path: str) -> str:
        status, body, _url = self.get(path)
        assert status == 200, (path, status)
        return body.decode()

    def post(self, path: str, data: dict) -> tuple[int, str]:
        """A form's POST, with the CSRF token of the form's page (as a browser sends it)."""
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', self.text(path)).group(1)
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": token}).encode()
        request = urllib.request.Request(self.base + path, data=body, headers={"Referer": self.base + path})
        try:
            with self.opener.open(request, timeout=60) as response:
                return response.status, response.geturl()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()[:2000]

    def login(self, username: str, password: str) -> None:
        status, url = self.post("/accounts/login/", {"username": username, "password": password})
        assert status == 200 and "/accounts/login/" not in url, (status, url)

    def close(self) -> None:
        stop(self.process)


@contextlib.contextmanager
def servers(count: int, env: dict[str, str], logs: Path):
    started: list[Server] = []
    try:
        for k in range(count):
            started.append(Server(env, logs / f"server-{k}.log"))
        yield started
    finally:
        for server in started:
            server.close()


# Seeds a deployment's database: an organizer, an event of `players` players with DBA 3.0 armies, round 1
# paired and published. Prints the event's slug and the games' keys.
SEED = """
import datetime, json
from django.contrib.auth import get_user_model
from tournament.armies.catalogue import load_catalogue
from tournament.armies.validation import default_army
from tournament.models import Event, EventRole, Player, Registration
from tournament.pairing.manager import round_pair, round_publish
user = get_user_model().objects.create_user("org", password="pw-Tornei-2026!", first_name="Organizer")
event = Event.objects.create(slug="proof", name="Proof event", date=datetime.date(2026, 6, 1), edition="3.0",
                             scoring_preset="nasamw-3.0")
EventRole.objects.create(event=event, user=user, role="organizer")
army = default_army(load_catalogue().get("II/33"))
players = Player.objects.bulk_create([Player(name=f"Player {{k:03d}}", name_key=f"player {{k:03d}}") for k in range({players})])
Registration.objects.bulk_create([Registration(event=event, player=p, name=p.name, name_key=p.name_key,
                                               army_ref="II/33", elements=list(army.elements),
                                               general=army.general) for p in players])
rnd = round_publish(round_pair(event, user), user) if {publish} else None
games = list(rnd.games.filter(is_bye=False).values_list("pk", flat=True)) if rnd else []
print(json.dumps({{"slug": event.slug, "games": games}}))
"""


def seed(env: dict[str, str], players: int, publish: bool = True) -> dict:
    import json

    return json.loads(django(env, SEED.format(players=players, publish=publish)).strip().splitlines()[-1])
