"""Correcting a past result after later rounds were paired: which later pairings the correction itself would have
changed (`pairing.manager.correction_for`), told to the organizer as the standings are recomputed."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.pairing.test_rounds import enter, field, flashes, games, pair, play_round  # noqa: F401  (field: a fixture)
from tournament.models import Game
from tournament.pairing.manager import correction_for
from tournament.results.shorthand import parse_shorthand


@pytest.fixture
def two_rounds_played(organizer_client, event, field):  # noqa: F811
    """Eight players, wins 3 points, ties by a drawn lot; round 1 played (all 4-1), round 2 paired, swapped by hand
    (two players on 3 points) and played."""
    event.scoring_preset, event.wdl_points, event.tiebreaks = "wdl", "3/1/0", ["seeded_random"]
    event.save()
    rnd1 = pair(organizer_client, event)
    play_round(organizer_client, event, rnd1, "4-1")
    rnd2 = pair(organizer_client, event)
    g1, g2 = games(rnd2)[:2]
    first, second = g1.seats.get(side="a"), g2.seats.get(side="b")
    assert organizer_client.post(reverse("tournament:seats_swap", args=[event.slug, 2]),
                                 {"first": first.pk, "second": second.pk}).status_code == 302
    play_round(organizer_client, event, rnd2, "4-1")
    return rnd1


def correct(client, event, game, shorthand) -> list[str]:
    response = enter(client, event, game, shorthand, version=str(Game.objects.get(pk=game.pk).version))
    assert response.status_code == 302
    return [text for text in flashes(client.get(response["Location"])) if "recomputed" in text]


def test_a_correction_that_changes_no_standing_does_not_blame_a_hand_swap_on_it(organizer_client, event,
                                                                                  two_rounds_played):
    """A round-1 slip misread 4-1 for 4-2: same winner, same points, same order. The organizer is told that no
    later pairing would have changed, although round 2 was not played as the engine paired it (a swap by hand)."""
    game = games(two_rounds_played)[0]
    assert correct(organizer_client, event, game, "4-2") == ["Standings recomputed; no later pairing would have changed."]


def test_a_correction_that_turns_a_game_round_is_still_reported(organizer_client, event, two_rounds_played):
    """A round-1 game entered the wrong way round (4-1 for 1-4): the other player won, so round 2 would have been
    paired differently, and the organizer is told so, swap or no swap."""
    game = games(two_rounds_played)[0]
    assert correct(organizer_client, event, game, "1-4") == [
        "Standings recomputed. With this result the pairings of round(s) 2 would have been different."]


def test_with_no_result_known_from_before_the_pairings_played_are_compared(organizer_client, event, two_rounds_played):
    """Told nothing of the result a correction replaced, the only thing left to compare with is what was played:
    round 2, swapped by hand, is named; told it, nothing is."""
    game = games(two_rounds_played)[0]
    assert correct(organizer_client, event, game, "4-2")
    assert correction_for(Game.objects.get(pk=game.pk)).changed_rounds == (2,)
    assert correction_for(Game.objects.get(pk=game.pk), before=parse_shorthand("4-1", event.edition)).changed_rounds == ()
