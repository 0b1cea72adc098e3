"""A second, deliberately simple standings implementation, for the tests only.

It reads nothing but the public results export (CSV, English headers) and the event's published
settings (preset, points, tie-break order, head-to-head rule, seed), and shares no code with
tournament/results/: its own preset reading, scoring, tie-break formulas, ranking and lot. Where the
production code splits tied groups recursively, the oracle gives every player a key tuple, criterion by
criterion (head-to-head among the players equal on the key so far), and ranks by counting who is better.
"""

from __future__ import annotations

import csv
import hashlib
import io
import unicodedata
from collections import defaultdict

from tests.scoring_before import numbers

FEWER_IS_BETTER = {"fewest_lost"}


def preset_numbers(key: str, wdl_points: str) -> dict:
    """The preset's numbers as tests/scoring_before.py froze them (the fixture is now a scoring definition,
    which the app reads)."""
    return numbers(key, wdl_points)


def game_points(p: dict, winner: str, a: tuple, b: tuple) -> tuple[int, int]:
    """a, b: (elements lost, general lost, camp lost) of each side; winner "a", "b" or "time"."""
    if p["kind"] == "margin":
        def kills(enemy):
            return enemy[0] * p["per_element"] + p["general_bonus"] * enemy[1] + p["camp_bonus"] * enemy[2]
        ka, kb = kills(b), kills(a)
        if winner == "a":
            return p["win_base"] + ka - kb, kb
        if winner == "b":
            return ka, p["win_base"] + kb - ka
        return ka, kb
    if winner == "a":
        return p["win"], p["loss"]
    if winner == "b":
        return p["loss"], p["win"]
    pa = p["draw_ahead"] if b[0] > a[0] else p["draw"]
    pb = p["draw_ahead"] if a[0] > b[0] else p["draw"]
    return pa, pb


def name_key(name: str) -> str:
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())


def lot(seed: int, name: str) -> int:
    return int(hashlib.sha256(f"{seed}:{name_key(name)}".encode()).hexdigest()[:6], 16)


def oracle(results_csv: bytes, *, preset: str, wdl_points: str, tiebreaks: list[str], h2h_all_met: bool,
           seed: int) -> list[dict]:
    """The standings as rows of {"rank", "player", <metric>: value}, in table order; rank "=2" when shared."""
    p = preset_numbers(preset, wdl_points)
    rows = list(csv.DictReader(io.StringIO(results_csv.decode("utf-8-sig"))))
    points, wins, destroyed, lost, generals, camps = (defaultdict(int) for _ in range(6))
    opponents = defaultdict(list)
    games = []  # (a, b, points a, points b)
    players = set()
    for row in rows:
        a, b = row["Side A"], row["Side B"]
        players.add(a)
        if row["Outcome"] == "Bye":
            assert int(row["A points"]) == p["bye"], row
            points[a] += p["bye"]
            wins[a] += 1
            continue
        players.add(b)
        side_a = (int(row["A lost"]), row["A general lost"] == "yes", row["A camp lost"] == "yes")
        side_b = (int(row["B lost"]), row["B general lost"] == "yes", row["B camp lost"] == "yes")
        winner = {"Side A won": "a", "Side B won": "b", "Time called": "time"}[row["Outcome"]]
        pa, pb = game_points(p, winner, side_a, side_b)
        assert (pa, pb) == (int(row["A points"]), int(row["B points"])), row  # the export's points are the preset's
        games.append((a, b, pa, pb))
        for me, other, mine, theirs, my_points, won in ((a, b, side_a, side_b, pa, winner == "a"),
                                                         (b, a, side_b, side_a, pb, winner == "b")):
            points[me] += my_points
            wins[me] += won
            destroyed[me] += theirs[0]
            lost[me] += mine[0]
            generals[me] += theirs[1]
            camps[me] += theirs[2]
            opponents[me].append(other)
    simple = {
        "points": lambda x: points[x], "wins": lambda x: wins[x],
        "countback": lambda x: sum(points[o] for o in opponents[x]),
        "sos": lambda x: sum(wins[o] for o in opponents[x]),
        "generals_killed": lambda x: generals[x], "camps_taken": lambda x: camps[x],
        "elements_destroyed": lambda x: destroyed[x], "fewest_lost": lambda x: lost[x],
        "margin": lambda x: destroyed[x] - lost[x], "camps_and_generals": lambda x: camps[x] + generals[x],
    }
    criteria = ["points"] + [k for k in dict.fromkeys(tiebreaks) if k in simple or k == "head_to_head"]
    criteria = [k for i, k in enumerate(criteria) if k != "points" or i == 0]
    met = {frozenset((g[0], g[1])) for g in games}
    shown = {x: {} for x in players}
    key = {x: () for x in players}
    for criterion in criteria:
        new_key = {}
        for x in players:
            if criterion == "head_to_head":
                group = [y for y in players if key[y] == key[x]]
                pairs = [frozenset((y, z)) for y in group for z in group if y < z]
                played = [pair for pair in pairs if pair in met]
                applies = len(group) > 1 and (len(played) == len(pairs) if h2h_all_met else len(played) > 0)
                value = None
                if applies:
                    value = sum(g[2] if g[0] == x else g[3] for g in games
                                if x in (g[0], g[1]) and g[0] in group and g[1] in group)
                shown[x][criterion] = value
                new_key[x] = key[x] + ((value if value is not None else 0),)
            else:
                value = simple[criterion](x)
                shown[x][criterion] = value
                new_key[x] = key[x] + ((-value if criterion in FEWER_IS_BETTER else value),)
        key = new_key
    with_lot = "seeded_random" in tiebreaks
    order = sorted(players, key=lambda x: (tuple(-v for v in key[x]), -lot(seed, x) if with_lot else 0, name_key(x)))
    table = []
    for x in order:
        better = sum(1 for y in players if key[y] > key[x])
        shared = any(y != x and key[y] == key[x] for y in players)
        row = {"rank": f"={better + 1}" if shared else better + 1, "player": x, **shown[x]}
        if with_lot:
            row["seeded_random"] = lot(seed, x)
        table.append(row)
    return table
