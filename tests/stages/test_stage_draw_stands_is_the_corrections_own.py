"""The warning for a stage with games is this correction's alone: a drop since the draw, a draw made while results
were missing, an earlier correction are not blamed on a later one that changes nothing a draw would take; a Plate
drawn from standings that count a semi-final is warned of when that semi-final is corrected. (From an independent
review's probes: each failed on the first version, which compared a draw now with the draw made.)"""

from __future__ import annotations

from django.urls import reverse

from tests.pairing.test_rounds import enter, flashes, games, pair, publish
from tests.stages.test_stage_draw_after_a_correction import correct, groups_and_a_drawn_cut, swiss_then_a_drawn_bracket
from tests.stages.test_stage_draw_stands_after_a_correction import entries, its_first_round, name
from tests.stages.test_stage_events import add_stage, draw, field, groups_then_drawn_play_offs, play_round
from tournament.models import Game, Registration, StageEntry
from tournament.stages.service import entrants

CHANGES = "was drawn from results this correction changes"


def drop(organizer_client, event, pk):
    response = organizer_client.post(reverse("tournament:entry_status", args=[event.slug, pk]), {"status": "dropped"})
    assert response.status_code == 302
    return Registration.objects.get(pk=pk)


def a_bottom_game(event, drawn):
    """A round-2 Swiss game between two players the cut did not take, and a result that keeps each one's points
    (the correction the change's own test uses to say nothing)."""
    game = next(g for g in games(event.rounds.get(number=2))
                if not ({s.registration_id for s in g.seats.all()} & drawn))
    a, b = game.seats.order_by("side")
    return game, "4-0C" if a.score > b.score else "0C-4"


def test_a_second_correction_that_changes_nothing_a_draw_takes_says_nothing(organizer_client, event):
    """The top seed's Swiss games corrected (the warning, rightly), then a bottom game corrected that changes
    nothing in who a draw would take: no warning again (it said this correction changed the draw)."""
    finals = swiss_then_a_drawn_bracket(organizer_client, event, entrants="top", cut=4)
    its_first_round(organizer_client, event, played=True)
    drawn = {p for _s, p in entries(finals)}
    top = StageEntry.objects.get(stage=finals, seed=1).registration_id
    first = []
    for game in Game.objects.filter(round__event=event, stage__isnull=True, seats__registration_id=top):
        a, _b = game.seats.order_by("side")
        first += flashes(correct(organizer_client, event, game, "1-4" if a.registration_id == top else "4-1"))
    assert [f for f in first if CHANGES in f]
    game, result = a_bottom_game(event, drawn | {top})
    before = entrants(finals, upto=2)
    said = flashes(correct(organizer_client, event, game, result))
    assert entrants(finals, upto=2) == before  # this correction changed nothing a draw would take
    assert not [f for f in said if CHANGES in f], "false alarm: blamed on a correction that changed nothing"


def test_a_drop_since_the_draw_is_not_blamed_on_a_later_correction(organizer_client, event):
    """Top four drawn after round 2; seed 4 drops before the semi-finals are paired (a walkover for seed 1); the
    other semi is played. A bottom-table correction that changes nothing above the cut says nothing (it said seed 4 'went out')."""
    finals = swiss_then_a_drawn_bracket(organizer_client, event, entrants="top", cut=4)
    drawn = {p for _s, p in entries(finals)}
    fourth = StageEntry.objects.get(stage=finals, seed=4).registration_id
    assert drop(organizer_client, event, fourth).dropped_after_round == 2
    its_first_round(organizer_client, event, played=True)
    game, result = a_bottom_game(event, drawn)
    before = entrants(finals, upto=2)
    said = flashes(correct(organizer_client, event, game, result))
    assert entrants(finals, upto=2) == before  # this correction changed nothing a draw would take
    assert not [f for f in said if CHANGES in f], "false alarm: the drop, not the correction"


def test_a_plate_players_drop_leaves_no_sentence_with_an_empty_name(organizer_client, event):
    """Top four into Finals, the rest into a Plate, both drawn after round 2; a Plate player drops before the
    stages are paired; a bottom-table correction: no warning (it read 'would take  instead of X')."""
    event.rounds_planned = 2
    event.save()
    finals = swiss_then_a_drawn_bracket(organizer_client, event, entrants="top", cut=4)
    plate = add_stage(organizer_client, event, name="Plate", kind="single", entrants="rest", third_place="")
    draw(organizer_client, event, plate)
    drawn = {p for _s, p in entries(finals)}
    game, result = a_bottom_game(event, drawn)
    seated = set(game.seats.values_list("registration_id", flat=True))
    last = StageEntry.objects.filter(stage=plate).exclude(registration_id__in=seated).order_by("-seed").first()
    drop(organizer_client, event, last.registration_id)
    its_first_round(organizer_client, event, played=True)
    game.refresh_from_db()
    said = flashes(correct(organizer_client, event, game, result))
    assert not [f for f in said if "instead of ." in f or "take  instead" in f], "a sentence with an empty name"
    assert not [f for f in said if CHANGES in f]




