"""The DBA 3.0 army list catalogue, read from fixtures/armylists/ (pure Python, no Django).

Each CSV row is one list variant: its name's dates, its general and its element options (in the lists' own
notation, read by `armies.notation` into a structure the validator can use), its enemies and allies. Rows the
parser cannot read, or whose options do not add up to 12 elements, are reported in `Catalogue.problems`.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

from config.paths import fixture
from tournament.armies.allies import read_allies
from tournament.armies.notation import Choice, NotationError, Part, parse_general, parse_options

CSV_PATH = fixture("armylists", "DBA3.0-ArmyVariants.csv")
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}
ARMY_SIZE = 12


@dataclass(frozen=True)
class Slot:
    """One column of the list: the player takes exactly one of its choices."""

    column: int
    text: str
    choices: tuple[Choice, ...]


@dataclass(frozen=True)
class ArmyEntry:
    ref: str
    book: str
    army: int
    variant: str
    name: str
    date_from: int | None  # BC years negative
    date_to: int | None
    topography: str
    aggression: int | None
    general: Part
    slots: tuple[Slot, ...]
    # The lists the enemies and allies columns name, each a catalogue reference: "I/33" in a column
    # stands for I/33a and I/33b (see `covers`). A reference that names no list is kept as written.
    enemies: tuple[str, ...] = ()
    allies: tuple[str, ...] = ()
    allies_text: str = ""
    # The largest sets of allies the column allows together (armies.allies), each a tuple of catalogue references
    # as `allies` holds them; empty for a column without allies or a doubtful one. `allies_doubts` says why the
    # column could not be read with confidence: its allies are then only checked one by one.
    ally_combinations: tuple[tuple[str, ...], ...] = ()
    allies_doubts: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()

    @property
    def year(self) -> int | None:
        """A representative year (the midpoint), for chronological pairing."""
        if self.date_from is None or self.date_to is None:
            return self.date_from if self.date_to is None else self.date_to
        return (self.date_from + self.date_to) // 2


@dataclass
class Catalogue:
    entries: dict[str, ArmyEntry] = field(default_factory=dict)
    problems: list[tuple[str, str]] = field(default_factory=list)

    def get(self, ref: str | None) -> ArmyEntry | None:
        if not ref:
            return None
        ref = ref.strip()
        return self.entries.get(ref) or self.entries.get(canonical_ref(ref))

    def variants(self) -> list[ArmyEntry]:
        return list(self.entries.values())

    def __len__(self) -> int:
        return len(self.entries)


# --- references, dates, enemies and allies -----------------------------------------------------

_REF = re.compile(r"^(I{1,3}|IV)/(\d+)([a-z]?)$")


def canonical_ref(ref: str) -> str:
    """A list reference as the catalogue writes it: "II/ 56a", and "Ii/56A" as a phone's keyboard types it, are
    II/56a (the book in capitals, the variant's letter small)."""
    ref = ref.replace(" ", "")
    book, slash, rest = ref.partition("/")
    return book.upper() + slash + rest.lower() if slash else ref


def covers(reference: str, ref: str) -> bool:
    """Whether `reference`, as a list or an event writes it, names the list `ref`: "II/56" names
    II/56 and every variant of it (II/56a, II/56b...); "II/56a" only itself."""
    reference = canonical_ref(reference)
    return ref == reference or (
        ref.startswith(reference) and ref[len(reference):].isalpha() and reference[-1:].isdigit())


def expand_refs(text: str) -> tuple[str, ...]:
    """"I/1a, 4a, II/5" -> ("I/1a", "I/4a", "II/5"): a bare number takes the last book named."""
    refs: list[str] = []
    book = None
    for token in re.findall(r"(?:(I{1,3}|IV)\s*/\s*)?\(?\s*(\d+[a-z]?)\b", text):
        book = token[0] or book
        if book:
            ref = f"{book}/{token[1]}"
            if ref not in refs:
                refs.append(ref)
    return tuple(refs)


# A year is one to four digits ("9 BC - 19 AD", "63 BC-6 AD", "3000-2800 BC"), never part of a longer number.
_SPAN = re.compile(r"(?<!\d)(\d{1,4})\s*(BC|AD)?\s*-\s*(?:(BC|AD)\s*)?(\d{1,4})(?!\d)\s*(BC|AD)?")
_SINGLE = re.compile(r"(?<!\d)(\d{1,4})\s*(BC|AD)")
# Years the source garbled: "115-BC-250 AD" (a hyphen before the era), "5150558 AD" and "142301455 AD"
# (a 0 typed for the hyphen of 515-558 AD, 1423-1455 AD). Each reading is reported in `problems` as
# doubtful; a run of digits that splits into years in no way, or in more than one, gives no dates.
_ERA_AFTER_HYPHEN = re.compile(r"(?<!\d)(\d{1,4})-(BC|AD)\b")
# The latest year a list ends (III/70 Tuareg Army 1000-1880 AD). A later year is the source's slip, not a
# date: "Aztec Army 1325-2521 AD" (IV/63), "Konstantinian Byzantine Army 1042-1973 AD" (III/76). It is
# reported as doubtful and left out, as a run of digits that reads as no years is: the list keeps its start
# year and has no end year, so chronological pairing dates it by its start (ArmyEntry.year).
LATEST_YEAR = 1880
_RUN = re.compile(r"(?<!\d)(\d{5,})(?!\d)(?:\s*(BC|AD)\b)?")


def _split_run(digits: str, era: str | None) -> list[tuple[str, str]]:
    """The ways a 0 in `digits` can stand for the hyphen of a span of years in order (BC descending)."""
    spans = []
    for i, ch in enumerate(digits):
        first, second = digits[:i], digits[i + 1:]
        if ch != "0" or not 1 <= len(first) <= 4 or not 1 <= len(second) <= 4 or second[0] == "0":
            continue
        if era and (int(first) <= int(second)) == (era == "AD"):
            spans.append((first, second))
    return spans


def _ungarble(name: str) -> tuple[str, list[str]]:
    """The name with garbled years rewritten as the span they most likely are, and a doubtful note for each."""
    notes: list[str] = []

    def era_after_hyphen(match: re.Match) -> str:
        notes.append(f"doubtful dates: the source writes {match[0]!r}, read as {match[1]} {match[2]}")
        return f"{match[1]} {match[2]}"

    def digit_run(match: re.Match) -> str:
        spans = _split_run(match[1], match[2])
        if len(spans) != 1:
            notes.append(f"doubtful dates: the source writes {match[0]!r}, which reads as no years; left out")
            return " "
        read = f"{spans[0][0]}-{spans[0][1]} {match[2]}"
        notes.append(f"doubtful dates: the source writes {match[0]!r}, read as {read}")
        return read

    name = _ERA_AFTER_HYPHEN.sub(era_after_hyphen, name)
    return _RUN.sub(digit_run, name), notes


def parse_dates(name: str, book: str) -> tuple[int | None, int | None, list[str]]:
    """Years from a list name ("Early Sumerian Army 3000-2800 BC"); BC negative. A year after LATEST_YEAR is
    left out (flagged): the list then has no end year."""
    name, notes = _ungarble(name)
    years = _written_years(name, "AD" if book in ("III", "IV") else "BC", notes)
    late = [(written, year) for written, year in years if year > LATEST_YEAR]
    for written, year in late:
        notes.append(f"doubtful dates: the source writes {written.strip()!r}, {year} AD is after the latest year "
                     f"a list ends ({LATEST_YEAR} AD); left out")
    kept = [year for _written, year in years if year <= LATEST_YEAR]
    if not kept:
        return None, None, [*notes, *([] if late else ["no dates in the list name"])]
    return min(kept), None if late else max(kept), notes


def _written_years(name: str, default_era: str, notes: list[str]) -> list[tuple[str, int]]:
    """Each year the name writes, with the text it is written in: both ends of every span, else its single years.
    A span without BC/AD takes the book's era (`default_era`), noted in `notes`."""
    years: list[tuple[str, int]] = []
    for match in _SPAN.finditer(name):
        start_era = match[2] or match[3] or match[5]
        end_era = match[5] or match[3] or match[2]
        if not (start_era and end_era):
            notes.append(f"dates without BC/AD in the name; read as {default_era}")
        years += [(match[0], _year(int(match[1]), start_era or default_era)),
                  (match[0], _year(int(match[4]), end_era or default_era))]
    return years or [(m[0], _year(int(m[1]), m[2])) for m in _SINGLE.finditer(name)]


def _year(value: int, era: str) -> int:
    return -value if era == "BC" else value


# --- the catalogue -----------------------------------------------------------------------------

def parse_row(row: dict[str, str]) -> ArmyEntry:
    book = ROMAN.get(int(row["Book"]), row["Book"])
    ref = f"{book}/{int(row['Army'])}{row['Var'].strip()}"
    problems: list[str] = []
    name = " ".join(row["Army Name"].split())
    date_from, date_to, notes = parse_dates(name, book)
    problems += notes
    general = parse_general(row["General"])
    slots: list[Slot] = []
    for column in range(1, 11):
        text = (row.get(str(column)) or "").strip()
        if not text:
            continue
        if re.search(r"\bot\b", text):
            problems.append(f"column {column}: 'ot' read as 'or' in {text!r}")
            text = re.sub(r"\bot\b", "or", text)
        slots.append(Slot(column, text, parse_options(text)))
    sizes = {1 + sum(min(c.size for c in s.choices) for s in slots), 1 + sum(max(c.size for c in s.choices) for s in slots)}
    if sizes != {ARMY_SIZE}:
        problems.append(f"the options add up to {'-'.join(map(str, sorted(sizes)))} elements, not {ARMY_SIZE}")
    for slot in slots:
        if len({c.size for c in slot.choices}) > 1:
            problems.append(f"column {slot.column}: choices of different sizes in {slot.text!r}")
    aggression = row.get("Agg", "").strip()
    allies = read_allies(row.get("Allies", ""))
    return ArmyEntry(
        ref=ref, book=book, army=int(row["Army"]), variant=row["Var"].strip(), name=name,
        date_from=date_from, date_to=date_to, topography=row.get("Topography", "").strip(),
        aggression=int(aggression) if aggression.isdigit() else None, general=general, slots=tuple(slots),
        enemies=expand_refs(row.get("Enemies", "")), allies=expand_refs(row.get("Allies", "")),
        allies_text=" ".join(row.get("Allies", "").split()), ally_combinations=allies.combinations,
        allies_doubts=allies.doubts, problems=tuple(problems),
    )


def read_catalogue(lines) -> Catalogue:
    """A catalogue from CSV lines; unreadable rows go to `problems` with their reference or line."""
    catalogue = Catalogue()
    reader = csv.DictReader(lines)
    for row in reader:
        label = f"line {reader.line_num}"
        try:
            label = f"{ROMAN.get(int(row['Book']), row['Book'])}/{int(row['Army'])}{row['Var'].strip()}"
            entry = parse_row(row)
        except (NotationError, ValueError, KeyError, TypeError) as exc:
            catalogue.problems.append((label, str(exc) or type(exc).__name__))
            continue
        if entry.ref in catalogue.entries:
            entry = _renamed_duplicate(entry, catalogue)
        catalogue.entries[entry.ref] = entry
        catalogue.problems += [(entry.ref, problem) for problem in entry.problems]
        catalogue.problems += [(entry.ref, f"allies: doubtful, each ally checked alone: {doubt}")
                               for doubt in entry.allies_doubts]
    _resolve_references(catalogue)
    return catalogue


def _resolve_references(catalogue: Catalogue) -> None:
    """Turn each enemies and allies reference into the lists it names ("I/33" -> I/33a, I/33b), so a
    plain membership test answers "is this list an enemy (an ally)". A reference naming no list is
    kept as written and reported in `problems`."""
    by_army: dict[str, list[str]] = {}
    for entry in catalogue.entries.values():
        by_army.setdefault(f"{entry.book}/{entry.army}", []).append(entry.ref)
    for entry in list(catalogue.entries.values()):
        named: dict[str, tuple[str, ...]] = {}
        for column, references in (("enemies", entry.enemies), ("allies", entry.allies)):
            refs: list[str] = []
            for reference in references:
                found = _named_by(reference, by_army)
                if not found:
                    catalogue.problems.append((entry.ref, f"{column}: {reference} names no list in the catalogue"))
                    found = (reference,)
                refs += [ref for ref in found if ref not in refs]
            named[column] = tuple(refs)
        combinations = tuple(tuple(dict.fromkeys(ref for reference in combination
                                                 for ref in (_named_by(reference, by_army) or (reference,))))
                             for combination in entry.ally_combinations)
        catalogue.entries[entry.ref] = replace(entry, **named, ally_combinations=combinations)


def _named_by(reference: str, by_army: dict[str, list[str]]) -> tuple[str, ...]:
    match = _REF.match(canonical_ref(reference))
    candidates = by_army.get(f"{match[1]}/{match[2]}", ()) if match else ()
    return tuple(ref for ref in candidates if covers(reference, ref))


def _renamed_duplicate(entry: ArmyEntry, catalogue: Catalogue) -> ArmyEntry:
    """Two rows with one reference (II/3 in the source): keep both, the second under the next letter."""
    letters = "bcdefghijklmnopqrstuvwxyz"
    base = entry.ref
    ref = next(f"{base}{letter}" for letter in letters if f"{base}{letter}" not in catalogue.entries)
    problem = f"two rows share the reference {base}; this one ({entry.name}) is kept as {ref}"
    return replace(entry, ref=ref, variant=ref[-1], problems=(*entry.problems, problem))


@cache
def load_catalogue(path: Path = CSV_PATH) -> Catalogue:
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return read_catalogue(handle)
