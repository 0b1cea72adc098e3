"""A scoring definition as the flat fields of the organizer's form, and back (pure Python, no Django).

`definition_fields(data)` spreads a definition's plain mapping over named fields (`win_points`, `counts_camp`,
`split_2_at_least`, `tiebreak_1`…) and says what it holds that the form cannot show (`FormFit.beyond`: rules,
a margin table off the win line, more tie-breaks than slots…), checked by rebuilding it: nothing is dropped
silently. `fields_definition(values)` builds the plain mapping back from the fields (None: left blank).
`field_for_path` names the form field of a `DefinitionError`'s dotted path.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tournament.results.definition import COUNT_KEYS, EDITIONS, definition_data, parse_definition

LINES = ("win", "loss", "time", "time_ahead", "time_level", "time_behind")
OPTIONAL_LINES = ("time_ahead", "time_level", "time_behind")  # all blank: the line for time is used
LINE_NUMBERS = ("points", "per_destroyed", "per_lost", "general_killed", "camp_taken")
LINE_LIMITS = ("floor", "cap")
SPLIT_ROWS = 6
TIEBREAK_SLOTS = 6
TEXTS = ("name", "source", "doubtful")


def edition_prefix(edition: str) -> str:
    return "counts_" + edition.replace(".", "_") + "_"  # counts_2_2_element


def number_fields() -> list[str]:
    names = [f"counts_{k}" for k in COUNT_KEYS] + ["counts_cap", "bye"]
    names += [edition_prefix(e) + k for e in EDITIONS for k in (*COUNT_KEYS, "cap")]
    names += [f"{line}_{k}" for line in LINES for k in (*LINE_NUMBERS, *LINE_LIMITS)]
    names += [f"split_{n}_{k}" for n in range(1, SPLIT_ROWS + 1) for k in ("at_least", "winner", "other")]
    return names


@dataclass(frozen=True)
class FormFit:
    values: dict  # field name -> initial value (None: blank)
    beyond: tuple[str, ...]  # what the definition holds that the form cannot show (definition field names)


def _line_values(line_data, line: str, optional: bool) -> dict:
    values = {f"{line}_{k}": None for k in (*LINE_NUMBERS, *LINE_LIMITS)}
    if line_data is None:
        return values
    data = {"points": line_data} if isinstance(line_data, int) else line_data
    for key in LINE_NUMBERS:
        values[f"{line}_{key}"] = data.get(key, 0)
    for key in LINE_LIMITS:
        values[f"{line}_{key}"] = data.get(key)
    return values


def _count_values(counts: dict) -> dict:
    values = {f"counts_{key}": counts.get(key, 1 if key == "element" else 0 if key != "cap" else None)
              for key in (*COUNT_KEYS, "cap")}
    for edition in EDITIONS:
        own = counts.get(edition, {})
        values |= {edition_prefix(edition) + key: own.get(key) for key in (*COUNT_KEYS, "cap")}
    return values


def _split_values(rows: list, split) -> dict:
    values = {}
    for n in range(1, SPLIT_ROWS + 1):
        row = rows[n - 1] if n <= len(rows) else {}
        values[f"split_{n}_at_least"] = row.get("at_least")
        values[f"split_{n}_winner"] = row.get("points")
        values[f"split_{n}_other"] = split - row["points"] if split is not None and row else None
    return values


def _beyond(data: dict, values: dict, rows: list, split, tiebreaks: list) -> list[str]:
    """What the definition holds that the form cannot show; when nothing is named, the fields rebuilt must give
    the definition back ("…" when they do not)."""
    beyond = []
    if data.get("rules"):
        beyond.append("rules")
    if split is not None and not rows:
        beyond.append("split")
    if any(isinstance(data.get(line), dict) and data[line].get("margin") for line in LINES if line != "win"):
        beyond.append("margin")
    if len(rows) > SPLIT_ROWS:
        beyond.append("win.margin")
    if len(tiebreaks) > TIEBREAK_SLOTS:
        beyond.append("tiebreaks")
    if not beyond:
        try:
            same = fields_definition(values) == data
        except ValueError:
            same = False
        if not same:
            beyond.append("…")
    return beyond


def definition_fields(data: dict, tiebreak_keys=()) -> FormFit:
    """The form's fields for a definition, and what in it the form cannot show."""
    data = definition_data(parse_definition(data, tiebreak_keys))
    values: dict = {k: data.get(k, "") for k in TEXTS}
    values |= _count_values(data.get("counts", {}))
    for line in LINES:
        values.update(_line_values(data.get(line), line, line in OPTIONAL_LINES))
    win = data.get("win", {})
    rows = win.get("margin", []) if isinstance(win, dict) else []
    split = data.get("split")
    values |= _split_values(rows, split)
    values["bye"] = data.get("bye", 0)
    values["ranking"] = ",".join(data.get("ranking", ["points"]))
    tiebreaks = data.get("tiebreaks", [])
    for n in range(1, TIEBREAK_SLOTS + 1):
        values[f"tiebreak_{n}"] = tiebreaks[n - 1] if n <= len(tiebreaks) else ""
    return FormFit(values, tuple(_beyond(data, values, rows, split, tiebreaks)))


