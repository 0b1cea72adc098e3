"""Playing stages through the services (no client): a field of players, a stage, rounds played to the end."""
from __future__ import annotations

from tests.factories import make_player, make_registration
from tournament.models import Stage
from tournament.pairing.manager import round_publish
from tournament.results.entry import result_enter
from tournament.results.shorthand import parse_shorthand
from tournament.stages.service import StageError, stage_pair


def field(event, n):
    regs = [make_registration(event, make_player(f"Player {i:02d}")) for i in range(1, n + 1)]
    return regs, {r.pk: i for i, r in enumerate(regs, 1)}


def stage(event, number, **fields):
    defaults = {"name": f"S{number}", "entrants": "all", "seeding": "standings", "third_place": True}
    return Stage.objects.create(event=event, number=number, **{**defaults, **fields})


def play_round(event, organizer, strength, result=None):
    rnd = stage_pair(event, organizer)
    round_publish(rnd, organizer)
    for game in rnd.games.filter(is_bye=False).prefetch_related("seats"):
        a, b = game.seats.order_by("side")
        if result is not None:
            text = result(game, a.registration_id, b.registration_id)
        else:
            text = "4-1" if strength[a.registration_id] < strength[b.registration_id] else "1-4"
        result_enter(game, parse_shorthand(text, event.edition), organizer)
    return rnd


def play_until_done(event, organizer, strength, result=None, limit=30):
    for _ in range(limit):
        try:
            play_round(event, organizer, strength, result)
        except StageError as exc:
            if "No stage has a game" in str(exc):
                return
            raise
    raise AssertionError("never ends")
