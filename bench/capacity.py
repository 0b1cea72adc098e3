"""Capacity: the event day of bench/locustfile.py under Locust (headless, one subprocess per step with
a time limit), against gunicorn with 2 sync workers and the task worker on a throwaway PostgreSQL
database, with the bare Django page (bench/bare_page.py) on the same gunicorn setup in the same run.

    .venv/bin/pip install -r bench/requirements.txt && .venv/bin/python bench/capacity.py   (make bench)

1. The bare page, closed loop (no pause), at 16 and 32 users: its peak req/s.
2. The knee: the event day against a 1,000-player event, users raised step by step (CAPACITY_STEPS);
   each step's figures are taken after every user has started. The knee is the last step before
   throughput flattens or p95 passes 200 ms.
3. Event days of 300 and 1,000 players, one user per player: players arrive at once, 30 games are
   reported (both halves, one in five double-clicked), then the organizer pairs and publishes round 2
   and asks for its print pack. Then every reported result is checked to be stored exactly once.
"""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from eventday import ENV, ROOT, check_exactly_once, organizer_account, scratch_database, seed_event, serving  # noqa: E402

PORT = int(os.environ.get("CAPACITY_PORT", "8766"))
WORKERS = 2
THREADS = int(os.environ.get("CAPACITY_THREADS", "0"))  # 0: sync workers; 4: gthread, as `make venue` runs
STEP_SECONDS = int(os.environ.get("CAPACITY_STEP_SECONDS", "25"))
STEPS = [int(n) for n in os.environ.get("CAPACITY_STEPS", "100,200,400,700,1000").split(",")]
EVENT_DAYS = [int(n) for n in os.environ.get("CAPACITY_EVENTS", "300,1000").split(",")]
DAY_SECONDS = int(os.environ.get("CAPACITY_DAY_SECONDS", "60"))
P95_LIMIT_MS = 200
LADDER_PLAYERS = int(os.environ.get("CAPACITY_LADDER_PLAYERS", "1000"))
LOCUSTFILE = Path(__file__).resolve().parent / "locustfile.py"


