"""The 1,000-player standings and pairings pages as a server process renders them after each confirmed result:
gunicorn (one sync worker, the settings a deployment gets) on PostgreSQL, the event of bench/big_tables.py (3
rounds played, the NASAMW tie-breaks) in a database of its own. Before each request the event's page generation is
renewed, as a confirmed result renews it, so every request renders the page again (the table read and ranked anew;
the entrants and the rows the change left as they were kept, as on an event day). The same page served from the
page cache, in the same run, is the baseline: what the loopback and the server cost around a rendering.

    .venv/bin/python bench/served_tables.py      (needs PostgreSQL; SERVED_RUNS renderings of each page, 100)

Two shared caches, one after the other in the same run: the database's own table (what a deployment gets when
`REDIS_URL` is unset, `make run` and `make venue` included) and Redis (docs/deploy.md's production setup; skipped
if no Redis answers at BENCH_REDIS_URL, default redis://127.0.0.1:6379/14, which the run empties).
SERVED_UNFROZEN=1 adds the database cache's server with what its process loaded not frozen (`config/wsgi.py`, as
before 2026-11-28). Goal (issue 29): each page rendered in under 30 ms, every time.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import eventday  # noqa: E402 - the environment of the run (its own database, DEBUG off, a fresh secret)

RUNS = int(os.environ.get("SERVED_RUNS", "100"))
PORT = int(os.environ.get("SERVED_PORT", "8767"))
TIEBREAKS = ["head_to_head", "countback", "generals_killed", "elements_destroyed", "seeded_random"]
# gunicorn's hook after a worker loaded the app: the collector given back what config/wsgi.py froze.
PREFIX = "served-tables"  # the server's cache key prefix on Redis
UNFROZEN = "def post_worker_init(worker):\n    import gc\n\n    gc.unfreeze()\n"


def seeded() -> str:
    """The 1,000-player event in this run's database, its last round published; its slug."""
    import django

    django.setup()
    from django.db import connection

    from tests.simulated_events import build_event
    from tournament.models import Round

    event = build_event(1000, 3, tiebreaks=TIEBREAKS)
    Round.objects.filter(event=event).update(status=Round.Status.PUBLISHED)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")  # as autovacuum does soon after tables grow (see bench/big_tables.py)
    return event.slug


def timed_get(url: str) -> float:
    start = time.perf_counter()
    with urllib.request.urlopen(url, timeout=30) as response:  # noqa: S310 - the local server
        response.read()
        assert response.status == 200
    return (time.perf_counter() - start) * 1000


def measured(base: str, slug: str, redis_url: str | None) -> None:
    from tournament.events import cache_keys

    if redis_url:  # the generation renewed in the server's cache: Redis, under the server's key prefix
        from django.core.cache.backends.redis import RedisCache

        cache_keys.cache = RedisCache(redis_url, {"KEY_PREFIX": PREFIX})
    renew = cache_keys.renew
    for page in ("standings", "pairings"):
        url = f"{base}/e/{slug}/{page}/"
        for _ in range(3):  # the process's first renderings (its statements compiled, its rows kept) not timed
            renew([slug])
            timed_get(url)
        rendered, cached = [], []
        for _ in range(RUNS):
            renew([slug])
            rendered.append(timed_get(url))
            cached.append(timed_get(url))
        rendered.sort()
        p95 = rendered[int(len(rendered) * 0.95) - 1]
        print(f"  {page:<10} rendered: median {statistics.median(rendered):5.1f} ms, p95 {p95:5.1f}, slowest "
              f"{rendered[-1]:5.1f}, {sum(t >= 30 for t in rendered)} of {RUNS} at 30 ms or more; from the page "
              f"cache: median {statistics.median(cached):4.1f} ms, slowest {max(cached):5.1f}")


def redis_reachable(url: str) -> bool:
    try:
        import redis

        client = redis.Redis.from_url(url, socket_timeout=2)
        client.flushdb()
        return True
    except Exception:  # noqa: BLE001 - any failure means: no Redis to measure with
        return False


def main() -> None:
    print(f"Served tables: gunicorn, 1 sync worker, PostgreSQL, 1,000 players, {RUNS} renderings of each page, "
          f"load average {os.getloadavg()[0]:.1f}")
    with eventday.scratch_database():
        slug = seeded()
        redis_url = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")
        sides = [("database cache (REDIS_URL unset)", None, None)]
        if os.environ.get("SERVED_UNFROZEN"):
            sides.append(("database cache, unfrozen", UNFROZEN, None))
        if redis_reachable(redis_url):
            sides.append(("Redis (REDIS_URL set)", None, redis_url))
        for name, config, redis in sides:
            with tempfile.TemporaryDirectory() as scratch:
                extra = []
                if config:
                    (Path(scratch) / "unfrozen.py").write_text(config)
                    extra = ["-c", str(Path(scratch) / "unfrozen.py")]
                env = {"REDIS_URL": redis, "CACHE_KEY_PREFIX": PREFIX} if redis else {"REDIS_URL": ""}  # not the shell's
                with eventday.serving(PORT, 1, extra_args=extra, env=env) as base:
                    print(f" {name}:")
                    measured(base, slug, redis)
    print("  goal: each page rendered in under 30 ms")


if __name__ == "__main__":
    main()
