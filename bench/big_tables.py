"""Rendering the public standings and pairings tables of a 1,000-player event (3 rounds played), uncached, in
process: median of several runs, split into what dominates (the table's data, the template); then the three
public pages (event home, pairings, standings) as an anonymous reader gets them once rendered (from the page
cache), with the queries each makes.

    .venv/bin/python bench/big_tables.py            (SQLite, a throwaway test database; DATABASE_URL for PostgreSQL)

BIG_TABLES_WHOLE_ONLY=1 times the whole pages only, so that a copy of this file runs on older code too.
BENCH_PROFILE=1 adds a cProfile of each whole page, uncached and cached (the functions taking most time).

Goal (issue 29): each page rendered in under 30 ms.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DJANGO_TESTING", "1")
# As production renders: DEBUG off (templates compiled once and kept), plain HTTP for the test client.
os.environ.update({"DEBUG": "0", "SECURE_SSL_REDIRECT": "0", "SECURE_COOKIES": "0",
                   "SECRET_KEY": os.environ.get("SECRET_KEY") or "bench-" + "x" * 50})

import django  # noqa: E402

django.setup()

from django.test.utils import setup_databases, setup_test_environment, teardown_databases  # noqa: E402

PLAYERS = int(os.environ.get("TABLE_PLAYERS", "1000"))
RUNS = int(os.environ.get("BENCH_RUNS", "7"))


def timed(fn) -> tuple[float, object]:
    times, value = [], None
    for _ in range(RUNS):
        start = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, value


def main() -> None:
    from django.core.cache import cache
    from django.template.loader import render_to_string
    from django.test import Client
    from django.utils import translation

    from tests.simulated_events import build_event
    from tournament.models import Round
    from tournament.results.standings import build_table, load

    setup_test_environment()
    old = setup_databases(verbosity=0, interactive=False)
    try:
        event = build_event(PLAYERS, 3)
        rnd = event.rounds.order_by("-number").first()
        Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
        translation.activate("en")
        print(f"Big tables: {PLAYERS} players, 3 rounds, median of {RUNS} runs, uncached; "
              f"load average {os.getloadavg()[0]:.1f}")
        client = Client()
        pages = (("standings", f"/e/{event.slug}/standings/"), ("pairings", f"/e/{event.slug}/pairings/"),
                 ("event home", f"/e/{event.slug}/"))
        for name, path in pages:
            assert client.get(path).status_code == 200
            def whole(path=path):
                cache.clear()
                from tournament.web import page_caches
                page_caches.forget_local()
                return client.get(path)
            ms, response = timed(whole)
            print(f"  {name:<10} whole page {ms:7.1f} ms ({len(response.content) // 1024} KB)")
        if os.environ.get("BIG_TABLES_WHOLE_ONLY"):  # the whole pages only: runs on older code too (a before/after)
            return
        cached_pages(client, pages)
        from tournament.web.table_rows import pairings_rows, standings_rows
        from tournament.web.views.rounds import _public_games

        ms, data = timed(lambda: load(event, None))
        print(f"  standings  data read   {ms:7.1f} ms")
        ms, table = timed(lambda: build_table(data))
        print(f"  standings  ranked      {ms:7.1f} ms")
        ms, _ = timed(lambda: render_to_string("tournament/standings.html#table", {
            "table": table, "slug": event.slug, "upto": None, "rows": standings_rows(table.rows, event.slug, None)}))
        print(f"  standings  template    {ms:7.1f} ms")
        ms, games = timed(lambda: _public_games(rnd))
        print(f"  pairings   data        {ms:7.1f} ms")
        ms, _ = timed(lambda: render_to_string("tournament/pairings.html#table", {
            "event": event, "round": rnd, "games": games, "rated": None, "rows": pairings_rows(games)}))
        print(f"  pairings   template    {ms:7.1f} ms")
        if os.environ.get("BENCH_PROFILE"):
            profiled(client, pages)
        print("  goal: each page under 30 ms")
    finally:
        teardown_databases(old, verbosity=0)


def cached_pages(client, pages) -> None:
    """Each page as the next anonymous reader gets it once rendered: from the page cache, and its queries."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for name, path in pages:
        client.get(path)
        with CaptureQueriesContext(connection) as queries:
            client.get(path)
        ms, _ = timed(lambda path=path: client.get(path))
        print(f"  {name:<10} cached     {ms:7.2f} ms, {len(queries)} queries: "
              + "; ".join(q["sql"][:60] for q in queries.captured_queries))


def profiled(client, pages) -> None:
    """cProfile of each whole page (uncached: rendered; cached: from the page cache), the 15 costliest functions."""
    import cProfile
    import pstats

    from django.core.cache import cache

    from tournament.web import page_caches

    for name, path in pages:
        for kind in ("uncached", "cached"):
            if kind == "uncached":
                cache.clear()
                page_caches.forget_local()
            profile = cProfile.Profile()
            profile.runcall(client.get, path)
            print(f"--- {name}, {kind}")
            pstats.Stats(profile).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
