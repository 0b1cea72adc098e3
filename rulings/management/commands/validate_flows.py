"""Check every guided step-through in fixtures/flows/ (exit status 1 on any problem)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rulings.flows.asserts import agreement
from rulings.flows.loader import FLOWS_DIR, all_paths, check_directory


class Command(BaseCommand):
    help = ("Validate the guided step-through flows (schema, graph and citations) and check that rulings "
            "with an asserts block agree with the calculators.")

    def add_arguments(self, parser):
        parser.add_argument("--directory", default=str(FLOWS_DIR), help="Folder of flow YAML files")

    def handle(self, *args, **options):
        flows, problems = check_directory(Path(options["directory"]))
        if problems:
            raise CommandError("\n".join(problems))
        disagreements: list[str] = []
        pending: list[str] = []
        for flow in flows.values():
            found, waiting = agreement(flow.data)
            disagreements += found
            pending += waiting
        for note in pending:
            self.stdout.write(self.style.WARNING(f"known disagreement, awaiting a calculator fix: {note}"))
        if disagreements:
            raise CommandError("\n".join(disagreements))
        paths = sum(len(all_paths(flow)) for flow in flows.values())
        checks = sum(len(node.get("asserts", ())) for flow in flows.values() for node in flow.nodes.values())
        self.stdout.write(self.style.SUCCESS(f"{len(flows)} flows OK ({paths} answer paths, "
                                             f"{checks} calculator checks, {len(pending)} pending)"))
