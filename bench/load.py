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
import statistics
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from eventday import check_exactly_once, organizer_account, scratch_database, seed_event, serving  # noqa: E402

PORT = int(os.environ.get("LOAD_PORT", "8765"))
SECONDS = float(os.environ.get("LOAD_SECONDS", "45"))
PLAYERS, OPEN_GAMES, RESULTS_PER_MINUTE = 300, 30, 50
BASE = f"http://127.0.0.1:{PORT}"


def seed() -> tuple[list[tuple[int, str, str]], str]:
    """The event; returns the open games as (game id, token A, token B) and the organizer password."""
    password = organizer_account("load-organizer")
    return seed_event("load", PLAYERS, OPEN_GAMES, "load-organizer"), password


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


def main() -> None:
    print(f"Load test: gunicorn on PostgreSQL, {PLAYERS} players, {SECONDS:.0f} s")
    with scratch_database():
        run()


def run() -> None:
    open_games, password = seed()
    workers = max(2, (os.cpu_count() or 2) * 2)
    with serving(PORT, workers):
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
        problems = check_exactly_once("load", done, len(done) == len(open_games))
        print(f"results submitted: {len(done)} games (both players each, 20% double-clicked); "
              f"stored exactly once: {'yes' if not problems else 'NO'}; errors: {errors}")
        for problem in problems:
            print("  ", problem)


if __name__ == "__main__":
    main()
