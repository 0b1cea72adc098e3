"""Group winners plus the best runners-up: runners-up of different groups are compared by the event's own
ranking keys and tie-breaks (here wins first, then the margin: Southern Battle Gamers), not by points per game;
the groups page says how, in en, es and it."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.factories import make_player, make_registration
from tests.pairing.test_rounds import enter, games, publish
from tests.stages.test_stage_events import add_stage, draw, text_of
from tournament.models import StageEntry
from tournament.results.scoring import preset_data

# Who beats whom, and by how much (the winner's elements destroyed - lost).
RESULTS = {
    # Group A: A1 wins all; A2 wins twice by one element (margin -2 in all); A3 once.
    ("A1", "A2"): "4-0", ("A1", "A3"): "4-0", ("A1", "A4"): "4-0",
    ("A2", "A3"): "4-3", ("A2", "A4"): "4-3", ("A3", "A4"): "4-0",
    # Group B: B1 wins all by one; B2, B3 and B4 win once each, B2 with the best margin (+2).
    ("B1", "B2"): "4-3", ("B1", "B3"): "4-3", ("B1", "B4"): "4-3",
    ("B2", "B3"): "4-0", ("B4", "B2"): "4-3", ("B3", "B4"): "4-0",
}

WINS = {"en": "Wins", "es": "Victorias", "it": "Vittorie"}
SAYS = {"en": "per game played", "es": "por partida jugada", "it": "per partita giocata"}


def result_for(a: str, b: str) -> str:
    if (a, b) in RESULTS:
        return RESULTS[(a, b)]
    won, lost = RESULTS[(b, a)].split("-")
    return f"{lost}-{won}"


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_the_best_runner_up_is_the_one_with_more_wins_when_the_event_ranks_by_wins(organizer_client, client, event,
                                                                                    language):
    event.scoring_definition = preset_data("southern-battle-gamers")
    event.save()
    regs = {name: make_registration(event, make_player(name)) for name in
            ("A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4")}
    name_of = {r.pk: n for n, r in regs.items()}
    stage = add_stage(organizer_client, event, name="Groups", kind="groups", groups=2, seeding="organizer")
    cut = add_stage(organizer_client, event, name="Finals", kind="single", entrants="winners", source=stage.pk, cut=3)
    assignment = {f"group-{r.pk}": "1" if n.startswith("A") else "2" for n, r in regs.items()}
    assert organizer_client.post(reverse("tournament:stage_draw", args=[event.slug, stage.number]),
                                 assignment).status_code == 302
    for _ in range(3):
        assert organizer_client.post(reverse("tournament:stage_pair", args=[event.slug])).status_code == 302
        rnd = event.rounds.order_by("-number").first()
        publish(organizer_client, event, rnd)
        for game in games(rnd):
            a, b = game.seats.order_by("side")
            assert enter(organizer_client, event, game, result_for(name_of[a.registration_id],
                                                                   name_of[b.registration_id])).status_code == 302
    draw(organizer_client, event, cut)
    seeds = list(StageEntry.objects.filter(stage=cut).order_by("seed").values_list("registration__player__name",
                                                                                  flat=True))
    # Winners first (A1: 3 wins, +12; B1: 3 wins, +3), then A2 (2 wins in 3, margin -2) before B2 (1 win, +2):
    # by points (the margin) a game, B2 would have gone through.
    assert seeds == ["A1", "B1", "A2"]

    client.cookies["django_language"] = language
    page = client.get(reverse("tournament:stage", args=[event.slug, stage.number]))
    said = text_of(re.search(r'<p class="muted" id="across-groups">(.*?)</p>', page.text, re.S).group(1))
    assert said.index(WINS[language]) < said.index({"en": "Points", "es": "Puntos", "it": "Punti"}[language])
    assert SAYS[language] in said
