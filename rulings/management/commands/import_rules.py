"""manage.py import_rules [slug ...]: import the rules library seeds (idempotent)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from rulings.importer import import_rules
from rulings.sources.index import SLUGS


class Command(BaseCommand):
    help = "Import the rule documents in fixtures/rulings/seeds into the rules library (safe to re-run)."

    def add_arguments(self, parser):
        parser.add_argument("slugs", nargs="*", help=f"documents to import (default: all of {', '.join(SLUGS)})")

    def handle(self, *args, **options):
        slugs = tuple(options["slugs"]) or SLUGS
        unknown = [s for s in slugs if s not in SLUGS]
        if unknown:
            raise CommandError(f"unknown document(s): {', '.join(unknown)}")
        report = import_rules(slugs)
        self.stdout.write(self.style.SUCCESS(f"Imported {report}"))
