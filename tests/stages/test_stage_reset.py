"""Double elimination: when the losers' bracket player wins the grand final, both have lost once and a reset
game decides the title; the bracket page shows that game only then (en, es, it)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.pairing.test_rounds import enter, games, publish
from tests.stages.test_stage_events import add_stage, draw, field, placings, text_of
from tournament.models import Game

RESET = {"en": "Grand final: reset game", "es": "Gran final: partida de desempate",
         "it": "Finalissima: partita di spareggio"}


def play(client, event, winner_of) -> list[Game]:
    """Pair the next stage round and enter each game as `winner_of(game, a, b)` says (the winning registration)."""
    assert client.post(reverse("tournament:stage_pair", args=[event.slug])).status_code == 302
    rnd = event.rounds.order_by("-number").first()
    publish(client, event, rnd)
    played = games(rnd)
    for game in played:
        a, b = game.seats.order_by("side")
        won = winner_of(game, a.registration_id, b.registration_id)
        assert enter(client, event, game, "4-1" if won == a.registration_id else "1-4").status_code == 302
    return played


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_the_losers_bracket_player_wins_the_grand_final_and_a_reset_game_decides(organizer_client, client, event,
                                                                                  language):
    client.cookies["django_language"] = language
    _regs, strength = field(event, 4)
    stage = add_stage(organizer_client, event, name="Double", kind="double")
    draw(organizer_client, event, stage)
    page = reverse("tournament:stage", args=[event.slug, stage.number])

    def stronger(_game, a, b):
        return a if strength[a] < strength[b] else b

    def weaker(_game, a, b):
        return b if strength[a] < strength[b] else a

    for _ in range(3):  # winners' round 1 (+ nothing), winners' final and losers' round 1, losers' final
        played = play(organizer_client, event, stronger)
        assert all(g.slot != "GF" for g in played)
    assert 'id="match-GF2"' not in client.get(page).text  # not before the grand final is decided
    grand = play(organizer_client, event, weaker)  # the losers' bracket player (Player 02) beats Player 01
    assert [g.slot for g in grand] == ["GF"]
    shown = client.get(page).text
    assert 'id="match-GF2"' in shown and RESET[language] in text_of(shown)
    assert "Final placings" not in client.get(reverse("tournament:stages", args=[event.slug])).text
    reset = play(organizer_client, event, stronger)
    assert [g.slot for g in reset] == ["GF2"]
    assert set(reset[0].seats.values_list("registration__name", flat=True)) == {"Player 01", "Player 02"}
    client.cookies["django_language"] = "en"
    placed = placings(client, event)
    assert [p[:2] for p in placed[:2]] == [("1", "Player 01"), ("2", "Player 02")]
    # Nothing left to play: the reset was the last game.
    none = organizer_client.post(reverse("tournament:stage_pair", args=[event.slug]), follow=True)
    assert "No stage has a game to play" in none.text


def test_no_reset_when_the_winners_bracket_player_wins_the_grand_final(organizer_client, client, event):
    _regs, strength = field(event, 4)
    stage = add_stage(organizer_client, event, name="Double", kind="double")
    draw(organizer_client, event, stage)
    for _ in range(4):
        play(organizer_client, event, lambda _g, a, b: a if strength[a] < strength[b] else b)
    assert Game.objects.filter(stage=stage, slot="GF").exists() and not Game.objects.filter(slot="GF2").exists()
    page = client.get(reverse("tournament:stage", args=[event.slug, stage.number])).text
    assert 'id="match-GF"' in page and 'id="match-GF2"' not in page
    assert placings(client, event)[0][1] == "Player 01"


def test_a_stage_made_before_the_reset_game_keeps_its_grand_final_as_the_title(organizer_client, client, event):
    """A double-elimination stage played before the reset game existed (migration 0032 marks it) is not re-read:
    the losers' bracket player who won its grand final is the winner, and no reset game appears."""
    from tournament.models import Stage

    _regs, strength = field(event, 4)
    stage = add_stage(organizer_client, event, name="Double", kind="double")
    Stage.objects.filter(pk=stage.pk).update(grand_final_reset=False)
    draw(organizer_client, event, stage)
    for _ in range(3):
        play(organizer_client, event, lambda _g, a, b: a if strength[a] < strength[b] else b)
    play(organizer_client, event, lambda _g, a, b: b if strength[a] < strength[b] else a)  # the grand final
    assert not Game.objects.filter(stage=stage, slot="GF2").exists()
    assert 'id="match-GF2"' not in client.get(reverse("tournament:stage", args=[event.slug, stage.number])).text
    assert [p[1] for p in placings(client, event)[:2]] == ["Player 02", "Player 01"]


def test_a_backup_keeps_the_reset_rule_and_an_older_backup_has_none(organizer, event):
    import copy

    from tournament.models import Stage
    from tournament.transfer.backup import export_event, import_event

    Stage.objects.create(event=event, number=1, name="Double", kind="double")
    data = export_event(event)
    assert data["stages"][0]["grand_final_reset"] is True
    assert import_event(copy.deepcopy(data), slug="copia", importer=organizer).event.stages.get().grand_final_reset
    del data["stages"][0]["grand_final_reset"]
    assert not import_event(data, slug="vieja", importer=organizer).event.stages.get().grand_final_reset
