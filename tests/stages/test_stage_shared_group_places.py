"""Players sharing a place in their group, in the final placings (two defects a review found on 2026-11-28, the day
the groups stage began to share places; both fixed):

1. `groups.placings` shares a group's place only between players next to each other once the places of all groups are
   sorted by their values per game. Two players sharing 2nd place in their group with a different number of games
   (a player who lost an opponent) are sorted by their values per game, and a runner-up of another group can fall
   between them: they then get two different final places (3rd and 5th), the other group's runner-up between them.

2. `tables.event_placings` numbers a groups stage's places after the brackets by subtracting the players the brackets
   already placed (`shift`). With a shared place, the player after a skipped one who shares its place gets that
   place minus the shift: a player who shared 2nd place in their group with a player the cut took (possible when
   they dropped out after the groups: the cut only refuses a split between *active* players) is placed level with
   the bracket's last place (4th, shared) instead of after the bracket (5th)."""
from __future__ import annotations

from tests.stages.service_play import groups_with_a2_and_a3_level, play_until_done, stage
from tournament.models import Registration
from tournament.registration.services import registration_set_status
from tournament.stages import groups, tables
from tournament.stages.service import stage_draw

P, K = groups.Placed, groups.Key


def test_two_players_sharing_a_group_place_share_one_final_place_though_another_groups_runner_up_lies_between():
    # Group A: 2 and 3 share 2nd place in their table (4 points in 3 games, and 3 points in 2 games: one of 3's
    # opponents left the group). Group B's runner-up 6 has 7 points in 5 games (1.4 a game: between 1.33 and 1.5).
    a = [P(1, 3, (K(9),), 1), P(2, 3, (K(4),), 2), P(3, 2, (K(3),), 2)]
    b = [P(5, 5, (K(12),), 1), P(6, 5, (K(7),), 2), P(7, 5, (K(1),), 3)]
    place = {player: where for where, player in groups.placings([a, b])}
    # The docstring: "players level on every key, or sharing their place in one group, share the final place".
    assert place[2] == place[3], (
        f"2 and 3 share 2nd place in group A, yet their final places are {place[3]} and {place[2]} "
        f"(group B's runner-up 6 is {place[6]}, between them): {groups.placings([a, b])}")


def test_a_player_sharing_a_group_place_with_a_finalist_is_placed_after_the_whole_bracket(event, organizer):
    """Two groups of four. In group A, A2 and A3 draw on time (2-2) and each beat A4 and lose to A1: they share 2nd
    place (no drawn lot). A3 drops out after the groups; the winners and the best runners-up (K=4) play a bracket
    with a third-place game: A1, B1, A2, B2, placed 1st to 4th by the bracket. A3 comes after all four."""
    regs, final, strength, result = groups_with_a2_and_a3_level(
        event, organizer, ["generals_killed", "elements_destroyed"],
        lambda pools: stage(event, 2, kind="single", entrants="winners", source=pools, cut=4, third_place=True))
    name_of = {r.pk: n for n, r in regs.items()}
    registration_set_status(reg=regs["A3"], status=Registration.Status.DROPPED, user=organizer)
    stage_draw(final, organizer)  # A3 left: nothing to settle between active players
    play_until_done(event, organizer, strength, result)

    placed = [(place, name_of[p], by) for place, p, by in tables.final_placings(event)]
    bracket = [(place, name) for place, name, by in placed if by == final.name]
    assert sorted(name for _place, name in bracket) == ["A1", "A2", "B1", "B2"]
    assert sorted(place for place, _name in bracket) == [1, 2, 3, 4]
    a3 = next(place for place, name, _by in placed if name == "A3")
    assert a3 > 4, f"A3, out of the bracket, is placed {a3}: level with the bracket's 4th ({placed})"
