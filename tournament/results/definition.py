"""A scoring definition: the organizer's scoring as data (pure Python, no Django; docs/scoring.md is its manual).

`parse_definition(data)` checks a plain mapping (read from YAML or JSON; nothing in it is ever evaluated as
code) and returns a frozen `Definition`, or raises `DefinitionError` naming the first field that is wrong, as a
dotted path (`win.margin[1].points`). `definition_data` turns a Definition back into the same plain mapping,
so a definition round-trips through a form, an event row and a backup unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import yaml

EDITIONS = ("2.2", "3.0")
COUNT_KEYS = ("element", "sch", "general", "camp")
LINE_KEYS = ("win", "loss", "time", "time_ahead", "time_level", "time_behind")
REQUIRED_LINES = ("win", "loss", "time")
SIDE_OUTCOMES = ("win", "loss", "time", "time_ahead", "time_level", "time_behind")
PRIMARY_KEYS = ("points", "wins")
CONDITION_INTS = ("lost_at_least", "lost_at_most", "destroyed_at_least", "destroyed_at_most", "both_lost_at_least",
                  "margin_at_least", "margin_at_most")
CONDITION_FLAGS = ("general_killed", "general_lost", "camp_taken", "camp_lost")
LIMIT = 1000  # no number in a definition is larger than this (in size): a typo, not a scoring
MAX_TEXT = 20_000  # characters of a definition typed or uploaded
MAX_DEPTH = 12  # brackets and braces open at once: a definition needs 4


class DefinitionError(ValueError):
    """A definition that cannot be used: `field` is the dotted path of the first wrong value, `code` says why."""

    def __init__(self, field: str, code: str, **params):
        super().__init__(f"{field}: {code}")
        self.field = field
        self.code = code
        self.params = params


class _NoAliases(yaml.SafeLoader):
    """Plain YAML: no anchors and aliases (a few lines of them can expand to gigabytes)."""

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            raise yaml.YAMLError("aliases (*name) are not allowed")
        return super().compose_node(parent, index)


def _depth(text: str) -> int:
    """The most flow brackets open at once (a crude bound, before the parser recurses into them)."""
    depth = most = 0
    for ch in text:
        if ch in "[{":
            depth += 1
            most = max(most, depth)
        elif ch in "]}":
            depth = max(depth - 1, 0)
    return most


def read_definition_text(text: str) -> dict:
    """The plain mapping in a definition typed as YAML (JSON is YAML too); DefinitionError when unreadable."""
    if len(text) > MAX_TEXT:
        raise DefinitionError("", "not_a_text", most=MAX_TEXT)
    if _depth(text) > MAX_DEPTH:
        raise DefinitionError("", "syntax", detail=f"nested more than {MAX_DEPTH} levels")
    try:
        data = yaml.load(text, Loader=_NoAliases)  # noqa: S506 - a SafeLoader without aliases
    except (yaml.YAMLError, RecursionError) as exc:
        raise DefinitionError("", "syntax", detail=(str(exc).splitlines() or [""])[0][:200]) from None
    if not isinstance(data, dict):
        raise DefinitionError("", "not_a_mapping")
    return data


def definition_text(data: dict) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, default_flow_style=None, width=100)


@dataclass(frozen=True)
class Counts:
    """What a side's destroyed enemy is worth: per element, per Scythed Chariots, the general (on top of its
    element) and the camp / BUA / city; `cap`: at most this much (None: no cap)."""

    element: int = 1
    sch: int = 0
    general: int = 0
    camp: int = 0
    cap: int | None = None


@dataclass(frozen=True)
class MarginRow:
    at_least: int | None  # None: any margin (the last row)
    points: int


@dataclass(frozen=True)
class Line:
    """A side's points for one kind of outcome, before the rules."""

    points: int = 0
    per_destroyed: int = 0  # × the value of what this side destroyed
    per_lost: int = 0  # × the value of what the enemy destroyed (negative: subtracted)
    general_killed: int = 0  # bonus for the enemy general
    camp_taken: int = 0  # bonus for the enemy camp / BUA / city
    margin: tuple[MarginRow, ...] = ()  # the first row whose at_least ≤ margin gives the points instead
    floor: int | None = None
    cap: int | None = None


@dataclass(frozen=True)
class Rule:
    when: tuple[tuple[str, object], ...]
    points: int | None = None  # sets the side's points
    add: int = 0
    note: str = ""  # the organizer's own words for it, shown with the standings


