"""Create the demo event (slug `demo`): 16 players from 5 clubs with valid DBA 3.0 armies, and the demo
league (slug `demo-league`): three simulated past events of the same players plus the demo event.

Idempotent: running it again changes nothing. Prints the organizer login.
"""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from tournament.armies.catalogue import load_catalogue
from tournament.armies.service import ArmyInput, army_problems
from tournament.armies.validation import default_army
from tournament.management.commands._demo_league import load_demo_league
from tournament.models import Event, EventRole, Player
from tournament.registration.services import apply_army, club_get_or_create, player_register

ORGANIZER = ("organizer", "dba-demo-2026")
UMPIRE = ("umpire", "dba-umpire-2026")

CLUBS = ["Club Dracs de Barcelona", "Asociación Ludópatas de Sevilla", "Circolo Tattico Bolognese",
         "Gruppo Storico Milanese", "Capital Wargames (Alexandria, VA)"]

# (name, club index, army list reference)
PLAYERS = [
    ("José Muñoz", 0, "II/39a"), ("Núria Puigdemont", 0, "I/1a"), ("Àlex Ferrer", 0, "II/5a"),
    ("Íñigo Larrañaga", 1, "III/40a"), ("María Peña", 1, "II/68a"), ("Sebastián Ortíz", 1, "I/2a"),
    ("Niccolò Bianchi", 2, "II/33"), ("Lucia Città", 2, "II/56"), ("Gianluca Ferré", 2, "II/11"),
    ("Francesca Sforza", 3, "III/52"), ("Matteo Colò", 3, "II/47a"), ("Giulia Mazzà", 3, "I/60a"),
    ("Bob Beattie", 4, "II/27a"), ("Jane Whitfield", 4, "I/22a"), ("Tom O'Neill", 4, "II/78a"),
    ("Chloé Dubois", 4, "III/71a"),
]


class Command(BaseCommand):
    help = "Create the demo event with 16 players and their armies (idempotent)."

    def handle(self, *args, **options) -> None:
        user_model = get_user_model()
        with transaction.atomic():
            organizer = self._user(user_model, *ORGANIZER, "Olga Organizadora")
            umpire = self._user(user_model, *UMPIRE, "Umberto Arbitro")
            event, created = Event.objects.get_or_create(
                slug="demo",
                defaults={
                    "name": "Torneo DBA de demostración", "date": datetime.date(2026, 12, 12), "venue": "Zaragoza",
                    "edition": "3.0", "rounds_planned": 3, "round_minutes": 90, "scoring_preset": "nasamw-3.0",
                    "seed": 20261212,
                },
            )
            EventRole.objects.get_or_create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
            EventRole.objects.get_or_create(event=event, user=umpire, role=EventRole.Role.UMPIRE)
            if created:
                self._register_players(event, organizer)
        self._pair_first_round(event, organizer)
        league = load_demo_league(organizer, event, lambda past, indexes: self._register_players(past, organizer, indexes))
        self.stdout.write(f"Demo event: /e/demo/ ({event.registrations.count()} players). "
                          f"Organizer login: {ORGANIZER[0]} / {ORGANIZER[1]}; umpire: {UMPIRE[0]} / {UMPIRE[1]}. "
                          f"Demo league: {league.get_absolute_url()}")

    def _user(self, user_model, username: str, password: str, full_name: str):
        user, created = user_model.objects.get_or_create(username=username, defaults={"first_name": full_name})
        if created:
            user.set_password(password)
            user.save()
        return user

    def _register_players(self, event: Event, organizer, indexes=None) -> None:
        catalogue = load_catalogue()
        for name, club_index, ref in (PLAYERS if indexes is None else [PLAYERS[i] for i in indexes]):
            entry = catalogue.get(ref)
            if entry is None:
                raise RuntimeError(f"demo army list {ref} is not in the catalogue")
            choice = default_army(entry)
            army = ArmyInput(ref=entry.ref, elements=tuple(choice.elements), general=choice.general)
            problems = army_problems(event, army)
            if problems:
                raise RuntimeError(f"demo army {ref} for {name} is invalid: {problems}")
            player = Player.objects.filter(name=name).first() or Player.objects.create(
                name=name, club=club_get_or_create(CLUBS[club_index])
            )
            reg = player_register(event=event, player=player, user=organizer)
            apply_army(reg, army, organizer)

    def _pair_first_round(self, event: Event, organizer) -> None:
        """Round 1 paired and published, once the rounds service is installed."""
        try:
            from tournament.pairing.manager import round_pair, round_publish
        except ImportError:
            return
        if event.rounds.exists():
            return
        rnd = round_pair(event, organizer)
        round_publish(rnd, organizer)
