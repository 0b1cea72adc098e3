"""DBA 2.2 combat: each side's total, the band (tie / beaten / doubled) and the loser's outcome, with
the working; without dice, the probability of every outcome over the 36 pairs of dice.
Factors: fixtures/elements/ through tournament.armies.elements; modifiers: dba22_combat.yaml; the outcome
table and what happens to a recoil: dba_outcomes.py. Shooting: `a` shoots at `b` unless shooter=b;
the target shoots back when it can (target_shoots_back), otherwise the shooter ignores results
against itself (guia22 L1211, nasamw22 L561)."""

from __future__ import annotations

import re
from fractions import Fraction

from rulings.calculators import dba_outcomes as outcomes
from rulings.calculators.dba_outcomes import in_bad_going, is_camel, modifiers, words
from rulings.calculators.messages import doubt, line
from rulings.calculators.params import ParamError, Params
from tournament.armies.elements import element_profile, element_types

SIDES = ("a", "b")
OTHER = {"a": "b", "b": "a"}
FLAGS = ("general", "uphill_or_bank", "bad_going", "in_camp", "in_bua", "dunes", "flank_contact", "shot_in_rear")
KNIGHTS_CONTACT = ("front", "flank_or_rear", "not_this_bound")
ANSWERS = ("auto", "yes", "no")


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
        raise ParamError(side, "no_combat_factors", {"code": code[:12], "edition": "2.2"})
    support = (p.raw(f"{side}_rear_support") or "none").strip()
    supporter = None
    if support.casefold() not in ("", "none"):
        supporter = element_profile(support, "2.2")
        if supporter is None:
            raise ParamError(f"{side}_rear_support", "unknown_element", {"code": support[:12], "edition": "2.2"})
    return {"code": code, "profile": profile, "type": profile.type_code, "mounted": profile.mounted,
            "factors": factors, **{k: p.flag(f"{side}_{k}") for k in FLAGS},
            "overlaps": p.integer(f"{side}_overlaps", 0, 0, 3),
            "rear_support": supporter.type_code if supporter else None,
            "die": p.optional_integer(f"{side}_die", 1, 6)}


def can_shoot(side: dict) -> bool:
    return side["type"] in modifiers()["shooters"]["types"]


def _shooting(p: Params, sides: dict, notes: list, citations: set) -> dict:
    """Who shoots at whom, whether the target answers; a 400 for a shot the rules do not allow."""
    data = modifiers()
    shooter = p.choice("shooter", SIDES, "a")
    target = OTHER[shooter]
    if not can_shoot(sides[shooter]):
        raise ParamError(shooter, "does_not_shoot", {"code": sides[shooter]["code"][:12]})
    answer = p.choice("target_shoots_back", ANSWERS, "auto")
    if answer == "yes" and not can_shoot(sides[target]):
        raise ParamError("target_shoots_back", "cannot_shoot_back", {"code": sides[target]["code"][:12]})
    answers = can_shoot(sides[target]) if answer == "auto" else answer == "yes"
    shot_at = {target, shooter} if answers else {target}
    most = data["supporting_shooters"]["most"]
    for s in SIDES:
        if sides[s]["overlaps"] > most:
            raise ParamError(f"{s}_overlaps", "too_many_supporting_shot", {"most": most})
        if s not in shot_at and sides[s]["overlaps"]:
            raise ParamError(f"{s}_overlaps", "no_support_unshot")
        if s not in shot_at and sides[s]["shot_in_rear"]:
            raise ParamError(f"{s}_shot_in_rear", "not_shot_at")
    citations.update({f"guia22@L{data['shooters']['line']}", data["shooters"]["litter"]})
    notes.append(line("{shooter} shoots at {target} (only Bows, War Wagons and Artillery shoot: {cites})",
                      shooter=sides[shooter]["code"], target=sides[target]["code"],
                      cites=f"guia22 L{data['shooters']['line']}, nasamw22 L377"))
    ignore = data["ignores_results"]
    if answers:
        notes.append(line("{target} shoots back: both are shooting and shot at; a result counts against either "
                          "(nasamw22 L444, L581)", target=sides[target]["code"]))
        citations.update({"nasamw22@L444", "nasamw22@L581"})
        if answer == "auto":
            notes.append(line("taken that {target} can shoot back (in range and arc; Artillery that made no "
                              "tactical move, nasamw22 L446); set target_shoots_back=no otherwise",
                              target=sides[target]["code"]))
    else:
        notes.append(line("{target} cannot shoot back: {shooter} ignores any result against itself, and gets no "
                          "modifier for being shot at (guia22 L{line}, nasamw22 L561, L581, L587)",
                          target=sides[target]["code"], shooter=sides[shooter]["code"], line=ignore["line"]))
        citations.update({f"guia22@L{ignore['line']}", ignore["commentary"], "nasamw22@L581", "nasamw22@L587"})
    _range(p, sides[shooter], notes, citations)
    return {"mode": "shooting", "shooter": shooter, "target": target, "answers": answers, "shot_at": shot_at}


