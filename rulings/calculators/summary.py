"""What a calculator's result says, as sentences and a table of odds a user reads (pure Python).

The calculators return data for the JSON API; this module turns that data into `Line`s (messages.py)
that the view renders in the page's language: "Blades: 36% destroyed; Knights: 36% recoil; no effect
17%". Element names come from the element data (fixtures/elements/, in three languages)."""

from __future__ import annotations

from rulings.calculators.data import load
from rulings.calculators.messages import Line, line, plural_line
from tournament.armies.elements import element_profile

NO_ONE = {"en": "neither side", "es": "ningún bando", "it": "nessuno dei due"}


def _percent(probability: float) -> str:
    return f"{probability:.0%}"


def element_name(code: str | None, fallback: str) -> dict | str:
    """The element's type name in three languages ("Blades"), or `fallback` ("A") when unknown."""
    profile = element_profile(code or "", "2.2") if code else None
    if profile is None:
        return fallback
    return {lang: f"{profile.name(lang)} ({code})" for lang in ("en", "es", "it")}


def _side_names(params) -> dict:
    return {side: element_name(params.get(side), side.upper()) for side in ("a", "b")}


def _outcome_word(outcome: str) -> dict | str:
    return load("dba22_words")["results"].get(outcome, outcome)


def odds_rows(result: dict, params) -> list[dict]:
    """One row per outcome of a combat without dice: who, what, band, chance (for a bar of odds)."""
    words = load("dba22_words")
    names = _side_names(params)
    rows = []
    for row in result.get("odds", []):
        loser = row["loser"]
        who = words["both"] if loser == "both" else names.get(loser, NO_ONE)
        rows.append({"who": who, "outcome": _outcome_word(row["outcome"]), "band": words["bands"][row["band"]],
                     "percent": _percent(row["probability"]), "width": round(row["probability"] * 100),
                     "fraction": row["fraction"]})
    return rows


def _combat(result: dict, params) -> list[Line]:
    words = load("dba22_words")
    names = _side_names(params)
    if "odds" not in result:  # both dice given: one result
        totals = line("{a} {ta}, {b} {tb} with the dice", a=names["a"], ta=result["with_dice"]["a"],
                      b=names["b"], tb=result["with_dice"]["b"])
        if result.get("ignored"):
            return [totals, line("{who} ignores the result: its target cannot shoot back",
                                 who=names[result["ignored"]])]
        if result["loser"] is None:
            return [totals, line("{band}: no effect", band=words["bands"][result["band"]])]
        who = words["both"] if result["loser"] == "both" else names[result["loser"]]
        return [totals, line("{band}: {who} {outcome}", band=words["bands"][result["band"]], who=who,
                             outcome=_outcome_word(result["outcome"]))]
    per_side: dict[str, list] = {}
    nothing = 0.0
    for row in result["odds"]:
        if row["loser"] is None:
            nothing += row["probability"]
            continue
        per_side.setdefault(row["loser"], []).append(row)
    lines = [line("Before the dice: {a} {ta}, {b} {tb}", a=names["a"], ta=result["totals"]["a"], b=names["b"],
                  tb=result["totals"]["b"])]
    for side in ("a", "b", "both"):
        rows = per_side.get(side, [])
        if not rows:
            continue
        parts = {}
        for row in rows:
            key = row["outcome"]
            parts[key] = parts.get(key, 0.0) + row["probability"]
        who = words["both"] if side == "both" else names[side]
        text = _join([line("{percent} {outcome}", percent=_percent(p), outcome=_outcome_word(k))
                      for k, p in parts.items()])
        lines.append(line("{who}: {outcomes}", who=who, outcomes=text))
    if nothing:
        lines.append(line("No effect on either side: {percent}", percent=_percent(nothing)))
    return lines


def _join(parts: list[Line]) -> Line:
    """Lines joined with commas (each part translated on its own)."""
    template = ", ".join(f"{{p{i}}}" for i in range(len(parts)))
    return Line(template, **{f"p{i}": part for i, part in enumerate(parts)})


