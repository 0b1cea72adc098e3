"""Start the app's processes together and stop them together: `make run` and `make venue`.

    python -m config.launch run [--host 127.0.0.1] [--port 8000]   # runserver + task worker (development)
    python -m config.launch venue [--port 8000]                    # the hall's network, from a laptop

Venue mode serves the hall's network with no internet: gunicorn on 0.0.0.0 with a worker per CPU,
the task worker, static files through whitenoise, DEBUG off over plain HTTP (HTTPS=0: no certificate
on a LAN), a secret made once and kept in .venue-secret (git-ignored), and the laptop's LAN addresses
allowed. It prints the address and a QR code to it; the event page has a join poster with the same.

Each process runs in a session of its own; Ctrl-C (or SIGTERM) stops every one of them, with the
children they started (runserver's reloader), first gently, then with SIGKILL after a grace period.
Plain Python, no Django: the environment is computed before Django reads its settings.
"""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path

from config.paths import BASE_DIR

SECRET_FILE = BASE_DIR / ".venue-secret"
GRACE_SECONDS = 10


# --- venue settings -------------------------------------------------------------------------------

def venue_secret(path: Path = SECRET_FILE) -> str:
    """The venue's SECRET_KEY: made on the first run, then read back (sessions survive a restart)."""
    try:
        secret = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        secret = ""
    if len(secret) < 50:
        secret = secrets.token_urlsafe(50)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(secret + "\n")
    return secret


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks (not loopback), the default route's first."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: picks the outgoing interface, sends nothing
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    return list(dict.fromkeys(a for a in found if not a.startswith(("127.", "0.", "169.254."))))


def venue_env(addresses: Iterable[str], port: int, secret: str, base: dict[str, str] | None = None,
              hostname: str | None = None) -> dict[str, str]:
    """The environment of the venue's processes: DEBUG off over plain HTTP, the LAN addresses allowed."""
    addresses = list(addresses)
    hostname = socket.gethostname() if hostname is None else hostname
    hosts = list(dict.fromkeys([*addresses, *([hostname, f"{hostname}.local"] if hostname else []),
                                "localhost", "127.0.0.1"]))
    env = dict(os.environ if base is None else base)
    env.pop("DJANGO_TESTING", None)
    env.update({
        "DEBUG": "0",
        "HTTPS": "0",
        "SECRET_KEY": secret,
        "ALLOWED_HOSTS": ",".join(hosts),
        "CSRF_TRUSTED_ORIGINS": ",".join(f"http://{host}:{port}" for host in hosts),
        "SITE_URL": f"http://{(addresses or ['127.0.0.1'])[0]}:{port}",
        "PYTHONUNBUFFERED": "1",
    })
    return env


def gunicorn_argv(port: int, workers: int | None = None) -> list[str]:
    """Workers for the CPU count; threads so that a slow phone on bad Wi-Fi does not hold a worker."""
    workers = workers or os.cpu_count() or 2
    return [str(Path(sys.executable).parent / "gunicorn"), "config.wsgi", "--bind", f"0.0.0.0:{port}",
            "--workers", str(workers), "--worker-class", "gthread", "--threads", "4", "--timeout", "60",
            "--access-logfile", "-", "--log-level", "warning"]


def qr_text(url: str) -> str:
    from io import StringIO

    import segno

    out = StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


# --- supervision ----------------------------------------------------------------------------------

