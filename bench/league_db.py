"""A league recomputed from the database: 10,000 games and 1,000 players, read and scored from scratch.

    .venv/bin/python bench/league_db.py                 (100 events of 40 players, 5 rounds each)
    .venv/bin/python bench/league_db.py --runs 3

bench/leagues.py times the pure computation; this one times what a league page pays: the queries
(`tournament.leagues.table.load_league`: memberships, merges, entries, confirmed seats), each event's
standings (for its placings), the table and every rating from scratch, then the league page, its
about page (predictions). Medians of --runs.
Runs in a throwaway SQLite database in a temporary directory (never the project's database).
"""

from __future__ import annotations

import datetime
import math
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TMP = tempfile.mkdtemp(prefix="league-bench-")
os.environ["DATABASE_URL"] = f"sqlite:///{TMP}/bench.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from tournament.leagues.table import load_league  # noqa: E402
from tournament.models import Event, Game, League, LeagueEvent, Player, Registration, Round, Seat  # noqa: E402
from tournament.models.keys import name_key  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from leagues import season_arguments  # noqa: E402 - the same arguments as bench/leagues.py


def build(games: int, players: int, per_event: int = 40, rounds: int = 5, seed: int = 1) -> League:
    rng = random.Random(seed)
    skill = [rng.gauss(0, 1) for _ in range(players)]
    people = Player.objects.bulk_create(Player(name=f"Player {i}", name_key=f"player {i}") for i in range(players))
    events = max(1, games // (per_event // 2 * rounds))
    league = League.objects.create(slug="bench", name="Bench League", season_start=datetime.date(2026, 1, 1),
                                   season_end=datetime.date(2026, 12, 31))
    start = datetime.date(2026, 1, 1)
    for number in range(events):
        event = Event.objects.create(slug=f"bench-{number}", name=f"Bench {number}", scoring_preset="wdl",
                                     date=start + datetime.timedelta(days=number * 3), rounds_planned=rounds)
        LeagueEvent.objects.create(league=league, event=event, state=LeagueEvent.State.ACCEPTED)
        field = rng.sample(range(players), min(per_event, players))
        regs = Registration.objects.bulk_create(
            Registration(event=event, player=people[p], name=people[p].name, name_key=name_key(people[p].name))
            for p in field)
        reg_of = {p: r for p, r in zip(field, regs, strict=True)}
        for rnd_number in range(1, rounds + 1):
            rnd = Round.objects.create(event=event, number=rnd_number, status=Round.Status.COMPLETED)
            rng.shuffle(field)
            pairs = list(zip(field[::2], field[1::2], strict=False))
            outcomes = []
            for a, b in pairs:
                win = rng.random() < 1 / (1 + math.exp(-(skill[a] - skill[b])))
                outcomes.append("a" if win else "b")
            made = Game.objects.bulk_create(Game(round=rnd, table=t, status=Game.Status.CONFIRMED, outcome=o)
                                            for t, o in enumerate(outcomes, start=1))
            seats = []
            for game, (a, b), outcome in zip(made, pairs, outcomes, strict=True):
                seats += [Seat(game=game, round=rnd, registration=reg_of[a], side="a", score=3 if outcome == "a" else 0,
                               elements_lost=1 if outcome == "a" else 4),
                          Seat(game=game, round=rnd, registration=reg_of[b], side="b", score=3 if outcome == "b" else 0,
                               elements_lost=1 if outcome == "b" else 4)]
            Seat.objects.bulk_create(seats)
    return league


def median_of(runs: int, action) -> float:
    times = []
    for _ in range(runs):
        begin = time.perf_counter()
        action()
        times.append(time.perf_counter() - begin)
    return statistics.median(times)


def main() -> None:
    args = season_arguments()
    call_command("migrate", verbosity=0)
    setup_test_environment()
    league = build(args.games, args.players)
    seats = Seat.objects.count()
    data = load_league(league)
    print(f"{len(data.games)} games ({seats} seats), {len(data.rows)} players, {len(data.memberships)} events")
    recompute = median_of(args.runs, lambda: load_league(league))
    print(f"load_league from scratch (queries + standings + table + ratings), median of {args.runs}: {recompute:.3f} s "
          f"({'under' if recompute < 2 else 'OVER'} the 2 s budget)")
    client = Client()
    for label, url in (("league page", "/leagues/bench/"), ("about page", "/leagues/bench/about/")):
        assert client.get(url).status_code == 200
        print(f"{label} {url}: median {median_of(args.runs, lambda url=url: client.get(url)):.3f} s")


if __name__ == "__main__":
    try:
        main()
    finally:
        shutil.rmtree(TMP, ignore_errors=True)
