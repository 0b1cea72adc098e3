"""Who has won (DBA 2.2 and 3.0): each side's counted losses and the victory conditions."""

from __future__ import annotations

import re

from rulings.calculators.params import ParamError, Params
from tournament.elements import element_profile

RULES = {
    "2.2": {"excluded": {"SCh", "CF"}, "camp": 2, "bua": 2, "double": False,
            "citations": ["guia22@L1577", "guia22@L1578", "guia22@L1582", "guia22@L1583"], "doubtful": ""},
    "3.0": {"excluded": {"SCh", "CF", "Hd"}, "camp": 1, "bua": 2, "double": True, "citations": [],
            "doubtful": "DBA 3.0 is not among the sources: fixtures/elements/quickref.yaml summary (double elements "
                        "count 2; camp followers, hordes and scythed chariots do not; camp 1, city or fort 2)."},
}


def _counted(p: Params, side: str, rules: dict, notes: list[str]) -> tuple[int, bool]:
    codes = [c.strip() for c in (p.raw(f"{side}_lost") or "").split(",") if c.strip()]
    count = 0
    for code in codes:
        profile = element_profile(re.sub(r"^[68]", "4", code), "2.2") or element_profile(code, "2.2")
        if profile is None:
            raise ParamError(f"{side}_lost", f"{code[:12]!r} is not an element code")
        if profile.type_code in rules["excluded"]:
            notes.append(f"{side.upper()}: {code} does not count")
            continue
        value = 2 if rules["double"] and re.match(r"^[68]", code) else 1
        count += value
        if value == 2:
            notes.append(f"{side.upper()}: {code} is a double element and counts 2")
    if p.flag(f"{side}_camp_lost"):
        count += rules["camp"]
        notes.append(f"{side.upper()}: camp lost counts {rules['camp']}")
    if p.flag(f"{side}_bua_lost"):
        count += rules["bua"]
        notes.append(f"{side.upper()}: BUA / city lost counts {rules['bua']}")
    general = p.flag(f"{side}_general_lost")
    notes.append(f"{side.upper()}: {count} counted" + (", general lost" if general else ""))
    return count, general


def calculate(values) -> dict:
    p = Params(values)
    edition = p.choice("edition", ("2.2", "3.0"), "2.2")
    rules = RULES[edition]
    notes: list[str] = []
    a, a_general = _counted(p, "a", rules, notes)
    b, b_general = _counted(p, "b", rules, notes)

    def lost(mine: int, general: bool, theirs: int) -> bool:
        return (general or mine >= 4) and mine > theirs

    winner = "b" if lost(a, a_general, b) else "a" if lost(b, b_general, a) else None
    notes.append("a side loses with its general or 4 elements lost, and more lost than the enemy")
    if rules["doubtful"]:
        notes.append("doubtful: " + rules["doubtful"])
    return {"result": {"winner": winner, "a_counted": a, "b_counted": b}, "breakdown": notes,
            "citations": rules["citations"] or ["nasamw22@L767"]}
