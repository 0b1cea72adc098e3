"""Semi-finals after two groups cross the groups (A1 v B2, B1 v A2), even when the best winner's group also has the
weaker runner-up: the winners keep their seeds, the runners-up swap."""

from __future__ import annotations

from tests.factories import make_player, make_registration
from tournament.models import Stage
from tournament.pairing.manager import round_publish
from tournament.results.entry import result_enter
from tournament.results.shorthand import parse_shorthand
from tournament.stages import tables
from tournament.stages.service import stage_draw, stage_pair


def _stage(event, **fields):
    last = event.stages.order_by("-number").first()
    defaults = {"number": (last.number if last else 0) + 1, "name": f"Stage {fields.get('kind')}", "kind": "single",
                "entrants": "all", "seeding": "standings", "third_place": False}
    return Stage.objects.create(event=event, **(defaults | fields))


def _seats(game):
    return [s.registration_id for s in game.seats.order_by("side")]


def _pair(event, user):
    rnd = stage_pair(event, user)
    round_publish(rnd, user)
    return list(rnd.games.filter(is_bye=False).order_by("table"))


def test_semi_finals_after_two_groups_cross_the_groups_and_the_winners_keep_their_seeds(event, organizer):
    regs = [make_registration(event, make_player(f"Player {i:02d}")) for i in range(1, 9)]
    strength = {r.pk: i for i, r in enumerate(regs, 1)}  # player 01 beats everyone, and so on
    groups_stage = _stage(event, kind="groups", groups=2)
    stage_draw(groups_stage, organizer)
    members = dict(tables.group_members(groups_stage))
    a1 = min(members[1], key=strength.get)
    b1, b2 = sorted(members[2], key=strength.get)[:2]
    a2 = sorted(members[1], key=strength.get)[1]
    for _ in range(3):
        for g in _pair(event, organizer):
            a, b = _seats(g)
            w = a if strength[a] < strength[b] else b
            big = w in (a1, b2)  # A's winner and B's runner-up win big: the best of their places
            shorthand = ("4G-0" if big else "4-1") if w == a else ("0-4G" if big else "1-4")
            result_enter(g, parse_shorthand(shorthand, event.edition), organizer)
    # The qualifying order is A1, B1, B2, A2 (the best runner-up is B's): the groups' placings say so still.
    assert tables.qualifying_order(event, groups_stage)[:4] == [a1, b1, b2, a2]
    semis_stage = _stage(event, kind="single", entrants="winners", source=groups_stage, cut=4, third_place=True)
    stage_draw(semis_stage, organizer)
    seeds = list(semis_stage.entries.order_by("seed").values_list("registration_id", flat=True))
    assert seeds == [a1, b1, a2, b2]  # the winners keep seeds 1 and 2; the runners-up swap
    semis = [set(_seats(g)) for g in _pair(event, organizer)]
    assert sorted(semis, key=min) == sorted([{a1, b2}, {b1, a2}], key=min)
