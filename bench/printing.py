"""Printing benchmark: 500 DBA 3.0 army sheets in one PDF beside the same sheets built the obvious way
with plain reportlab platypus (bench/platypus_baseline.py) in the same run, 500 DBA 2.2 sheets (every
element's profile), and a 250-table round pack (pairing sheet + slips). Each figure is the median of BENCH_RUNS runs (default 3).

    .venv/bin/python bench/printing.py            (also run by `make bench`)
    BENCH_RUNS=5 .venv/bin/python bench/printing.py

Documents are built from plain data (no database), exactly as the views and print_pdf lay them out.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from bench.platypus_baseline import baseline_pdf  # noqa: E402
from tournament.armies.catalogue import load_catalogue  # noqa: E402
from tournament.armies.validation import default_army  # noqa: E402
from tournament.pdfs.army_sheet import army_sheets_pdf  # noqa: E402
from tournament.pdfs.data import ArmySheet, GameSlip, RoundSheet, Side  # noqa: E402
from tournament.pdfs.round_docs import round_pdf  # noqa: E402


def sheets(count: int, edition: str = "3.0") -> list[ArmySheet]:
    entries = [e for e in load_catalogue().variants() if not e.problems]
    result = []
    for i in range(count):
        entry = entries[(i * 37) % len(entries)]
        army = default_army(entry)
        result.append(ArmySheet("Campionato Città di Bologna", edition, f"Jugador {i:03d} Peña Niccolò", "Ludópatas",
                                entry.ref, entry.name, entry.topography, entry.aggression, army.elements, army.general,
                                "", (), f"https://dba.example/report/{i:08d}/"))
    return result


def round_sheet(tables: int) -> RoundSheet:
    games = tuple(GameSlip(t, Side(f"Giocatore {2 * t} Niccolò", "Città", "II/33", f"https://dba.example/r/{t}a/"),
                           Side(f"Jugador {2 * t + 1} Peña", "Ludópatas", "I/1a", f"https://dba.example/r/{t}b/"))
                  for t in range(1, tables + 1))
    return RoundSheet("Campionato", 3, "3.0", games)


def median_seconds(build, runs: int) -> tuple[float, int]:
    """The median time of `runs` builds, and the size of the last document."""
    times, size = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        size = len(build())
        times.append(time.perf_counter() - start)
    return statistics.median(times), size


def line(label: str, seconds: float, size: int, target: float | None = None) -> str:
    verdict = f"   target < {target:.0f} s: {'met' if seconds < target else 'NOT met'}" if target else ""
    return f"{label:<36} {seconds:>7.2f} s  {size / 1e6:>6.1f} MB{verdict}"


def main() -> None:
    runs = max(1, int(os.environ.get("BENCH_RUNS", "3")))
    print(f"Printing (reportlab), one PDF each, median of {runs} runs (load average {os.getloadavg()[0]:.1f})")
    army = sheets(500)
    army_sheets_pdf(army[:5], lang="es")  # fonts and catalogue loaded before timing
    baseline_pdf(army[:5])
    ours, ours_size = median_seconds(lambda: army_sheets_pdf(army, lang="es"), runs)
    plain, plain_size = median_seconds(lambda: baseline_pdf(army), runs)
    older = sheets(500, "2.2")  # every element's profile and the quick reference: the heavier sheet
    seconds, size = median_seconds(lambda: army_sheets_pdf(older, lang="es"), runs)
    print(line("500 army sheets, DBA 3.0 (A4)", ours, ours_size, 3))
    print(line("500 sheets, plain platypus baseline", plain, plain_size))
    print(f"{'army sheets / baseline':<36} {ours / plain:>7.2f}")
    print(line("500 army sheets, DBA 2.2 (A4)", seconds, size, 3))
    pack = round_sheet(250)
    seconds, size = median_seconds(lambda: round_pdf(pack, kind="pack", lang="it"), runs)
    print(line("250-table round pack", seconds, size, 5))


if __name__ == "__main__":
    main()
