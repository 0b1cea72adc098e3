"""Rendering the public standings and pairings tables of a 1,000-player event (3 rounds played), uncached, in
process: median of several runs, split into what dominates (the table's data, the template); then the three
public pages (event home, pairings, standings) as an anonymous reader gets them once rendered (from the page
cache), with the queries each makes.

    .venv/bin/python bench/big_tables.py            (SQLite, a throwaway test database; DATABASE_URL for PostgreSQL)

BIG_TABLES_WHOLE_ONLY=1 times the whole pages only, so that a copy of this file runs on older code too.
BENCH_PROFILE=1 adds a cProfile of each whole page, uncached and cached (the functions taking most time).
BIG_TABLES_BEFORE=<git revision> times the standings and pairings pages as that revision's table code read, ranked
and wrote them (results/standings.py, tiebreaks.py, settlements.py before 2026-11-28, web/table_rows.py, the public pairings' read) and as
this code does, alternately in this one process, and says both medians (wall clock, and this process's CPU time,
which other work on a loaded machine disturbs less).
BIG_TABLES_UNFROZEN=1: what the server process loaded is not frozen (`config/wsgi.py`), as before 2026-11-28.
TABLE_TIEBREAKS: the event's tie-breaks, comma-separated (default: the NASAMW preset's; empty: points only, as
the runs of this benchmark before 2026-11-27 07:00 UTC).

Goal (issue 29): each page rendered in under 30 ms. The page cache here is the process's own (the test settings'),
so what a rendering costs to share is not in these figures: bench/served_tables.py measures the pages as a gunicorn
process renders them with the database cache and with Redis.
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

import config.wsgi  # noqa: E402, F401 - as each server process starts: the whole app loaded first, then frozen

if os.environ.get("BIG_TABLES_UNFROZEN"):  # as before 2026-11-28: the collector walks what the process loaded too
    import gc

    gc.unfreeze()

PLAYERS = int(os.environ.get("TABLE_PLAYERS", "1000"))
TIEBREAKS = [k for k in os.environ.get(
    "TABLE_TIEBREAKS", "head_to_head,countback,generals_killed,elements_destroyed,seeded_random").split(",") if k]
RUNS = int(os.environ.get("BENCH_RUNS", "7"))


def timed(fn) -> tuple[str, object]:
    """The median time of `fn` in ms, wall clock and this process's CPU time (which other work on a loaded machine
    disturbs less), and the slowest run's wall clock, as words; and its value."""
    times, cpu, value = [], [], None
    for _ in range(RUNS):
        start, start_cpu = time.perf_counter(), time.process_time()
        value = fn()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return (f"{statistics.median(times) * 1000:7.1f} ms (CPU {statistics.median(cpu) * 1000:5.1f}, slowest "
            f"{max(times) * 1000:5.1f})", value)


