"""Placement play-offs between more than two groups: a bracket per place (the group winners for places 1 to G,
the runners-up for the next G ...), through the organizer's pages, to the final placings, in en, es and it; a
shape that cannot be played is refused naming the field, and so is a draw through a place shared in a group."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from tests.pairing.test_rounds import games
from tests.stages.service_play import groups_with_a2_and_a3_level, stage
from tests.stages.test_stage_events import (
    add_stage,
    field,
    groups_then_drawn_play_offs,
    placings,
    play_round,
    play_until_done,
    text_of,
)
from tournament.models import Stage, StageEntry
from tournament.results.tie_decisions import record_tie_decision
from tournament.stages import tables
from tournament.stages.service import StageError, stage_draw

WORDS = {
    "en": ("Play-offs: Final", "Places 1 to 3: Final", "Places 4 to 6: Semi-finals"),
    "es": ("Eliminatorias por puestos: Final", "Puestos 1 a 3: Final", "Puestos 4 a 6: Semifinales"),
    "it": ("Spareggi per i piazzamenti: Finale", "Posti da 1 a 3: Finale", "Posti da 4 a 6: Semifinali"),
}


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_play_offs_between_three_groups_place_everyone_by_their_group_place(organizer_client, client, event,
                                                                            language):
    groups, playoffs, strength = groups_then_drawn_play_offs(organizer_client, event, players=9, groups=3)
    group_of = dict(StageEntry.objects.filter(stage=groups).values_list("registration__name", "group"))
    by_place = [sorted(sorted(n for n, g in group_of.items() if g == number)[place] for number in (1, 2, 3))
                for place in range(3)]  # the stronger (lower number) wins every game: the group's order by name
    first = play_round(organizer_client, event, strength)
    # Each place's bracket of three: the best of them has a bye, the other two play.
    slots = {g.slot: {s.registration.name for s in g.seats.all()} for g in games(first)}
    assert set(slots) == {"P1-W1-2", "P2-W1-2", "P3-W1-2"}
    assert all(slots[f"P{place + 1}-W1-2"] < set(by_place[place]) for place in range(3))
    play_until_done(organizer_client, event, strength)
    placed = placings(client, event)
    assert [p[0] for p in placed] == [str(i) for i in range(1, 10)]
    for place in range(3):  # the group winners take places 1-3, the runners-up 4-6...; the strongest wins each
        mine = [p[1] for p in placed[3 * place:3 * place + 3]]
        assert sorted(mine) == by_place[place] and mine[0] == by_place[place][0]
    assert {p[2] for p in placed} == {"Play-offs"}

    client.cookies["django_language"] = language
    page = text_of(client.get(reverse("tournament:stage", args=[event.slug, playoffs.number])).text)
    column, final, semi = WORDS[language]
    assert column in page and final in page and semi in page


def test_play_offs_need_two_groups_or_more_before_them(organizer_client, event):
    field(event, 6)
    one = add_stage(organizer_client, event, name="Pool", kind="groups", groups=1)
    url = reverse("tournament:stage_setup", args=[event.slug])
    response = organizer_client.post(url, {"name": "Play-offs", "kind": "placement", "entrants": "all",
                                           "seeding": "standings", "source": one.pk})
    assert response.status_code == 400
    error = re.search(r'id="id_source".*?</div>', response.text, re.S)
    assert error and "need a stage of two or more groups before them" in text_of(response.text)
    assert Stage.objects.count() == 1


def play_offs_after_a_tie_in_group_a(event, organizer):
    """Two groups of four, then play-offs 1st v 1st, 2nd v 2nd...: in group A, A2 and A3 drew on time and each beat A4
    and lost to A1 alike, level on every tie-break (no drawn lot)."""
    regs, playoffs, _strength, _result = groups_with_a2_and_a3_level(
        event, organizer, ["head_to_head", "generals_killed", "elements_destroyed"],
        lambda groups: stage(event, 2, kind="placement", source=groups))
    return regs, playoffs


def test_play_offs_are_not_drawn_through_a_place_shared_in_a_group_until_it_is_settled(event, organizer):
    """Which of A2 and A3 plays for places 3-4 and which for 5-6 is a cut through their shared place: refused, not
    taken from their names; once settled (A3 won a playoff game), A3 plays for 3rd-4th."""
    regs, playoffs = play_offs_after_a_tie_in_group_a(event, organizer)
    with pytest.raises(StageError, match="A2, A3 share a place in their group .S1, group A. that the play-offs split"):
        stage_draw(playoffs, organizer)
    assert not StageEntry.objects.filter(stage=playoffs).exists()
    ties = lambda e: [tie for _where, tie in tables.group_ties(e)]  # noqa: E731
    record_tie_decision(event, organizer, kind="shared", players=[regs["A2"].pk, regs["A3"].pk], also=ties,
                        within="group")
    event.refresh_from_db()
    with pytest.raises(StageError, match="A2, A3"):
        stage_draw(playoffs, organizer)  # sharing the place is no order for the play-offs
    record_tie_decision(event, organizer, kind="playoff", players=[regs["A3"].pk, regs["A2"].pk], result="4-1",
                        also=ties, within="group")
    event.refresh_from_db()
    stage_draw(playoffs, organizer)
    seeds = dict(StageEntry.objects.filter(stage=playoffs).values_list("registration_id", "seed"))
    assert {seeds[regs["A3"].pk], seeds[regs["B2"].pk]} == {3, 4} and seeds[regs["A2"].pk] in (5, 6)


SPLIT = {
    "en": "A2, A3 share a place in their group (S1, group A) that the play-offs split: settle their tie on the ties page",
    "es": "A2, A3 comparten un puesto en su grupo (S1, grupo A) que las eliminatorias por puestos dividen: resuelve "
          "antes su empate en la página de empates",
    "it": "A2, A3 condividono un posto nel loro girone (S1, girone A) che gli spareggi per i piazzamenti dividono: "
          "risolvi prima la loro parità nella pagina delle parità",
}


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_the_play_offs_draw_page_names_the_tie_to_settle_in_the_readers_language(organizer_client, event, organizer,
                                                                                 language):
    _regs, playoffs = play_offs_after_a_tie_in_group_a(event, organizer)
    organizer_client.cookies["django_language"] = language
    response = organizer_client.post(reverse("tournament:stage_draw", args=[event.slug, playoffs.number]), follow=True)
    assert SPLIT[language] in " ".join(unescape(re.sub(r"<[^>]+>", " ", response.text)).split())
    playoffs.refresh_from_db()
    assert playoffs.drawn_at is None