@dataclass(frozen=True)
class Definition:
    name: str
    lines: dict[str, Line] = field(hash=False)
    bye: int = 0
    counts: Counts = Counts()
    edition_counts: dict[str, Counts] = field(default_factory=dict, hash=False)
    rules: tuple[Rule, ...] = ()
    split: int | None = None  # zero-sum: the side ahead scores its points, the other `split` minus them
    ranking: tuple[str, ...] = ("points",)
    tiebreaks: tuple[str, ...] = ()
    source: str = ""
    doubtful: str = ""

    def counts_for(self, edition: str | None) -> Counts:
        return self.edition_counts.get(edition or "", self.counts)

    def line(self, outcome: str) -> Line:
        """The line for a side outcome (win, loss, time_ahead, time_level, time_behind); time_* default to time."""
        return self.lines.get(outcome) or self.lines["time"]


def _mapping(value, where: str, allowed: tuple[str, ...]) -> dict:
    if not isinstance(value, dict):
        raise DefinitionError(where, "not_a_mapping")
    for key in value:
        if key not in allowed:
            raise DefinitionError(f"{where}.{key}" if where else str(key), "unknown_field", allowed=", ".join(allowed))
    return value


def _number(value, where: str, *, optional: bool = False) -> int | None:
    if value is None and optional:
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):  # points are whole numbers, as the seats store them
        raise DefinitionError(where, "not_an_integer")
    if abs(value) > LIMIT:
        raise DefinitionError(where, "out_of_range", most=LIMIT)
    return value


def _text(value, where: str, most: int) -> str:
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > most:
        raise DefinitionError(where, "not_a_text", most=most)
    return value.strip()


def _counts(value, where: str, base: Counts | None = None) -> Counts:
    data = _mapping(value if value is not None else {}, where, (*COUNT_KEYS, "cap", *EDITIONS))
    start = base or Counts()
    numbers = {k: _number(data[k], f"{where}.{k}") if k in data else getattr(start, k) for k in COUNT_KEYS}
    cap = _number(data["cap"], f"{where}.cap", optional=True) if "cap" in data else start.cap
    return Counts(**numbers, cap=cap)


def _margin(value, where: str) -> tuple[MarginRow, ...]:
    if not isinstance(value, list) or not value or len(value) > 30:
        raise DefinitionError(where, "not_a_list", most=30)
    rows = []
    for i, row in enumerate(value):
        here = f"{where}[{i}]"
        data = _mapping(row, here, ("at_least", "points"))
        if "points" not in data:
            raise DefinitionError(f"{here}.points", "required")
        at_least = _number(data.get("at_least"), f"{here}.at_least", optional=True)
        if at_least is None and i != len(value) - 1:
            raise DefinitionError(f"{here}.at_least", "required")  # only the last row may take any margin
        if rows and at_least is not None and rows[-1].at_least is not None and at_least >= rows[-1].at_least:
            raise DefinitionError(f"{here}.at_least", "not_descending")
        rows.append(MarginRow(at_least, _number(data["points"], f"{here}.points")))
    return tuple(rows)


def _line(value, where: str) -> Line:
    if isinstance(value, int) and not isinstance(value, bool):
        return Line(points=_number(value, where))
    data = _mapping(value, where, ("points", "per_destroyed", "per_lost", "general_killed", "camp_taken", "margin",
                                   "floor", "cap"))
    numbers = {k: _number(data[k], f"{where}.{k}") for k in ("points", "per_destroyed", "per_lost", "general_killed",
                                                             "camp_taken") if k in data}
    floor = _number(data.get("floor"), f"{where}.floor", optional=True)
    cap = _number(data.get("cap"), f"{where}.cap", optional=True)
    if floor is not None and cap is not None and floor > cap:
        raise DefinitionError(f"{where}.floor", "floor_above_cap")
    margin = _margin(data["margin"], f"{where}.margin") if "margin" in data else ()
    return Line(**numbers, margin=margin, floor=floor, cap=cap)


def _condition(key: str, value, where: str):
    if key == "outcome":
        values = value if isinstance(value, list) else [value]
        if not values or any(v not in SIDE_OUTCOMES for v in values):
            raise DefinitionError(where, "unknown_outcome", allowed=", ".join(SIDE_OUTCOMES))
        return tuple(values)
    if key in CONDITION_FLAGS:
        if not isinstance(value, bool):
            raise DefinitionError(where, "not_a_flag")
        return value
    return _number(value, where)


def _rules(value, where: str) -> tuple[Rule, ...]:
    if not isinstance(value, list) or len(value) > 20:
        raise DefinitionError(where, "not_a_list", most=20)
    rules = []
    for i, row in enumerate(value):
        here = f"{where}[{i}]"
        data = _mapping(row, here, ("when", "points", "add", "note"))
        when = _mapping(data.get("when"), f"{here}.when", ("outcome", *CONDITION_INTS, *CONDITION_FLAGS))
        if not when:
            raise DefinitionError(f"{here}.when", "required")
        if ("points" in data) == ("add" in data):
            raise DefinitionError(f"{here}.points", "points_or_add")
        note = _text(data.get("note"), f"{here}.note", 200)
        conditions = tuple((k, _condition(k, v, f"{here}.when.{k}")) for k, v in when.items())
        rules.append(Rule(conditions, _number(data["points"], f"{here}.points") if "points" in data else None,
                          _number(data.get("add", 0), f"{here}.add"), note))
    return tuple(rules)


