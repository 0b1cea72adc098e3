"""The small event the page oracle changes (tests/page_changes.py, tests/web/test_no_stale_pages.py): seven players
in three clubs, two rounds played and a third published with one result in, its organizer's browser and the
readers of its pages (tests/page_oracle.py). Built through the app's own services."""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass, field

from django.test import Client
from django.urls import reverse

from tests.events.test_event_form import form_values
from tests.factories import make_event, make_user
from tests.page_oracle import Pages
from tournament.models import Event, EventRole, Game, Registration, Round
from tournament.pairing.manager import round_pair, round_publish
from tournament.registration.services import entrant_add
from tournament.results.entry import result_enter
from tournament.results.shorthand import parse_shorthand

RESULTS = ("4-1", "1-4", "4G-1", "1-4G", "4-2", "2-4", "2-1 T", "1-1 T", "0-0 T", "3-1G", "2C-1", "4-0")
NAMES = ("Íñigo Larrañaga", "Niccolò Bianchi", "Ana Peña", "Zoë Müller", "Björn Ås", "Chloé Durand", "Łukasz Nowak")
CLUBS = ("Dracs", "Circolo Bolognese", "Club Uno")


@dataclass
class World:
    event: Event
    organizer: object
    staff: Client  # the organizer's browser
    pages: Pages
    serial: int = 0
    done: list[str] = field(default_factory=list)

    def fresh(self) -> Event:
        self.event = Event.objects.get(pk=self.event.pk)
        return self.event

    def next(self) -> int:
        self.serial += 1
        return self.serial

    def regs(self, **filters) -> list[Registration]:
        return list(Registration.objects.filter(event=self.event, **filters).order_by("pk"))

    def games(self, **filters) -> list[Game]:
        return list(Game.objects.filter(round__event=self.event, is_bye=False, **filters)
                    .exclude(round__status=Round.Status.DRAFT).order_by("round__number", "table"))

    def draft(self) -> Round | None:
        return self.event.rounds.filter(status=Round.Status.DRAFT).first()


def build_world(seed: int = 1) -> World:
    """Seven players in three clubs; rounds 1 and 2 played, round 3 published with one result in."""
    rng = random.Random(seed)
    organizer = make_user(f"org-{seed}", "Organizer Uno")
    event = make_event(slug=f"oracle-{seed}", name="Torneo Oráculo", rounds_planned=5, seed=seed,
                       scoring_preset="5-2-1-0", tiebreaks=["wins", "sos"], date=datetime.date(2026, 5, 9))
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    for k, name in enumerate(NAMES):
        entrant_add(event=event, user=organizer, name=name, club=CLUBS[k % len(CLUBS)])
    staff, reader = Client(), Client()
    staff.force_login(organizer)
    reader.force_login(make_user(f"reader-{seed}", "Lectora"))
    world = World(event, organizer, staff, Pages(reader))
    for number in (1, 2, 3):
        rnd = round_publish(round_pair(event, organizer), organizer)
        games = list(rnd.games.filter(is_bye=False).order_by("table"))
        for game in games if number < 3 else games[:1]:
            result_enter(game, parse_shorthand(rng.choice(RESULTS), event.edition), organizer)
    world.fresh()
    return world


def open_games(world: World) -> list[Game]:
    """The games of the published rounds still waiting for a confirmed result."""
    return world.games(status__in=[Game.Status.PENDING, Game.Status.REPORTED, Game.Status.DISPUTED])


def unreported(world: World) -> list[Game]:
    """The games of the published rounds nobody has reported yet."""
    return [g for g in world.games(status=Game.Status.PENDING) if not g.reports.exists()]


def edit_event(world: World, **changes) -> None:
    """The organizer's event form, as the browser sends it back, with `changes` (None: a box left unticked)."""
    url = reverse("tournament:event_edit", args=[world.event.slug])
    values = form_values(world.staff.get(url).text, "event-form")
    for name, value in changes.items():
        if value is None:
            values.pop(name, None)
        else:
            values[name] = value
    response = world.staff.post(url, values)
    assert response.status_code == 302, response.text
    world.fresh()

