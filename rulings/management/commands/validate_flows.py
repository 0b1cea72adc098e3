"""Check every guided step-through in fixtures/flows/ (exit status 1 on any problem)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rulings.flows import FLOWS_DIR, Flow, FlowError, all_paths, load_flow_file, validate_flow


class Command(BaseCommand):
    help = "Validate the guided step-through flows (schema, graph and citations)."

    def add_arguments(self, parser):
        parser.add_argument("--directory", default=str(FLOWS_DIR), help="Folder of flow YAML files")

    def handle(self, *args, **options):
        directory = Path(options["directory"])
        problems: list[str] = []
        ids: set[str] = set()
        count = paths = 0
        for path in sorted(directory.glob("*.yaml")):
            try:
                data = load_flow_file(path)
            except FlowError as error:
                problems.append(str(error))
                continue
            errors = validate_flow(data)
            if data.get("id") in ids:
                errors.append(f"duplicate flow id {data.get('id')!r}")
            ids.add(data.get("id"))
            problems.extend(f"{path.name}: {error}" for error in errors)
            if not errors:
                count += 1
                paths += len(all_paths(Flow(id=data["id"], data=data)))
        if problems:
            raise CommandError("\n".join(problems))
        self.stdout.write(self.style.SUCCESS(f"{count} flows OK ({paths} answer paths)"))
