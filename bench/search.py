"""Rules-library search latency: median and p95 over 50 fixed queries.

    python bench/search.py                     # SQLite (default settings)
    DATABASE_URL=postgres://... python bench/search.py

Sets up Django, migrates and imports the rules into the current database if needed, then times
the search service function (and the search view through the test client). Target: p95 < 50 ms.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

QUERIES = [
    # English through the glossary
    "recoil", "camp followers", "zone of control", "flee", "pursuit", "overlap", "rear support", "bad going",
    "river", "littoral landing", "break off", "close combat", "tactical move", "general", "war wagons",
    # Spanish
    "retroceder", "caballería ligera", "caballeria", "zona de control", "elefantes", "terreno difícil",
    "desembarco", "campamento", "persecución", "bagaje", "dispara artillería", "movimiento de grupo",
    # Italian
    "ritirata", "seguito", "zona di controllo", "ritirarsi fiume", "tiro a distanza", "mischia", "argine",
    "inseguimento", "accampamento", "generale",
    # abbreviations as written
    "El", "PIPs", "4Bd", "WWg", "BUA", "ZOC", "DIB", "Ps", "LH",
    # references and typos
    "PIP 4", "nasamw22:pip.4", "cabaleria", "retrocedr",
]
ROUNDS = 5


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def main() -> None:
    assert len(QUERIES) == 50, len(QUERIES)
    call_command("migrate", verbosity=0)
    from rulings.importer import import_rules
    from rulings.models import Clause
    from rulings.search.service import search

    if not Clause.objects.exists():
        import_rules()
    for query in QUERIES:  # warm caches (glossary, vocabulary, statements)
        search(query)
    # No setup_test_environment(): its instrumented rendering keeps copies of every context (test-only garbage).
    client = Client()
    # A server's first request imports the views and compiles the templates once: not a search's cost.
    client.get("/rulings/search/", {"q": "warm up"}, headers={"HX-Request": "true"})
    service: list[float] = []
    view: list[float] = []
    worst: list[tuple[float, str]] = []
    worst_view: list[tuple[float, str]] = []
    for _ in range(ROUNDS):
        for query in QUERIES:
            start = time.perf_counter()
            search(query)
            elapsed = (time.perf_counter() - start) * 1000
            service.append(elapsed)
            worst.append((elapsed, query))
            start = time.perf_counter()
            client.get("/rulings/search/", {"q": query}, headers={"HX-Request": "true"})
            view.append((time.perf_counter() - start) * 1000)
            worst_view.append((view[-1], query))
    vendor = connection.vendor
    print(f"Rules search on {vendor} ({Clause.objects.count()} clauses), {len(QUERIES)} queries x {ROUNDS} rounds, "
          f"load average {os.getloadavg()[0]:.2f} (other work on the machine sets the max)")
    print(f"{'measure':<28}{'median ms':>10}{'p95 ms':>10}{'max ms':>10}")
    for name, samples in (("search() service", service), ("search view (htmx partial)", view)):
        if not samples:
            continue
        print(f"{name:<28}{statistics.median(samples):>10.2f}{percentile(samples, 0.95):>10.2f}{max(samples):>10.2f}")
    print("slowest queries:", ", ".join(f"{q!r} {t:.1f}" for t, q in sorted(worst, reverse=True)[:5]))
    print("slowest views:", ", ".join(f"{q!r} {t:.1f}" for t, q in sorted(worst_view, reverse=True)[:5]))
    p95 = percentile(service, 0.95)
    print(f"target p95 < 50 ms: {'met' if p95 < 50 else 'NOT met'} ({p95:.1f} ms)")
    slowest = max(max(service), max(view))
    print(f"target max < 50 ms (service and view): {'met' if slowest < 50 else 'NOT met'} ({slowest:.1f} ms)")


if __name__ == "__main__":
    main()
