"""Printing benchmark: 500 army sheets in one PDF and a 250-table round pack (pairing sheet + slips).

    .venv/bin/python bench/printing.py            (also run by `make bench`)

Documents are built from plain data (no database), exactly as the views and print_pdf lay them out.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from tournament.armies.catalogue import load_catalogue  # noqa: E402
from tournament.armies.validation import default_army  # noqa: E402
from tournament.pdfs.army_sheet import army_sheets_pdf  # noqa: E402
from tournament.pdfs.data import ArmySheet, GameSlip, RoundSheet, Side  # noqa: E402
from tournament.pdfs.round_docs import round_pdf  # noqa: E402


def sheets(count: int) -> list[ArmySheet]:
    entries = [e for e in load_catalogue().variants() if not e.problems]
    result = []
    for i in range(count):
        entry = entries[(i * 37) % len(entries)]
        army = default_army(entry)
        result.append(ArmySheet("Campionato Città di Bologna", "3.0", f"Jugador {i:03d} Peña Niccolò", "Ludópatas",
                                entry.ref, entry.name, entry.topography, entry.aggression, army.elements, army.general,
                                "", (), f"https://dba.example/report/{i:08d}/"))
    return result


def round_sheet(tables: int) -> RoundSheet:
    games = tuple(GameSlip(t, Side(f"Giocatore {2 * t} Niccolò", "Città", "II/33", f"https://dba.example/r/{t}a/"),
                           Side(f"Jugador {2 * t + 1} Peña", "Ludópatas", "I/1a", f"https://dba.example/r/{t}b/"))
                  for t in range(1, tables + 1))
    return RoundSheet("Campionato", 3, "3.0", games)


def timed(label: str, build, target: float) -> None:
    start = time.perf_counter()
    body = build()
    seconds = time.perf_counter() - start
    verdict = "met" if seconds < target else "NOT met"
    print(f"{label:<36} {seconds:>7.2f} s  {len(body) / 1e6:>6.1f} MB   target < {target:.0f} s: {verdict}")


def main() -> None:
    print("Printing (reportlab), one PDF each")
    army = sheets(500)
    timed("500 army sheets (A4)", lambda: army_sheets_pdf(army, lang="es"), 10)
    pack = round_sheet(250)
    timed("250-table round pack", lambda: round_pdf(pack, kind="pack", lang="it"), 5)


if __name__ == "__main__":
    main()
