"""Tournament models, one module per concern."""

from tournament.models.accounts import ConfirmedEmail
from tournament.models.audit import AuditEntry
from tournament.models.events import CampReading, Edition, Event, EventRole, HeadToHeadRule, RoundOneMethod
from tournament.models.import_jobs import PlayerImportJob
from tournament.models.leagues import LadderGame, LadderPair, League, LeagueEvent, LeagueMerge, LeagueRole
from tournament.models.limits import LimitHit
from tournament.models.people import Club, Player
from tournament.models.printing import PrintJob
from tournament.models.registrations import Registration
from tournament.models.rounds import Game, PairingJob, ResultReport, Round, Seat
from tournament.models.staff import StaffInvitation
from tournament.models.stages import ProvidedArmy, Stage, StageEntry

__all__ = [
    "AuditEntry",
    "Club",
    "ConfirmedEmail",
    "CampReading",
    "Edition",
    "Event",
    "EventRole",
    "Game",
    "HeadToHeadRule",
    "League",
    "LeagueEvent",
    "LeagueMerge",
    "LeagueRole",
    "LadderGame",
    "LimitHit",
    "LadderPair",
    "PairingJob",
    "Player",
    "PlayerImportJob",
    "PrintJob",
    "ProvidedArmy",
    "Registration",
    "ResultReport",
    "Round",
    "RoundOneMethod",
    "Seat",
    "StaffInvitation",
    "Stage",
    "StageEntry",
]
