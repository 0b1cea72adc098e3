"""DBA 2.2 combat: each side's total, the band (tie / beaten / doubled) and the loser's outcome, with
the working; without dice, the probability of every outcome over the 36 pairs of dice.
Factors and outcomes: fixtures/elements/ through tournament.armies.elements; modifiers: dba22_combat.yaml."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache

import yaml

from rulings.calculators.data import FIXTURES, doubt, load
from rulings.calculators.params import ParamError, Params
from tournament.armies.elements import element_profile, element_types

SIDES = ("a", "b")
OTHER = {"a": "b", "b": "a"}
FLAGS = ("general", "uphill_or_bank", "bad_going", "in_camp", "in_bua")


def modifiers() -> dict:
    return load("dba22_combat")


@cache
def outcome_rows() -> list[dict]:
    return yaml.safe_load((FIXTURES / "elements" / "outcomes22.yaml").read_text(encoding="utf-8"))["rows"]


@cache
def names_to_codes() -> dict[str, str]:
    return {row["names"]["en"].casefold(): code for code, row in element_types().items()}


def _factors(profile) -> tuple[int | None, int | None, int | None, tuple[str, ...]]:
    """(vs foot, vs mounted, source line, doubt) for an element type."""
    if profile.cf_foot is not None:
        found = tuple(d for d in profile.doubtful if d.startswith(("factors", "mounted")))
        return profile.cf_foot, profile.cf_mounted, profile.source.get("factors"), found
    missing = modifiers()["missing_factors"].get(profile.type_code)
    if missing is None:
        return None, None, None, ()
    return missing["foot"], missing["mounted"], missing["line"], (missing["doubtful"],)


def _side(p: Params, side: str) -> dict:
    code = p.text(side)
    profile = element_profile(code, "2.2")
    factors = _factors(profile) if profile else (None,)
    if profile is None or factors[0] is None:
        raise ParamError(side, f"{code[:12]!r} is not a DBA 2.2 element with combat factors")
    support = (p.raw(f"{side}_rear_support") or "none").strip()
    supporter = None
    if support.casefold() not in ("", "none"):
        supporter = element_profile(support, "2.2")
        if supporter is None:
            raise ParamError(f"{side}_rear_support", f"{support[:12]!r} is not a DBA 2.2 element")
    return {"code": code, "profile": profile, "type": profile.type_code, "mounted": profile.mounted,
            "factors": factors, **{k: p.flag(f"{side}_{k}") for k in FLAGS},
            "overlaps": p.integer(f"{side}_overlaps", 0, 0, 3),
            "rear_support": supporter.type_code if supporter else None,
            "die": p.optional_integer(f"{side}_die", 1, 6)}


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


def _base(me: dict, enemy: dict, mode: str, notes: list[str], citations: set[str]) -> int:
    foot, mounted, line, doubts = me["factors"]
    if mode == "shooting" and me["type"] == "Art":
        factors = element_types()["Art"]["factors"]
        base, why, line = factors["shooting"], "shooting Artillery", factors["shooting_line"]
    else:
        base = mounted if enemy["mounted"] else foot
        why = "against mounted" if enemy["mounted"] else "against foot"
    notes.append(f"{me['code']}: +{base} ({why}, guia22 L{line})")
    citations.add(f"guia22@L{line}")
    unused = "factors.foot" if enemy["mounted"] else "factors.mounted"
    for text in doubts:
        if not text.startswith(unused):
            notes.append(f"{me['code']}: {doubt(text)}")
    return base


def _rear_support(me: dict, enemy: dict, notes: list[str], citations: set[str]) -> int:
    for row in modifiers()["rear_support"]:
        if me["type"] in row["supported"] and me["rear_support"] in row["by"] and _opponent_in(row["against"], enemy):
            if me["bad_going"] and not row["bad_going_ok"]:
                notes.append(f"{me['code']}: no rear support by {me['rear_support']} in bad going "
                             f"(guia22 L{row['bad_going_line']})")
                citations.add(f"guia22@L{row['bad_going_line']}")
                return 0
            notes.append(f"{me['code']}: +{row['value']} (rear support by {me['rear_support']}, guia22 L{row['line']})")
            citations.add(f"guia22@L{row['line']}")
            return row["value"]
    notes.append(f"{me['code']}: {me['rear_support']} behind gives no support against {enemy['code']} (guia22 L1628)")
    return 0


def total(me: dict, enemy: dict, mode: str, notes: list[str], citations: set[str]) -> int:
    value = _base(me, enemy, mode, notes, citations)
    for row in modifiers()[mode]:
        if not _applies(row, me, enemy):
            continue
        amount = row["value"] * (min(me["overlaps"], row.get("most", 3)) if row["key"] == "overlaps" else 1)
        value += amount
        notes.append(f"{me['code']}: {amount:+d} ({row['en']}, guia22 L{row['line']})")
        if row.get("doubtful"):
            notes.append(f"{me['code']}: {doubt(row['doubtful'])}")
        citations.add(f"guia22@L{row['line']}")
    if mode == "close" and me["rear_support"]:
        value += _rear_support(me, enemy, notes, citations)
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
    """(result, situation, source line, doubt) for the loser in this band; the first matching situation wins."""
    rows = [r for r in outcome_rows() if r["band"] == band]
    specific = [r for r in rows if loser["type"] in r["losers"]]
    for row in specific or [r for r in rows if "all" in r["losers"]]:
        for item in row["when"]:
            if matches(item.get("en") or "", loser, winner, mode):
                return item["result"], item.get("en") or "", row.get("line"), item.get("doubtful", "")
    return ("recoil" if band == "beaten" else "destroyed"), "", None, ""


def band_of(winner_total: int, loser_total: int) -> str:
    """Doubled: the loser's total is half the winner's or less (guia22 L1664); otherwise beaten (L1644)."""
    return "doubled" if loser_total * 2 <= winner_total else "beaten"


def _resolve(final: dict, sides: dict, mode: str) -> dict:
    if final["a"] == final["b"]:
        results = {s: outcome("tie", sides[s], sides[OTHER[s]], mode) for s in SIDES}
        losers = [s for s in SIDES if results[s][0] == "destroyed"]
        loser = None if not losers else losers[0] if len(losers) == 1 else "both"
        line = results[losers[0]][2] if losers else 1642
        return {"band": "tie", "loser": loser, "outcome": "destroyed" if losers else "stand", "situation": "",
                "line": line, "doubtful": ""}
    winner = "a" if final["a"] > final["b"] else "b"
    loser = OTHER[winner]
    band = band_of(final[winner], final[loser])
    result, situation, line, why = outcome(band, sides[loser], sides[winner], mode)
    return {"band": band, "loser": loser, "outcome": result, "situation": situation, "line": line, "doubtful": why}


def _doubts(r: dict) -> list[str]:
    found = [doubt(r["doubtful"])] if r["doubtful"] else []
    if "contacted this turn" in r["situation"]:
        found.append(doubt("whether the Knights contacted the Bows this bound is not asked: taken to be so "
                           "(guia22 L1648)"))
    return found


def _describe(r: dict, sides: dict) -> str:
    if r["loser"] is None:
        return f"{r['band']}: no effect (guia22 L{r['line']})"
    who = "both" if r["loser"] == "both" else sides[r["loser"]]["code"]
    situation = f", {r['situation']}" if r["situation"] else ""
    return f"{r['band']}: {who} {r['outcome']}{situation} (guia22 L{r['line']})"


def calculate(values) -> dict:
    p = Params(values)
    mode = p.choice("mode", ("close", "shooting"), "close")
    sides = {s: _side(p, s) for s in SIDES}
    notes: list[str] = []
    citations: set[str] = {"guia22@L1636"}
    totals = {s: total(sides[s], sides[OTHER[s]], mode, notes, citations) for s in SIDES}
    notes.append(f"totals before dice: A {totals['a']}, B {totals['b']}")
    dice = [sides[s]["die"] for s in SIDES]
    if None not in dice:
        final = {s: totals[s] + sides[s]["die"] for s in SIDES}
        result = _resolve(final, sides, mode)
        notes.append(f"with dice: A {final['a']}, B {final['b']}; " + _describe(result, sides))
        notes.extend(_doubts(result))
        if result["line"]:
            citations.add(f"guia22@L{result['line']}")
        return {"result": {"totals": totals, "with_dice": final, **result}, "breakdown": notes,
                "citations": sorted(citations)}
    if dice != [None, None]:
        missing = "a_die" if dice[0] is None else "b_die"
        raise ParamError(missing, "give both dice or neither")
    odds: dict[tuple, Fraction] = {}
    details: dict[tuple, dict] = {}
    for da in range(1, 7):
        for db in range(1, 7):
            r = _resolve({"a": totals["a"] + da, "b": totals["b"] + db}, sides, mode)
            key = (r["band"], r["loser"], r["outcome"])
            odds[key] = odds.get(key, Fraction(0)) + Fraction(1, 36)
            details.setdefault(key, r)
    table = []
    for key, chance in sorted(odds.items(), key=lambda kv: -kv[1]):
        r = details[key]
        table.append({"band": key[0], "loser": key[1], "outcome": key[2], "probability": float(chance),
                      "fraction": str(chance), "line": r["line"], "doubtful": r["doubtful"]})
        notes.append(f"{chance} ({float(chance):.1%}): " + _describe(r, sides))
        notes.extend(_doubts(r))
        if r["line"]:
            citations.add(f"guia22@L{r['line']}")
    return {"result": {"totals": totals, "odds": table}, "breakdown": notes, "citations": sorted(citations)}