def analyzed() -> None:
    """The tables' statistics brought up to date, as PostgreSQL's autovacuum does soon after a table grows: without
    them the planner takes the just-filled tables for nearly empty (one row per game instead of 500 per round) and
    reads each game's two seats by a nested loop of 3,000 index scans (5 ms of the standings' 12 ms read, not 3)."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


def forget_rows() -> None:
    """The standings rows kept per process (since 2026-11-27) and the entrants kept per process (since 2026-11-27
    18:00 UTC) forgotten: a rendering as after a change of every row and every registration. What a process keeps
    from its first standings of any event on (the compiled statements, each player's drawn lot) stays."""
    from tournament.results import standings
    from tournament.web import table_rows

    getattr(table_rows, "_KEPT_ROWS", {}).clear()
    getattr(standings, "_KEPT_ENTRANTS", {}).clear()


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
        event = build_event(PLAYERS, 3, tiebreaks=TIEBREAKS)
        analyzed()
        rnd = event.rounds.order_by("-number").first()
        Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
        translation.activate("en")
        print(f"Big tables: {PLAYERS} players, 3 rounds, tie-breaks {','.join(TIEBREAKS) or 'none'}, median of "
              f"{RUNS} runs, uncached; load average {os.getloadavg()[0]:.1f}")
        client = Client()
        if os.environ.get("BIG_TABLES_BEFORE"):
            before_and_after(client, event, os.environ["BIG_TABLES_BEFORE"])
            return
        pages = (("standings", f"/e/{event.slug}/standings/"), ("pairings", f"/e/{event.slug}/pairings/"),
                 ("event home", f"/e/{event.slug}/"))
        for name, path in pages:
            assert client.get(path).status_code == 200
            def whole(path=path):
                cache.clear()
                from tournament.web import page_caches
                page_caches.forget_local()
                forget_rows()
                return client.get(path)
            ms, response = timed(whole)
            print(f"  {name:<10} whole page {ms} ({len(response.content) // 1024} KB)")
        if os.environ.get("BIG_TABLES_WHOLE_ONLY"):  # the whole pages only: runs on older code too (a before/after)
            return
        after_a_result(client, rnd, f"/e/{event.slug}/standings/")
        cached_pages(client, pages)
        from tournament.web.table_rows import pairings_rows, standings_rows
        from tournament.web.views.rounds import _public_games

        ms, data = timed(lambda: forget_rows() or load(event, None))  # the entrants read too, as before 18:00 UTC
        print(f"  standings  data read   {ms}")
        ms, table = timed(lambda: build_table(data))
        print(f"  standings  ranked      {ms}")
        ms, _ = timed(lambda: forget_rows() or render_to_string("tournament/standings.html#table", {
            "table": table, "slug": event.slug, "upto": None, "rows": standings_rows(table.rows, event.slug, None)}))
        print(f"  standings  template    {ms}")
        ms, games = timed(lambda: _public_games(rnd))
        print(f"  pairings   data        {ms}")
        ms, _ = timed(lambda: render_to_string("tournament/pairings.html#table", {
            "event": event, "round": rnd, "games": games, "rated": None, "rows": pairings_rows(games)}))
        print(f"  pairings   template    {ms}")
        if os.environ.get("BENCH_PROFILE"):
            profiled(client, pages)
        print("  goal: each page under 30 ms")
    finally:
        teardown_databases(old, verbosity=0)


def _module_at(revision: str, path: str, name: str):
    """The module at `path` as `revision` had it, loaded apart (under `name`) from the one this process runs."""
    import subprocess
    import types

    source = subprocess.run(["git", "show", f"{revision}:{path}"], capture_output=True, text=True, check=True,  # noqa: S603, S607
                            cwd=Path(__file__).resolve().parent.parent).stdout
    module = types.ModuleType(name)
    module.__file__ = path
    sys.modules[name] = module  # dataclasses look their module up
    exec(compile(source, path, "exec"), module.__dict__)  # noqa: S102 - this repository's own code, at a revision
    return module


def before_and_after(client, event, revision: str) -> None:
    """The standings and pairings pages, uncached, with `revision`'s table code and with this code, alternately."""
    from django.core.cache import cache

    from tournament.web import page_caches
    from tournament.web.views import results, rounds

    tiebreaks = _module_at(revision, "tournament/results/tiebreaks.py", "before_tiebreaks")
    standings = _module_at(revision, "tournament/results/standings.py", "before_standings")
    standings.tiebreaks = tiebreaks
    standings.settle = (tiebreaks.settle if hasattr(tiebreaks, "settle")  # joined to the tie-breaks on 2026-11-28
                        else _module_at(revision, "tournament/results/settlements.py", "before_settlements").settle)
    table_rows = _module_at(revision, "tournament/web/table_rows.py", "before_table_rows")
    views = _module_at(revision, "tournament/web/views/rounds.py", "before_rounds")
    views.pairings_rows = table_rows.pairings_rows
    sides = {
        "before": {(results, "standings_table"): standings.standings_table, (results, "tie_words"): standings.tie_words,
                   (results, "standings_rows"): table_rows.standings_rows,
                   (rounds, "_public_games"): views._public_games, (rounds, "pairings_rows"): table_rows.pairings_rows},
        "after": {(module, name): getattr(module, name) for module, name in
                  ((results, "standings_table"), (results, "tie_words"), (results, "standings_rows"),
                   (rounds, "_public_games"), (rounds, "pairings_rows"))},
    }
    sides["kept"] = sides["after"]
    print(f"  before: {revision}, and after: this code, their standings rows written anew and entrants read (kept: this code, both as kept "
          f"from the run before); alternately, {RUNS} runs each")
    for name, path in (("standings", f"/e/{event.slug}/standings/"), ("pairings", f"/e/{event.slug}/pairings/")):
        wall: dict[str, list[float]] = {side: [] for side in sides}
        cpu: dict[str, list[float]] = {side: [] for side in sides}
        pages = {}
        for _ in range(RUNS):
            for side in sides:
                for (module, attribute), function in sides[side].items():
                    setattr(module, attribute, function)
                cache.clear()
                page_caches.forget_local()
                if side == "after":
                    forget_rows()
                elif side == "before":  # its rows written anew and its entrants read too (its modules keep their own)
                    getattr(table_rows, "_KEPT_ROWS", {}).clear()
                    getattr(standings, "_KEPT_ENTRANTS", {}).clear()
                start, start_cpu = time.perf_counter(), time.process_time()
                pages[side] = client.get(path).content
                wall[side].append(time.perf_counter() - start)
                cpu[side].append(time.process_time() - start_cpu)
        for (module, attribute), function in sides["after"].items():
            setattr(module, attribute, function)
        same = "same bytes" if pages["before"] == pages["after"] == pages["kept"] else "DIFFERENT bytes"
        print(f"  {name:<10} " + ", ".join(f"{side} {statistics.median(wall[side]) * 1000:6.1f} ms (CPU "
                                           f"{statistics.median(cpu[side]) * 1000:5.1f})" for side in sides)
              + f"; {same}")


def after_a_result(client, rnd, path: str) -> None:
    """The standings page as the event day renders it: before each run one game of the last round has its result
    turned round (the two seats' losses and scores swapped and the winner changed, as a correction does), so the
    page's state is new and its table is read and ranked again, while the rows that this did not change are
    taken as written before (not timed: the change itself)."""
    from django.db.models import F

    from tournament.events.cache_keys import renew
    from tournament.models import Game, Seat

    game = rnd.games.filter(is_bye=False, status=Game.Status.CONFIRMED, outcome__in=("a", "b")).order_by("table").first()
    fields = ("score", "elements_lost", "general_lost", "camp_lost", "sch_lost")

    def turned_round() -> None:
        a, b = (Seat.objects.values(*fields).get(game=game, side=side) for side in ("a", "b"))
        Seat.objects.filter(game=game, side="a").update(**b)
        Seat.objects.filter(game=game, side="b").update(**a)
        Game.objects.filter(pk=game.pk).update(outcome="b" if game.outcome == "a" else "a", version=F("version") + 1)
        game.refresh_from_db()
        renew([rnd.event.slug])  # what the games' save signal does: the event's public pages are rendered anew

    client.get(path)
    wall, cpu = [], []
    for _ in range(RUNS):
        turned_round()
        start, start_cpu = time.perf_counter(), time.process_time()
        response = client.get(path)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        assert response.status_code == 200
    if RUNS % 2:
        turned_round()  # the game as it was, for the figures after these
    print(f"  standings  after a changed result {statistics.median(wall) * 1000:7.1f} ms (CPU "
          f"{statistics.median(cpu) * 1000:5.1f}): read and ranked again, the rows it left as they were kept")


def cached_pages(client, pages) -> None:
    """Each page as the next anonymous reader gets it once rendered: from the page cache, and its queries."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for name, path in pages:
        client.get(path)
        with CaptureQueriesContext(connection) as queries:
            client.get(path)
        ms, _ = timed(lambda path=path: client.get(path))
        print(f"  {name:<10} cached     {ms}, {len(queries)} queries: "
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