def _range(p: Params, shooter: dict, notes: list, citations: set) -> None:
    boundary = modifiers()["range_boundary"]
    most = shooter["profile"].shoot_range
    distance = p.optional_integer("range_paces", 0, 10_000)
    if distance is not None and distance > most:
        raise ParamError("range_paces", "beyond_range", {"code": shooter["code"][:12], "most": most})
    citations.update({f"guia22@L{boundary['line']}", boundary["commentary"]})
    if distance is None or distance == most:
        notes.append(doubt(boundary["doubtful"]))


def _base(me: dict, enemy: dict, ctx: dict, notes: list, citations: set) -> int:
    foot, mounted, src, doubts = me["factors"]
    shooting_art = ctx["mode"] == "shooting" and me["type"] == "Art" and me["side"] in ctx["shooters"]
    if shooting_art:
        factors = element_types()["Art"]["factors"]
        base, why, src = factors["shooting"], words()["against"]["shooting"], factors["shooting_line"]
    else:
        base = mounted if enemy["mounted"] else foot
        why = words()["against"]["mounted" if enemy["mounted"] else "foot"]
    notes.append(line("{code}: +{value} ({why}, guia22 L{line})", code=me["code"], value=base, why=why, line=src))
    citations.add(f"guia22@L{src}")
    unused = "factors.foot" if enemy["mounted"] else "factors.mounted"
    for text in doubts:
        english = text["en"] if isinstance(text, dict) else text
        if not english.startswith(unused):
            named = text if re.search(r"(guia22|nasamw22) L\d", english) else re.sub(r"\bL(?=\d)", "guia22 L", text)
            notes.append(line("{code}: doubtful: {text}", code=me["code"], text=named))
    return base


def _mounted_minus_two(row: dict, me: dict, enemy: dict, notes: list, citations: set) -> bool:
    """guia22 L1623 with the Elephants' footnote (L1626, nasamw22 L605) and the camels (nasamw22 L599)."""
    def bad(terrain: dict) -> bool:  # bad going as judged by `me`: dunes and oases are not, for camels
        return terrain["bad_going"] or (terrain["dunes"] and not is_camel(me))
    going = bad(me) or bad(enemy)
    if me["dunes"] or enemy["dunes"]:
        citations.add(modifiers()["camels"]["factors"])
        if is_camel(me) and not going:
            notes.append(line("{code}: no -2: dunes and oases are not bad going for camels (nasamw22 L597, L599)",
                              code=me["code"]))
    if me["type"] == "El":
        el = modifiers()["elephant_bua"]
        citations.update({f"guia22@L{el['line']}", el["commentary"]})
        if going:
            notes.append(line("{code}: doubtful: {text}", code=me["code"], text=row["doubtful"]))
            citations.add(el["bad_going"])
            return True
        if enemy["in_bua"]:
            notes.append(line("{code}: no -2: Elephants attacking a BUA do not take it (guia22 L1626, "
                              "nasamw22 L605)", code=me["code"]))
        return False
    return going or enemy["in_bua"]


def _applies(row: dict, me: dict, enemy: dict, notes: list, citations: set) -> bool:
    who = row["who"]
    if row["key"] == "bad_going_mounted":
        return me["mounted"] and _mounted_minus_two(row, me, enemy, notes, citations)
    if row["key"] == "bad_going_foot":
        return me["type"] in who and in_bad_going(me)
    if who == "foot" and me["mounted"]:
        return False
    if row["key"] == "overlaps":
        return me["overlaps"] > 0
    return bool(me.get(row["key"]))


def _rear_support(me: dict, enemy: dict, notes: list, citations: set) -> int:
    for row in modifiers()["rear_support"]:
        if me["type"] in row["supported"] and me["rear_support"] in row["by"] and _opponent_in(row["against"], enemy):
            if in_bad_going(me) and not row["bad_going_ok"]:
                notes.append(line("{code}: no rear support by {by} in bad going (guia22 L{line})", code=me["code"],
                                  by=me["rear_support"], line=row["bad_going_line"]))
                citations.add(f"guia22@L{row['bad_going_line']}")
                return 0
            notes.append(line("{code}: +{value} (rear support by {by}, guia22 L{line})", code=me["code"],
                              value=row["value"], by=me["rear_support"], line=row["line"]))
            citations.add(f"guia22@L{row['line']}")
            if row.get("doubtful") and not enemy["mounted"] and _opponent_in(row["doubtful_against"], enemy):
                notes.append(line("{code}: doubtful: {text}", code=me["code"], text=row["doubtful"]))
                citations.add(row["commentary"])
            return row["value"]
    notes.append(line("{code}: {by} behind gives no support against {enemy} (guia22 L1628)", code=me["code"],
                      by=me["rear_support"], enemy=enemy["code"]))
    return 0


