"""Load the reference data from fixtures/: army lists, element types and the rules library. Idempotent."""

from __future__ import annotations

import dataclasses
import json

from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction

from tournament.armies.catalogue import load_catalogue
from tournament.armies.elements import element_profile, known_codes
from tournament.models import ArmyList, Edition, ElementType

CATALOGUE_SOURCE = "DBA 3.0 army lists, compiled by Dan Becker (github.com/beckerdo/DBAArmy); fixtures/armylists/"
ELEMENTS_SOURCE = "DBA 2.2 guía no oficial (La Armada, 2019), fixtures/elements/dba22.yaml"


def _plain(value) -> dict:
    """A dataclass as JSON-ready data (tuples to lists, anything else to text)."""
    return json.loads(json.dumps(dataclasses.asdict(value), default=str))


class Command(BaseCommand):
    help = "Load army lists, element types and the rules library from fixtures/ (safe to run again)."

    def add_arguments(self, parser):
        parser.add_argument("--skip-rules", action="store_true", help="Do not import the rules library.")

    def handle(self, *args, **options):
        with transaction.atomic():
            lists = self._army_lists()
            elements = self._element_types()
        self.stdout.write(f"Army lists: {lists}; element types: {elements}.")
        if not options["skip_rules"]:
            call_command("import_rules", stdout=self.stdout)

    def _army_lists(self) -> int:
        catalogue = load_catalogue()
        problems: dict[str, list[str]] = {}
        for ref, reason in catalogue.problems:
            problems.setdefault(ref, []).append(str(reason))
        rows = [
            ArmyList(
                edition=Edition.DBA30, ref=entry.ref, name=entry.name[:200],
                date_from=entry.date_from, date_to=entry.date_to,
                topography=str(entry.topography or "")[:40], aggression=entry.aggression,
                data=_plain(entry), problems=problems.get(entry.ref, []), source=CATALOGUE_SOURCE,
            )
            for entry in catalogue.variants()
        ]
        ArmyList.objects.bulk_create(
            rows, update_conflicts=True, unique_fields=["edition", "ref"],
            update_fields=["name", "date_from", "date_to", "topography", "aggression", "data", "problems", "source"],
        )
        ArmyList.objects.filter(edition=Edition.DBA30).exclude(ref__in=[r.ref for r in rows]).delete()
        for ref, reasons in problems.items():
            self.stderr.write(f"Army list {ref}: {'; '.join(reasons)}")
        return len(rows)

    def _element_types(self) -> int:
        rows = []
        for edition in (Edition.DBA22, Edition.DBA30):
            for code in known_codes(str(edition)):
                profile = element_profile(code, str(edition))
                rows.append(ElementType(
                    edition=edition, code=code, name_en=profile.names["en"], name_es=profile.names.get("es", ""),
                    name_it=profile.names.get("it", ""), data=_plain(profile), source=ELEMENTS_SOURCE,
                    doubtful=bool(profile.doubtful),
                ))
        ElementType.objects.bulk_create(
            rows, update_conflicts=True, unique_fields=["edition", "code"],
            update_fields=["name_en", "name_es", "name_it", "data", "source", "doubtful"],
        )
        return len(rows)