class Supervisor:
    """Child processes started together, stopped together (with whatever they started)."""

    def __init__(self) -> None:
        self.children: list[tuple[str, subprocess.Popen]] = []
        self.stopping = False
        # Ctrl-C or SIGTERM from now on means "stop everything", even before wait() is reached.
        self._previous = {sig: signal.signal(sig, self._interrupted) for sig in (signal.SIGINT, signal.SIGTERM)}

    def _interrupted(self, signum, frame) -> None:
        self.stopping = True

    def start(self, name: str, argv: list[str], env: dict[str, str] | None = None) -> subprocess.Popen:
        child = subprocess.Popen(argv, env=env, cwd=BASE_DIR, start_new_session=True)
        self.children.append((name, child))
        return child

    def _signal(self, sig: int) -> None:
        for _name, child in self.children:
            try:
                os.killpg(child.pid, sig)  # the child leads its own process group
            except ProcessLookupError:
                pass

    def stop(self, grace: float = GRACE_SECONDS) -> None:
        self._signal(signal.SIGTERM)
        deadline = time.monotonic() + grace
        for _name, child in self.children:
            try:
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                pass
        self._signal(signal.SIGKILL)  # whatever is left, and any grandchild still in a group
        for _name, child in self.children:
            child.wait()

    def wait(self) -> int:
        """Until Ctrl-C, SIGTERM or one child's exit; then stop them all. The exit status to report."""
        status = 0
        try:
            while not self.stopping:
                ended = [(name, child) for name, child in self.children if child.poll() is not None]
                if ended:
                    name, child = ended[0]
                    print(f"\n{name} stopped (exit status {child.returncode}); stopping the others.", file=sys.stderr)
                    status = child.returncode or 1
                    break
                time.sleep(0.3)
            print("\nStopping…", file=sys.stderr)
            self.stop()
        finally:
            for sig, handler in self._previous.items():
                signal.signal(sig, handler)
        return status


# --- commands -------------------------------------------------------------------------------------

def manage(*args: str, env: dict[str, str] | None = None, quiet: bool = False) -> None:
    """Run a management command; a quiet one shows its output only when it fails."""
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=BASE_DIR, env=env, capture_output=quiet, text=True)
    if done.returncode:
        if quiet:
            print(done.stdout, done.stderr, sep="\n", file=sys.stderr)
        raise SystemExit(f"`manage.py {' '.join(args)}` failed (exit status {done.returncode}).")


def run(host: str, port: int) -> int:
    supervisor = Supervisor()
    supervisor.start("worker", [sys.executable, "manage.py", "worker", "--reload"])
    supervisor.start("runserver", [sys.executable, "manage.py", "runserver", f"{host}:{port}"])
    return supervisor.wait()


def _ensure_organizer(env: dict[str, str]) -> None:
    """A fresh venue database has no account: ask for one at the terminal (Django's own prompt)."""
    probe = [sys.executable, "manage.py", "shell", "-c",
             "from django.contrib.auth import get_user_model; "
             "raise SystemExit(0 if get_user_model().objects.filter(is_superuser=True).exists() else 3)"]
    if subprocess.run(probe, cwd=BASE_DIR, env=env).returncode != 3:
        return
    if sys.stdin.isatty():
        print("No administrator account yet: create the organizer's login now.")
        manage("createsuperuser", env=env)
    else:
        print("No administrator account yet: run `python manage.py createsuperuser` (with the same DATABASE_URL).")


def venue(port: int, workers: int | None) -> int:
    addresses = lan_addresses()
    env = venue_env(addresses, port, venue_secret())
    print("Preparing the database and the static files…")
    manage("migrate", "--noinput", env=env, quiet=True)
    manage("load_reference", env=env, quiet=True)
    manage("collectstatic", "--noinput", env=env, quiet=True)
    _ensure_organizer(env)
    supervisor = Supervisor()
    supervisor.start("task worker", [sys.executable, "manage.py", "worker"], env=env)
    supervisor.start("gunicorn", gunicorn_argv(port, workers), env=env)
    url = env["SITE_URL"]
    print(f"\nThe app is on the hall's network at {url}/")
    if not addresses:
        print("(No network address found: join the hall's Wi-Fi and start again for players to reach it.)")
    print(qr_text(url + "/"))
    print("Players scan the code or type the address. Each event page has a join poster to print.")
    print("Ctrl-C stops the server and the worker.\n")
    return supervisor.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m config.launch", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    dev = sub.add_parser("run", help="runserver and the task worker (development)")
    dev.add_argument("--host", default="127.0.0.1")
    dev.add_argument("--port", type=int, default=8000)
    hall = sub.add_parser("venue", help="gunicorn and the task worker on the hall's network")
    hall.add_argument("--port", type=int, default=8000)
    hall.add_argument("--workers", type=int, default=None, help="gunicorn workers (default: the CPU count)")
    options = parser.parse_args(argv)
    if options.mode == "run":
        return run(options.host, options.port)
    return venue(options.port, options.workers)


if __name__ == "__main__":
    sys.exit(main())
