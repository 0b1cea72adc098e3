"""A league table from plain data (pure): events with final placings and sizes, and the games.

Three kinds of rule (fixtures/league_presets.yaml holds the presets and their sources):
- "placing": points for each event's final place, from a table chosen by the event's size band and
  premier flag (SoA style), or, when the rule has one table (a league's custom points), that table for
  every event; a place past the end of a table scores the table's own `beyond`, else the rule's
  `beyond_table`; the best N results count (every result when N is not set);
- "game_points": the sum of the player's game points in every league game;
- "average": average game points per game, rounded to 3 decimals; players with fewer games than the
  minimum (and at least one) are listed unranked, after the ranked players.
In every kind each placing is among the player's results, with its event's band (under a one-table rule,
the table's name); only "placing" gives it points.

Ties: results worth the same points are counted in date order (the earlier one counts, the later is
dropped), so the split between counted and dropped is stable. Players level on points share a rank and
the next rank skips their places (1, 2, 2, 4); they are listed by name, then by id.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field

SMALL, MEDIUM, LARGE = "small", "medium", "large"


@dataclass(frozen=True)
class Rule:
    kind: str  # "placing", "game_points" or "average"
    tables: dict[str, tuple[int, ...]] = field(default_factory=dict)  # band -> points for places 1, 2, ...
    beyond_table: int = 0  # points for a place past the end of the table
    beyond: dict[str, int] = field(default_factory=dict)  # band -> its own points past the end (else beyond_table)
    small_max_players: int = 12  # an event of this many players or fewer is "small"
    best_n: int | None = None  # None: every result counts
    min_games: int = 0  # "average": fewer games than this and the player is unranked


@dataclass(frozen=True)
class Placing:
    """A player's final place at one event of the league."""

    event: Hashable
    order: tuple  # sorts events in time, e.g. (date, event id)
    player: Hashable
    place: int  # shared places keep the same number
    size: int  # players at the event
    premier: bool = False


@dataclass(frozen=True)
class GamePoints:
    event: Hashable
    player: Hashable
    points: float


@dataclass(frozen=True)
class Result:
    event: Hashable
    order: tuple
    place: int
    size: int
    band: str
    points: float
    counted: bool


@dataclass(frozen=True)
class TableRow:
    rank: int | None  # None: not ranked (too few games for an average)
    shared: bool
    player: Hashable
    points: float
    games: int
    results: tuple[Result, ...]

    @property
    def counted(self) -> int:
        return sum(1 for r in self.results if r.counted)

    @property
    def dropped(self) -> int:
        return sum(1 for r in self.results if not r.counted)


def band(size: int, premier: bool, small_max_players: int = 12) -> str:
    """SoA bands: small non-premier events; big or small-premier events; big premier events."""
    big = size > small_max_players
    if premier and big:
        return LARGE
    if premier or big:
        return MEDIUM
    return SMALL


def placing_points(rule: Rule, place: int, size: int, premier: bool) -> tuple[str, float]:
    key = band(size, premier, rule.small_max_players) if len(rule.tables) > 1 else next(iter(rule.tables))
    table = rule.tables[key]
    return key, float(table[place - 1] if 1 <= place <= len(table) else rule.beyond.get(key, rule.beyond_table))


def _best(results: list[Result], best_n: int | None) -> list[Result]:
    order = sorted(range(len(results)), key=lambda i: (-results[i].points, results[i].order))
    keep = set(order[:best_n])  # [:None] keeps every result
    return [Result(r.event, r.order, r.place, r.size, r.band, r.points, i in keep) for i, r in enumerate(results)]


@dataclass(frozen=True)
class _Score:
    """A player's points before ranking."""

    player: Hashable
    points: float
    games: int
    results: tuple[Result, ...]
    ranked: bool = True  # False: too few games for an average


def _ranked(scores: list[_Score]) -> list[TableRow]:
    ranked = sorted((s for s in scores if s.ranked), key=lambda s: -s.points)  # stable: name order kept
    count: dict[float, int] = defaultdict(int)
    for score in ranked:
        count[score.points] += 1
    first: dict[float, int] = {}  # points -> the rank of the first player with them
    out = [TableRow(first.setdefault(s.points, index + 1), count[s.points] > 1, s.player, s.points, s.games, s.results)
           for index, s in enumerate(ranked)]
    out.extend(TableRow(None, False, s.player, s.points, s.games, s.results) for s in scores if not s.ranked)
    return out


def league_table(rule: Rule, placings: Iterable[Placing], games: Iterable[GamePoints],
                 names: dict[Hashable, str] | None = None) -> list[TableRow]:
    """The table, best first; `names` only orders players level on points (alphabetically)."""
    names = names or {}
    played: dict[Hashable, list[float]] = defaultdict(list)
    for game in games:
        played[game.player].append(game.points)
    by_player: dict[Hashable, list[Result]] = defaultdict(list)
    for p in placings:
        if rule.kind == "placing":
            key, points = placing_points(rule, p.place, p.size, p.premier)
        else:
            key, points = band(p.size, p.premier, rule.small_max_players), 0.0
        by_player[p.player].append(Result(p.event, p.order, p.place, p.size, key, points, True))
    scores: list[_Score] = []
    for player in sorted(set(by_player) | set(played), key=lambda pl: (str(names.get(pl, "")), str(pl))):
        results = sorted(by_player.get(player, []), key=lambda r: r.order)
        game_points = played.get(player, [])
        if rule.kind == "placing":
            results = _best(results, rule.best_n)
            scores.append(_Score(player, sum(r.points for r in results if r.counted), len(game_points), tuple(results)))
        elif rule.kind == "game_points":
            scores.append(_Score(player, float(sum(game_points)), len(game_points), tuple(results)))
        elif rule.kind == "average":
            average = round(sum(game_points) / len(game_points), 3) if game_points else 0.0
            scores.append(_Score(player, average, len(game_points), tuple(results),
                                 ranked=len(game_points) >= max(rule.min_games, 1)))
        else:
            raise ValueError(f"unknown league rule kind: {rule.kind}")
    return _ranked(scores)


def rule_from_preset(preset: dict, best_n: int | None = None, min_games: int | None = None,
                     custom_points: Sequence[int] | None = None) -> Rule:
    """A Rule from a preset dict (as in the YAML), with the league's own overrides."""
    tables = {key: tuple(int(x) for x in value["points"]) for key, value in (preset.get("tables") or {}).items()}
    if preset["kind"] == "placing" and custom_points and "custom" in tables:  # only a custom preset takes them
        tables = {"custom": tuple(int(x) for x in custom_points)}
    beyond = {key: int(value["beyond"]) for key, value in (preset.get("tables") or {}).items()
              if key in tables and "beyond" in value}
    return Rule(
        kind=preset["kind"], tables=tables, beyond_table=int(preset.get("beyond_table", 0)), beyond=beyond,
        small_max_players=int(preset.get("small_max_players", 12)),
        best_n=best_n if best_n else preset.get("best_n"),
        min_games=min_games if min_games is not None else int(preset.get("min_games", 0)),
    )