def total(me: dict, enemy: dict, ctx: dict, notes: list, citations: set) -> int:
    mode = ctx["mode"]
    value = _base(me, enemy, ctx, notes, citations)
    if mode == "shooting" and me["side"] not in ctx["shot_at"]:
        return value  # modifiers count only for the side being shot at (nasamw22 L581, L587)
    for row in modifiers()[mode]:
        if not _applies(row, me, enemy, notes, citations):
            continue
        amount = row["value"] * (min(me["overlaps"], row.get("most", 3)) if row["key"] == "overlaps" else 1)
        value += amount
        notes.append(line("{code}: {amount} ({why}, guia22 L{line})", code=me["code"], amount=f"{amount:+d}",
                          why={k: row[k] for k in ("en", "es", "it")}, line=row["line"]))
        if row.get("doubtful") and row["key"] != "bad_going_mounted":
            notes.append(line("{code}: doubtful: {text}", code=me["code"], text=row["doubtful"]))
        citations.add(f"guia22@L{row['line']}")
        if row.get("commentary"):
            citations.add(row["commentary"])
    if mode == "close" and me["rear_support"]:
        value += _rear_support(me, enemy, notes, citations)
    return value


def _opponent_in(kinds: list[str], enemy: dict) -> bool:
    return (enemy["type"] in kinds or ("mounted" in kinds and enemy["mounted"])
            or ("bua" in kinds and enemy["in_bua"]) or ("camp" in kinds and enemy["in_camp"]))


def band_of(winner_total: int, loser_total: int) -> str:
    """Doubled: the loser's total is half the winner's or less (guia22 L1664); otherwise beaten (L1644)."""
    return "doubled" if loser_total * 2 <= winner_total else "beaten"


def _ignored(band: str, loser: str) -> dict:
    data = modifiers()["ignores_results"]
    return {"band": band, "loser": None, "outcome": "stand", "situation": "", "situation_i18n": {},
            "line": data["line"], "doubtful": "", "doubts": [], "cites": [f"guia22@L{data['line']}",
                                                                       data["commentary"]],
            "rules": [], "ignored": loser}


def _resolve(final: dict, sides: dict, ctx: dict) -> dict:
    if final["a"] == final["b"]:
        results = {s: outcomes.table_outcome("tie", sides[s], sides[OTHER[s]], ctx) for s in SIDES}
        losers = [s for s in SIDES if results[s]["outcome"] == "destroyed"]
        loser = None if not losers else losers[0] if len(losers) == 1 else "both"
        line_no = results[losers[0]]["line"] if losers else 1642
        return {"band": "tie", "loser": loser, "outcome": "destroyed" if losers else "stand", "situation": "",
                "situation_i18n": {}, "line": line_no, "doubtful": "", "doubts": [], "cites": [f"guia22@L{line_no}"],
                "rules": []}
    winner = "a" if final["a"] > final["b"] else "b"
    loser = OTHER[winner]
    band = band_of(final[winner], final[loser])
    if ctx["mode"] == "shooting" and loser == ctx["shooter"] and not ctx["answers"]:
        return _ignored(band, loser)
    r = outcomes.table_outcome(band, sides[loser], sides[winner], ctx)
    r = outcomes.after_table(r, sides[loser], ctx)
    r = {"band": band, "loser": loser, **r}
    if r["outcome"] in ("recoil", "flee"):
        r["recoil"] = outcomes.recoil_link(sides[loser])
    return r


def _doubts(r: dict, ctx: dict) -> list:
    found = [doubt(text) for text in r["doubts"]]
    if "contacted this turn" in r["situation"] and not ctx.get("knights_contact_given"):
        found.append(line("doubtful: whether the Knights attacked the Bows' front edge this bound is not given "
                          "(knights_contact): taken to be so (guia22 L1648, nasamw22 L643)"))
    return found


