"""A result corrected in the play a stage was drawn from (the groups before a cut, the Swiss rounds before a top-K
cut) after that stage was drawn: the organizer is told that the stage, not played yet, would now be drawn with other
players or seeds, and to draw it again; the page no longer says only that no later pairing changed while the cut
keeps a player who no longer qualifies. A correction that leaves the draw as it is says nothing of it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.pairing.test_rounds import flashes, pair, publish
from tests.stages.test_stage_events import add_stage, draw, field, play_until_done
from tournament.models import Game, StageEntry

STALE = {
    "en": "“Finals” was drawn before this correction, and a draw now would give other players or seeds: draw it "
          "again on the stages page.",
    "es": "«Finals» se sorteó antes de esta corrección, y un sorteo ahora daría otros jugadores o cabezas de serie: "
          "vuelve a sortearla en la página de fases.",
    "it": "«Finals» è stata sorteggiata prima di questa correzione, e un sorteggio ora darebbe altri giocatori o "
          "teste di serie: sorteggiala di nuovo nella pagina delle fasi.",
}


def correct(client, event, game, shorthand, language="en"):
    return client.post(reverse("tournament:game_result", args=[event.slug, game.pk]), {"shorthand": shorthand},
                       follow=True, headers={"Accept-Language": language})


def groups_and_a_drawn_cut(organizer_client, event):
    """Two groups of four played by the stronger, then the top four of them drawn into "Finals" (not played):
    the two stages and the players' strengths."""
    _regs, strength = field(event, 8)
    groups = add_stage(organizer_client, event, name="Groups", kind="groups", groups=2)
    finals = add_stage(organizer_client, event, name="Finals", kind="single", entrants="winners", source=groups.pk,
                       cut=4)
    draw(organizer_client, event, groups)
    play_until_done(organizer_client, event, strength)
    draw(organizer_client, event, finals)
    return groups, finals, strength


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_a_group_result_corrected_after_the_cut_was_drawn_says_to_draw_it_again(organizer_client, event, language):
    groups, finals, _strength = groups_and_a_drawn_cut(organizer_client, event)
    top = StageEntry.objects.get(stage=finals, seed=1).registration_id
    mine = list(Game.objects.filter(stage=groups, seats__registration_id=top).order_by("round__number"))
    said = []
    for game in mine:  # the umpire finds the group winner's slips were read the wrong way round: they lost them all
        a, _b = game.seats.order_by("side")
        said += flashes(correct(organizer_client, event, game, "1-4" if a.registration_id == top else "4-1", language))
    assert STALE[language] in said
    # Drawn again, the cut follows the corrected tables: the former winner does not qualify.
    draw(organizer_client, event, finals)
    assert not StageEntry.objects.filter(stage=finals, registration_id=top).exists()


def test_a_correction_that_leaves_the_cut_as_drawn_says_nothing_of_it(organizer_client, event):
    groups, finals, _strength = groups_and_a_drawn_cut(organizer_client, event)
    before = list(StageEntry.objects.filter(stage=finals).order_by("seed").values_list("registration_id", flat=True))
    game = Game.objects.filter(stage=groups).order_by("round__number", "table").first()
    a, b = game.seats.order_by("side")
    winner_a = a.score > b.score
    said = flashes(correct(organizer_client, event, game, "4-1" if winner_a else "1-4"))  # the same result again
    assert not [f for f in said if "was drawn before this correction" in f]
    assert list(StageEntry.objects.filter(stage=finals).order_by("seed").values_list("registration_id", flat=True)) == \
        before


def swiss_then_a_drawn_bracket(organizer_client, event, **stage):
    """Two Swiss rounds won by the stronger, then a bracket (`stage`) drawn from them: the bracket."""
    event.rounds_planned = 2
    event.save()
    _regs, strength = field(event, 8)
    finals = add_stage(organizer_client, event, name="Finals", kind="single", **stage)
    for _round in (1, 2):
        rnd = pair(organizer_client, event)
        publish(organizer_client, event, rnd)
        for game in rnd.games.filter(is_bye=False).order_by("table"):
            a, b = game.seats.order_by("side")
            correct(organizer_client, event, game,
                    "4-1" if strength[a.registration_id] < strength[b.registration_id] else "1-4")
    draw(organizer_client, event, finals)
    return finals


def the_top_seed_loses_every_swiss_game(organizer_client, event, finals, language="en"):
    """Every Swiss game of the bracket's top seed corrected to a loss: its first seed and what the result pages
    said."""
    top = StageEntry.objects.get(stage=finals, seed=1).registration_id
    said = []
    for game in Game.objects.filter(round__event=event, stage__isnull=True, seats__registration_id=top):
        a, _b = game.seats.order_by("side")
        said += flashes(correct(organizer_client, event, game, "1-4" if a.registration_id == top else "4-1",
                                language))
    return top, said


def swiss_then_a_drawn_bracket_whose_top_seed_loses_every_game(organizer_client, event, **stage):
    """Two Swiss rounds won by the stronger, a bracket (`stage`) drawn from them, then every Swiss game of its top
    seed corrected to a loss: the bracket, its first seed and what the result pages said."""
    finals = swiss_then_a_drawn_bracket(organizer_client, event, **stage)
    return finals, *the_top_seed_loses_every_swiss_game(organizer_client, event, finals)


def test_a_swiss_result_corrected_after_a_top_cut_was_drawn_says_to_draw_it_again(organizer_client, event):
    _finals, _top, said = swiss_then_a_drawn_bracket_whose_top_seed_loses_every_game(
        organizer_client, event, entrants="top", cut=2)
    assert STALE["en"] in said


def test_a_swiss_result_corrected_after_every_player_was_seeded_by_the_standings_says_to_draw_it_again(
        organizer_client, event):
    """A bracket of every player, seeded by the Swiss standings: a correction that moves the seeds says to draw it
    again, as a cut's does, and drawn again it follows the corrected standings."""
    finals, top, said = swiss_then_a_drawn_bracket_whose_top_seed_loses_every_game(
        organizer_client, event, entrants="all", seeding="standings")
    assert STALE["en"] in said
    draw(organizer_client, event, finals)
    assert StageEntry.objects.get(stage=finals, seed=1).registration_id != top
