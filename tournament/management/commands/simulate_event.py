"""Simulate a whole event with the real pairing engine and rounds manager, and write it as JSON.

    python manage.py simulate_event --players 40 --rounds 5 --clubs 8 --seed 7 --preset nasamw-v4 --json out.json

Players are numbered 1..N in the file (not database keys); the same arguments give a byte-identical
file whatever the database already holds (a previous simulation with the same arguments is replaced).
"""

from __future__ import annotations

import datetime
import json
import random

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from tournament.armies.catalogue import load_catalogue
from tournament.armies.service import ArmyInput
from tournament.armies.validation import default_army
from tournament.models import Club, Edition, Event, Game, Player
from tournament.pairing.manager import entrants, round_pair, round_publish
from tournament.registration.services import apply_army
from tournament.results.entry import result_enter
from tournament.results.scoring import presets
from tournament.results.shorthand import GameResult, SideResult, check_result
from tournament.results.standings import event_standings


def random_result(rng: random.Random, edition: str) -> GameResult:
    """A plausible result: the loser lost 4+ elements (sometimes its general), or time was called short of it."""
    for _attempt in range(100):
        outcome = rng.choice(["a", "a", "b", "b", "time"])
        if outcome == "time":
            result = GameResult(a=SideResult(rng.randint(0, 3)), b=SideResult(rng.randint(0, 3)), outcome="time")
        else:
            loser = SideResult(rng.choice([4, 4, 5]), rng.random() < 0.25, False)
            winner = SideResult(rng.randint(0, 3), False, rng.random() < 0.1)
            result = GameResult(a=winner, b=loser, outcome="a") if outcome == "a" else GameResult(a=loser, b=winner, outcome="b")
        if not check_result(result, edition):
            return result
    raise CommandError("Could not generate a plausible result.")


class Command(BaseCommand):
    help = "Simulate an event (random players, clubs, DBA 3.0 armies and results) and write it as JSON."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, required=True)
        parser.add_argument("--rounds", type=int, required=True)
        parser.add_argument("--clubs", type=int, default=4)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--preset", default="nasamw-3.0")
        parser.add_argument("--json", dest="json_path", required=True)

    def handle(self, *args, **o):
        if o["players"] < 2 or o["rounds"] < 1 or o["clubs"] < 1:
            raise CommandError("Need at least 2 players, 1 round and 1 club.")
        if o["preset"] not in presets():
            raise CommandError(f"Unknown preset {o['preset']!r}; choose from {', '.join(presets())}.")
        rng = random.Random(o["seed"])
        slug = f"sim-{o['players']}p-{o['rounds']}r-{o['clubs']}c-{o['seed']}-{o['preset']}".replace(".", "")
        event, numbers = self._event(slug, o, rng)
        data = {"preset": o["preset"], "rounds": []}
        for number in range(1, o["rounds"] + 1):
            before = {e.id: e.score for e in entrants(event, number)}
            rnd = round_pair(event, None)
            round_publish(rnd, None)
            games = list(rnd.games.prefetch_related("seats").order_by("is_bye", "table"))
            bye = None
            pairings = []
            for game in games:
                seats = {s.side: s.registration_id for s in game.seats.all()}
                if game.is_bye:
                    bye = numbers[seats["a"]]
                    continue
                pairings.append({"table": game.table, "a": numbers[seats["a"]], "b": numbers[seats["b"]]})
                result_enter(game, random_result(rng, event.edition), None)
            players = [self._player(event, reg_id, numbers, score) for reg_id, score in before.items()]
            data["rounds"].append({"players": sorted(players, key=lambda p: p["id"]), "pairings": pairings, "bye": bye})
        data["standings"] = [
            {"rank": row.rank, "id": numbers[row.registration_id], **{k: _plain(v) for k, v in row.values.items()}}
            for row in event_standings(event)
        ]
        with open(o["json_path"], "w", encoding="utf-8") as handle:
            json.dump(data, handle, ensure_ascii=False, indent=1, sort_keys=False)
            handle.write("\n")
        self.stdout.write(f"Simulated {o['players']} players, {o['rounds']} rounds: {o['json_path']}")

    def _player(self, event, reg_id, numbers, score) -> dict:
        reg = self._regs[reg_id]
        return {"id": numbers[reg_id], "club": reg.club.name, "army": reg.army_ref, "score": score}

    @transaction.atomic
    def _event(self, slug, o, rng):
        Event.objects.filter(slug=slug).delete()
        event = Event.objects.create(
            slug=slug, name=f"Simulation {slug}", date=datetime.date(2026, 1, 1), edition=Edition.DBA30,
            rounds_planned=o["rounds"], scoring_preset=o["preset"], seed=o["seed"],
            tiebreaks=list(presets()[o["preset"]].tiebreaks),  # the preset's own order, not the model default
        )
        catalogue = [e for e in load_catalogue().variants() if not e.problems]
        clubs = [Club.objects.get_or_create(name=f"Sim Club {i + 1:02d}")[0] for i in range(o["clubs"])]
        numbers = {}
        self._regs = {}
        for i in range(o["players"]):
            name = f"Sim Player {i + 1:04d}"
            player = Player.objects.filter(name=name).first() or Player.objects.create(name=name)
            player.club = clubs[rng.randrange(len(clubs))]
            player.save(update_fields=["club"])
            reg = event.registrations.create(player=player)
            army = default_army(rng.choice(catalogue))
            apply_army(reg, ArmyInput(ref=army.ref, elements=army.elements, general=army.general), None)
            numbers[reg.pk] = i + 1
            self._regs[reg.pk] = reg
        assert not Game.objects.filter(round__event=event).exists()
        return event, numbers


def _plain(value):
    if value is None:  # head-to-head that does not apply
        return None
    return int(value) if float(value).is_integer() else round(float(value), 4)
