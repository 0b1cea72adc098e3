"""A cut after groups through a group's tie that nothing settles: like the cut after the Swiss rounds, it is
refused until the tie is settled on the ties page (a playoff, a lot...), not drawn in the order of the names."""
from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from tests.factories import make_player, make_registration
from tests.stages.service_play import play_until_done, stage
from tournament.models import StageEntry
from tournament.results.tie_decisions import record_tie_decision
from tournament.stages import tables
from tournament.stages.service import StageError, stage_draw

NAMES = ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"]


def level_at_the_top(event, organizer):
    """Two groups of four; in each, the first two drew their game on time (2-2) and beat the others 4-1: level on
    every tie-break (no drawn lot among the event's tie-breaks)."""
    event.tiebreaks = ["generals_killed", "elements_destroyed"]
    event.save()
    regs = {n: make_registration(event, make_player(n)) for n in NAMES}
    name_of = {r.pk: n for n, r in regs.items()}
    strength = {r.pk: i for i, r in enumerate(regs.values())}
    groups = stage(event, 1, kind="groups", groups=2, seeding="organizer")
    final = stage(event, 2, kind="single", entrants="winners", source=groups, cut=2)
    stage_draw(groups, organizer, {r.pk: 1 if n[0] == "A" else 2 for n, r in regs.items()})

    def result(game, a, b):
        if {name_of[a], name_of[b]} in ({"A1", "A2"}, {"B1", "B2"}):
            return "2-2T"
        return "4-1" if strength[a] < strength[b] else "1-4"

    play_until_done(event, organizer, strength, result)
    return regs, name_of, groups, final


def test_the_group_winners_final_is_not_drawn_through_an_unsettled_tie_for_a_groups_first_place(event, organizer):
    regs, name_of, groups, final = level_at_the_top(event, organizer)
    # Group A's tie settled by a playoff game (A2 won it); group B's left unsettled.
    record_tie_decision(event, organizer, kind="playoff", players=[regs["A1"].pk, regs["A2"].pk], result="1-4",
                        also=lambda e: [tie for _where, tie in tables.group_ties(e)])
    event.refresh_from_db()
    group_b = tables.group_tables(groups)[1]
    assert [(name_of[r.registration_id], r.shared) for r in group_b.rows[:2]] == [("B1", True), ("B2", True)]
    with pytest.raises(StageError, match="B1.*B2|B2.*B1"):
        stage_draw(final, organizer)  # B1 would be group B's winner only because "B1" sorts before "B2"
    assert not StageEntry.objects.filter(stage=final).exists()


def test_the_group_winners_final_draws_once_each_groups_tie_is_decided(event, organizer):
    regs, _name_of, _groups, final = level_at_the_top(event, organizer)
    ties = lambda e: [tie for _where, tie in tables.group_ties(e)]  # noqa: E731
    record_tie_decision(event, organizer, kind="playoff", players=[regs["A1"].pk, regs["A2"].pk], result="1-4",
                        also=ties)
    record_tie_decision(event, organizer, kind="playoff", players=[regs["B1"].pk, regs["B2"].pk], result="1-4",
                        also=ties)
    event.refresh_from_db()
    stage_draw(final, organizer)
    assert set(StageEntry.objects.filter(stage=final).values_list("registration_id", flat=True)) == {
        regs["A2"].pk, regs["B2"].pk}


SAYS = {
    "en": ("share a place in their group (S1, group B)", "settle their tie on the ties page first"),
    "es": ("comparten un puesto en su grupo (S1, grupo B)", "resuelve antes su empate en la página de empates"),
    "it": ("condividono un posto nel loro girone (S1, girone B)", "risolvi prima la loro parità"),
}


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_the_draw_page_says_which_groups_tie_to_settle_in_the_readers_language(organizer_client, event, organizer,
                                                                             language):
    regs, _name_of, _groups, final = level_at_the_top(event, organizer)  # the groups stage is "S1"
    record_tie_decision(event, organizer, kind="playoff", players=[regs["A1"].pk, regs["A2"].pk], result="1-4",
                        also=lambda e: [tie for _where, tie in tables.group_ties(e)])
    organizer_client.cookies["django_language"] = language
    response = organizer_client.post(reverse("tournament:stage_draw", args=[event.slug, final.number]), follow=True)
    assert response.status_code == 200
    said = " ".join(unescape(re.sub(r"<[^>]+>", " ", response.text)).split())
    assert all(words in said for words in SAYS[language]), said[:3000]
    assert "B1, B2" in said
    final.refresh_from_db()
    assert final.drawn_at is None
