"""Import and export of an event's players and armies (CSV or XLSX, via pandas).

A file is checked row by row first; if any row is bad, every problem is reported
with its line number and nothing is imported. A good file imports in one transaction.
Every row is a new person record of this event: rows are never linked by name to people
of other events (see tournament/registration/services.py).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field

import pandas as pd
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.armies.catalogue import canonical_ref
from tournament.armies.service import ArmyInput, army_name, army_problems
from tournament.events import cache_keys
from tournament.events.audit import audit
from tournament.models import AuditEntry, Club, Event, Player, Registration
from tournament.registration.names import name_key
from tournament.registration.services import last_round_under_way

COLUMNS = ["name", "club", "region", "email", "army_ref", "elements", "general", "camp", "allies"]
MAX_ROWS = 2000
MAX_COLUMNS = 30
BATCH = 500  # rows per INSERT (SQLite allows 32,766 parameters in a statement)
IMPORT_ACTION = "registration.import"


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


def _cell(row: dict, column: str) -> str:
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


def _columns(frame: pd.DataFrame) -> pd.DataFrame:
    return frame.rename(columns=lambda c: str(c).strip().lower())


def shape_problem(frame: pd.DataFrame) -> str | None:
    """What makes the file as a whole unfit (no name column, too many rows, a column twice), or None: cheap,
    so the upload's request answers it before the rows are checked on the task worker."""
    frame = _columns(frame)
    if "name" not in frame.columns:
        return _("The file has no “name” column. Expected columns: %(cols)s.") % {"cols": ", ".join(COLUMNS)}
    if len(frame) > MAX_ROWS:
        return _("Too many rows (%(n)s); the limit is %(max)s.") % {"n": len(frame), "max": MAX_ROWS}
    columns = list(frame.columns)
    duplicate = next((c for i, c in enumerate(columns) if c in columns[:i]), None)
    if duplicate is not None:
        return _("The column “%(column)s” appears twice.") % {"column": duplicate}
    return None


def parse_frame(event: Event, frame: pd.DataFrame) -> ImportReport:
    report = ImportReport()
    problem = shape_problem(frame)
    if problem is not None:
        report.errors.append((1, problem))
        return report
    frame = _columns(frame)
    seen: dict[str, int] = {}
    registered = set(
        Registration.objects.filter(event=event).values_list("name_key", flat=True)
    )
    # Rows as plain dicts: a pandas Series per row (iterrows) and its lookups cost more than checking the row.
    for index, row in zip(frame.index, frame.to_dict("records"), strict=True):
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


def _row_problems(event: Event, row: dict, line: int, seen: dict[str, int], registered: set[str]) -> _Checked:
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


class ImportRefused(Exception):
    """An import this event may not take now: `message` says why, in the reader's language."""

    def __init__(self, message: str, *, too_many_requests: bool = False):
        self.message = message
        self.too_many_requests = too_many_requests
        super().__init__(message)


def check_import_allowed(event: Event, rows: int = 0) -> None:
    """Raise ImportRefused when the event has had settings.PLAYER_IMPORTS_PER_HOUR imports in the last hour, or
    when `rows` more entries would take it past settings.MAX_EVENT_ENTRIES. Cheap (two counts): the view asks
    before it reads a file, and the import asks again under the event's row lock."""
    since = timezone.now() - datetime.timedelta(hours=1)
    per_hour = settings.PLAYER_IMPORTS_PER_HOUR
    if AuditEntry.objects.filter(event=event, action=IMPORT_ACTION, at__gte=since).count() >= per_hour:
        raise ImportRefused(ngettext("This event has had %(n)s import in the last hour, the limit: try again later.",
                                     "This event has had %(n)s imports in the last hour, the limit: try again later.",
                                     per_hour) % {"n": per_hour}, too_many_requests=True)
    most = settings.MAX_EVENT_ENTRIES
    entered = Registration.objects.filter(event=event).count()
    if entered + rows > most:
        raise ImportRefused(ngettext("An event takes at most %(max)s player: it has %(n)s, and the file adds %(rows)s.",
                                     "An event takes at most %(max)s players: it has %(n)s, and the file adds %(rows)s.",
                                     most) % {"max": most, "n": entered, "rows": rows})


def _clubs(names) -> dict[str, Club | None]:
    """Every club named in the file by its lower-cased name: the existing one (any case, as the add form finds
    it), else a new one; three queries whatever the number of rows."""
    wanted: dict[str, str] = {}
    for name in names:
        if name:
            wanted.setdefault(name.lower(), name)
    if not wanted:
        return {}

    def existing() -> dict[str, Club]:
        found = Club.objects.annotate(lower_name=Lower("name")).filter(
            Q(lower_name__in=list(wanted)) | Q(name__in=list(wanted.values())))
        return {club.name.lower(): club for club in found.order_by("pk")[::-1]}  # the oldest one wins, as .first()

    clubs = existing()
    missing = [Club(name=name) for lower, name in wanted.items() if lower not in clubs]
    if missing:  # a club made meanwhile by another writer is taken as it is
        Club.objects.bulk_create(missing, ignore_conflicts=True)
        clubs = existing()
    return clubs


@transaction.atomic
def import_rows(event: Event, report: ImportReport, user) -> int:
    """Create players and registrations for a checked report; all or nothing.

    In bulk: the clubs, the people and the entries are each inserted in batches, with one audit entry naming
    everyone imported, and the event's public pages renewed once (bulk inserts send no model signals). A 2,000-row
    file took about 20 s row by row (four audit entries and a dozen queries a row) and held a server worker."""
    assert report.ok, "import_rows needs a report without errors"
    event = Event.objects.select_for_update().get(pk=event.pk)  # imports of one event, one after the other
    check_import_allowed(event, len(report.rows))
    key_length = Registration._meta.get_field("name_key").max_length
    keys = [name_key(item.name)[:key_length] for item in report.rows]
    taken = set(Registration.objects.filter(event=event, name_key__in=keys).values_list("name_key", flat=True))
    if taken:  # entered since the file was checked
        raise ImportRefused(_("%(name)s is already registered for this event.")
                            % {"name": next(i.name for i, key in zip(report.rows, keys, strict=True) if key in taken)})
    clubs = _clubs(item.club for item in report.rows)
    people = Player.objects.bulk_create(
        [Player(name=item.name, name_key=key, club=clubs.get(item.club.lower()),
                region=item.region, email=item.email) for item, key in zip(report.rows, keys, strict=True)],
        batch_size=BATCH)
    late = last_round_under_way(event) + 1  # as `player_register`: a draft paired again takes them in
    entries = []
    for item, player in zip(report.rows, people, strict=True):
        entry = Registration(event=event, player=player, name=player.name, name_key=player.name_key, club=player.club,
                             region=player.region, email=player.email, late_entry_round=late if late > 1 else None)
        if item.army is not None:
            army = item.army
            # "II/ 56" stored as II/56, as the army page stores it (`apply_army`): the same army as II/56
            entry.army_ref, entry.army_name = canonical_ref(army.ref.strip()), army_name(event.edition, army.ref)
            entry.elements, entry.general, entry.camp = list(army.elements), army.general, army.camp
            entry.allies = [canonical_ref(ally) for ally in army.allies]
        entries.append(entry)
    entries = Registration.objects.bulk_create(entries, batch_size=BATCH)
    armies = sum(item.army is not None for item in report.rows)
    audit(event=event, user=user, action=IMPORT_ACTION, target=event.slug,
          after={"rows": len(report.rows), "armies": armies}, people=[entry.pk for entry in entries])
    cache_keys.written(event_id=event.pk)
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
