"""DBA 2.2 combat: each side's total, the band (tie / beaten / doubled) and the loser's outcome, with
the working; without dice, the probability of every outcome over the 36 pairs of dice."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache
from pathlib import Path

import yaml

from rulings.calculators.params import ParamError, Params
from tournament.elements import element_profile, element_types

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
SIDES = ("a", "b")


@cache
def modifiers() -> dict:
    return yaml.safe_load((FIXTURES / "calculators" / "dba22_combat.yaml").read_text(encoding="utf-8"))


@cache
def outcome_rows() -> list[dict]:
    return yaml.safe_load((FIXTURES / "elements" / "outcomes22.yaml").read_text(encoding="utf-8"))["rows"]


@cache
def names_to_codes() -> dict[str, str]:
    names = {row["names"]["en"].casefold(): code for code, row in element_types().items()}
    names.update({"light camelry": "LCm", "camelry": "Cm", "war wagons": "WWg", "light horse": "LH"})
    return names


def _side(p: Params, side: str) -> dict:
    code = p.text(side)
    profile = element_profile(code, "2.2")
    if profile is None or profile.cf_foot is None:
        raise ParamError(side, f"{code[:12]!r} is not a DBA 2.2 element with combat factors")
    support = (p.raw(f"{side}_rear_support") or "none").strip()
    if support.casefold() not in ("", "none") and element_profile(support, "2.2") is None:
        raise ParamError(f"{side}_rear_support", f"{support[:12]!r} is not a DBA 2.2 element")
    return {
        "code": code, "profile": profile, "type": profile.type_code, "mounted": profile.mounted,
        "general": p.flag(f"{side}_general"), "uphill_or_bank": p.flag(f"{side}_uphill_or_bank"),
        "bad_going": p.flag(f"{side}_bad_going"), "overlaps": p.integer(f"{side}_overlaps", 0, 0, 3),
        "rear_support": None if support.casefold() in ("", "none") else element_profile(support, "2.2").type_code,
        "in_camp": p.flag(f"{side}_in_camp"), "in_bua": p.flag(f"{side}_in_bua"),
        "die": p.optional_integer(f"{side}_die", 1, 6),
    }


def _applies(row: dict, me: dict, enemy: dict) -> bool:
    who = row["who"]
    if row["key"] == "bad_going_mounted":
        return me["mounted"] and me["type"] not in row.get("except", []) and (
            me["bad_going"] or enemy["bad_going"] or enemy["in_bua"])
    if row["key"] == "bad_going_foot":
        return me["type"] in who and me["bad_going"]
    if who == "foot" and me["mounted"]:
        return False
    if row["key"] == "overlaps":
        return me["overlaps"] > 0
    return bool(me.get(row["key"]))


def total(me: dict, enemy: dict, mode: str, notes: list[str], citations: set[str]) -> int:
    profile = me["profile"]
    if mode == "shooting" and me["type"] == "Art":
        base, why = 4, "shooting Artillery"
    else:
        base = profile.cf_mounted if enemy["mounted"] else profile.cf_foot
        why = "against mounted" if enemy["mounted"] else "against foot"
    notes.append(f"{me['code']}: +{base} ({why})")
    citations.add("guia22@L1594")
    value = base
    for row in modifiers()[mode]:
        if not _applies(row, me, enemy):
            continue
        amount = row["value"] * (min(me["overlaps"], row.get("most", 3)) if row["key"] == "overlaps" else 1)
        value += amount
        doubt = f" [doubtful: {row['doubtful']}]" if row.get("doubtful") else ""
        notes.append(f"{me['code']}: {amount:+d} ({row['en']}){doubt}")
        citations.add(f"guia22@L{row['line']}")
    if mode == "close" and me["rear_support"]:
        for row in modifiers()["rear_support"]:
            if me["type"] in row["supported"] and me["rear_support"] in row["by"] and _opponent_in(row["against"], enemy):
                value += row["value"]
                notes.append(f"{me['code']}: +{row['value']} (rear support by {me['rear_support']})")
                citations.add(f"guia22@L{row['line']}")
    return value


def _opponent_in(kinds: list[str], enemy: dict) -> bool:
    return (enemy["type"] in kinds or ("mounted" in kinds and enemy["mounted"])
            or ("bua" in kinds and enemy["in_bua"]) or ("camp" in kinds and enemy["in_camp"]))


def _codes(text: str) -> set[str]:
    names = names_to_codes()
    found = set()
    for part in re.split(r",\s*|\s+or\s+", text):
        part = part.strip().casefold()
        if part in ("mounted troops", "mounted"):
            found.add("mounted")
        elif part in names:
            found.add(names[part])
    return found


def matches(when: str, loser: dict, winner: dict, mode: str) -> bool:
    """Does a situation of the outcome table (its English text) hold?"""
    text = when.strip()
    if text in ("", "otherwise", "against anything"):
        return True
    if text == "in bad going":
        return loser["bad_going"]
    if text == "in close combat":
        return mode == "close"
    if text == "holding a BUA or camp":
        return loser["in_bua"] or loser["in_camp"]
    ok = True
    if text.startswith("in good going "):
        ok, text = not loser["bad_going"], text.removeprefix("in good going ")
    if text.endswith(" in close combat"):
        ok, text = ok and mode == "close", text.removesuffix(" in close combat")
    for clause, test in ((", unless in a BUA or camp", not (loser["in_bua"] or loser["in_camp"])),
                         (", unless in a camp", not loser["in_camp"])):
        if text.endswith(clause):
            ok, text = ok and test, text.removesuffix(clause)
    if text.startswith("by shooting "):
        ok, text = ok and mode == "shooting", "by " + text.removeprefix("by shooting ")
    text = text.removesuffix(" it contacted this turn by the front edge")
    if not text.startswith("by "):
        return False
    kinds = _codes(text.removeprefix("by "))
    return ok and (winner["type"] in kinds or ("mounted" in kinds and winner["mounted"]))


def outcome(band: str, loser: dict, winner: dict, mode: str) -> tuple[str, str, int | None, str]:
    """(result, situation, source line, doubt) for the loser in this band."""
    rows = [r for r in outcome_rows() if r["band"] == band]
    specific = [r for r in rows if loser["type"] in r["losers"]]
    for row in specific or [r for r in rows if "all" in r["losers"]]:
        for item in row["when"]:
            if matches(item.get("en") or "", loser, winner, mode):
                return item["result"], item.get("en") or "", row.get("line"), item.get("doubtful", "")
    return ("recoil" if band == "beaten" else "destroyed"), "", None, ""


def band_of(winner_total: int, loser_total: int) -> str:
    return "doubled" if loser_total * 2 <= winner_total else "beaten"


def calculate(values) -> dict:
    p = Params(values)
    mode = p.choice("mode", ("close", "shooting"), "close")
    a, b = _side(p, "a"), _side(p, "b")
    notes: list[str] = []
    citations: set[str] = set()
    totals = {"a": total(a, b, mode, notes, citations), "b": total(b, a, mode, notes, citations)}
    citations.add("guia22@L1636")
    sides = {"a": a, "b": b}
    if a["die"] is not None and b["die"] is not None:
        final = {s: totals[s] + sides[s]["die"] for s in SIDES}
        result = _resolve(final, sides, mode)
        notes.append(f"with dice: A {final['a']}, B {final['b']}")
        return {"result": {"totals": totals, "with_dice": final, **result}, "breakdown": notes,
                "citations": sorted(citations)}
    odds: dict[tuple, Fraction] = {}
    for da in range(1, 7):
        for db in range(1, 7):
            r = _resolve({"a": totals["a"] + da, "b": totals["b"] + db}, sides, mode)
            key = (r["band"], r["loser"], r["outcome"])
            odds[key] = odds.get(key, Fraction(0)) + Fraction(1, 36)
    table = [{"band": k[0], "loser": k[1], "outcome": k[2], "probability": float(v), "fraction": str(v)}
             for k, v in sorted(odds.items(), key=lambda kv: -kv[1])]
    return {"result": {"totals": totals, "odds": table}, "breakdown": notes, "citations": sorted(citations)}


def _resolve(final: dict, sides: dict, mode: str) -> dict:
    if final["a"] == final["b"]:
        results = {s: outcome("tie", sides[s], sides["b" if s == "a" else "a"], mode)[0] for s in SIDES}
        loser = next((s for s in SIDES if results[s] == "destroyed"), None)
        return {"band": "tie", "loser": loser, "outcome": results[loser] if loser else "stand"}
    winner = "a" if final["a"] > final["b"] else "b"
    loser = "b" if winner == "a" else "a"
    band = band_of(final[winner], final[loser])
    result, situation, line, doubt = outcome(band, sides[loser], sides[winner], mode)
    return {"band": band, "loser": loser, "outcome": result, "situation": situation, "line": line, "doubtful": doubt}
