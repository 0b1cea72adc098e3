"""Placement play-offs between three groups through players of one place in different groups level on everything the
event compares them by: as a cut after groups, the draw is refused naming them, the ties page offers their tie and a
recorded decision orders them; they are not seeded by their groups' letters (until 2026-11-29 group A's winner took
the bye of the winners' bracket of three only because group A comes first). Two level players who meet each other in
their place's first game are left to that game, as between two groups."""
from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from tests.factories import make_player, make_registration
from tests.stages.service_play import play_until_done, stage
from tournament.models import StageEntry
from tournament.stages import tables
from tournament.stages.service import StageError, stage_draw

NAMES = ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "C1", "C2", "C3"]


def three_groups_level_per_game(event, organizer):
    """Groups A (four players), B and C (three), each played to the same order: 1 beats everyone 4-1, 2 beats the
    others below, and so on (no drawn lot among the event's tie-breaks). Per game played, as groups of different
    sizes are compared, A1, B1 and C1 are level on everything (A1 has one win more in the standings, so the standings
    do not offer their tie); so are B2 and C2, and B3 and C3, below A2 and above A3."""
    event.tiebreaks = ["generals_killed", "elements_destroyed"]
    event.save()
    regs = {n: make_registration(event, make_player(n)) for n in NAMES}
    strength = {r.pk: int(n[1]) for n, r in regs.items()}
    groups = stage(event, 1, kind="groups", groups=3, seeding="organizer")
    playoffs = stage(event, 2, kind="placement", source=groups)
    stage_draw(groups, organizer, {r.pk: "ABC".index(n[0]) + 1 for n, r in regs.items()})
    play_until_done(event, organizer, strength)
    return regs, playoffs


def seeds_of(playoffs, regs) -> dict[str, int]:
    name_of = {r.pk: n for n, r in regs.items()}
    return {name_of[p]: s for p, s in StageEntry.objects.filter(stage=playoffs).values_list("registration_id", "seed")}


def test_play_offs_between_three_groups_are_not_drawn_through_group_winners_level_across_the_groups(event, organizer):
    regs, playoffs = three_groups_level_per_game(event, organizer)
    with pytest.raises(StageError, match="A1, B1, C1 are level across the groups of S1"):
        stage_draw(playoffs, organizer)  # A1 would have the bye only because group A comes first
    assert not StageEntry.objects.filter(stage=playoffs).exists()
    # Offered on the ties page, as the play-offs' tie; B2 and C2 meet in their place's first game, which decides.
    assert [(where, set(tie)) for where, tie in tables.cut_ties(event)] == [
        ("S2: level across the groups of S1", {regs["A1"].pk, regs["B1"].pk, regs["C1"].pk})]


def test_a_decision_recorded_on_the_ties_page_seeds_the_level_group_winners(event, organizer, organizer_client):
    regs, playoffs = three_groups_level_per_game(event, organizer)
    tied = [regs["A1"].pk, regs["B1"].pk, regs["C1"].pk]
    url = reverse("tournament:ties", args=[event.slug])
    page = unescape(organizer_client.get(url).text)
    assert "A1, B1, C1</h2><p class=\"muted\">S2: level across the groups of S1" in page
    prefix = f"g{tied[0]}"
    order = [regs["C1"].pk, regs["B1"].pk, regs["A1"].pk]
    response = organizer_client.post(url, {
        "players": ",".join(map(str, tied)), "within": "group", "action": "settle", f"{prefix}-kind": "lot",
        f"{prefix}-record": "d6: C1 6, B1 4, A1 2", **{f"{prefix}-place_{n}": pk for n, pk in enumerate(order, 1)}})
    assert response.status_code == 302
    stage_draw(playoffs, organizer)
    seeds = seeds_of(playoffs, regs)
    assert [seeds[n] for n in ("C1", "B1", "A1")] == [1, 2, 3]  # C1, by the lot, has the bye
    assert seeds["A2"] == 4 and {seeds["B2"], seeds["C2"]} == {5, 6}  # B2 v C2 is their place's first game


SAYS = {
    "en": "A1, B1, C1 are level across the groups of S1, and the play-offs would order them by their groups' letters: "
          "settle their tie on the ties page first",
    "es": "A1, B1, C1 están empatados entre los grupos de S1, y las eliminatorias por puestos los ordenarían por la "
          "letra de su grupo: resuelve antes su empate en la página de empates",
    "it": "A1, B1, C1 sono in parità tra i gironi di S1, e gli spareggi per i piazzamenti li ordinerebbero secondo la "
          "lettera del loro girone: risolvi prima la loro parità nella pagina delle parità",
}


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_the_play_offs_draw_page_names_the_group_winners_level_across_the_groups_in_the_readers_language(
        organizer_client, event, organizer, language):
    _regs, playoffs = three_groups_level_per_game(event, organizer)
    organizer_client.cookies["django_language"] = language
    response = organizer_client.post(reverse("tournament:stage_draw", args=[event.slug, playoffs.number]), follow=True)
    said = " ".join(unescape(re.sub(r"<[^>]+>", " ", response.text)).split())
    assert SAYS[language] in said, said[:3000]
    playoffs.refresh_from_db()
    assert playoffs.drawn_at is None
