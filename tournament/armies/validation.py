"""Army validation against the catalogue and an event's restrictions (pure Python, no Django).

`validate_army` returns `Violation`s: a code and its parameters. tournament/armies/messages.py turns
them into sentences in the player's language. For DBA 3.0 the army is checked against its list:
the general's element, every element's type, the most of each type the list allows, and finally
that one choice per option column fits all twelve together (a bipartite matching per combination
of choices). For DBA 2.2 no catalogue is supplied, so the check is structural.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass

from tournament.armies.catalogue import ARMY_SIZE, ArmyEntry, Catalogue, canonical_ref, covers
from tournament.armies.elements import known_codes
from tournament.armies.notation import Choice, Part

MAX_COMBINATIONS = 4096
# The violations about the allies the player names: the army page tells them beside the allies field.
ALLY_CODES = ("ally_not_allowed", "allies_combination")


@dataclass(frozen=True)
class ArmyChoice:
    ref: str | None
    elements: tuple[str, ...]
    general: int  # index into elements; -1 when none was chosen
    camp: str | None = None
    allies: tuple[str, ...] = ()


@dataclass(frozen=True)
class Restrictions:
    allowed_books: tuple[str, ...] = ()
    allowed_refs: tuple[str, ...] = ()
    date_from: int | None = None
    date_to: int | None = None
    troop_minimums: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Violation:
    code: str
    params: tuple[tuple[str, object], ...] = ()

    def param(self, name: str, default=None):
        return dict(self.params).get(name, default)


def _v(kind: str, **params) -> Violation:
    return Violation(kind, tuple(params.items()))


def troop_type(code: str) -> str:
    """"4Bd" -> "Bd", "Mtd-3Bw" -> "Bw", "3Kn//4Bd" -> "Kn"."""
    first = code.replace("//", "/").split("/")[0]
    return re.sub(r"^(Mtd-)?\d*", "", first.strip())


def validate_army(choice: ArmyChoice, edition: str, catalogue: Catalogue | None,
                  restrictions: Restrictions = Restrictions()) -> list[Violation]:
    elements, found = _shape(choice, restrictions)
    if catalogue is None:
        return found + _unknown_codes(elements, edition)
    if not choice.ref:
        return [*found, _v("ref_required")]
    entry = catalogue.get(choice.ref)
    if entry is None:
        return [*found, _v("unknown_ref", ref=choice.ref)]
    found += _restrictions(entry, restrictions)
    found += [_v("ally_not_allowed", ally=ally, ref=entry.ref) for ally in choice.allies
              if not _ally_allowed(entry, ally, catalogue)]
    found += _allies_together(entry, [ally for ally in choice.allies if _ally_allowed(entry, ally, catalogue)],
                              catalogue)
    found += _types(entry, list(choice.elements))
    if any(v.code == "no_general" for v in found):
        return found
    found += _list_check(entry, list(choice.elements), choice.general,
                         complete=not any(v.code in ("wrong_count", "not_in_list") for v in found))
    return found


def _shape(choice: ArmyChoice, restrictions: Restrictions) -> tuple[list[str], list[Violation]]:
    """What any army must be, list or no list: twelve elements, a general among them, the troop
    minimums. Returns the non-empty element codes and the violations."""
    elements = [code.strip() for code in choice.elements]
    found: list[Violation] = []
    if any(not code for code in elements) or len(elements) != ARMY_SIZE:
        found.append(_v("wrong_count", expected=ARMY_SIZE, count=sum(1 for code in elements if code)))
        elements = [code for code in elements if code]
    if not 0 <= choice.general < len(choice.elements) or not choice.elements[choice.general].strip():
        found.append(_v("no_general"))
    return elements, found + _minimums(elements, restrictions)


def _unknown_codes(elements: list[str], edition: str) -> list[Violation]:
    """Without a catalogue: each element code must be one the edition knows."""
    known = {code.casefold() for code in known_codes(edition)}
    return [_v("unknown_code", position=i + 1, code=code) for i, code in enumerate(elements)
            if code.replace("//", "/").split("/")[0].casefold() not in known]


def _minimums(elements: list[str], restrictions: Restrictions) -> list[Violation]:
    counts = Counter(troop_type(code).casefold() for code in elements)
    return [_v("troop_minimum", type=kind, minimum=n, count=counts[kind.casefold()])
            for kind, n in restrictions.troop_minimums if counts[kind.casefold()] < n]


def _restrictions(entry: ArmyEntry, r: Restrictions) -> list[Violation]:
    found = []
    if r.allowed_books and entry.book not in r.allowed_books:
        found.append(_v("book_not_allowed", ref=entry.ref, books=", ".join(r.allowed_books)))
    if r.allowed_refs and not any(covers(allowed, entry.ref) for allowed in r.allowed_refs):
        found.append(_v("ref_not_allowed", ref=entry.ref, refs=", ".join(r.allowed_refs)))
    if entry.date_from is not None:  # a list whose end year is a slip (IV/63) has none: only its start is checked
        too_early = r.date_to is not None and entry.date_from > r.date_to
        too_late = r.date_from is not None and entry.date_to is not None and entry.date_to < r.date_from
        if too_early or too_late:
            found.append(_v("date_out_of_range", ref=entry.ref, start=entry.date_from, end=entry.date_to,
                            date_from=r.date_from, date_to=r.date_to))
    return found


def _ally_allowed(entry: ArmyEntry, ally: str, catalogue: Catalogue) -> bool:
    """Whether the list takes `ally` as the player writes it: a reference the list names as written (one
    naming no list is kept so), or every list it covers ("II/9", as I/47 writes it, covers II/9a and II/9b)."""
    ally = canonical_ref(ally)
    if ally in entry.allies:
        return True
    named = [ref for ref in catalogue.entries if covers(ally, ref)]
    return bool(named) and all(ref in entry.allies for ref in named)


def _allies_together(entry: ArmyEntry, allies: list[str], catalogue: Catalogue) -> list[Violation]:
    """Two or more allies, each one the list takes, must be within one combination its column allows ("or":
    one alternative; "and/or": either or both). A doubtful column (`entry.allies_doubts`) is not checked so:
    its allies stay checked one by one, so that messy data never refuses a legal army."""
    named = [_ally_refs(entry, ally, catalogue) for ally in dict.fromkeys(canonical_ref(a) for a in allies)]
    if len(named) < 2 or entry.allies_doubts or not entry.ally_combinations:
        return []
    wanted = set().union(*named)
    if any(wanted <= set(combination) for combination in entry.ally_combinations):
        return []
    return [_v("allies_combination", ref=entry.ref, allies=", ".join(allies), text=entry.allies_text)]


def _ally_refs(entry: ArmyEntry, ally: str, catalogue: Catalogue) -> set[str]:
    """The column's references an ally the list takes stands for (as `_ally_allowed` reads it)."""
    ally = canonical_ref(ally)
    return {ally} if ally in entry.allies else {ref for ref in catalogue.entries if covers(ally, ref)}


