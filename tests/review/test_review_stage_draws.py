"""Review of the stages' draws (2026-11-28, rev-formats): who a cut takes when the stage before it left players level
across groups, and a cut drawn again once its Plate was drawn."""

from __future__ import annotations

import pytest

from tests.factories import make_player, make_registration
from tests.stages.service_play import field, play_until_done, stage
from tournament.models import StageEntry
from tournament.pairing.manager import round_pair, round_publish
from tournament.results.entry import result_enter
from tournament.results.shorthand import parse_shorthand
from tournament.stages import tables
from tournament.stages.service import StageError, stage_draw, stage_pair, stage_save

NAMES = ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"]


def two_identical_groups(event, organizer, cut):
    """Two groups of four played to the same results: in each, 1 beats everyone 4-1, 2 beats 3 and 4 by 4-1, 3 beats
    4 by 4-1. A2 and B2 are level on every key the event compares runners-up by (no drawn lot among its
    tie-breaks)."""
    event.tiebreaks = ["generals_killed", "elements_destroyed"]
    event.save()
    regs = {n: make_registration(event, make_player(n)) for n in NAMES}
    strength = {r.pk: int(n[1]) for n, r in regs.items()}
    groups = stage(event, 1, kind="groups", groups=2, seeding="organizer")
    final = stage(event, 2, kind="single", entrants="winners", source=groups, cut=cut, third_place=False)
    stage_draw(groups, organizer, {r.pk: 1 if n[0] == "A" else 2 for n, r in regs.items()})
    play_until_done(event, organizer, strength)
    return regs, groups, final


def test_a_cut_after_groups_is_not_drawn_through_a_tie_between_runners_up_of_different_groups(event, organizer):
    """Group winners plus the best runner-up (K=3): A2 and B2 have the same record, game for game, and nothing the
    event ranks by tells them apart. A cut of the standings through such a tie is refused (settle it on the ties
    page first), and so is a cut through a tie inside a group; here the draw silently takes A2, only because group A
    comes before group B (`groups._strength` ends with the group's index)."""
    regs, groups, final = two_identical_groups(event, organizer, cut=3)
    tabled = {t.letter: t for t in tables.group_tables(groups)}
    a2, b2 = tabled["A"].rows[1], tabled["B"].rows[1]
    assert (a2.registration_id, b2.registration_id) == (regs["A2"].pk, regs["B2"].pk)
    assert a2.values == b2.values and tabled["A"].games[a2.registration_id] == tabled["B"].games[b2.registration_id]

    try:
        stage_draw(final, organizer)
    except StageError:
        return  # refused until the organizer settles who of the two goes on: what an organizer expects
    taken = set(StageEntry.objects.filter(stage=final).values_list("registration_id", flat=True))
    pytest.fail("the cut was drawn through the runners-up's tie, taking "
                f"{'A2' if regs['A2'].pk in taken else 'B2'} by group letter alone")


def swiss_then_cut_and_plate(event, organizer):
    """Eight players, three Swiss rounds won by the stronger (a lower number); a top-4 cut and a Plate of the rest,
    both drawn."""
    event.rounds_planned = 3
    event.tiebreaks = ["seeded_random"]
    event.save()
    regs, strength = field(event, 8)
    for _ in range(3):
        rnd = round_pair(event, organizer)
        round_publish(rnd, organizer)
        for game in rnd.games.filter(is_bye=False).prefetch_related("seats"):
            a, b = game.seats.order_by("side")
            won = strength[a.registration_id] < strength[b.registration_id]
            result_enter(game, parse_shorthand("4-1" if won else "1-4", event.edition), organizer)
    cut = stage(event, 1, kind="single", entrants="top", cut=4)
    plate = stage(event, 2, kind="single", entrants="rest", third_place=False)
    stage_draw(cut, organizer)
    stage_draw(plate, organizer)
    return regs, cut, plate


def players_of(stage_row) -> set[int]:
    return set(StageEntry.objects.filter(stage=stage_row).values_list("registration_id", flat=True))


def test_a_cut_changed_and_drawn_again_after_its_plate_does_not_put_a_player_in_both_brackets(event, organizer):
    """The organizer makes the cut a top 6 (the stage form; the cut has no game yet, so it may change) and draws it
    again. The Plate, drawn from "those the cut leaves" when the cut was a top 4, keeps its eight-minus-four: the
    5th and 6th are now in the Finals and in the Plate, and the next round seats each in the Finals while their
    Plate games wait for them. Either the draw is refused until the Plate is drawn again, or the Plate follows."""
    _regs, cut, plate = swiss_then_cut_and_plate(event, organizer)
    assert not players_of(cut) & players_of(plate)
    cut.cut = 6
    stage_save(cut, organizer, created=False)
    try:
        stage_draw(cut, organizer)
    except StageError:
        return  # refused: the Plate has to be drawn again (or deleted) first
    both = players_of(cut) & players_of(plate)
    assert not both, f"{len(both)} players are drawn into both the Finals and the Plate"
    rnd = stage_pair(event, organizer)
    seated = [s.registration_id for g in rnd.games.all() for s in g.seats.all()]
    assert len(seated) == len(set(seated))


def test_placement_play_offs_are_not_drawn_through_an_unsettled_tie_inside_a_group(event, organizer):
    """Two groups of four, then play-offs 1st v 1st, 2nd v 2nd...: in group A, A2 and A3 drew on time and each beat A4
    and lost to A1 alike, level on every tie-break (no drawn lot). Which of them plays for 3rd-4th and which for
    5th-6th is a cut through their shared place, as a cut after groups is (refused there until the tie is settled on
    the ties page); the play-offs' draw takes the group's order, i.e. their names (`service.entrants` returns the
    placement seeds before `_check_group_tie`)."""
    event.tiebreaks = ["head_to_head", "generals_killed", "elements_destroyed"]
    event.save()
    regs = {n: make_registration(event, make_player(n)) for n in NAMES}
    name_of = {r.pk: n for n, r in regs.items()}
    strength = {r.pk: int(n[1]) for n, r in regs.items()}
    groups = stage(event, 1, kind="groups", groups=2, seeding="organizer")
    playoffs = stage(event, 2, kind="placement", source=groups)
    stage_draw(groups, organizer, {r.pk: 1 if n[0] == "A" else 2 for n, r in regs.items()})

    def result(_game, a, b):
        if {name_of[a], name_of[b]} == {"A2", "A3"}:
            return "2-2T"
        return "4-1" if strength[a] < strength[b] else "1-4"

    play_until_done(event, organizer, strength, result)
    group_a = {t.letter: t for t in tables.group_tables(groups)}["A"]
    assert [(name_of[r.registration_id], r.rank, r.shared) for r in group_a.rows][1:3] == [("A2", 2, True),
                                                                                          ("A3", 2, True)]
    try:
        stage_draw(playoffs, organizer)
    except StageError:
        return  # refused until the tie is settled: as a cut after groups
    seeds = dict(StageEntry.objects.filter(stage=playoffs).values_list("registration_id", "seed"))
    pytest.fail(f"drawn through the tie: A2 seed {seeds[regs['A2'].pk]} (places 3-4), "
                f"A3 seed {seeds[regs['A3'].pk]} (places 5-6), by their names")