def _blank(value) -> bool:
    return value is None or value == ""


def _counts(values: dict) -> dict:
    counts = {k: values.get(f"counts_{k}") or 0 for k in COUNT_KEYS}
    if _blank(values.get("counts_element")):
        counts["element"] = 1
    counts["cap"] = None if _blank(values.get("counts_cap")) else values["counts_cap"]
    for edition in EDITIONS:
        own = {k: values[edition_prefix(edition) + k] for k in (*COUNT_KEYS, "cap")
               if not _blank(values.get(edition_prefix(edition) + k))}
        own = {k: v for k, v in own.items() if v != counts.get(k)}
        if own:
            counts[edition] = own
    return counts


def _lines(values: dict) -> dict:
    """Each outcome line's numbers (an optional line left all blank is left out)."""
    lines = {}
    for line in LINES:
        names = [f"{line}_{k}" for k in (*LINE_NUMBERS, *LINE_LIMITS)]
        if line in OPTIONAL_LINES and all(_blank(values.get(n)) for n in names):
            continue
        line_data = {k: values.get(f"{line}_{k}") for k in LINE_NUMBERS if values.get(f"{line}_{k}")}
        line_data |= {k: values[f"{line}_{k}"] for k in LINE_LIMITS if not _blank(values.get(f"{line}_{k}"))}
        lines[line] = line_data
    return lines


def _split_rows(values: dict) -> tuple[list[dict], set]:
    """The win line's margin rows and the totals (winner + other) the filled rows give."""
    rows, totals = [], set()
    for n in range(1, SPLIT_ROWS + 1):
        at_least, winner, other = (values.get(f"split_{n}_{k}") for k in ("at_least", "winner", "other"))
        if _blank(winner) and _blank(at_least) and _blank(other):
            continue
        rows.append({**({} if _blank(at_least) else {"at_least": at_least}), "points": winner})
        if not _blank(other) and not _blank(winner):
            totals.add(winner + other)
    return rows, totals


def fields_definition(values: dict) -> dict:
    """The plain mapping a definition is read from, built from the form's fields (blank numbers: 0 or none).
    It is checked by `parse_definition` afterwards like any other definition."""
    data: dict = {"name": (values.get("name") or "").strip()}
    for key in ("source", "doubtful"):
        if (values.get(key) or "").strip():
            data[key] = values[key].strip()
    data["counts"] = _counts(values)
    data |= _lines(values)
    rows, totals = _split_rows(values)
    if rows:
        data["win"] = {**data["win"], "margin": rows}
    if totals:
        data["split"] = totals.pop() if len(totals) == 1 else None
    data["win"] = data["win"] or {"points": 0}
    for line in LINES:
        if line in data and not data[line]:
            data[line] = {"points": 0}
    data["bye"] = values.get("bye") or 0
    data["ranking"] = (values.get("ranking") or "points").split(",")
    data["tiebreaks"] = [values[f"tiebreak_{n}"] for n in range(1, TIEBREAK_SLOTS + 1) if values.get(f"tiebreak_{n}")]
    return data


def split_totals(values: dict) -> set[int]:
    """The totals of the split table's filled rows (winner + the other side): one total, or the table is wrong."""
    return {values[f"split_{n}_winner"] + values[f"split_{n}_other"] for n in range(1, SPLIT_ROWS + 1)
            if not _blank(values.get(f"split_{n}_winner")) and not _blank(values.get(f"split_{n}_other"))}


_MARGIN = re.compile(r"^win\.margin\[(\d+)\]\.(at_least|points)$")


def field_for_path(path: str) -> str | None:
    """The form field a DefinitionError's dotted path points at (None: the definition as a whole)."""
    match = _MARGIN.match(path)
    if match:
        return f"split_{int(match[1]) + 1}_{'at_least' if match[2] == 'at_least' else 'winner'}"
    if path.startswith("tiebreaks"):
        return "tiebreak_1"
    if path.startswith("win.margin") or path == "split":
        return "split_1_winner"
    if path.startswith("counts."):
        parts = path.split(".")
        if parts[1] in EDITIONS and len(parts) > 2:
            return edition_prefix(parts[1]) + parts[2]
        return f"counts_{parts[1]}"
    for line in LINES:
        if path.startswith(line + "."):
            return f"{line}_{path.split('.')[1]}"
        if path == line:
            return f"{line}_points"
    return path if path in (*TEXTS, "bye", "ranking") else None