def _all_parts(entry: ArmyEntry):
    yield entry.general
    for slot in entry.slots:
        for choice in slot.choices:
            yield from choice.parts


def _accepts(part: Part, code: str) -> bool:
    return any(alt.accepts(code) for alt in part.alts)


def _types(entry: ArmyEntry, elements: list[str]) -> list[Violation]:
    parts = list(_all_parts(entry))
    return [_v("not_in_list", position=i + 1, code=code.strip(), ref=entry.ref)
            for i, code in enumerate(elements) if code.strip() and not any(_accepts(part, code.strip()) for part in parts)]


def most_allowed(entry: ArmyEntry, code: str, *, with_general: bool = True) -> int:
    """The most elements of this type the list allows (general included unless told otherwise)."""
    total = int(with_general and _accepts(entry.general, code))
    for slot in entry.slots:
        total += max(sum(p.count for p in c.parts if _accepts(p, code)) for c in slot.choices)
    return total


def unstated_elements(entry: ArmyEntry) -> int:
    """How many of the twelve elements a source row leaves unstated: 12 minus the fewest its options add up to
    (general included), 0 for a row that adds up to 12 or more.

    Where the rule comes from: an army is the twelve elements its list allows (DBA 3.0), so a row short of
    twelve (flagged in `problems`, e.g. II/35 adds up to 10, I/37b to 11) is a row the source lost some of.
    Only the lost elements are of a type nobody knows: they may be of any listed type, so each type may
    exceed the row's own maximum (`most_allowed`) by that many and no more. Twelve Cv where II/35 lists two
    (the general and 1xCv) is not a lost option (review rev-reg, tests/armies/test_army_list_checks.py)."""
    fewest = 1 + sum(min(choice.size for choice in slot.choices) for slot in entry.slots)
    return max(0, ARMY_SIZE - fewest)


