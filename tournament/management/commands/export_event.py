"""Write an event as a versioned JSON backup: `manage.py export_event --event SLUG --out FILE`."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from tournament.models import Event
from tournament.transfer.backup import export_event


class Command(BaseCommand):
    help = "Export a whole event (players, armies, rounds, results, audit log) as JSON."

    def add_arguments(self, parser):
        parser.add_argument("--event", required=True, help="the event's short name (slug)")
        parser.add_argument("--out", required=True, help="file to write")

    def handle(self, *args, **options):
        event = Event.objects.filter(slug=options["event"]).first()
        if event is None:
            raise CommandError(f"No event {options['event']!r}.")
        with open(options["out"], "w", encoding="utf-8") as handle:
            json.dump(export_event(event), handle, ensure_ascii=False, indent=1)
            handle.write("\n")
        self.stdout.write(f"Wrote {options['out']}")
