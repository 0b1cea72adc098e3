"""Import and export of an event's players and armies (CSV or XLSX, via pandas).

A file is checked row by row first; if any row is bad, every problem is reported
with its line number and nothing is imported. A good file imports in one transaction.
Every row is a new person record of this event: rows are never linked by name to people
of other events (see tournament/registration/services.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pandas as pd
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.armies.service import ArmyInput, army_problems
from tournament.events.audit import audit
from tournament.models import Club, Event, Player, Registration
from tournament.registration.names import name_key
from tournament.registration.services import apply_army, entrant_add

COLUMNS = ["name", "club", "region", "email", "army_ref", "elements", "general", "camp", "allies"]
MAX_ROWS = 2000
MAX_COLUMNS = 30


def _limit(model, field: str) -> int:
    return model._meta.get_field(field).max_length


# The longest value each column may hold: what the model stores (elements and allies: what the army form takes).
MAX_LENGTHS = {
    "name": _limit(Player, "name"), "club": _limit(Club, "name"), "region": _limit(Player, "region"),
    "email": _limit(Player, "email"), "army_ref": _limit(Registration, "army_ref"),
    "camp": _limit(Registration, "camp"), "elements": 12 * 9, "general": 8, "allies": 120,
}


@dataclass
class ImportRow:
    line: int
    name: str
    club: str = ""
    region: str = ""
    email: str = ""
    army: ArmyInput | None = None


@dataclass
class ImportReport:
    rows: list[ImportRow] = field(default_factory=list)
    errors: list[tuple[int, str]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


def _cell(row: pd.Series, column: str) -> str:
    value = row.get(column, "")
    if value is None or (isinstance(value, float) and pd.isna(value)):
        return ""
    return " ".join(str(value).split())


def _general_index(text: str, elements: tuple[str, ...]) -> int | None:
    """The general as a 1-based position ("3") or as an element code (the first element of that code)."""
    if not text:
        return None
    if text.isdigit():
        return int(text) - 1
    return elements.index(text) if text in elements else -2


def parse_frame(event: Event, frame: pd.DataFrame) -> ImportReport:
    report = ImportReport()
    frame = frame.rename(columns=lambda c: str(c).strip().lower())
    if "name" not in frame.columns:
        report.errors.append((1, _("The file has no “name” column. Expected columns: %(cols)s.") % {"cols": ", ".join(COLUMNS)}))
        return report
    if len(frame) > MAX_ROWS:
        report.errors.append((1, _("Too many rows (%(n)s); the limit is %(max)s.") % {"n": len(frame), "max": MAX_ROWS}))
        return report
    columns = list(frame.columns)
    duplicate = next((c for i, c in enumerate(columns) if c in columns[:i]), None)
    if duplicate is not None:
        report.errors.append((1, _("The column “%(column)s” appears twice.") % {"column": duplicate}))
        return report
    seen: dict[str, int] = {}
    registered = set(
        Registration.objects.filter(event=event).values_list("name_key", flat=True)
    )
    for index, row in frame.iterrows():
        line = int(index) + 2  # line 1 is the header
        too_long = [(c, MAX_LENGTHS[c]) for c in COLUMNS if len(_cell(row, c)) > MAX_LENGTHS[c]]
        if too_long:  # nothing else of an over-long row is read (it could not be stored anyway)
            report.errors.extend(
                (line, _("“%(column)s” is longer than %(max)s characters.") % {"column": c, "max": most})
                for c, most in too_long)
            continue
        found = _row_problems(event, row, line, seen, registered)
        if found.problems:
            report.errors.extend((line, problem) for problem in found.problems)
        else:
            report.rows.append(found.item)
    return report


@dataclass
class _Checked:
    item: ImportRow
    problems: list[str] = field(default_factory=list)


def _row_problems(event: Event, row: pd.Series, line: int, seen: dict[str, int], registered: set[str]) -> _Checked:
    """Every problem of one row at once: a bad email or a duplicate name never hides its army's problems."""
    problems: list[str] = []
    name = _cell(row, "name")
    if not name:
        problems.append(_("The name is empty."))
    else:
        key = name_key(name)
        if key in seen:
            problems.append(_("%(name)s appears twice (also on line %(other)s).") % {"name": name, "other": seen[key]})
        else:
            seen[key] = line
        if key in registered:
            problems.append(_("%(name)s is already registered for this event.") % {"name": name})
    item = ImportRow(line=line, name=name, club=_cell(row, "club"), region=_cell(row, "region"), email=_cell(row, "email"))
    if item.email:
        try:
            validate_email(item.email)
        except ValidationError:
            problems.append(_("“%(email)s” is not an email address.") % {"email": item.email})
    ref, element_text = _cell(row, "army_ref"), _cell(row, "elements")
    if ref or element_text:
        elements = tuple(e for e in re.split(r"[\s,;]+", element_text) if e)
        general = _general_index(_cell(row, "general"), elements)
        allies = tuple(a.strip() for a in _cell(row, "allies").split(",") if a.strip())
        item.army = ArmyInput(ref=ref, elements=elements, general=general, camp=_cell(row, "camp"), allies=allies)
        problems += army_problems(event, item.army)
    return _Checked(item, problems)


SAMPLE_ROWS = [
    {"name": "Pietro Rossi", "club": "Circolo Bolognese", "region": "Emilia-Romagna", "email": "pietro@example.org",
     "army_ref": "II/56", "elements": "Cv Cv 4Bd 4Bd 4Bd 4Bd 4Ax 4Ax 4Ax 4Ax LH 3Kn", "general": "1", "camp": "",
     "allies": ""},
    {"name": "Àlex Puig", "club": "Dracs", "region": "Catalunya", "email": "", "army_ref": "", "elements": "",
     "general": "", "camp": "", "allies": ""},
]


def sample_frame() -> pd.DataFrame:
    """A sample file for organizers: every column the import reads, one row with an army and one without."""
    return pd.DataFrame.from_records(SAMPLE_ROWS, columns=COLUMNS)


@transaction.atomic
def import_rows(event: Event, report: ImportReport, user) -> int:
    """Create players and registrations for a checked report; all or nothing."""
    assert report.ok, "import_rows needs a report without errors"
    for item in report.rows:
        reg = entrant_add(event=event, user=user, name=item.name, club=item.club, region=item.region, email=item.email)
        if item.army is not None:
            apply_army(reg, item.army, user)
    audit(event=event, user=user, action="registration.import", target=event.slug, after={"rows": len(report.rows)})
    return len(report.rows)


def export_frame(event: Event) -> pd.DataFrame:
    """The event's entries with the same columns the import reads."""
    regs = event.registrations.select_related("club").order_by("name_key", "pk")
    records = [
        {
            "name": r.name,
            "club": r.club.name if r.club_id else "",
            "region": r.region,
            "email": r.email,
            "army_ref": r.army_ref,
            "elements": " ".join(r.elements),
            "general": "" if r.general is None else r.general + 1,
            "camp": r.camp,
            "allies": ", ".join(r.allies),
            "status": r.status,
        }
        for r in regs
    ]
    return pd.DataFrame.from_records(records, columns=[*COLUMNS, "status"])