def _describe(r: dict, sides: dict):
    w = words()
    band = w["bands"][r["band"]]
    if r.get("ignored"):
        return line("{band}: {who} ignores the result: its target cannot shoot back (guia22 L1211, nasamw22 L561)",
                    band=band, who=sides[r["ignored"]]["code"])
    if r["loser"] is None:
        return line("{band}: no effect (guia22 L{line})", band=band, line=r["line"])
    who = w["both"] if r["loser"] == "both" else sides[r["loser"]]["code"]
    cites = outcomes.cite_text(r["cites"])
    result = w["results"][r["outcome"]]
    if r["rules"]:
        rule = r["rules"][-1]
        return line("{band}: {who} {result}: {why}, instead of {instead} ({cites})", band=band, who=who,
                    result=result, why=rule["why"], instead=w["results"][rule["instead_of"]], cites=cites)
    if r["situation"]:
        return line("{band}: {who} {result}, {situation} ({cites})", band=band, who=who, result=result,
                    situation=r["situation_i18n"], cites=cites)
    return line("{band}: {who} {result} ({cites})", band=band, who=who, result=result, cites=cites)


def _context(p: Params, sides: dict, notes: list, citations: set) -> dict:
    mode = p.choice("mode", ("close", "shooting"), "close")
    if mode == "shooting":
        ctx = _shooting(p, sides, notes, citations)
        ctx["shooters"] = {ctx["shooter"]} | ({ctx["target"]} if ctx["answers"] else set())
        return ctx
    for s in SIDES:
        if sides[s]["shot_in_rear"]:
            raise ParamError(f"{s}_shot_in_rear", "rear_only_shooting")
    contact = p.raw("knights_contact")
    return {"mode": "close", "shooters": set(), "shot_at": set(), "answers": True, "shooter": None,
            "knights_contact": p.choice("knights_contact", KNIGHTS_CONTACT, "front"),
            "knights_contact_given": bool(contact)}


def _record(r: dict, sides: dict, ctx: dict, notes: list, citations: set, prefix=None) -> None:
    text = _describe(r, sides)
    notes.append(line("{chance} ({percent}): {text}", chance=prefix[0], percent=prefix[1], text=text)
                 if prefix else text)
    notes.extend(_doubts(r, ctx))
    citations.update(r["cites"])


def _public(r: dict) -> dict:
    keep = ("band", "loser", "outcome", "situation", "line", "doubtful", "cites", "rules", "recoil", "ignored")
    return {k: r[k] for k in keep if k in r}


def calculate(values) -> dict:
    p = Params(values)
    p.choice("mode", ("close", "shooting"), "close")
    sides = {s: {**_side(p, s), "side": s} for s in SIDES}
    notes: list = []
    citations: set[str] = {"guia22@L1636"}
    ctx = _context(p, sides, notes, citations)
    totals = {s: total(sides[s], sides[OTHER[s]], ctx, notes, citations) for s in SIDES}
    notes.append(line("totals before dice: A {a}, B {b}", a=totals["a"], b=totals["b"]))
    extra = {"mode": ctx["mode"]}
    if ctx["mode"] == "shooting":
        extra.update(shooter=ctx["shooter"], target=ctx["target"], target_shoots_back=ctx["answers"])
    dice = [sides[s]["die"] for s in SIDES]
    if None not in dice:
        final = {s: totals[s] + sides[s]["die"] for s in SIDES}
        result = _resolve(final, sides, ctx)
        notes.append(line("with dice: A {a}, B {b}", a=final["a"], b=final["b"]))
        _record(result, sides, ctx, notes, citations)
        return {"result": {"totals": totals, "with_dice": final, **extra, **_public(result),
                           "doubts": [str(d) for d in _doubts(result, ctx)]},
                "breakdown": notes, "citations": sorted(citations)}
    if dice != [None, None]:
        missing = "a_die" if dice[0] is None else "b_die"
        raise ParamError(missing, "both_dice_or_neither")
    odds: dict[tuple, Fraction] = {}
    details: dict[tuple, dict] = {}
    for da in range(1, 7):
        for db in range(1, 7):
            r = _resolve({"a": totals["a"] + da, "b": totals["b"] + db}, sides, ctx)
            key = (r["band"], r["loser"], r["outcome"])
            odds[key] = odds.get(key, Fraction(0)) + Fraction(1, 36)
            if key in details:
                details[key]["cites"] = list(dict.fromkeys(details[key]["cites"] + r["cites"]))
            else:
                details[key] = r
    table = []
    for key, chance in sorted(odds.items(), key=lambda kv: -kv[1]):
        r = details[key]
        row = {"band": key[0], "loser": key[1], "outcome": key[2], "probability": float(chance),
               "fraction": str(chance), "line": r["line"], "doubtful": r["doubtful"], "cites": r["cites"]}
        for extra_key in ("recoil", "ignored"):
            if extra_key in r:
                row[extra_key] = r[extra_key]
        table.append(row)
        _record(r, sides, ctx, notes, citations, prefix=(str(chance), f"{float(chance):.1%}"))
    return {"result": {"totals": totals, **extra, "odds": table}, "breakdown": notes, "citations": sorted(citations)}
