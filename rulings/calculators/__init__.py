"""Rule calculators (pure Python): each takes a mapping of query parameters and returns
{"result": ..., "breakdown": [...], "citations": [...]}; a bad or missing parameter raises ParamError."""

from __future__ import annotations

from rulings.calculators import asl, dba_combat, dba_pips, dba_victory, rumbo, wfb
from rulings.calculators.params import ParamError

# name: (function, title, the parameters the form offers)
REGISTRY = {
    "dba-combat": (dba_combat.calculate, "DBA 2.2 combat",
                   ["a", "b", "mode"] + [f"{s}_{k}" for s in "ab" for k in (
                       "general", "uphill_or_bank", "bad_going", "overlaps", "rear_support", "in_camp", "in_bua", "die")]),
    "dba-pip-cost": (dba_pips.calculate, "DBA 2.2 PIP cost of a move",
                     ["move", "elements", "first_bound", "beyond_command", "general_in", "general_lost", "dismounting",
                      "extra_move"]),
    "dba-victory": (dba_victory.calculate, "DBA: who has won",
                    ["edition"] + [f"{s}_{k}" for s in "ab" for k in ("lost", "general_lost", "camp_lost", "bua_lost")]),
    "wfb-terrain-move": (wfb.terrain_move, "Warhammer: moving through terrain", ["m", "open", "difficult", "very_difficult"]),
    "wfb-stand-and-shoot": (wfb.stand_and_shoot, "Warhammer: stand and shoot", ["charge_move", "distance"]),
    "rumbo-third-column": (rumbo.third_column, "Rumbo de colisión: third column entry",
                           ["bound", "pips", "second_column_on", "third_column_off"]),
    "asl-night-ambush": (asl.night_ambush, "ASL: night ambush", ["attacker_dr", "defender_dr", "illuminated",
                                                                  "attacker_cloaked"]),
}

__all__ = ["REGISTRY", "ParamError"]
