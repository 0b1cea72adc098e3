"""Rule calculators (pure Python): each takes a mapping of query parameters and returns
{"result": ..., "breakdown": [...], "citations": [...]}; a bad or missing parameter raises ParamError.
Their data, with a source line for every value and the doubtful ones flagged: fixtures/calculators/."""

from __future__ import annotations

from rulings.calculators import asl, dba_combat, dba_pips, dba_recoil, dba_victory, rumbo, wfb
from rulings.calculators.dba_pips import GENERAL_PLACES
from rulings.calculators.params import ParamError

_COMBAT_SIDE = ("general", "uphill_or_bank", "bad_going", "dunes", "overlaps", "rear_support", "in_camp", "in_bua",
                "flank_contact", "shot_in_rear", "die")
_COMBAT_SIDE_FLAGS = ("general", "uphill_or_bank", "bad_going", "dunes", "in_camp", "in_bua", "flank_contact",
                      "shot_in_rear")

# name: (function, English title, the parameters the form offers, in order)
REGISTRY = {
    "dba-combat": (dba_combat.calculate, "DBA 2.2 combat",
                   ["a", "b", "mode", "shooter", "target_shoots_back", "range_paces", "knights_contact"]
                   + [f"{s}_{k}" for s in "ab" for k in _COMBAT_SIDE]),
    "dba-recoil": (dba_recoil.calculate, "DBA 2.2: what happens to a recoil",
                   ["recoiler", "behind", "friend", "friend_facing_other_way", "no_room_beyond_friend",
                    "second_friend_behind", "river", "river_type_die", "crossing_die", "enemy_touched",
                    "in_bua_or_camp", "flank_contact", "shot_in_rear"]),
    "dba-pip-cost": (dba_pips.calculate, "DBA 2.2 PIP cost of a move",
                     ["move", "elements", "first_bound", "beyond_command", "general_in", "general_lost", "dismounting",
                      "extra_move", "bua_move", "general_moving"]),
    "dba-victory": (dba_victory.calculate, "DBA: who has won",
                    ["edition"] + [f"{s}_{k}" for s in "ab" for k in ("lost", "general_lost", "camp_lost", "bua_lost")]),
    "wfb-terrain-move": (wfb.terrain_move, "Warhammer: moving through terrain", ["m", "open", "difficult", "very_difficult"]),
    "wfb-stand-and-shoot": (wfb.stand_and_shoot, "Warhammer: stand and shoot", ["charge_move", "distance"]),
    "rumbo-third-column": (rumbo.third_column, "Rumbo de colisión: third column entry",
                           ["bound", "pips", "second_column_on", "third_column_off", "littoral_landing"]),
    "asl-night-ambush": (asl.night_ambush, "ASL: night ambush", ["attacker_dr", "defender_dr", "illuminated",
                                                                  "attacker_cloaked"]),
}

# Parameters with a fixed set of values (the form shows a select); the first is the default.
CHOICES = {
    "mode": ("close", "shooting"),
    "shooter": dba_combat.SIDES,
    "target_shoots_back": dba_combat.ANSWERS,
    "knights_contact": dba_combat.KNIGHTS_CONTACT,
    "behind": dba_recoil.BEHIND,
    "river": dba_recoil.RIVERS,
    "enemy_touched": dba_recoil.ENEMY_TOUCHED,
    "move": ("single", "group"),
    "general_in": GENERAL_PLACES,
    "edition": ("2.2", "3.0"),
}

# Yes/no parameters (the form shows a select with no/yes).
FLAGS = frozenset({
    *(f"{s}_{k}" for s in "ab" for k in _COMBAT_SIDE_FLAGS),
    *(f"{s}_{k}" for s in "ab" for k in ("general_lost", "camp_lost", "bua_lost")),
    "friend_facing_other_way", "no_room_beyond_friend", "second_friend_behind", "in_bua_or_camp", "flank_contact",
    "shot_in_rear",
    "first_bound", "beyond_command", "general_lost", "dismounting", "extra_move", "bua_move", "general_moving",
    "second_column_on", "third_column_off", "littoral_landing", "illuminated", "attacker_cloaked",
})

__all__ = ["CHOICES", "FLAGS", "REGISTRY", "ParamError"]