RECOIL_OUTCOMES = {
    "recoils": {"en": "{who} recoils", "es": "{who} retrocede", "it": "{who} si ritira"},
    "destroyed": {"en": "{who} is destroyed", "es": "{who} es destruido", "it": "{who} è distrutto"},
    "passes_through": {"en": "{who} passes through the friend", "es": "{who} atraviesa al amigo",
                       "it": "{who} interpenetra l'amico"},
    "depends on the dice": {"en": "{who}: it depends on the die for the river",
                            "es": "{who}: depende del dado del río", "it": "{who}: dipende dal dado del fiume"},
}
OTHER_OUTCOMES = {
    "destroyed": {"en": "destroyed", "es": "destruido", "it": "distrutto"},
    "stays": {"en": "stays where it is", "es": "se queda donde está", "it": "resta dov'è"},
    "pushed back": {"en": "pushed back", "es": "empujado hacia atrás", "it": "spinto indietro"},
}


def _recoil(result: dict, params) -> list[Line]:
    name = element_name(params.get("recoiler"), "?")
    outcome = result["recoiler"]
    template = RECOIL_OUTCOMES.get(outcome, {"en": "{who}: " + outcome})
    lines = [Line("{text}", text={lang: text.format(who=_in(name, lang)) for lang, text in template.items()})]
    if result.get("friend"):
        friend = element_name(params.get("friend"), "?")
        lines.append(line("The friend behind, {who}: {outcome}", who=friend,
                          outcome=OTHER_OUTCOMES.get(result["friend"], result["friend"])))
    if result.get("enemy"):
        lines.append(line("The enemy it touches: {outcome}",
                          outcome=OTHER_OUTCOMES.get(result["enemy"], result["enemy"])))
    return lines


def _in(name: dict | str, lang: str) -> str:
    return name.get(lang, name["en"]) if isinstance(name, dict) else name


def _pips(result: dict, params) -> list[Line]:
    return [line("This move costs {pips} PIP(s)", pips=result["pips"])]


def _victory(result: dict, params) -> list[Line]:
    counted = line("Counted losses: A {a}, B {b}", a=result["a_counted"], b=result["b_counted"])
    if result["winner"] == "a":
        return [line("A wins"), counted]
    if result["winner"] == "b":
        return [line("B wins"), counted]
    return [line("No winner yet: play on"), counted]


def _wfb_terrain(result: dict, params) -> list[Line]:
    return [line("The unit covers {cm} cm", cm=_number(result["covered_cm"]))]


def _wfb_stand(result: dict, params) -> list[Line]:
    if result["allowed"]:
        return [line("The charged unit may stand and shoot (half the charge move is {cm} cm)",
                     cm=_number(result["half_charge_cm"]))]
    return [line("The charged unit may not stand and shoot: the charger is within half its charge move ({cm} cm)",
                 cm=_number(result["half_charge_cm"]))]


def _rumbo(result: dict, params) -> list[Line]:
    if result["verdict"] == "must":
        return [plural_line("The third column must come on: it costs {cost} PIPs, {left} left",
                            "The third column must come on: it costs {cost} PIPs, {left} left", "left",
                            cost=result["cost"], left=result["pips_left"])]
    if result["verdict"] == "may":
        return [plural_line("The third column may come on: it costs {cost} PIPs, {left} left",
                            "The third column may come on: it costs {cost} PIPs, {left} left", "left",
                            cost=result["cost"], left=result["pips_left"])]
    return [line("The third column cannot come on this bound")]


def _asl(result: dict, params) -> list[Line]:
    if result["ambush"] == "attacker":
        first = line("The ATTACKER ambushes")
    elif result["ambush"] == "defender":
        first = line("The DEFENDER ambushes")
    else:
        first = line("No ambush")
    lines = [first]
    if result["cloak_kept"]:
        lines.append(line("The ATTACKER keeps its concealment"))
    return lines


def _number(value: float) -> str:
    return f"{value:g}"


SUMMARIES = {
    "dba-combat": _combat, "dba-recoil": _recoil, "dba-pip-cost": _pips, "dba-victory": _victory,
    "wfb-terrain-move": _wfb_terrain, "wfb-stand-and-shoot": _wfb_stand, "rumbo-third-column": _rumbo,
    "asl-night-ambush": _asl,
}


def summarize(name: str, result: dict, params) -> list[Line]:
    """The result of calculator `name` as sentences (empty for a calculator without a summary)."""
    make = SUMMARIES.get(name)
    return make(result["result"], params) if make else []
