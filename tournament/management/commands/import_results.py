"""Import a finished event from its games: `manage.py import_results FILE --event SLUG --scoring NAME_OR_FILE`.

FILE is CSV or XLSX, one row per game (tournament/transfer/results_import.py lists the columns). NAME_OR_FILE is
a scoring preset or template name (fixtures/scoring_presets.yaml, fixtures/scoring_templates.yaml) or a YAML file
holding a scoring definition (docs/scoring.md). The same as the organizer's upload page: every problem is listed
with its row and column, and nothing is written until the file is clean.
"""

from __future__ import annotations

import datetime
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.results.definition import DefinitionError, read_definition_text
from tournament.results.explain import definition_error_message
from tournament.results.scoring import own_scoring, templates
from tournament.transfer.exports import TableError, read_table
from tournament.transfer.results_import import ImportRejected, import_results


def scoring_named(value: str):
    if value in templates():
        return templates()[value]
    path = Path(value)
    if not path.is_file():
        raise CommandError(f"--scoring: neither a template ({', '.join(templates())}) nor a file: {value}")
    try:
        return own_scoring(read_definition_text(path.read_text(encoding="utf-8")))
    except DefinitionError as exc:
        raise CommandError(f"--scoring: {definition_error_message(exc)}") from exc


class Command(BaseCommand):
    help = "Import a finished event from a CSV or XLSX table of its games."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--event", required=True, help="the new event's short name (slug)")
        parser.add_argument("--scoring", required=True, help="a template name or a YAML scoring definition file")
        parser.add_argument("--name", help="the event's name (default: the slug)")
        parser.add_argument("--date", type=datetime.date.fromisoformat, default=None, help="YYYY-MM-DD (default: today)")
        parser.add_argument("--edition", choices=["2.2", "3.0"], default="3.0")

    def handle(self, *args, **o):
        scoring = scoring_named(o["scoring"])
        try:
            frame = read_table(Path(o["file"]).read_bytes(), o["file"])
        except (OSError, TableError) as exc:
            raise CommandError(str(exc)) from exc
        try:
            event = import_results(frame, slug=o["event"], name=o["name"] or o["event"],
                                   date=o["date"] or datetime.date.today(), edition=o["edition"], scoring=scoring)
        except ImportRejected as exc:
            lines = [f"row {p.row}, {p.column}: {p.message}" if p.column else f"row {p.row}: {p.message}"
                     for p in exc.problems]
            raise CommandError("Nothing imported:\n" + "\n".join(lines)) from exc
        self.stdout.write(f"Imported {event.slug}: {event.registrations.count()} players, "
                          f"{event.rounds.count()} rounds, scored with {scoring.name}.")