def _list_check(entry: ArmyEntry, elements: list[str], general_at: int, *, complete: bool) -> list[Violation]:
    general = elements[general_at].strip()
    others = [code.strip() for i, code in enumerate(elements) if i != general_at and code.strip()]
    found = []
    if not _accepts(entry.general, general):
        allowed = " / ".join(str(alt) for alt in entry.general.alts)
        found.append(_v("general_not_allowed", code=general, allowed=allowed, ref=entry.ref))
    short = any("add up to" in problem for problem in entry.problems)
    unstated = unstated_elements(entry) if short else 0
    counts = Counter(code.casefold() for code in [general, *others])
    spelled = {code.casefold(): code for code in [general, *others]}
    for key, have in counts.items():
        most = most_allowed(entry, spelled[key])
        if 0 < most and most + unstated < have:
            found.append(_v("too_many", code=spelled[key], most=most + unstated, count=have, ref=entry.ref))
    if found or not complete or short:
        # A row that does not add up to 12 cannot be matched choice by choice: the counts are all it checks.
        return found
    left = _best_fit(entry, others)
    return [_v("combination", codes=", ".join(left), ref=entry.ref)] if left else []


def _best_fit(entry: ArmyEntry, others: list[str]) -> list[str]:
    """The elements left without a place under the best combination of choices; [] if all fit."""
    best: list[str] | None = None
    combos = itertools.islice(itertools.product(*(slot.choices for slot in entry.slots)), MAX_COMBINATIONS)
    for combo in combos:
        left = _unmatched(others, combo)
        if not left:
            return []
        if best is None or len(left) < len(best):
            best = left
    return best or []


def _unmatched(elements: list[str], combo: tuple[Choice, ...]) -> list[str]:
    """Bipartite matching of elements to the places a combination of choices offers (Kuhn's algorithm)."""
    places = [part for choice in combo for part in choice.parts for _ in range(part.count)]
    if len(places) != len(elements):
        return elements if len(places) < len(elements) else []
    owner: list[int | None] = [None] * len(places)

    def assign(i: int, seen: set[int]) -> bool:
        for j, part in enumerate(places):
            if j in seen or not _accepts(part, elements[i]):
                continue
            seen.add(j)
            if owner[j] is None or assign(owner[j], seen):
                owner[j] = i
                return True
        return False

    return [elements[i] for i in range(len(elements)) if not assign(i, set())]


def default_army(entry: ArmyEntry) -> ArmyChoice:
    """The first legal army of a list: the first alternative of every option, general first."""
    elements = [entry.general.alts[0].code]
    for slot in entry.slots:
        for part in slot.choices[0].parts:
            elements += [part.alts[0].code] * part.count
    while len(elements) < ARMY_SIZE:  # a source row short of elements (flagged in its problems)
        elements.append(elements[-1])
    return ArmyChoice(ref=entry.ref, elements=tuple(elements[:ARMY_SIZE]), general=0)


def box_groups(entry: ArmyEntry) -> list[tuple[int | None, int]]:
    """Which list column each of the twelve boxes stands for, in list order, as (column, boxes) runs.

    The general's box comes first (column None), then each option column takes as many boxes as its
    first choice has elements: the order `default_army` fills them in. A source row short of or over
    twelve elements is cut or padded with boxes of no column (column 0).
    """
    groups: list[tuple[int | None, int]] = [(None, 1)]
    used = 1
    for slot in entry.slots:
        size = min(slot.choices[0].size, ARMY_SIZE - used)
        if size > 0:
            groups.append((slot.column, size))
            used += size
    if used < ARMY_SIZE:
        groups.append((0, ARMY_SIZE - used))
    return groups


def offending_boxes(violations: list[Violation], elements: tuple[str, ...] | list[str], general: int) -> set[int]:
    """The boxes (0-based) an error is about, so the page can mark them."""
    codes = [code.strip() for code in elements]
    boxes: set[int] = set()
    for v in violations:
        match v.code:
            case "not_in_list" | "unknown_code":
                boxes.add(int(v.param("position")) - 1)
            case "general_not_allowed":
                boxes.add(general)
            case "too_many":
                key = str(v.param("code")).casefold()
                boxes |= {i for i, code in enumerate(codes) if code.casefold() == key}
            case "combination":
                keys = {code.strip().casefold() for code in str(v.param("codes")).split(",")}
                boxes |= {i for i, code in enumerate(codes) if code.casefold() in keys and i != general}
            case "wrong_count":
                boxes |= {i for i in range(ARMY_SIZE) if i >= len(codes) or not codes[i]}
    return {box for box in boxes if 0 <= box < ARMY_SIZE}
