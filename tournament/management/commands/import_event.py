"""Read an event backup: `manage.py import_event FILE [--slug NEW]`. All or nothing."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from tournament.transfer.backup import BackupError, import_event


class Command(BaseCommand):
    help = "Import an event from a JSON backup written by export_event."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--slug", help="import under another short name")

    def handle(self, *args, **options):
        try:
            with open(options["file"], encoding="utf-8") as handle:
                data = json.load(handle)
            event = import_event(data, slug=options.get("slug"))
        except (OSError, json.JSONDecodeError, BackupError) as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"Imported {event.slug}: {event.registrations.count()} players, {event.rounds.count()} rounds.")
