"""Army registration against the catalogue: the Django side of tournament/armies/validation.py."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from tournament.armies.catalogue import ARMY_SIZE, load_catalogue
from tournament.armies.messages import box_captions, violation_message
from tournament.armies.validation import (
    ALLY_CODES,
    ArmyChoice,
    Restrictions,
    Violation,
    default_army,
    offending_boxes,
    validate_army,
)
from tournament.events.audit import audit
from tournament.models import Edition, Event


@dataclass(frozen=True)
class ArmyInput:
    ref: str
    elements: tuple[str, ...]
    general: int | None
    camp: str = ""
    allies: tuple[str, ...] = ()


def catalogue_for(edition: str):
    """The army list catalogue for an edition, or None where none is available (DBA 2.2)."""
    return load_catalogue() if edition == Edition.DBA30 else None


def restrictions_for(event: Event) -> Restrictions:
    r = event.restrictions or {}
    return Restrictions(
        allowed_books=tuple(r.get("allowed_books", ())),
        allowed_refs=tuple(r.get("allowed_refs", ())),
        date_from=r.get("date_from"),
        date_to=r.get("date_to"),
        troop_minimums=tuple((t, int(n)) for t, n in r.get("troop_minimums", ())),
    )


def army_violations(event: Event, army: ArmyInput) -> list[Violation]:
    """Every violation of the event's rules (codes and parameters)."""
    choice = ArmyChoice(
        ref=army.ref or None,
        elements=tuple(army.elements),
        general=army.general if army.general is not None else -1,
        camp=army.camp or None,
        allies=tuple(army.allies),
    )
    return validate_army(choice, event.edition, catalogue_for(event.edition), restrictions_for(event))


def army_problems(event: Event, army: ArmyInput) -> list[str]:
    """Every violation of the event's rules, as sentences in the active language."""
    return [violation_message(v) for v in army_violations(event, army)]


def army_bad_boxes(event: Event, army: ArmyInput) -> set[int]:
    """The element boxes (0-based) the army's problems are about."""
    general = army.general if army.general is not None else -1
    return offending_boxes(army_violations(event, army), army.elements, general)


def army_ally_problems(event: Event, army: ArmyInput) -> list[str]:
    """The problems with the allies the player names, as sentences: told beside the allies field."""
    return [violation_message(v) for v in army_violations(event, army) if v.code in ALLY_CODES]


def list_captions(edition: str, ref: str) -> list[str]:
    """Beside each element box, the option of the chosen list it stands for; [] without a known list."""
    catalogue = catalogue_for(edition)
    entry = catalogue.get(ref.strip()) if catalogue and ref and ref.strip() else None
    return box_captions(entry) if entry else []


def army_name(edition: str, ref: str) -> str:
    catalogue = catalogue_for(edition)
    entry = catalogue.get(ref) if catalogue and ref else None
    return entry.name if entry else ""


def army_choices(edition: str) -> list[tuple[str, str]]:
    """(reference, name) of every list of the edition's catalogue, for the army picker."""
    catalogue = catalogue_for(edition)
    if catalogue is None:
        return []
    return [(entry.ref, entry.name) for entry in catalogue.variants()]


def default_army_for(edition: str, ref: str, current, *, keep: bool = False) -> dict:
    """Form initial data: the list's first legal army, or what the user had if the list is unknown.

    With `keep`, boxes the player already filled stay as they are; only an empty army takes the default.
    """
    initial = {key: current.get(key, "") for key in ("army_ref", "camp", "allies")}
    initial["army_ref"] = ref.strip()
    catalogue = catalogue_for(edition)
    entry = catalogue.get(ref.strip()) if catalogue and ref.strip() else None
    if keep and any(str(current.get(f"e{i}", "")).strip() for i in range(ARMY_SIZE)):
        entry = None
    if entry is None:
        for i in range(ARMY_SIZE):
            initial[f"e{i}"] = current.get(f"e{i}", "")
        initial["general"] = current.get("general")
        return initial
    choice = default_army(entry)
    for i, code in enumerate(choice.elements):
        initial[f"e{i}"] = code
    initial["general"] = choice.general
    return initial


@transaction.atomic
def armies_lock_set(event: Event, locked: bool, user) -> bool:
    """Lock or open the event's armies; audited. False when nothing changed."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.armies_locked == locked:
        return False
    event.armies_locked = locked
    event.save(update_fields=["armies_locked"])
    audit(event=event, user=user, action="event.lock_armies" if locked else "event.unlock_armies", target=event.slug)
    return True
