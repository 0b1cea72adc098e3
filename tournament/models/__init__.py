"""Tournament models, one module per concern."""

from .audit import AuditEntry
from .events import Edition, Event, EventRole, RoundOneMethod
from .people import Club, Player
from .reference import ArmyList, ElementType
from .registrations import Registration
from .rounds import Game, ResultReport, Round, Seat

__all__ = [
    "ArmyList",
    "AuditEntry",
    "Club",
    "Edition",
    "ElementType",
    "Event",
    "EventRole",
    "Game",
    "Player",
    "Registration",
    "ResultReport",
    "Round",
    "RoundOneMethod",
    "Seat",
]
