"""Check the reference data in fixtures/ and import the rules library. Idempotent.

The army lists and element types are read from fixtures/ where they are used (one source of truth);
this command only reports the catalogue rows that could not be read, then imports the rules."""

from __future__ import annotations

from django.core.management import call_command
from django.core.management.base import BaseCommand

from tournament.armies.catalogue import load_catalogue
from tournament.armies.elements import known_codes


class Command(BaseCommand):
    help = "Report the army-list catalogue's problems, then import the rules library from fixtures/ (safe to run again)."

    def add_arguments(self, parser):
        parser.add_argument("--skip-rules", action="store_true", help="Do not import the rules library.")

    def handle(self, *args, **options):
        catalogue = load_catalogue()
        problems: dict[str, list[str]] = {}
        for ref, reason in catalogue.problems:
            problems.setdefault(ref, []).append(str(reason))
        for ref, reasons in problems.items():
            self.stderr.write(f"Army list {ref}: {'; '.join(reasons)}")
        lists = sum(1 for _ in catalogue.variants())
        elements = len(set(known_codes("2.2")) | set(known_codes("3.0")))
        self.stdout.write(f"Army lists: {lists} ({len(problems)} with problems); element types: {elements}.")
        if not options["skip_rules"]:
            call_command("import_rules", stdout=self.stdout)
