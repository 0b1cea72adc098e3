"""Public page throughput: the event home, pairings and standings of a 300-player event, and a rules search
("recoil"), read anonymously,
against a bare one-view Django page (bench/bare_page.py) measured in the same run on the same gunicorn.

    .venv/bin/python bench/pages.py       (also run by `make bench`; needs PostgreSQL, skipped without it)

gunicorn with 2 sync workers on PostgreSQL (the event of bench/load.py, in a database of its own);
closed-loop clients (PAGES_CLIENTS, 16), each opening a new connection per request and sending the next
request when the answer is in. Every page is measured PAGES_RUNS times (3), the pages taking turns, for
PAGES_SECONDS each (5); the table shows the median of the runs for every column. The app runs with the
settings a deployment gets by default (persistent database connections included): nothing is tuned here.
"""

from __future__ import annotations

import multiprocessing
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import eventday  # noqa: E402 - the environment of the run (database name, DEBUG off, a fresh secret)
import load  # noqa: E402 - its 300-player event

CLIENTS = int(os.environ.get("PAGES_CLIENTS", "16"))
RUNS = int(os.environ.get("PAGES_RUNS", "3"))
SECONDS = float(os.environ.get("PAGES_SECONDS", "5"))
WORKERS = "2"
PAGES = [("bare Django page", "bare", "/"), ("event home /e/<slug>/", "app", "/e/load/"),
         ("pairings", "app", "/e/load/pairings/"), ("standings", "app", "/e/load/standings/"),
         ("rules search", "app", "/rulings/search/?q=recoil")]
GUNICORN = str(Path(sys.executable).parent / "gunicorn")


def postgres_reachable() -> bool:
    try:
        import psycopg

        psycopg.connect(f"{eventday.SERVER}/postgres", connect_timeout=3).close()
        return True
    except Exception:  # noqa: BLE001 - any failure means: no PostgreSQL to measure on
        return False


def start(kind: str) -> subprocess.Popen:
    if kind == "bare":
        command = [GUNICORN, "bare_page", "--chdir", str(eventday.ROOT / "bench")]
        env = {**eventday.ENV, "DJANGO_SETTINGS_MODULE": "bare_page"}
    else:
        command = [GUNICORN, "config.wsgi", "--chdir", str(eventday.ROOT)]
        env = eventday.ENV
    server = subprocess.Popen([*command, "-w", WORKERS, "-k", "sync", "-b", f"127.0.0.1:{load.PORT}",
                               "--log-level", "warning"], env=env)
    for _ in range(150):
        if fetch("/")[0]:
            return server
        time.sleep(0.2)
    server.terminate()
    raise SystemExit(f"gunicorn ({kind}) did not answer on port {load.PORT}")


def stop(server: subprocess.Popen) -> None:
    server.terminate()
    server.wait(timeout=30)


def fetch(path: str) -> tuple[int, int]:
    """One GET on a new connection: (status, body bytes); status 0 when the connection failed."""
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode()
    try:
        with socket.create_connection(("127.0.0.1", load.PORT), timeout=30) as sock:
            sock.sendall(request)
            chunks = []
            while chunk := sock.recv(65536):
                chunks.append(chunk)
    except OSError:
        return 0, 0
    answer = b"".join(chunks)
    try:
        return int(answer[9:12]), len(answer)
    except ValueError:
        return 0, 0


def _client(path: str, until: float, queue) -> None:
    times, errors = [], 0
    while time.perf_counter() < until:
        start = time.perf_counter()
        status, _ = fetch(path)
        times.append(time.perf_counter() - start)
        errors += status != 200
    queue.put((times, errors))


def measure(path: str) -> tuple[float, float, int]:
    """CLIENTS closed-loop clients (processes, so the client side is not one interpreter's lock) for
    SECONDS: (requests per second, p50 in ms, errors)."""
    for _ in range(20):
        fetch(path)  # warm: templates, connections, the cached rendering
    queue = multiprocessing.Queue()
    begin = time.perf_counter()
    until = begin + SECONDS
    clients = [multiprocessing.Process(target=_client, args=(path, until, queue)) for _ in range(CLIENTS)]
    for client in clients:
        client.start()
    results = [queue.get() for _ in clients]
    for client in clients:
        client.join()
    elapsed = time.perf_counter() - begin
    times = [t for batch, _ in results for t in batch]
    return len(times) / elapsed, statistics.median(times) * 1000, sum(e for _, e in results)


def main() -> None:
    if not postgres_reachable():
        print(f"bench/pages.py: PostgreSQL is not reachable at {eventday.SERVER}; skipping the page benchmark")
        return
    print(f"Public pages: gunicorn, {WORKERS} sync workers, PostgreSQL, {load.PLAYERS} players, {CLIENTS} clients "
          f"(new connection per request), median of {RUNS} runs of {SECONDS:.0f} s; "
          f"CONN_MAX_AGE {os.environ.get('CONN_MAX_AGE', 'unset (the default)')}; "
          f"cache {'Redis' if os.environ.get('REDIS_URL') else 'database table'}")
    eventday.create_database()
    try:
        eventday.manage("migrate", "--noinput")
        eventday.manage("collectstatic", "--noinput")
        load.seed()
        eventday.manage("import_rules")  # the rules library the search reads
        samples: dict[str, list[tuple[float, float, int]]] = {name: [] for name, _, _ in PAGES}
        for _ in range(RUNS):
            for kind in ("bare", "app"):
                server = start(kind)
                try:
                    for name, page_kind, path in PAGES:
                        if page_kind == kind:
                            samples[name].append(measure(path))
                finally:
                    stop(server)
        report(samples)
    finally:
        from django.db import connections

        connections.close_all()
        eventday.drop_database()


def report(samples) -> None:
    bare = statistics.median(rate for rate, _, _ in samples[PAGES[0][0]])
    print(f"{'page':<24} {'req/s':>8} {'share of bare':>14} {'p50 ms':>8} {'errors':>7}")
    for name, _, _ in PAGES:
        rate = statistics.median(r for r, _, _ in samples[name])
        p50 = statistics.median(p for _, p, _ in samples[name])
        shares = statistics.median(r / bare for r, _, _ in samples[name])
        errors = sum(e for _, _, e in samples[name])
        print(f"{name:<24} {rate:>8.0f} {shares:>13.1%} {p50:>8.1f} {errors:>7}")


if __name__ == "__main__":
    main()
