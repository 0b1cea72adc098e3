"""What the documents print, as plain data (so benchmarks and tests can build them without a database),
and the functions that read it from the database."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch
from django.urls import reverse

from tournament.armies.catalogue import load_catalogue
from tournament.armies.handout import army_label, event_armies, player_armies
from tournament.models import Event, Registration, Round, Seat
from tournament.results.report_rights import slip_pin


@dataclass(frozen=True)
class ArmySheet:
    event_name: str
    edition: str
    player: str
    club: str
    army_ref: str
    army_name: str
    topography: str
    aggression: int | None
    elements: tuple[str, ...]
    general: int | None
    camp: str
    allies: tuple[str, ...]
    report_url: str
    # Armies the organizer provides for this player's games: (round, table, own army, the opponent's).
    provided: tuple[tuple[int, int | None, str, str], ...] = ()


@dataclass(frozen=True)
class Side:
    name: str
    club: str
    army: str
    report_url: str
    pin: str = ""  # the "my game" PIN: printed on this player's own half only


@dataclass(frozen=True)
class GameSlip:
    table: int | None
    a: Side
    b: Side | None  # None: a bye


@dataclass(frozen=True)
class RoundSheet:
    event_name: str
    number: int
    edition: str
    games: tuple[GameSlip, ...]


def absolute(base_url: str, path: str) -> str:
    return base_url.rstrip("/") + path


def army_sheets(event: Event, registrations, base_url: str) -> list[ArmySheet]:
    catalogue = load_catalogue()
    sheets = []
    handed = event_armies(event)
    for reg in registrations.select_related("club"):
        provided = tuple((rnd, table, army_label(event.edition, own), army_label(event.edition, other))
                         for rnd, table, own, other in player_armies(event, reg.pk, handed))
        entry = catalogue.get(reg.army_ref) if reg.army_ref and event.edition == "3.0" else None
        url = reverse("tournament:my_game", args=[reg.game_token])  # stable: opens whatever game is current
        sheets.append(ArmySheet(
            event_name=event.name, edition=event.edition, player=reg.name,
            club=reg.club.name if reg.club_id else "", army_ref=reg.army_ref,
            army_name=reg.army_name or (entry.name if entry else ""), topography=entry.topography if entry else "",
            aggression=entry.aggression if entry else None, elements=tuple(reg.elements or ()), general=reg.general,
            camp=reg.camp, allies=tuple(reg.allies or ()), report_url=absolute(base_url, url), provided=provided,
        ))
    return sheets


def round_sheet(rnd: Round, base_url: str) -> RoundSheet:
    seats = Seat.objects.select_related("registration__club").order_by("side")
    games = []
    edition = rnd.event.edition
    handed = {g.table: g.armies for g in event_armies(rnd.event) if g.round == rnd.number}
    for game in rnd.games.prefetch_related(Prefetch("seats", queryset=seats)).order_by("is_bye", "table"):
        given = handed.get(game.table) if not game.is_bye else None
        sides = [Side(s.registration.name, s.registration.club.name if s.registration.club_id else "",
                      army_label(edition, (given.a if s.side == "a" else given.b)) if given else s.registration.army_ref,
                      absolute(base_url, reverse("tournament:report", args=[s.report_token])),
                      slip_pin(s))
                 for s in game.seats.all()]
        games.append(GameSlip(game.table, sides[0], sides[1] if len(sides) > 1 else None))
    return RoundSheet(rnd.event.name, rnd.number, rnd.event.edition, tuple(games))


def printed_registrations(event: Event):
    """Whose army sheets an event prints: everyone not dropped, by name."""
    return event.registrations.exclude(status=Registration.Status.DROPPED).order_by("name_key", "pk")
