"""A league organizer imports an event played earlier from its backup, straight into the league.

The import is the ordinary one (tournament/transfer/backup.py): a new event of the importer's, counted
against their event quota, touching nothing outside what it creates (its players are new account-less
people: a league organizer merges them, or suggests them to their account holders, in merges.py).
The event must fit the league (season and edition); if it does not, nothing is created.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.events.audit import audit
from tournament.leagues.roles import is_league_organizer
from tournament.models import League, LeagueEvent
from tournament.transfer.backup import BackupError, Imported, import_event


def import_into_league(user, league: League, data, *, slug: str | None = None, premier: bool = False) -> Imported:
    if not is_league_organizer(user, league):
        raise PermissionDenied
    with transaction.atomic():
        imported = import_event(data, slug=slug, importer=user)
        event = imported.event
        if not (league.season_start <= event.date <= league.season_end):
            raise BackupError(_("This event is not played within the league's season."))
        if event.edition != league.edition:
            raise BackupError(_("This event is played under another rules edition than the league."))
        LeagueEvent.objects.create(league=league, event=event, state=LeagueEvent.State.ACCEPTED, premier=premier,
                                   created_by=user, accepted_at=timezone.now())
        audit(event=event, user=user, action="league.import", target=league.slug,
              after={"state": LeagueEvent.State.ACCEPTED, "premier": premier})
    return imported
