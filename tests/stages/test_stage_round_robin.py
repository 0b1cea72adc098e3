"""A groups stage's round robin, round by round through the organizer's pages: every group plays its circle
(`schedule.circle`) in order and the stage finishes when every game is played; a player who drops out leaves
their games unplayed and the others still play the rest of theirs."""

from __future__ import annotations

from django.urls import reverse

from tests.pairing.test_rounds import games
from tests.stages.test_stage_events import add_stage, draw, field, play_round, play_until_done
from tournament.models import Registration
from tournament.stages import schedule, tables


def pairings(rnd) -> list[tuple[str, int, int]]:
    """(slot, side A, side B) of each game of a round, in table order."""
    return [(g.slot, *(s.registration_id for s in g.seats.order_by("side"))) for g in games(rnd)]


def test_groups_without_drops_play_their_circle_round_by_round_and_finish_after_it(organizer_client, event):
    """An organizer sees each round pair exactly the circle's games of every group (sides and tables as the
    group's schedule shows them), and the stage finished after the longest group's last round, not before."""
    _regs, strength = field(event, 9)
    stage = add_stage(organizer_client, event, name="Groups", kind="groups", groups=2)
    draw(organizer_client, event, stage)
    circles = {f"g{number}": schedule.circle(members) for number, members in tables.group_members(stage)}
    assert sorted(len(c) for c in circles.values()) == [3, 5]  # a group of four and a group of five
    needed = max(schedule.rounds_needed(len(m)) for _n, m in tables.group_members(stage))
    for k in range(needed):
        assert not tables.stage_finished(stage)
        rnd = play_round(organizer_client, event, strength)
        expected = [(slot, a, b) for slot, rounds in circles.items() if k < len(rounds)
                    for a, b in rounds[k] if b is not None]
        assert pairings(rnd) == expected, f"round {k + 1}"
    assert tables.stage_finished(stage)
    assert play_until_done(organizer_client, event, strength) == 0  # "No stage has a game to play"


def test_a_drop_in_a_group_of_three_still_pairs_the_two_others_game(organizer_client, event):
    """A player drops out of a group of three after round 1: round 2 (their game) is void, but the organizer still
    gets round 3's game between the two players left, and the stage then finishes (before the fix, pairing said
    "No stage has a game to play" and the stage never finished, so the next stage could not be drawn)."""
    regs, strength = field(event, 3)
    stage = add_stage(organizer_client, event, name="Groups", kind="groups", groups=1)
    draw(organizer_client, event, stage)
    (_number, members), = tables.group_members(stage)
    rounds = schedule.circle(members)  # three rounds, one game each (the third player sits out)
    first = play_round(organizer_client, event, strength)
    assert pairings(first) == [("g1", *rounds[0][0])]
    # The player in both round 1's and round 2's game drops after round 1.
    dropper, = set(rounds[0][0]) & set(rounds[1][0])
    reg = next(r for r in regs if r.pk == dropper)
    organizer_client.post(reverse("tournament:entry_status", args=[event.slug, reg.pk]), {"status": "dropped"})
    reg.refresh_from_db()
    assert reg.status == Registration.Status.DROPPED and reg.dropped_after_round == 1
    assert not tables.stage_finished(stage)
    last = play_round(organizer_client, event, strength)
    assert pairings(last) == [("g1", *rounds[2][0])]
    assert set(rounds[2][0]) == set(members) - {dropper}
    assert tables.stage_finished(stage)
    assert play_until_done(organizer_client, event, strength) == 0