def the_group_winner_loses_all(organizer_client, event, groups, top):
    said = []
    for game in Game.objects.filter(stage=groups, seats__registration_id=top).order_by("round__number"):
        a, _b = game.seats.order_by("side")
        said += flashes(correct(organizer_client, event, game, "1-4" if a.registration_id == top else "4-1"))
    return said


def test_groups_then_a_played_cut_a_group_correction_warns(organizer_client, event):
    groups, finals, _strength = groups_and_a_drawn_cut(organizer_client, event)
    its_first_round(organizer_client, event, played=True)
    top = StageEntry.objects.get(stage=finals, seed=1).registration_id
    said = the_group_winner_loses_all(organizer_client, event, groups, top)
    assert [f for f in said if CHANGES in f and name(top) in f]


def test_placement_play_offs_played_a_group_correction_warns(organizer_client, event):
    groups, playoffs, strength = groups_then_drawn_play_offs(organizer_client, event)
    play_round(organizer_client, event, strength)
    top = StageEntry.objects.get(stage=playoffs, seed=1).registration_id
    said = the_group_winner_loses_all(organizer_client, event, groups, top)
    assert [f for f in said if "Play-offs" in f and (CHANGES in f)]




def test_groups_drawn_before_every_result_was_in_are_not_blamed_on_a_later_correction(organizer_client, event):
    """Groups of every player seeded by the Swiss standings may be drawn while round 2 still has games without a
    result (`_check_source` only checks a cut). The draw then read partial standings; once played, a later
    correction that keeps everyone's points says nothing (it said the correction changed the seeds)."""
    event.rounds_planned = 2
    event.save()
    _regs, strength = field(event, 8)
    groups = add_stage(organizer_client, event, name="Groups", kind="groups", groups=2, seeding="standings")
    for number in (1, 2):
        rnd = pair(organizer_client, event)
        publish(organizer_client, event, rnd)
        todo = games(rnd)
        if number == 2:
            first_half, todo = todo[:2], todo[2:]
            for game in first_half:
                a, b = game.seats.order_by("side")
                enter(organizer_client, event, game, "4-1" if strength[a.registration_id] < strength[b.registration_id] else "1-4")
            draw(organizer_client, event, groups)  # allowed: two games of round 2 have no result yet
        for game in todo:
            a, b = game.seats.order_by("side")
            assert enter(organizer_client, event, game,
                         "4-1" if strength[a.registration_id] < strength[b.registration_id] else "1-4").status_code == 302
    play_round(organizer_client, event, strength)
    for game in games(event.rounds.get(number=1)) + games(event.rounds.get(number=2)):
        a, b = game.seats.order_by("side")
        for result in (("4-0C" if a.score > b.score else "0C-4"), ("4-2" if a.score > b.score else "2-4")):
            before = entrants(groups, upto=2)
            said = flashes(correct(organizer_client, event, game, result))
            if entrants(groups, upto=2) == before:
                assert not [f for f in said if CHANGES in f]
                return
    raise AssertionError("no neutral correction found")


def test_a_semi_final_corrected_changes_the_plate_drawn_after_it(organizer_client, event):
    """Finals drawn after round 2, semis played in round 3, then the Plate (the rest, seeded by the standings, which
    count the semis) drawn and played in round 4. A semi-final corrected: does the Plate's draw change, and is it
    said, in the words the page uses?"""
    swiss_then_a_drawn_bracket(organizer_client, event, entrants="top", cut=4)
    strength = {r.pk: int(r.name.split()[-1]) for r in Registration.objects.filter(event=event)}
    semis = play_round(organizer_client, event, strength)
    plate = add_stage(organizer_client, event, name="Plate", kind="single", entrants="rest", third_place="")
    draw(organizer_client, event, plate)
    play_round(organizer_client, event, strength)
    for semi in games(semis):
        a, b = semi.seats.order_by("side")
        before = entrants(plate, upto=3)
        said = flashes(correct(organizer_client, event, semi, "1-4" if a.score > b.score else "4-1"))
        after = entrants(plate, upto=3)
        warned = [f for f in said if "“Plate”" in f and CHANGES in f]
        assert bool(warned) == (after != before), (before, after, said)
        if after != before:
            return
    raise AssertionError("no semi-final correction changed the Plate's seeds")



def test_a_draw_now_with_players_on_one_side_only_says_other_players_without_an_empty_name():
    from django.utils.translation import override

    from tournament.stages.messages import draw_stands

    for language, words in (("en", "a draw now would take other players."),
                            ("es", "un sorteo ahora incluiría a otros jugadores."),
                            ("it", "un sorteggio ora includerebbe altri giocatori.")):
        with override(language):
            for coming, going in ((("Ana",), ()), ((), ("Bea",))):
                said = draw_stands("Plate", coming, going, False, None)
                assert words in said and "Ana" not in said and "Bea" not in said