def locust(base: str, users: int, seconds: int, scenario: str, reset: bool) -> dict:
    """One headless Locust run; returns the aggregated row (req/s, p95, failures) and the rows by name."""
    with tempfile.TemporaryDirectory() as tmp:
        prefix = str(Path(tmp) / "run")
        argv = [str(Path(sys.executable).parent / "locust"), "-f", str(LOCUSTFILE), "--headless", "--host", base,
                "-u", str(users), "-r", str(max(10, users // 5)), "-t", f"{seconds}s", "--csv", prefix,
                "--only-summary", "--loglevel", "ERROR", "--stop-timeout", "5"]
        if reset:
            argv.append("--reset-stats")
        subprocess.run(argv, cwd=ROOT, env={**ENV, "BENCH_SCENARIO": scenario}, timeout=seconds + 60,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(prefix + "_stats.csv", encoding="utf-8") as handle:
            rows = {row["Name"]: row for row in csv.DictReader(handle)}
    total = rows.pop("Aggregated")
    return {"users": users, "rps": float(total["Requests/s"]), "p95": float(total["95%"]),
            "p50": float(total["50%"]), "count": int(total["Request Count"]),
            "errors": int(total["Failure Count"]), "rows": rows}


def line(label: str, r: dict) -> str:
    return (f"{label:<22} {r['users']:>6} {r['rps']:>8.1f} {r['p50']:>7.0f} {r['p95']:>7.0f} {r['count']:>7} "
            f"{r['errors']:>6}")


HEADER = f"{'run':<22} {'users':>6} {'req/s':>8} {'p50 ms':>7} {'p95 ms':>7} {'count':>7} {'errors':>6}"


def scenario_file(tmp: Path, slug: str, games, password: str, pair: bool) -> tuple[str, Path]:
    done = tmp / f"{slug}-done.json"
    path = tmp / f"{slug}.json"
    path.write_text(json.dumps({"slug": slug, "organizer": "bench-organizer", "password": password,
                                "games": games, "pair": pair, "done_file": str(done)}), encoding="utf-8")
    return str(path), done


def knee(results: list[dict]) -> dict | None:
    """The last step before throughput flattens (under 10% more req/s for the added users) or p95 > 200 ms;
    None when the first step is already past it (lower CAPACITY_STEPS then)."""
    best = results[0] if results[0]["p95"] <= P95_LIMIT_MS and not results[0]["errors"] else None
    if best is None:
        return None
    for previous, step in zip(results, results[1:], strict=False):
        if step["p95"] > P95_LIMIT_MS or step["errors"] or step["rps"] < previous["rps"] * 1.1:
            break
        best = step
    return best


def main() -> None:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # a stopped run still drops its database
    kind = f"gthread workers of {THREADS} threads" if THREADS else "sync workers"
    print(f"Capacity: gunicorn ({WORKERS} {kind}) on PostgreSQL, Locust on the same machine")
    with scratch_database(), tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        password = organizer_account("bench-organizer")
        ladder_games = seed_event("ladder", LADDER_PLAYERS, min(200, LADDER_PLAYERS // 4), "bench-organizer")
        days = {n: seed_event(f"day{n}", n, min(30, n // 4), "bench-organizer") for n in EVENT_DAYS}
        print(HEADER)
        with serving(PORT, WORKERS, app="bare_page", chdir=ROOT / "bench", threads=THREADS,
                     env={"DJANGO_SETTINGS_MODULE": "bare_page"}) as base:
            bare = [locust(base, users, 15, "bare", reset=True) for users in (16, 32)]
        for r in bare:
            print(line("bare page", r))
        peak = max(r["rps"] for r in bare)
        checks = []
        with serving(PORT, WORKERS, task_worker=True, threads=THREADS) as base:
            ladder, queue = [], list(ladder_games)
            for users in STEPS:  # each step reports games from what is left of the queue
                spec, done_file = scenario_file(tmp, "ladder", queue, password, pair=False)
                ladder.append(locust(base, users, STEP_SECONDS, spec, reset=True))
                print(line("event day, ladder", ladder[-1]))
                outcome = json.loads(done_file.read_text())
                checks.append(("ladder", outcome["done"], False))
                queue = [g for g in queue if g[0] not in set(outcome["taken"])]
            for n, games in days.items():
                spec, done_file = scenario_file(tmp, f"day{n}", games, password, pair=True)
                r = locust(base, n, DAY_SECONDS, spec, reset=False)
                print(line(f"{n}-player event day", r))
                for name in ("pairings", "standings", "event home", "report submit", "pair round", "print pack"):
                    if name in r["rows"]:
                        row = r["rows"][name]
                        print(f"  {name:<20} {int(row['Request Count']):>6} p50 {float(row['50%']):.0f} ms, "
                              f"p95 {float(row['95%']):.0f} ms, {row['Failure Count']} errors")
                done = json.loads(done_file.read_text())["done"]
                checks.append((f"day{n}", done, len(done) == len(games)))
                r["players"] = n
                days[n] = r
        k = knee(ladder) or max(ladder, key=lambda r: r["rps"])
        print(f"knee: {k['users']} users, {k['rps']:.1f} req/s, p95 {k['p95']:.0f} ms; "
              f"{k['rps'] / peak:.1%} of the bare page's {peak:.0f} req/s"
              + ("" if knee(ladder) else f" (already past p95 {P95_LIMIT_MS} ms at {STEPS[0]} users: the peak)"))
        fine = [n for n, r in days.items() if r["p95"] <= P95_LIMIT_MS and not r["errors"]]
        print(f"largest event day under p95 {P95_LIMIT_MS} ms with 0 errors: "
              f"{max(fine) if fine else 'none of'} players (tried {', '.join(map(str, days))})")
        # the ladder reports from one queue of open games over its steps: each step's games are its own
        reported = sorted({g for slug, done, _ in checks if slug == "ladder" for g in done})
        problems = check_exactly_once("ladder", reported, False)
        count = len(reported)
        for slug, done, all_done in checks:
            if slug != "ladder":
                problems += check_exactly_once(slug, done, all_done)
                count += len(done)
                print(f"{slug}: {len(done)} games reported, round 2 paired and published: {all_done}")
        print(f"results reported: {count} games (both halves, one in five double-clicked); "
              f"stored exactly once: {'yes' if not problems else 'NO'}")
        for problem in problems:
            print("  ", problem)


if __name__ == "__main__":
    main()
