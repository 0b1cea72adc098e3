"""DBA 2.2 combat outcomes: the loser's line of the result table (fixtures/elements/outcomes22.yaml, guia22
L1636-1670), then what the rules do to a recoil (destroyed in a BUA or camp, with an enemy front on its
flank, shot on its rear) and to a shooter whose target cannot answer. Pure Python.

A side is the dict built by dba_combat._side; `ctx` holds the mode and the shooting facts."""

from __future__ import annotations

import re
from functools import cache

import yaml

from rulings.calculators.data import FIXTURES, load
from tournament.armies.elements import element_types


def modifiers() -> dict:
    return load("dba22_combat")


def words() -> dict:
    return load("dba22_words")


@cache
def outcome_rows() -> list[dict]:
    return yaml.safe_load((FIXTURES / "elements" / "outcomes22.yaml").read_text(encoding="utf-8"))["rows"]


@cache
def names_to_codes() -> dict[str, str]:
    return {row["names"]["en"].casefold(): code for code, row in element_types().items()}


def is_camel(side: dict) -> bool:
    return side["type"] in modifiers()["camels"]["types"]


def in_bad_going(side: dict) -> bool:
    """Bad going for this element: dunes and oases are not bad going for camels (nasamw22 L597, L599)."""
    return side["bad_going"] or (side["dunes"] and not is_camel(side))


def loser_in_bad_going(loser: dict, winner: dict) -> bool:
    """For the result: camels beating an enemy in dunes or an oasis fight in good going (nasamw22 L649, L665)."""
    if is_camel(winner) and loser["dunes"] and not loser["bad_going"]:
        return False
    return in_bad_going(loser)


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


_LOSER_STATES = {"in bad going", "in close combat", "holding a BUA or camp"}


def _loser_state(text: str, loser: dict, winner: dict, mode: str) -> bool:
    if text == "in bad going":
        return loser_in_bad_going(loser, winner)
    if text == "in close combat":
        return mode == "close"
    return loser["in_bua"] or loser["in_camp"]  # holding a BUA or camp


def _conditions(text: str, loser: dict, winner: dict, ctx: dict) -> tuple[bool, str]:
    """The situation's conditions (going, close combat, where the winner is, shooting, Knights' contact) peeled off
    its text: whether they hold, and the "by …" that is left."""
    mode = ctx["mode"]
    ok = True
    if text.startswith("in good going "):
        ok, text = not loser_in_bad_going(loser, winner), text.removeprefix("in good going ")
    if text.endswith(" in close combat"):
        ok, text = ok and mode == "close", text.removesuffix(" in close combat")
    # nasamw22 L645: it is the Warband garrisoning a BUA (or camp, guia22 L1652) that cannot destroy.
    for clause, test in ((" that is not in a BUA or camp", not (winner["in_bua"] or winner["in_camp"])),
                         (" that is not in a camp", not winner["in_camp"])):
        if text.endswith(clause):
            ok, text = ok and test, text.removesuffix(clause)
    if text.startswith("by shooting "):
        ok, text = ok and mode == "shooting", "by " + text.removeprefix("by shooting ")
    if text.endswith(" it contacted this turn by the front edge"):
        # Only Knights that attacked the Bows' front in close combat (nasamw22 L643): not when shot.
        ok = ok and mode == "close" and ctx.get("knights_contact", "front") == "front"
        text = text.removesuffix(" it contacted this turn by the front edge")
    return ok, text


def matches(when: str, loser: dict, winner: dict, ctx: dict) -> bool:
    """Does a situation of the outcome table (its English text) hold?"""
    text = when.strip()
    if text in ("", "otherwise", "against anything"):
        return True
    if text in _LOSER_STATES:
        return _loser_state(text, loser, winner, ctx["mode"])
    ok, text = _conditions(text, loser, winner, ctx)
    if not text.startswith("by "):
        return False
    kinds = _codes(text.removeprefix("by "))
    return ok and (winner["type"] in kinds or ("mounted" in kinds and winner["mounted"]))


def _cite_of(citation: str) -> str:
    slug, _sep, number = citation.partition("@L")
    return f"{slug} L{number}"


def type_doubts(band: str, loser: dict, winner: dict, ctx: dict, row: dict) -> list[dict]:
    """The outcome_doubts of dba22_combat.yaml that decide this result: its band, the loser's type and the table
    row's line and, where an entry names them, the winner's type (`by`) and the mode (close combat, shooting)."""
    return [extra for extra in modifiers()["outcome_doubts"]
            if extra["band"] == band and loser["type"] in extra["losers"]
            and row["line"] in extra.get("lines", [extra.get("line")])
            and winner["type"] in extra.get("by", [winner["type"]]) and extra.get("mode", ctx["mode"]) == ctx["mode"]]


def _found(band: str, loser: dict, winner: dict, ctx: dict, row: dict, item: dict) -> dict:
    """What the matching situation `item` of the table's `row` says: the outcome, its words, citations, doubts."""
    cites = [f"guia22@L{row['line']}"] + ([item["commentary"]] if item.get("commentary") else [])
    doubts = [item["doubtful"]] if item.get("doubtful") else []
    for extra in type_doubts(band, loser, winner, ctx, row):
        doubts.append(extra["doubtful"])
        cites += [extra["commentary"]] if extra.get("commentary") else []
    return {"outcome": item["result"], "situation": item.get("en") or "",
            "situation_i18n": {k: item.get(k) or "" for k in ("en", "es", "it")}, "line": row.get("line"),
            "doubtful": "; ".join(d["en"] if isinstance(d, dict) else d for d in doubts), "doubts": doubts,
            "cites": cites, "rules": []}


def table_outcome(band: str, loser: dict, winner: dict, ctx: dict) -> dict:
    """The first matching situation of the loser's row in this band."""
    rows = [r for r in outcome_rows() if r["band"] == band]
    specific = [r for r in rows if loser["type"] in r["losers"]]
    for row in specific or [r for r in rows if "all" in r["losers"]]:
        for item in row["when"]:
            if matches(item.get("en") or "", loser, winner, ctx):
                return _found(band, loser, winner, ctx, row, item)
    return {"outcome": "recoil" if band == "beaten" else "destroyed", "situation": "", "situation_i18n": {},
            "line": None, "doubtful": "", "doubts": [], "cites": [], "rules": []}


def after_table(r: dict, loser: dict, ctx: dict) -> dict:
    """A recoil (or a flight, which starts with one: guia22 L1513) that destroys the loser instead."""
    if r["outcome"] not in ("recoil", "flee"):
        return r
    facts = {"in_bua_or_camp": loser["in_bua"] or loser["in_camp"], "flank_contact": loser["flank_contact"],
             "shot_in_rear": ctx["mode"] == "shooting" and loser["shot_in_rear"]}
    for rule in modifiers()["recoil_destroyed"]:
        if facts[rule["key"]]:
            cites = [f"guia22@L{rule['line']}", rule["commentary"]]
            if r["outcome"] == "flee":
                cites.append(f"guia22@L{modifiers()['flee_starts_with_recoil']['line']}")
            why = {k: rule[k] for k in ("en", "es", "it")}
            return {**r, "outcome": "destroyed", "cites": r["cites"] + cites,
                    "rules": r["rules"] + [{"why": why, "cites": cites, "instead_of": r["outcome"]}]}
    return r


def recoil_link(loser: dict) -> dict:
    """The recoil calculator's query for what happens next to this loser."""
    params = {"recoiler": loser["code"]}
    return {"calculator": "dba-recoil", "params": params}


def cite_text(cites: list[str]) -> str:
    return ", ".join(_cite_of(c) for c in cites)
