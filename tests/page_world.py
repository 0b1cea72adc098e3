"""The small event the page oracle changes (tests/page_changes.py, tests/web/test_no_stale_pages.py): seven players
in three clubs, two rounds played and a third published with one result in, its organizer's browser and the
readers of its pages (tests/page_oracle.py); and, when asked, a league whose earlier event the same people played,
with the changes made there. Built and changed through the app's own services."""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass, field

from django.test import Client
from django.urls import reverse

from tests.events.test_event_form import form_values
from tests.factories import make_event, make_user
from tests.page_oracle import Pages
from tournament.leagues.merges import merge
from tournament.leagues.service import accept, create_league, invite_event
from tournament.models import Event, EventRole, Game, League, LeagueEvent, LeagueMerge, Registration, Round
from tournament.pairing.manager import round_pair, round_publish
from tournament.registration.services import entrant_add, player_register
from tournament.results.entry import result_enter, stored_result
from tournament.results.shorthand import parse_shorthand, to_shorthand

RESULTS = ("4-1", "1-4", "4G-1", "1-4G", "4-2", "2-4", "2-1 T", "1-1 T", "0-0 T", "3-1G", "2C-1", "4-0")
NAMES = ("Íñigo Larrañaga", "Niccolò Bianchi", "Ana Peña", "Zoë Müller", "Björn Ås", "Chloé Durand", "Łukasz Nowak")
CLUBS = ("Dracs", "Circolo Bolognese", "Club Uno")


@dataclass
class World:
    event: Event
    organizer: object
    staff: Client  # the organizer's browser
    pages: Pages
    league: object = None  # the league the event is invited to, run by `league_organizer`
    league_organizer: object = None
    past: Event | None = None  # an earlier event of that league, with the same people
    rated: Event | None = None  # an earlier event counted in the global rating, with the same people
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


def build_world(seed: int = 1, *, league: bool = False, rated: bool = False) -> World:
    """Seven players in three clubs; rounds 1 and 2 played, round 3 published with one result in; with `league`, a
    league that invites the event, whose earlier event the same people played; with `rated`, the event asks to count
    toward the global rating, and an earlier event the same people played counts in it."""
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
    if league:
        _league(world, rng)
    if rated:
        _rated(world, rng)
    world.fresh()
    return world


def _played_before(world: World, slug: str, **fields) -> Event:
    """An earlier event run by the same organizer, with six of this event's people entered (`_play` plays it)."""
    event, organizer = world.event, world.organizer
    past = make_event(slug=slug, name="Torneo de Primavera", date=datetime.date(2026, 3, 1), rounds_planned=2,
                      scoring_preset=event.scoring_preset, **fields)
    EventRole.objects.create(event=past, user=organizer, role=EventRole.Role.ORGANIZER)
    for reg in world.regs()[:6]:
        player_register(event=past, player=reg.player, user=organizer)
    return past


def _play(past: Event, organizer, rng: random.Random) -> None:
    for _ in range(2):
        rnd = round_publish(round_pair(past, organizer), organizer)
        for game in rnd.games.filter(is_bye=False):
            result_enter(game, parse_shorthand(rng.choice(RESULTS), past.edition), organizer)


def _rated(world: World, rng: random.Random) -> None:
    """The event asks to count toward the global rating; an earlier event the same people played counts in it."""
    edit_event(world, global_rating="on")
    world.rated = _played_before(world, f"{world.event.slug}-rated", global_rating=True,
                                 global_rating_approved=True)
    _play(world.rated, world.organizer, rng)


def _league(world: World, rng: random.Random) -> None:
    """A league with an earlier event the same people played (so that they have ratings), which invites this one."""
    event, organizer = world.event, world.organizer
    world.league_organizer = make_user(f"league-{event.seed}", "Liga")
    world.league = create_league(world.league_organizer, League(
        slug=f"liga-{event.slug}", name="Liga Ibérica", season_start=datetime.date(2026, 1, 1),
        season_end=datetime.date(2026, 12, 31)))
    world.past = past = _played_before(world, f"{event.slug}-past")
    # The seventh player of this event played the earlier one under another person record: a merge makes them one.
    entrant_add(event=past, user=organizer, name=world.regs()[6].name, club=CLUBS[0])
    _play(past, organizer, rng)
    accept(organizer, invite_event(world.league_organizer, world.league, past).pk)
    invite_event(world.league_organizer, world.league, event)


def open_games(world: World) -> list[Game]:
    """The games of the published rounds still waiting for a confirmed result."""
    return world.games(status__in=[Game.Status.PENDING, Game.Status.REPORTED, Game.Status.DISPUTED])


def unreported(world: World) -> list[Game]:
    """The games of the published rounds nobody has reported yet."""
    return [g for g in world.games(status=Game.Status.PENDING) if not g.reports.exists()]


def edit_event(world: World, of: Event | None = None, **changes) -> None:
    """The organizer's form of the event (or of another event `of` theirs), as the browser sends it back, with
    `changes` (None: a box left unticked)."""
    url = reverse("tournament:event_edit", args=[(of or world.event).slug])
    values = form_values(world.staff.get(url).text, "event-form")
    for name, value in changes.items():
        if value is None:
            values.pop(name, None)
        else:
            values[name] = value
    response = world.staff.post(url, values)
    assert response.status_code == 302, response.text
    world.fresh()


# --- the league's changes -------------------------------------------------------------------------------------------

def join_league(world: World, rng: random.Random) -> str | None:
    """The event's organizer accepts the league's invitation: its players' ratings before it are shown."""
    if world.league is None:
        return None
    membership = LeagueEvent.objects.filter(event=world.event, state=LeagueEvent.State.INVITED).first()
    if membership is None:
        return None
    accept(world.organizer, membership.pk)
    return "the event joins the league"


def merge_people(world: World, rng: random.Random) -> str | None:
    """The league organizer merges the seventh player's two person records: their earlier games now rate them."""
    if world.league is None:
        return None
    here = world.regs()[6].player
    there = Registration.objects.filter(event=world.past, name=world.regs()[6].name).exclude(player=here).first()
    joined = LeagueEvent.objects.filter(event=world.event, state=LeagueEvent.State.ACCEPTED).exists()
    if not joined or there is None or LeagueMerge.objects.filter(league=world.league, player=there.player).exists():
        return None
    merge(world.league_organizer, world.league, there.player_id, here.pk)
    return f"{here.name}'s two person records merged in the league"


def correct_past_result(world: World, rng: random.Random) -> str | None:
    """The umpire of the league's earlier event corrects a result there: the ratings before this event change."""
    if world.past is None:
        return None
    game = rng.choice(list(Game.objects.filter(round__event=world.past, is_bye=False).order_by("pk")))
    now = to_shorthand(stored_result(game))
    code = rng.choice([c for c in RESULTS if c != now])
    result_enter(game, parse_shorthand(code, world.past.edition), world.organizer)
    return f"a result of the earlier event corrected: {now} to {code}"
