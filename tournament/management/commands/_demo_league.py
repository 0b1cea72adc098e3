"""The demo league: three past events of the demo players, simulated with the real pairing engine and
results service, plus the demo event, so a new user sees a living league table.

Idempotent: an event that exists is left as it is; the league and its memberships are got or created.
(A module starting with "_" is not a command of its own.)
"""

from __future__ import annotations

import datetime
import random

from django.db import transaction
from django.utils import timezone

from tournament.models import Event, EventRole, League, LeagueEvent, LeagueRole
from tournament.pairing.manager import round_pair, round_publish
from tournament.results.entry import result_enter

LEAGUE = {"slug": "demo-league", "name": "Liga DBA de demostración 2026", "season_start": datetime.date(2026, 1, 1),
          "season_end": datetime.date(2026, 12, 31), "edition": "3.0", "scoring_preset": "soa-best5"}

# (slug, name, date, venue, which demo players (indexes into PLAYERS), premier)
PAST = [
    ("demo-past-1", "Open de primavera", datetime.date(2026, 3, 14), "Barcelona", range(0, 12), False),
    ("demo-past-2", "Torneo d'estate", datetime.date(2026, 6, 20), "Bologna", range(4, 16), True),
    ("demo-past-3", "Copa de otoño", datetime.date(2026, 9, 19), "Sevilla", [*range(0, 6), *range(8, 16)], False),
]
ROUNDS = 3


def load_demo_league(organizer, demo_event: Event, register) -> League:
    """`register(event, indexes)` enters those demo players with their armies."""
    events = [_past_event(organizer, register, *spec) for spec in PAST]
    with transaction.atomic():
        league, _created = League.objects.get_or_create(slug=LEAGUE["slug"], defaults=LEAGUE)
        LeagueRole.objects.get_or_create(league=league, user=organizer, role=LeagueRole.Role.ORGANIZER)
        for event, premier in [*events, (demo_event, False)]:
            LeagueEvent.objects.get_or_create(league=league, event=event, defaults={
                "state": LeagueEvent.State.ACCEPTED, "premier": premier, "created_by": organizer,
                "accepted_at": timezone.now()})
    return league


def _past_event(organizer, register, slug, name, date, venue, players, premier) -> tuple[Event, bool]:
    from tournament.management.commands.simulate_event import random_result

    event = Event.objects.filter(slug=slug).first()
    if event is not None:
        return event, premier
    with transaction.atomic():
        event = Event.objects.create(slug=slug, name=name, date=date, venue=venue, edition="3.0",
                                     rounds_planned=ROUNDS, round_minutes=90, scoring_preset="nasamw-3.0",
                                     seed=date.toordinal())
        EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
        register(event, players)
        rng = random.Random(date.toordinal())
        for _number in range(ROUNDS):
            rnd = round_pair(event, organizer)
            round_publish(rnd, organizer)
            for game in rnd.games.filter(is_bye=False).order_by("table"):
                result_enter(game, random_result(rng, event.edition), organizer)
    return event, premier
