"""'Rumbo de colisión' (DBA 3 house rules): may, must or cannot the third column enter? (rumbo L35-39; a
littoral army's first-bound landing, L47-53). The working is made of translatable lines (messages.py): the rules in
the yaml's en/es/it, the doubts (English in the yaml) by their msgids in locale/rules."""

from __future__ import annotations

from rulings.calculators.data import load
from rulings.calculators.messages import doubt, line
from rulings.calculators.params import Params


def _words(rule: dict) -> dict:
    return {lang: rule[lang] for lang in ("en", "es", "it") if lang in rule}


def _doubt(data: dict, key: str):
    return doubt(line(data["doubtful"][key]["text"]))


def third_column(values) -> dict:
    data = load("rumbo")
    p = Params(values)
    bound, pips = p.integer("bound", low=1, high=50), p.integer("pips", low=1, high=6)
    second_on, third_off = p.flag("second_column_on"), p.flag("third_column_off")
    landing = data["landing"]
    lands = p.flag("littoral_landing")
    cost_pips = data["cost"]["pips"]
    forced = pips == data["forced"]["roll"]
    notes: list = []
    citations = ["rumbo@L35"]
    verdict, cost = "cannot", 0
    if lands and third_off:
        citations += ["rumbo@L49", "rumbo@L53"]
        if bound != landing["bound"]:
            notes.append(line("{why} (rumbo L53)", why=_words(data["normal_after_landing"])))
    if not third_off:
        notes.append(line("the third column is already on the table: nothing to bring on"))
    elif lands and bound == landing["bound"]:
        if pips >= landing["pips"]:
            verdict, cost = "may", landing["pips"]
            notes.append(line("{why} (rumbo L49-52)", why=_words(landing)))
            if not second_on:
                notes.append(_doubt(data, "landing_second_column"))
        else:
            notes.append(line("{pips} PIPs: fewer than the {cost} a landing costs (rumbo L49)", pips=pips, cost=landing["pips"]))
        return {"result": {"verdict": verdict, "cost": cost, "pips_left": pips - cost}, "breakdown": notes,
                "citations": sorted(set(citations))}
    elif bound < data["earliest_bound"]["bound"]:
        notes.append(line("not in the first bound: {why} (rumbo L35)", why=_words(data["earliest_bound"])))
    elif not second_on:
        notes.append(line("the second column is not wholly on: {why} (rumbo L35)", why=_words(data["second_column"])))
        if forced:
            notes.append(_doubt(data, "forced_second_off"))
            notes.append(line("{why} (rumbo L39)", why=_words(data["partial"])))
            citations += ["rumbo@L37", "rumbo@L39"]
    elif forced:
        verdict, cost = "must", cost_pips
        notes.append(line("{why} (rumbo L37); {cost}", why=_words(data["forced"]), cost=_words(data["cost"])))
        notes.append(_doubt(data, "forced_cost"))
        citations.append("rumbo@L37")
    elif pips >= cost_pips:
        verdict, cost = "may", cost_pips
        notes.append(line("after the first bound, with the second column wholly on: {why} (rumbo L35)",
                          why=_words(data["cost"])))
    else:
        notes.append(line("{pips} PIPs: fewer than the {cost} the entry costs (rumbo L35)", pips=pips, cost=cost_pips))
    if verdict != "cannot":
        notes.append(line("{why} (rumbo L39)", why=_words(data["partial"])))
        citations.append("rumbo@L39")
    return {"result": {"verdict": verdict, "cost": cost, "pips_left": pips - cost}, "breakdown": notes,
            "citations": sorted(set(citations))}
