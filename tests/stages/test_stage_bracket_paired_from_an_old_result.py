"""A semi-final corrected after the final was paired from it: the bracket now says the final and the third-place
game are between other players, and the result page says so (who would have played each game instead of whom;
their results stand, the organizer or umpire decides), with the round to delete when those games have no result
yet. The final standings and stages pages say that the bracket places no one until then, instead of a podium by
points presented without a word. A correction that leaves the same winner says nothing of it."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from tests.pairing.test_rounds import flashes, publish
from tests.stages.test_stage_draw_after_a_correction import correct, swiss_then_a_drawn_bracket
from tests.stages.test_stage_events import play_round
from tournament.models import Game
from tournament.stages.service import next_games

PAIRED = {
    "en": "The games of “Finals” after this one were paired from the old result: with this one, {loser} would have "
          "played instead of {winner} (Final); {winner} would have played instead of {loser} (Third-place game). "
          "Their results stand: the organizer or umpire decides.",
    "es": "Las partidas de «Finals» posteriores a esta se emparejaron con el resultado anterior: con este, {loser} "
          "habría jugado en lugar de {winner} (Final); {winner} habría jugado en lugar de {loser} (Partida por el "
          "tercer puesto). Sus resultados se mantienen: el organizador o el árbitro deciden.",
    "it": "Le partite di «Finals» successive a questa sono state abbinate con il risultato precedente: con questo, "
          "{loser} avrebbe giocato al posto di {winner} (Finale); {winner} avrebbe giocato al posto di {loser} "
          "(Finale per il terzo posto). I loro risultati restano validi: l'organizzatore o l'arbitro decide.",
}
STALE = "⚠ A result of “Finals” was corrected after later games were paired from it: by the corrected results the " \
        "bracket is not finished, so it places no one and the final standings are by points, until the organizer " \
        "or umpire decides."


def top_four_to_its_semi_finals(organizer_client, event):
    """Two Swiss rounds won by the stronger (a lower number), a top-4 bracket drawn, its semi-finals played: the
    bracket and each player's strength."""
    finals = swiss_then_a_drawn_bracket(organizer_client, event, entrants="top", cut=4)
    strength = {r.pk: int(r.name.split()[-1]) for r in event.registrations.all()}
    play_round(organizer_client, event, strength)
    return finals, strength


def semi_final(finals):
    """The first semi-final, its winner's and its loser's names, and the result that makes the loser its winner."""
    game = Game.objects.get(stage=finals, slot="W1-1")
    a, b = game.seats.select_related("registration").order_by("side")
    winner, loser = (a, b) if a.score > b.score else (b, a)
    return game, winner.registration.name, loser.registration.name, "1-4" if winner == a else "4-1"


def stale_warnings(response) -> list[str]:
    return [unescape(w).strip() for w in re.findall(r'<p class="warnings stale-bracket"[^>]*>(.*?)</p>',
                                                    response.text, re.S)]


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_a_semi_final_corrected_after_the_final_was_played_names_who_would_have_played_it(
        organizer_client, event, language):
    finals, strength = top_four_to_its_semi_finals(organizer_client, event)
    play_round(organizer_client, event, strength)  # the final and the third-place game
    game, winner, loser, other_way = semi_final(finals)
    said = flashes(correct(organizer_client, event, game, other_way, language))
    assert PAIRED[language].format(winner=winner, loser=loser) in said
    assert not [f for f in said if "no later pairing would have changed" in f]
    assert next_games(finals)  # the bracket's own state: the final and third-place game are to be played again


def test_the_final_standings_and_stages_pages_say_the_bracket_places_no_one(organizer_client, client, event):
    finals, strength = top_four_to_its_semi_finals(organizer_client, event)
    play_round(organizer_client, event, strength)
    assert organizer_client.post(reverse("tournament:event_finish", args=[event.slug])).status_code == 302
    assert not stale_warnings(client.get(reverse("tournament:final", args=[event.slug])))
    game, _winner, _loser, other_way = semi_final(finals)
    correct(organizer_client, event, game, other_way)
    for page in ("final", "stages"):
        response = client.get(reverse(f"tournament:{page}", args=[event.slug]))
        assert response.status_code == 200
        assert stale_warnings(response) == [STALE]


def test_a_final_paired_with_no_result_yet_says_to_delete_its_round(organizer_client, event):
    finals, _strength = top_four_to_its_semi_finals(organizer_client, event)
    response = organizer_client.post(reverse("tournament:stage_pair", args=[event.slug]))
    assert response.status_code == 302
    last = event.rounds.order_by("-number").first()
    publish(organizer_client, event, last)
    game, winner, loser, other_way = semi_final(finals)
    said = flashes(correct(organizer_client, event, game, other_way))
    hint = f"Round {last.number} has no result yet: deleting it on its page lets the stage be paired again."
    assert any(f.startswith(PAIRED["en"].format(winner=winner, loser=loser)) and f.endswith(hint) for f in said), said
    # Deleted, the round is paired again from the corrected semi-final.
    assert organizer_client.post(reverse("tournament:round_delete", args=[event.slug, last.number])).status_code == 302
    assert organizer_client.post(reverse("tournament:stage_pair", args=[event.slug])).status_code == 302
    final = Game.objects.get(stage=finals, slot="W2-1")
    assert loser in final.seats.values_list("registration__name", flat=True)


def test_a_semi_final_corrected_to_the_same_winner_says_nothing_of_the_final(organizer_client, event):
    finals, strength = top_four_to_its_semi_finals(organizer_client, event)
    play_round(organizer_client, event, strength)
    game, _winner, _loser, other_way = semi_final(finals)
    same_way = "4-2" if other_way == "1-4" else "2-4"  # the same winner, by another score
    said = flashes(correct(organizer_client, event, game, same_way))
    assert "Standings recomputed; no later pairing would have changed." in said
    assert not [f for f in said if "paired from the old result" in f]
    assert not next_games(finals)
