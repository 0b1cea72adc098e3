"""What organizers and the admin change in an event's entries (players, clubs, armies), each through the app's own
services and views, for the page oracle: the entries' part of `tests/page_changes.py`'s `CHANGES`, with the same
signature (the world, a random generator; what it did, or None when it does not apply now)."""

from __future__ import annotations

import random

import pandas as pd

from tests.page_world import CLUBS, World
from tournament.armies.catalogue import load_catalogue
from tournament.armies.service import ArmyInput
from tournament.armies.validation import default_army
from tournament.models import Club, Seat
from tournament.registration.player_import import import_rows, parse_frame
from tournament.registration.services import army_save, entrant_add, registration_edit, registration_set_status

ARMIES = ("II/33", "II/56", "I/48", "III/40a")


def set_status(status: str, among: str | None = None):
    """The organizer sets an entry's status (of one `among` this status, or any other)."""
    def change(world: World, rng: random.Random) -> str | None:
        regs = [r for r in world.regs(**({"status": among} if among else {})) if r.status != status]
        if not regs:
            return None
        reg = rng.choice(regs)
        registration_set_status(reg=reg, status=status, user=world.organizer)
        return f"{reg.name}: {status}"
    return change


def rename_entry(world: World, rng: random.Random) -> str | None:
    reg = rng.choice(world.regs())
    name = f"{reg.name.split(' (')[0]} ({world.next()})"
    registration_edit(reg=reg, user=world.organizer, name=name, club=reg.club.name if reg.club_id else "",
                      status=reg.status, fixed_table=reg.fixed_table, notes=reg.notes)
    return f"entry renamed {reg.name} to {name}"


def change_entry_club(world: World, rng: random.Random) -> str | None:
    reg = rng.choice(world.regs())
    club = rng.choice([*CLUBS, f"Club Nuevo {world.next()}", ""])
    registration_edit(reg=reg, user=world.organizer, name=reg.name, club=club, status=reg.status,
                      fixed_table=reg.fixed_table, notes=reg.notes)
    return f"{reg.name}'s club: {club or 'none'}"


def _a_club(world: World, rng: random.Random) -> Club | None:
    """One of the clubs the event's entries name, or None if they name none."""
    clubs = list(Club.objects.filter(registrations__event=world.event).distinct().order_by("pk"))
    return rng.choice(clubs) if clubs else None


def rename_club(world: World, rng: random.Random) -> str | None:
    """The admin renames a club (ClubAdmin saves the row)."""
    if (club := _a_club(world, rng)) is None:
        return None
    before, club.name = club.name, f"{club.name.split(' ~')[0]} ~{world.next()}"
    club.save()
    return f"club {before} renamed {club.name}"


def delete_club(world: World, rng: random.Random) -> str | None:
    """The admin deletes a club: its entries keep no club."""
    if (club := _a_club(world, rng)) is None:
        return None
    club.delete()
    return f"club {club.name} deleted"


def change_person(world: World, rng: random.Random) -> str | None:
    """The admin renames a person and moves them to another club (PlayerAdmin saves the row): the event keeps
    the entry as it was made."""
    player = rng.choice([r.player for r in world.regs()])
    player.name = f"Persona {world.next()}"
    player.club = Club.objects.get_or_create(name=rng.choice(CLUBS))[0]
    player.save()
    return f"person {player.pk} renamed {player.name}, club {player.club.name}"


def register_new(world: World, rng: random.Random) -> str | None:
    n = world.next()
    reg = entrant_add(event=world.event, user=world.organizer, name=f"Nuevo Jugador {n}",
                      club=rng.choice([*CLUBS, f"Club Tardío {n}", ""]))
    return f"{reg.name} registered"


def import_players(world: World, rng: random.Random) -> str | None:
    n = world.next()
    frame = pd.DataFrame([{"name": f"Importado {n}-{k}", "club": rng.choice(CLUBS)} for k in range(2)])
    report = parse_frame(world.event, frame)
    assert report.ok, report.errors
    import_rows(world.event, report, world.organizer)
    return f"two players imported ({n})"


def remove_entry(world: World, rng: random.Random) -> str | None:
    """The admin deletes an entry that has played no game (RegistrationAdmin deletes the row)."""
    regs = [r for r in world.regs() if not Seat.objects.filter(registration=r).exists()]
    if not regs:
        return None
    reg = rng.choice(regs)
    reg.delete()
    return f"{reg.name}'s entry deleted"


def change_army(world: World, rng: random.Random) -> str | None:
    reg = rng.choice(world.regs())
    ref = rng.choice([a for a in ARMIES if a != reg.army_ref])
    army = default_army(load_catalogue().get(ref))
    change = ArmyInput(ref=ref, elements=tuple(army.elements), general=army.general, camp="", allies=())
    assert army_save(reg=reg, army=change, user=world.organizer, allowed=lambda *_: True) == []
    return f"{reg.name}'s army: {ref}"
