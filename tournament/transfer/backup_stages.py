"""The stages of an event and the armies its organizer provides, in a backup (tournament/transfer/backup.py).

Absent from older backups: an event without them imports as before. Stages refer to each other and to
players by the file's own references (stage numbers, player refs), never by database ids."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from tournament.models import Event, ProvidedArmy, Registration, Stage, StageEntry
from tournament.models.stages import MAX_STAGES
from tournament.transfer import backup_checks as check

STAGE_FIELDS = ["number", "name", "kind", "entrants", "cut", "groups", "seeding", "third_place"]
OPTIONAL_STAGE_FIELDS = ["grand_final_reset"]  # absent from older backups: their grand final decided the title
ENTRY_FIELDS = ["seed", "group"]
PROVIDED_FIELDS = ["round_number", "table", "army_a", "army_b"]
MAX_PROVIDED = 200


def export_stages(event: Event, player_ref: dict[int, str]) -> dict[str, Any]:
    stages = []
    for stage in event.stages.select_related("source").prefetch_related("entries__registration").order_by("number"):
        stages.append({
            **{f: getattr(stage, f) for f in STAGE_FIELDS + OPTIONAL_STAGE_FIELDS},
            "source": stage.source.number if stage.source_id else None,
            "drawn_at": stage.drawn_at.isoformat() if stage.drawn_at else None,
            "entries": [{"player": player_ref[e.registration.player_id], **{f: getattr(e, f) for f in ENTRY_FIELDS}}
                        for e in sorted(stage.entries.all(), key=lambda e: e.seed)],
        })
    provided = [{f: getattr(p, f) for f in PROVIDED_FIELDS} for p in event.provided_armies.all()]
    return {"stages": stages, "provided_armies": provided}


def import_stages(data: dict, event: Event, regs: dict[str, Registration]) -> dict[int, Stage]:
    """Create the file's stages and provided armies; returns the stages by number (for the games)."""
    stages: dict[int, Stage] = {}
    rows = check.items(data, "stages") if "stages" in data else []
    if len(rows) > MAX_STAGES:
        raise check.fail("stages", _("at most %(n)s stages.") % {"n": MAX_STAGES})
    for index, source in enumerate(rows):
        where = f"stages[{index}]"
        fields = {"grand_final_reset": False, **check.values(Stage, source, STAGE_FIELDS, where),
                  **check.values(Stage, source, OPTIONAL_STAGE_FIELDS, where, required=False)}
        before = source.get("source")
        if before is not None and before not in stages:
            raise check.fail(f"{where}.source", _("no earlier stage with this number."))
        if fields["number"] in stages:
            raise check.fail(f"{where}.number", _("stage %(n)s appears twice.") % {"n": fields["number"]})
        stage = Stage(event=event, source=stages.get(before), **fields,
                      drawn_at=check.moment(source.get("drawn_at"), f"{where}.drawn_at"))
        check.full_clean(stage, where, exclude=("event", "source"))
        stage.save()
        stages[stage.number] = stage
        seen: set[int] = set()
        for k, entry in enumerate(check.items(source, "entries", where)):
            entry_where = f"{where}.entries[{k}]"
            reg = regs.get(entry.get("player"))
            if reg is None:
                raise check.fail(f"{entry_where}.player", _("unknown player reference."))
            if reg.pk in seen:
                raise check.fail(f"{entry_where}.player", _("this player is in the stage twice."))
            seen.add(reg.pk)
            row = StageEntry(stage=stage, registration=reg, **check.values(StageEntry, entry, ENTRY_FIELDS, entry_where))
            check.full_clean(row, entry_where, exclude=("stage", "registration"))
            row.save()
    provided = check.items(data, "provided_armies") if "provided_armies" in data else []
    if len(provided) > MAX_PROVIDED:
        raise check.fail("provided_armies", _("at most %(n)s pairs.") % {"n": MAX_PROVIDED})
    keys = set()
    for index, source in enumerate(provided):
        where = f"provided_armies[{index}]"
        row = ProvidedArmy(event=event, **check.values(ProvidedArmy, source, PROVIDED_FIELDS, where))
        if (row.round_number, row.table) in keys:
            raise check.fail(where, _("two pairs for the same round and table."))
        keys.add((row.round_number, row.table))
        check.full_clean(row, where, exclude=("event",))
        row.save()
    return stages


def game_stage(source: dict, where: str, stages: dict[int, Stage]) -> dict:
    """A game's stage and slot from the file (none for a Swiss game)."""
    number = source.get("stage")
    if number is None:
        return {}
    if number not in stages:
        raise check.fail(f"{where}.stage", _("no stage with this number."))
    slot = check.text(source.get("slot", ""), f"{where}.slot", 12)
    return {"stage": stages[number], "slot": slot}
