"""Playing stages through the services (no client): a field of players, a stage, rounds played to the end."""
from __future__ import annotations

from tests.factories import make_player, make_registration
from tournament.models import Stage
from tournament.pairing.manager import round_publish
from tournament.results.entry import result_enter
from tournament.results.shorthand import parse_shorthand
from tournament.stages import tables
from tournament.stages.service import StageError, stage_draw, stage_pair


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


def groups_with_a2_and_a3_level(event, organizer, tiebreaks, after_groups):
    """Two groups of four (A1–A4, B1–B4; the lower number the stronger) played to the end with `tiebreaks`: in group
    A, A2 and A3 draw on time and each beat A4 and lose to A1, level on every tie-break (no drawn lot).
    `after_groups(groups)` makes the stage that follows them, before they are drawn. Returns the registrations by
    name, that stage, and the strengths and results the games were played with (for the stages after)."""
    event.tiebreaks = tiebreaks
    event.save()
    regs = {n: make_registration(event, make_player(n)) for n in ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"]}
    name_of = {r.pk: n for n, r in regs.items()}
    strength = {r.pk: i for i, r in enumerate(regs.values())}
    groups = stage(event, 1, kind="groups", groups=2, seeding="organizer")
    after = after_groups(groups)
    stage_draw(groups, organizer, {r.pk: 1 if n[0] == "A" else 2 for n, r in regs.items()})

    def result(_game, a, b):
        if {name_of[a], name_of[b]} == {"A2", "A3"}:
            return "2-2T"
        return "4-1" if strength[a] < strength[b] else "1-4"

    play_until_done(event, organizer, strength, result)
    level = tables.group_tables(groups)[0].rows[1:3]
    assert [(name_of[r.registration_id], r.rank, r.shared) for r in level] == [("A2", 2, True), ("A3", 2, True)]
    return regs, after, strength, result