def _keys(value, where: str, allowed, most: int) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > most:
        raise DefinitionError(where, "not_a_list", most=most)
    for i, key in enumerate(value):
        if key not in allowed:
            raise DefinitionError(f"{where}[{i}]", "unknown_key", allowed=", ".join(sorted(allowed)))
    if len(set(value)) != len(value):
        raise DefinitionError(where, "repeated")
    return tuple(value)


def parse_definition(data, tiebreak_keys=()) -> Definition:
    """A checked Definition from a plain mapping; `tiebreak_keys`: the tie-breaks the app knows (None: any)."""
    allowed = ("name", "source", "doubtful", "counts", *LINE_KEYS, "rules", "split", "bye", "ranking", "tiebreaks",
               "key", "provenance")
    data = _mapping(data, "", allowed)
    name = _text(data.get("name"), "name", 120)
    if not name:
        raise DefinitionError("name", "required")
    for key in REQUIRED_LINES:
        if key not in data:
            raise DefinitionError(key, "required")
    lines = {key: _line(data[key], key) for key in LINE_KEYS if key in data}
    counts = _counts(data.get("counts"), "counts")
    edition_counts = {e: _counts(data["counts"][e], f"counts.{e}", counts)
                      for e in EDITIONS if isinstance(data.get("counts"), dict) and e in data["counts"]}
    split = _number(data.get("split"), "split", optional=True)
    if split is not None and split <= 0:
        raise DefinitionError("split", "out_of_range", most=LIMIT)
    ranking = _keys(data.get("ranking", ["points"]), "ranking", PRIMARY_KEYS, 2) or ("points",)
    tiebreaks = _keys(data.get("tiebreaks", []), "tiebreaks", set(tiebreak_keys) - set(PRIMARY_KEYS)
                      if tiebreak_keys else _AnyKey(), 12)
    return Definition(name=name, lines=lines, bye=_number(data.get("bye", 0), "bye"), counts=counts,
                      edition_counts=edition_counts, rules=_rules(data.get("rules", []), "rules"), split=split,
                      ranking=ranking, tiebreaks=tiebreaks, source=_text(data.get("source"), "source", 600),
                      doubtful=_text(data.get("doubtful"), "doubtful", 1000))


class _AnyKey:
    def __contains__(self, key) -> bool:
        return isinstance(key, str) and 0 < len(key) <= 40

    def __iter__(self):
        return iter(())


def _line_data(line: Line) -> dict:
    data: dict = {}
    for key in ("points", "per_destroyed", "per_lost", "general_killed", "camp_taken"):
        if getattr(line, key):
            data[key] = (getattr(line, key))
    if line.margin:
        data["margin"] = [{**({"at_least": r.at_least} if r.at_least is not None else {}), "points": (r.points)}
                          for r in line.margin]
    for key in ("floor", "cap"):
        if getattr(line, key) is not None:
            data[key] = (getattr(line, key))
    return data or {"points": 0}


def _counts_data(counts: Counts, base: Counts | None = None) -> dict:
    """Every field of `counts`, or, for an edition's block, only those that differ from `base`."""
    return {k: getattr(counts, k) for k in (*COUNT_KEYS, "cap") if base is None or getattr(counts, k) != getattr(base, k)}


def definition_data(d: Definition) -> dict:
    """The plain mapping `parse_definition` reads, for a form, an event row or a backup."""
    counts = _counts_data(d.counts)
    for edition, own in d.edition_counts.items():
        counts[edition] = _counts_data(own, d.counts)
    data: dict = {"name": d.name}
    if d.source:
        data["source"] = d.source
    if d.doubtful:
        data["doubtful"] = d.doubtful
    data["counts"] = counts
    for key, line in d.lines.items():
        data[key] = _line_data(line)
    if d.rules:
        data["rules"] = [{"when": {k: (list(v) if isinstance(v, tuple) else v) for k, v in r.when},
                          **({"points": r.points} if r.points is not None else {"add": r.add}),
                          **({"note": r.note} if r.note else {})}
                         for r in d.rules]
    if d.split is not None:
        data["split"] = d.split
    data["bye"] = (d.bye)
    data["ranking"] = list(d.ranking)
    data["tiebreaks"] = list(d.tiebreaks)
    return data
