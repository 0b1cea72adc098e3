"""Tournament models, one module per concern."""

from tournament.models.audit import AuditEntry
from tournament.models.events import Edition, Event, EventRole, RoundOneMethod
from tournament.models.leagues import League, LeagueEvent, LeagueMerge, LeagueRole
from tournament.models.people import Club, Player
from tournament.models.registrations import Registration
from tournament.models.rounds import Game, ResultReport, Round, Seat

__all__ = [
    "AuditEntry",
    "Club",
    "Edition",
    "Event",
    "EventRole",
    "Game",
    "League",
    "LeagueEvent",
    "LeagueMerge",
    "LeagueRole",
    "Player",
    "Registration",
    "ResultReport",
    "Round",
    "RoundOneMethod",
    "Seat",
]
