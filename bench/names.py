"""Similar-name check latency at 20,000 players: median of several runs per case, printed.

    .venv/bin/python bench/names.py                                   # SQLite (a throwaway test database)
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/<name> .venv/bin/python bench/names.py   # PostgreSQL

Builds a test database (never the development one), fills it with 20,000 players, then times
`similar_players` as the add-player form calls it: a realistic spread of names, and the attack case
where every player's name starts with the same letter. Target: median < 50 ms.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DJANGO_TESTING", "1")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import setup_databases, setup_test_environment, teardown_databases  # noqa: E402

PLAYERS = 20_000
RUNS = 7
TARGET_MS = 50
FIRST = ["Íñigo", "Niccolò", "Ana", "Zoë", "Jordi", "Giulia", "Pedro", "Lucía", "Marco", "Sara", "Javier", "Chiara",
         "Miguel", "Elena", "Luca", "Carmen", "Andrea", "Pablo", "Francesca", "Diego"]
SYLLABLES = ["ba", "ro", "la", "ni", "ta", "ve", "mo", "ri", "gu", "sa", "del", "can", "per", "tor", "lli", "ñez"]


def surname(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize()


def fill(same_initial: bool) -> list[str]:
    from tournament.models import Player
    from tournament.registration.names import name_key

    rng = random.Random(2026)
    Player.objects.all().delete()
    names = []
    for i in range(PLAYERS):
        first = rng.choice(FIRST)
        if same_initial:
            first = "A" + first.lower()
        names.append(f"{first} {surname(rng)} {surname(rng)} {i}")
    Player.objects.bulk_create([Player(name=n, name_key=name_key(n)) for n in names], batch_size=2000)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE tournament_player")
    return names


def timed(label: str, queries: list[str]) -> float:
    from tournament.registration.services import similar_players

    for query in queries[:3]:
        similar_players(query)  # warm up
    samples = []
    for _ in range(RUNS):
        for query in queries:
            start = time.perf_counter()
            similar_players(query)
            samples.append((time.perf_counter() - start) * 1000)
    median = statistics.median(samples)
    verdict = "met" if median < TARGET_MS else "NOT met"
    print(f"{label:<44} median {median:6.1f} ms   max {max(samples):6.1f} ms   target < {TARGET_MS} ms: {verdict}")
    return median


def main() -> None:
    setup_test_environment()
    config = setup_databases(verbosity=0, interactive=False)
    try:
        print(f"Similar-name check, {PLAYERS:,} players, {connection.vendor}, {RUNS} runs per query")
        for same_initial, label in ((False, "realistic names"), (True, "every name starts with A (the attack)")):
            names = fill(same_initial)
            rng = random.Random(7)
            typos = [n[:-3] + "x" + n[-2:] for n in rng.sample(names, 5)]  # near duplicates of existing names
            fresh = ["Ana Nueva Persona", "Aldo Sconosciuto", "Zacarías Pérez"]
            timed(label, typos + fresh)
            from tournament.registration.services import similar_players

            found = sum(1 for typo in typos if similar_players(typo))
            print(f"{'':<44} near duplicates found: {found} of {len(typos)}")
    finally:
        teardown_databases(config, verbosity=0)


if __name__ == "__main__":
    main()
