"""A result corrected in the play a stage was drawn from, after that stage's games began (the semi-finals paired,
or played): no bracket is replayed and the draw is not changed, but the result page warns that the stage was drawn
from results the correction changes, who a draw now would take in and leave out, that its draw stands, and that the
organizer or umpire decides (with the way to draw it again while its round has no result). It is not told to draw
it again (it cannot be), and a correction that leaves the draw as it was says nothing of it, whatever the stage's own
games or the players' drops changed since."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.pairing.test_rounds import enter, flashes, games, publish
from tests.stages.test_stage_draw_after_a_correction import (
    STALE,
    correct,
    groups_and_a_drawn_cut,
    swiss_then_a_drawn_bracket,
    the_top_seed_loses_every_swiss_game,
)
from tournament.models import Game, Registration, StageEntry
from tournament.results.standings import event_standings

STANDS = {
    "en": "“Finals” was drawn from results this correction changes: a draw now would take {coming} instead of "
          "{going}. It already has games, so its draw stands: the organizer or umpire decides what to do.",
    "es": "«Finals» se sorteó con resultados que esta corrección cambia: un sorteo ahora incluiría a {coming} en "
          "lugar de a {going}. Ya tiene partidas, así que su sorteo se mantiene: el organizador o el árbitro deciden "
          "qué hacer.",
    "it": "«Finals» è stata sorteggiata con risultati che questa correzione cambia: un sorteggio ora includerebbe "
          "{coming} al posto di {going}. Ha già delle partite, quindi il suo sorteggio resta valido: l'organizzatore "
          "o l'arbitro decide cosa fare.",
}
DELETABLE = "Round 3 has no result yet: deleting it on its page lets the stage be drawn again."
CHANGES = {"en": "was drawn from results this correction changes", "es": "se sorteó con resultados que esta corrección",
           "it": "è stata sorteggiata con risultati che questa correzione"}


def entries(stage) -> list[tuple[int, int]]:
    return list(StageEntry.objects.filter(stage=stage).order_by("seed").values_list("seed", "registration_id"))


def its_first_round(organizer_client, event, *, played: bool):
    """The drawn stage's first round (the semi-finals) paired and published; its first game played if `played`."""
    response = organizer_client.post(reverse("tournament:stage_pair", args=[event.slug]))
    assert response.status_code == 302
    rnd = event.rounds.order_by("-number").first()
    publish(organizer_client, event, rnd)
    if played:
        assert enter(organizer_client, event, games(rnd)[0], "4-1").status_code == 302
    return rnd


def name(pk: int) -> str:
    return Registration.objects.get(pk=pk).name


def the_top_seed_out(organizer_client, event, played: bool, language: str):
    """A top-four cut after two Swiss rounds, its semi-finals paired (one played if `played`), then its top seed's
    Swiss games corrected to losses: what the pages said, who the Swiss standings now put in the cut that the draw
    left out, and who the draw took that they leave out; the draw and the semi-finals are as they were."""
    finals = swiss_then_a_drawn_bracket(organizer_client, event, entrants="top", cut=4)
    semis = its_first_round(organizer_client, event, played=played)
    drawn, semi_games = entries(finals), list(semis.games.values_list("pk", flat=True))
    top, said = the_top_seed_loses_every_swiss_game(organizer_client, event, finals, language)
    cut = [row.registration_id for row in event_standings(event, upto=2)][:4]  # the Swiss top four now
    coming = [p for p in cut if p not in {p for _s, p in drawn}]
    going = [p for _s, p in drawn if p not in cut]
    assert going == [top] and len(coming) == 1  # the top seed, with no win now, is out; one player comes in
    assert entries(finals) == drawn and list(semis.games.values_list("pk", flat=True)) == semi_games
    return said, name(coming[0]), name(top)


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_a_swiss_result_corrected_after_a_semi_final_was_played_warns_that_the_cut_stands(organizer_client, event,
                                                                                          language):
    said, coming, going = the_top_seed_out(organizer_client, event, played=True, language=language)
    assert STANDS[language].format(coming=coming, going=going) in said
    assert STALE[language] not in said  # not "draw it again": it has games
    assert not [f for f in said if "Round 3" in f or "ronda 3" in f.lower() or "turno 3" in f.lower()]


def test_while_the_semi_finals_have_no_result_the_warning_says_how_to_draw_again(organizer_client, event):
    said, coming, going = the_top_seed_out(organizer_client, event, played=False, language="en")
    assert f"{STANDS['en'].format(coming=coming, going=going)} {DELETABLE}" in said


def test_a_correction_that_leaves_a_played_cut_as_drawn_says_nothing_of_it(organizer_client, event):
    """After a semi-final was played (which moved its players in the standings, and left the other semi-final
    without a result), a Swiss game of a player who lost both is corrected: their opponent took their camp for the
    element it lost (the same points each, so no one's countback moves), and they fall to last place on elements
    destroyed. The standings changed, below the cut: no word of the cut."""
    finals = swiss_then_a_drawn_bracket(organizer_client, event, entrants="top", cut=4)
    its_first_round(organizer_client, event, played=True)
    drawn = {p for _s, p in entries(finals)}
    before = [(row.registration_id, row.values) for row in event_standings(event, upto=2)]
    game = next(g for g in games(event.rounds.get(number=2))
                if not ({s.registration_id for s in g.seats.all()} & drawn))  # two who both lost round 1
    a, b = game.seats.order_by("side")
    said = flashes(correct(organizer_client, event, game, "4-0C" if a.score > b.score else "0C-4"))
    assert [(row.registration_id, row.values) for row in event_standings(event, upto=2)] != before
    assert "Standings recomputed; no later pairing would have changed." in said
    assert not [f for f in said if CHANGES["en"] in f or "was drawn before" in f]


def test_a_group_result_that_leaves_a_played_cut_as_drawn_says_nothing_of_it(organizer_client, event):
    """Two groups, then their top two of each in "Finals", paired: the two last of a group swap their game's result
    (their group's table changes below the cut; the two above played them both), and nothing is said of the cut."""
    groups, finals, _strength = groups_and_a_drawn_cut(organizer_client, event)
    its_first_round(organizer_client, event, played=True)
    drawn = {p for _s, p in entries(finals)}
    bottom = Game.objects.filter(stage=groups).exclude(seats__registration_id__in=drawn).order_by("pk").first()
    a, b = bottom.seats.order_by("side")
    said = flashes(correct(organizer_client, event, bottom, "1-4" if a.score > b.score else "4-1"))
    assert [f for f in said if f.startswith("Standings recomputed")]  # a correction, not the same result again
    assert not [f for f in said if CHANGES["en"] in f or "was drawn before" in f]
