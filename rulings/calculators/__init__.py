"""Rule calculators (pure Python): each takes a mapping of query parameters and returns
{"result": ..., "breakdown": [...], "citations": [...]}; a bad or missing parameter raises ParamError.
Their data, with a source line for every value and the doubtful ones flagged: fixtures/calculators/."""

from __future__ import annotations

from rulings.calculators import asl, dba_combat, dba_pips, dba_victory, rumbo, wfb
from rulings.calculators.dba_pips import GENERAL_PLACES
from rulings.calculators.params import ParamError

_COMBAT_SIDE = ("general", "uphill_or_bank", "bad_going", "overlaps", "rear_support", "in_camp", "in_bua", "die")

# name: (function, English title, the parameters the form offers, in order)
REGISTRY = {
    "dba-combat": (dba_combat.calculate, "DBA 2.2 combat",
                   ["a", "b", "mode"] + [f"{s}_{k}" for s in "ab" for k in _COMBAT_SIDE]),
    "dba-pip-cost": (dba_pips.calculate, "DBA 2.2 PIP cost of a move",
                     ["move", "elements", "first_bound", "beyond_command", "general_in", "general_lost", "dismounting",
                      "extra_move", "bua_move", "general_moving"]),
    "dba-victory": (dba_victory.calculate, "DBA: who has won",
                    ["edition"] + [f"{s}_{k}" for s in "ab" for k in ("lost", "general_lost", "camp_lost", "bua_lost")]),
    "wfb-terrain-move": (wfb.terrain_move, "Warhammer: moving through terrain", ["m", "open", "difficult", "very_difficult"]),
    "wfb-stand-and-shoot": (wfb.stand_and_shoot, "Warhammer: stand and shoot", ["charge_move", "distance"]),
    "rumbo-third-column": (rumbo.third_column, "Rumbo de colisión: third column entry",
                           ["bound", "pips", "second_column_on", "third_column_off"]),
    "asl-night-ambush": (asl.night_ambush, "ASL: night ambush", ["attacker_dr", "defender_dr", "illuminated",
                                                                  "attacker_cloaked"]),
}

# Parameters with a fixed set of values (the form shows a select); the first is the default.
CHOICES = {
    "mode": ("close", "shooting"),
    "move": ("single", "group"),
    "general_in": GENERAL_PLACES,
    "edition": ("2.2", "3.0"),
}

# Yes/no parameters (the form shows a select with no/yes).
FLAGS = frozenset({
    *(f"{s}_{k}" for s in "ab" for k in ("general", "uphill_or_bank", "bad_going", "in_camp", "in_bua", "general_lost",
                                          "camp_lost", "bua_lost")),
    "first_bound", "beyond_command", "general_lost", "dismounting", "extra_move", "bua_move", "general_moving",
    "second_column_on", "third_column_off", "illuminated", "attacker_cloaked",
})

__all__ = ["CHOICES", "FLAGS", "REGISTRY", "ParamError"]
