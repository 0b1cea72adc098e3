"""Placement play-offs between more than two groups: a bracket per place (the group winners for places 1 to G,
the runners-up for the next G ...), through the organizer's pages, to the final placings, in en, es and it; a
shape that cannot be played is refused naming the field."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.pairing.test_rounds import games
from tests.stages.test_stage_events import add_stage, draw, field, placings, play_round, play_until_done, text_of
from tournament.models import Stage, StageEntry

WORDS = {
    "en": ("Play-offs: Final", "Places 1 to 3: Final", "Places 4 to 6: Semi-finals"),
    "es": ("Eliminatorias por puestos: Final", "Puestos 1 a 3: Final", "Puestos 4 a 6: Semifinales"),
    "it": ("Spareggi per i piazzamenti: Finale", "Posti da 1 a 3: Finale", "Posti da 4 a 6: Semifinali"),
}


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_play_offs_between_three_groups_place_everyone_by_their_group_place(organizer_client, client, event,
                                                                            language):
    _regs, strength = field(event, 9)
    groups = add_stage(organizer_client, event, name="Groups", kind="groups", groups=3)
    playoffs = add_stage(organizer_client, event, name="Play-offs", kind="placement", source=groups.pk)
    draw(organizer_client, event, groups)
    play_until_done(organizer_client, event, strength)
    draw(organizer_client, event, playoffs)
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
