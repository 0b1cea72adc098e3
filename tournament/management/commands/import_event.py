"""Read an event backup: `manage.py import_event FILE [--slug NEW]`. All or nothing.

Like the web import it touches nothing outside the new event: roles in the file are listed, not
granted (give them in the admin), and players are not linked to accounts.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from tournament.transfer.backup import BackupError, import_event, parse_backup


class Command(BaseCommand):
    help = "Import an event from a JSON backup written by export_event."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--slug", help="import under another short name")

    def handle(self, *args, **options):
        try:
            with open(options["file"], "rb") as handle:
                imported = import_event(parse_backup(handle.read()), slug=options.get("slug"))
        except (OSError, BackupError) as exc:
            raise CommandError(str(exc)) from exc
        event = imported.event
        self.stdout.write(f"Imported {event.slug}: {event.registrations.count()} players, {event.rounds.count()} rounds.")
        for username, role in imported.roles:
            self.stdout.write(f"Not granted (the file names it): {role} for {username}")
        for name, username in imported.accounts:
            self.stdout.write(f"Not linked to an account: {name} (was {username})")
